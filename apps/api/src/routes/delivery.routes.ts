import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { DeliveryQuery, DeliveryResponse } from '@causeway/core/contracts/delivery.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import type { DeliveryService } from '@causeway/core/delivery/delivery.service';
import { requireActor } from '../http/actor';
import { defineRoute } from '../http/route';

export function deliveryRoutes({
  delivery,
  registry,
}: {
  delivery: DeliveryService;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/campaigns/{id}/delivery',
    tag: 'Delivery',
    summary: 'A deployed campaign’s delivery on the ad platform: impressions, clicks, spend, CTR, CPC',
    description:
      'The campaign’s owner, its organization’s admin and platform staff. The whole flight so far and its days, ' +
      'from the platform’s reports; pulled again when older than 5 minutes or with refresh=true (at most once a ' +
      'minute per campaign). `pause` says why goal-aware pacing paused the ads. 404 when the campaign is not ' +
      'deployed; 503 when the platform has not reported yet.',
    params: IdParams,
    query: DeliveryQuery,
    responses: {
      200: DeliveryResponse,
      401: ErrorResponse,
      403: ErrorResponse,
      404: ErrorResponse,
      503: ErrorResponse,
    },
    async handler({ params, query, res }) {
      return { delivery: await delivery.get(requireActor(res), params.id, { refresh: query.refresh === 'true' }) };
    },
  });
  return router;
}
