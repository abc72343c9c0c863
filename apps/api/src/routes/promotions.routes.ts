import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import {
  CampaignSharesListResponse,
  CampaignSharesResponse,
  MyPromotionsResponse,
  PromoteResponse,
} from '@causeway/core/contracts/promotion.contract';
import type { PromotionService } from '@causeway/core/promotion/promotion.service';
import { requireActor } from '../http/actor';
import { defineRoute } from '../http/route';

/** Promoting a campaign, promoters' results, and campaigns' shares for their campaigners. */
export function promotionRoutes({
  promotions,
  registry,
}: {
  promotions: PromotionService;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  const tag = 'Promotion';
  const signedIn = { 401: ErrorResponse, 403: ErrorResponse };

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/campaigns/{id}/promotions',
    tag,
    summary: 'Promote a live campaign and get one short share link per channel',
    description:
      'Promoters only. Records the promotion once per promoter and campaign (201; 200 with `created: false` ' +
      'when promoted before, with the same links) and adds the promoter to the campaign’s promoters. Each ' +
      'link `/s/{code}` counts its clicks and leads to the campaign page with `ref` and UTM parameters.',
    params: IdParams,
    responses: { 200: PromoteResponse, 201: PromoteResponse, ...signedIn, 404: ErrorResponse },
    async handler({ params, res }) {
      const answer = await promotions.promote(requireActor(res), params.id);
      res.status(answer.created ? 201 : 200);
      return answer;
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/promotions',
    tag,
    summary: "The signed-in promoter's promotions and what they brought",
    description:
      'Per campaign, newest first: the share links, clicks per channel, and the donations (count and amount net ' +
      'of refunds) the links brought, all time and this week (the last 7 days, SPEC §9).',
    responses: { 200: MyPromotionsResponse, ...signedIn },
    async handler({ res }) {
      return promotions.mine(requireActor(res));
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/campaign-shares',
    tag,
    summary: "The organization's live campaigns with their share counters",
    description:
      "Newest first, each with its clicks per channel and how many promote it. The caller's organization's " +
      'campaigns; platform staff see those of every organization created in the last 6 months.',
    responses: { 200: CampaignSharesListResponse, ...signedIn },
    async handler({ res }) {
      return promotions.organizationShares(requireActor(res));
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/campaigns/{id}/shares',
    tag,
    summary: "A campaign's share counters and its promoters",
    description:
      "Clicks per channel (SPEC §3 sharesClicks), this week's, and each promoter with their clicks and the " +
      "donations they brought. For the campaign's organization and platform staff.",
    params: IdParams,
    responses: { 200: CampaignSharesResponse, ...signedIn, 404: ErrorResponse },
    async handler({ params, res }) {
      return promotions.campaignShares(requireActor(res), params.id);
    },
  });

  return router;
}
