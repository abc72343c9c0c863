import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import {
  AdvertiserCreateBody,
  AdvertiserEnvelope,
  AmobeeTokenResponse,
  BeaconCreateBody,
  BeaconEnvelope,
  CampaignCreateBody,
  CreativeCreateBody,
  CreativeEnvelope,
  GetCampaignStatusBody,
  InsertionOrderEnvelope,
  LineCreateBody,
  LineItemEnvelope,
  OrganizationAdvertiserResponse,
} from '@causeway/core/contracts/amobee.contract';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import type { LegacyAdPlatformService } from '@causeway/core/delivery/legacy-ad-platform.service';
import type { OrganizationAdvertiserService } from '@causeway/core/delivery/organization-advertiser.service';
import { requireActor } from '../http/actor';
import { defineRoute } from '../http/route';

/**
 * The original product's own ad-platform endpoints (SPEC §7), for platform staff, and the action that
 * gives an organization its advertiser. The platform's refusals answer 400/404/409/429 with its words,
 * its outages 503.
 */
export function amobeeRoutes({
  legacy,
  advertisers,
  registry,
}: {
  legacy: LegacyAdPlatformService;
  advertisers: OrganizationAdvertiserService;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  const tag = 'Ad platform';
  const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 503: ErrorResponse };
  const staffOnly =
    'Super users and platform admins. The body’s vendor-shaped fields not listed in its schema are ignored.';

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/amobee/token',
    tag,
    summary: 'The ad platform’s access token (SPEC §7), read as access_token',
    description: 'Super users and platform admins.',
    responses: { 200: AmobeeTokenResponse, ...errors },
    handler: ({ res }) => legacy.token(requireActor(res)),
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/amobee/advertiserCreate',
    tag,
    summary: 'Create an advertiser; its id is data[0].id',
    description: staffOnly,
    body: AdvertiserCreateBody,
    responses: { 200: AdvertiserEnvelope, ...errors },
    handler: ({ body, res }) => legacy.createAdvertiser(requireActor(res), body),
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/amobee/campaignCreate',
    tag,
    summary: 'Create an insertion order under an advertiser',
    description: staffOnly,
    body: CampaignCreateBody,
    responses: { 200: InsertionOrderEnvelope, ...errors },
    handler: ({ body, res }) => legacy.createInsertionOrder(requireActor(res), body),
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/amobee/getCampaignStatus',
    tag,
    summary: 'An insertion order and its status',
    description: staffOnly,
    body: GetCampaignStatusBody,
    responses: { 200: InsertionOrderEnvelope, ...errors },
    handler: ({ body, res }) => legacy.insertionOrderStatus(requireActor(res), body),
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/amobee/lineCreate',
    tag,
    summary: 'Create a line item in an insertion order',
    description: `${staffOnly} DMA, continent and mobile-radius targeting are refused.`,
    body: LineCreateBody,
    responses: { 200: LineItemEnvelope, ...errors },
    handler: ({ body, res }) => legacy.createLineItem(requireActor(res), body),
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/amobee/creativeCreate',
    tag,
    summary: 'Create a creative of an uploaded asset under an advertiser',
    description: staffOnly,
    body: CreativeCreateBody,
    responses: { 200: CreativeEnvelope, ...errors },
    handler: ({ body, res }) => legacy.createCreative(requireActor(res), body),
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/amobee/beaconCreate',
    tag,
    summary: 'Create a conversion beacon of an advertiser, with its page code',
    description: staffOnly,
    body: BeaconCreateBody,
    responses: { 200: BeaconEnvelope, ...errors },
    handler: ({ body, res }) => legacy.createBeacon(requireActor(res), body),
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/organizations/{id}/advertiser',
    tag,
    summary: 'Create the organization’s advertiser on the ad platform and keep its id on the organization',
    description:
      'Super users and platform admins. A deployment needs it (SPEC §5). 409 when the organization has one; an ' +
      'advertiser made earlier for it whose answer was lost is found and used (200) rather than made again (201).',
    params: IdParams,
    responses: {
      200: OrganizationAdvertiserResponse,
      201: OrganizationAdvertiserResponse,
      ...errors,
      409: ErrorResponse,
    },
    async handler({ params, res }) {
      const made = await advertisers.create(requireActor(res), params.id);
      res.status(made.created ? 201 : 200);
      return made;
    },
  });
  return router;
}
