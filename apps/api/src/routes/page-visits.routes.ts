import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import type { PageVisitService } from '@causeway/core/promotion/page-visits.service';
import { clientKeyOf } from '../http/client-key';
import { defineRoute } from '../http/route';

/** POST /api/campaigns/{id}/visits: the campaign page's beacon as it opens. */
export function pageVisitRoutes({ visits, registry }: { visits: PageVisitService; registry: OpenAPIRegistry }): Router {
  const router = Router();
  defineRoute(router, registry, {
    method: 'post',
    path: '/api/campaigns/{id}/visits',
    tag: 'Campaigns',
    summary: "Count a visit of a campaign's public page",
    description:
      'Open to everyone, no body: the public page sends it once as it opens. A visitor (by the hash of its ' +
      'address) is counted once per campaign in 30 minutes; a visit counted or not answers 204. The ' +
      "campaign report's funnel shows the visits per day. An unknown or removed campaign is a 404.",
    params: IdParams,
    responses: { 204: null, 404: ErrorResponse },
    async handler({ params, req }) {
      await visits.record(params.id, clientKeyOf(req));
    },
  });
  return router;
}
