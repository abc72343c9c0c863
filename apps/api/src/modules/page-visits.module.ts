import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ContainerModule, type ServiceIdentifier } from 'inversify';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import { pageVisitServiceFactory, type PageVisitService } from '@causeway/core/promotion/page-visits.service';
import { clientKeyOf } from '../http/client-key';
import { defineRoute } from '../http/route';
import { TYPES } from '../types';

export const PAGE_VISIT_SERVICE: ServiceIdentifier<PageVisitService> = Symbol.for('causeway.PageVisitService');

/** Visits of the public campaign pages: counted once a while per visitor, in the data store's shared windows. */
export const pageVisitsModule = new ContainerModule(({ bind }) => {
  bind(PAGE_VISIT_SERVICE).toDynamicValue((context) => {
    const dataStore = context.get(TYPES.DataStore);
    return pageVisitServiceFactory({
      pages: context.get(TYPES.CampaignPageService),
      limits: dataStore.rateLimits,
      visits: dataStore.repositories.shareTracking,
      clock: context.get(TYPES.Clock),
    });
  });
});

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
