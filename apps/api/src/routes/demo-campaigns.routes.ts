import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  CreateDemoCampaignBody,
  DemoCampaignListQuery,
  DemoCampaignListResponse,
  DemoCampaignResponse,
  DemoCampaignStatusBody,
} from '@causeway/core/contracts/campaigns.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import type { DemoCampaignService } from '@causeway/core/demo/demo-campaign.service';
import { requireActor } from '../http/actor';
import { defineRoute } from '../http/route';

export function demoCampaignRoutes({
  demoCampaigns,
  registry,
}: {
  demoCampaigns: DemoCampaignService;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  const tag = 'Demo campaigns';
  const signedIn = { 401: ErrorResponse, 403: ErrorResponse };

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/demo-campaigns',
    tag,
    summary: 'Demo campaigns, newest first',
    description: "Platform staff see any (filtered by organization and status); demo accounts their organization's.",
    query: DemoCampaignListQuery,
    responses: { 200: DemoCampaignListResponse, ...signedIn },
    async handler({ query, res }) {
      return { demoCampaigns: await demoCampaigns.list(requireActor(res), query) };
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/demo-campaigns',
    tag,
    summary: 'Create a demo campaign (status Draft)',
    body: CreateDemoCampaignBody,
    responses: { 201: DemoCampaignResponse, ...signedIn },
    async handler({ body, res }) {
      const view = await demoCampaigns.create(requireActor(res), body);
      res.status(201);
      return view;
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/demo-campaigns/{id}',
    tag,
    summary: 'One demo campaign and the statuses it may move to',
    params: IdParams,
    responses: { 200: DemoCampaignResponse, ...signedIn, 404: ErrorResponse },
    async handler({ params, res }) {
      return demoCampaigns.get(requireActor(res), params.id);
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/demo-campaigns/{id}/status',
    tag,
    summary: 'Move a demo campaign',
    description:
      'Draft → Pending or Canceled; Pending → Approved, Rejected or Canceled; Approved → Published or Canceled; ' +
      'Published → Canceled; Rejected and Canceled → Draft. Any other move is a 409 naming both statuses.',
    params: IdParams,
    body: DemoCampaignStatusBody,
    responses: { 200: DemoCampaignResponse, ...signedIn, 404: ErrorResponse, 409: ErrorResponse },
    async handler({ params, body, res }) {
      return demoCampaigns.setStatus(requireActor(res), params.id, body.status);
    },
  });
  return router;
}
