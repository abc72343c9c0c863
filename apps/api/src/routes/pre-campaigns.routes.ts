import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  CampaignPageResponse,
  CreatePreCampaignBody,
  PreCampaignListQuery,
  PreCampaignListResponse,
  PreCampaignView,
  UpdatePreCampaignBody,
  WorkflowBody,
} from '@causeway/core/contracts/campaigns.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import type { PreCampaignService } from '@causeway/core/campaigns/pre-campaign.service';
import type { CampaignWorkflowService } from '@causeway/core/workflow/campaign-workflow.service';
import { requireActor } from '../http/actor';
import { defineRoute } from '../http/route';

export interface PreCampaignRoutesOptions {
  preCampaigns: PreCampaignService;
  workflow: CampaignWorkflowService;
  registry: OpenAPIRegistry;
}

export function preCampaignRoutes({ preCampaigns, workflow, registry }: PreCampaignRoutesOptions): Router {
  const router = Router();
  const tag = 'Campaign drafts';
  const signedIn = { 401: ErrorResponse, 403: ErrorResponse };
  const oneDraft = { ...signedIn, 404: ErrorResponse };

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/pre-campaigns',
    tag,
    summary: 'Drafts, pending or pending-publish campaigns, newest first',
    description:
      '`list=drafts` (unpaid, not deleted, status empty, New or Canceled), `pending` or `pending-publish` ' +
      '(Approved and unpaid) or `publishing` (Approved and paid: being set up on the ad platform, or stopped ' +
      'there). `userId` and `organizationId` narrow it where allowed; without them, an ' +
      "organization's admin sees the organization's, platform staff all, and everyone else their own. " +
      'Paged: `limit` (50 unless said) and the `cursor` the previous page answered as `nextCursor`.',
    query: PreCampaignListQuery,
    responses: { 200: PreCampaignListResponse, ...signedIn },
    async handler({ query, res }) {
      const page = await preCampaigns.list(requireActor(res), query);
      return { preCampaigns: page.items, nextCursor: page.nextCursor };
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/pre-campaigns',
    tag,
    summary: 'Start a draft',
    description:
      "A new draft in the caller's organization (status New), with any fields of the wizard's first step. " +
      'Ad files are added once the draft exists.',
    body: CreatePreCampaignBody,
    responses: { 201: PreCampaignView, ...signedIn },
    async handler({ body, res }) {
      const view = await preCampaigns.create(requireActor(res), body);
      res.status(201);
      return view;
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/pre-campaigns/new',
    tag,
    summary: 'The blank draft the wizard opens with',
    description:
      'Not stored: the wizard shows it until the first save, which starts the draft (`POST /api/pre-campaigns`), ' +
      'so opening the wizard and leaving makes no draft.',
    responses: { 200: PreCampaignView, ...signedIn },
    async handler({ res }) {
      return preCampaigns.blank(requireActor(res));
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/pre-campaigns/{id}',
    tag,
    summary: 'One draft, with what the caller may do and what it still needs',
    params: IdParams,
    responses: { 200: PreCampaignView, ...oneDraft },
    async handler({ params, res }) {
      return preCampaigns.get(requireActor(res), params.id);
    },
  });

  defineRoute(router, registry, {
    method: 'patch',
    path: '/api/pre-campaigns/{id}',
    tag,
    summary: 'Save fields of a draft',
    description:
      'Only the fields supplied change; null clears one. Allowed while the draft is New or Canceled and unpaid ' +
      '(409 otherwise). Media fields take the URL an upload answered; `adFiles` takes the uploaded paths, and ' +
      'the platform reads each file’s format, size and weight itself.',
    params: IdParams,
    body: UpdatePreCampaignBody,
    responses: { 200: PreCampaignView, ...oneDraft, 409: ErrorResponse },
    async handler({ params, body, res }) {
      return preCampaigns.update(requireActor(res), params.id, body);
    },
  });

  defineRoute(router, registry, {
    method: 'delete',
    path: '/api/pre-campaigns/{id}',
    tag,
    summary: 'Delete a draft (soft)',
    params: IdParams,
    responses: { 204: null, ...oneDraft, 409: ErrorResponse },
    async handler({ params, res }) {
      await preCampaigns.remove(requireActor(res), params.id);
      return undefined;
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/pre-campaigns/{id}/workflow',
    tag,
    summary: 'Move a draft through approval',
    description:
      'The owner sends a complete draft for approval (New or Canceled → Pending; 400 naming what is missing); ' +
      'a super user approves (Pending → Approved) or cancels with a comment (Pending or Approved → Canceled). ' +
      'Published is reached only through payment and deployment. Any other move is a 409 naming both states. ' +
      'Each move appends a workflow entry and notifies the super users and the owner.',
    params: IdParams,
    body: WorkflowBody,
    responses: { 200: PreCampaignView, ...oneDraft, 409: ErrorResponse },
    async handler({ params, body, res }) {
      return workflow.move(requireActor(res), params.id, body);
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/pre-campaigns/{id}/page',
    tag,
    summary: 'The campaign page a draft will have once published',
    params: IdParams,
    responses: { 200: CampaignPageResponse, ...oneDraft },
    async handler({ params, res }) {
      return { page: await preCampaigns.preview(requireActor(res), params.id) };
    },
  });

  return router;
}
