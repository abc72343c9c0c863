import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  CampaignStatsResponse,
  PublicCampaignListQuery,
  PublicCampaignListResponse,
  PublicCampaignResponse,
} from '@causeway/core/contracts/payments.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import type { CampaignDirectoryService } from '@causeway/core/reporting/campaign-directory.service';
import { defineRoute } from '../http/route';

/** Live campaigns and their figures, open to everyone. */
export function campaignStatsRoutes({
  directory,
  registry,
}: {
  directory: CampaignDirectoryService;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  const tag = 'Campaigns';
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/campaigns',
    tag,
    summary: 'Live campaigns, newest first',
    description:
      'Open to everyone. Campaigns created in the last 6 months (SPEC §9), not deleted; `organizationId` ' +
      "narrows them to one organization's. Paged: `limit` " +
      '(50 unless said) and the `cursor` the previous page answered as `nextCursor`.',
    query: PublicCampaignListQuery,
    responses: { 200: PublicCampaignListResponse },
    async handler({ query }) {
      const page = await directory.listLive(query);
      return { campaigns: page.items, nextCursor: page.nextCursor };
    },
  });
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/campaigns/{id}',
    tag,
    summary: 'A live campaign',
    description: 'Open to everyone: what anyone may see of it. A deleted or unknown campaign is a 404.',
    params: IdParams,
    responses: { 200: PublicCampaignResponse, 404: ErrorResponse },
    async handler({ params }) {
      return { campaign: await directory.view(params.id) };
    },
  });
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/campaigns/{id}/stats',
    tag,
    summary: "A campaign's figures",
    description:
      'SPEC §3 Results: how many donations (not refunded in full), the total raised net of refunds (cents) ' +
      'and how many promoters brought donations, counted from the donations table.',
    params: IdParams,
    responses: { 200: CampaignStatsResponse, 404: ErrorResponse },
    async handler({ params }) {
      return directory.stats(params.id);
    },
  });
  return router;
}
