import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import type { CampaignPageService } from '@causeway/core/campaigns/campaign-page.service';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { CampaignPageResponse } from '@causeway/core/contracts/campaigns.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import { defineRoute } from '../http/route';

/** Live campaigns, open to everyone. */
export function campaignRoutes({ pages, registry }: { pages: CampaignPageService; registry: OpenAPIRegistry }): Router {
  const router = Router();
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/campaigns/{id}/page',
    tag: 'Campaigns',
    summary: 'The public page of a live campaign',
    description: 'Open to everyone, signed in or not. A deleted or unknown campaign is a 404.',
    params: IdParams,
    responses: { 200: CampaignPageResponse, 404: ErrorResponse },
    async handler({ params }) {
      return { page: await pages.page(params.id) };
    },
  });
  return router;
}
