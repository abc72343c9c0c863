import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  FundraiserPageBody,
  FundraiserPageListResponse,
  FundraiserPageResponse,
  FundraiserParams,
  FundraiserVisibilityBody,
  LeaderboardResponse,
  PublicFundraiserPageResponse,
} from '@causeway/core/contracts/fundraiser-pages.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import type { FundraiserPageService } from '@causeway/core/promotion/fundraiser-page.service';
import { requireActor } from '../http/actor';
import type { ErrorBody } from '../http/errors';
import { defineRoute } from '../http/route';

const PHOTO_PATH = '/api/campaigns/:id/fundraisers/me/photo';
const PHOTO_TOO_LARGE = 'The picture is larger than 2 MB, the most a photo can be. Choose a smaller one.';

/** Signed-out callers are turned away before their upload is read. */
const signedInFirst: RequestHandler = (_req, res, next) => {
  requireActor(res);
  next();
};

/** A body over the photo limit is refused naming the field. */
const photoTooLarge: ErrorRequestHandler = (error: { type?: string }, _req, res, next) => {
  if (error.type !== 'entity.too.large') return next(error);
  const body: ErrorBody = {
    error: { code: 'too_large', message: PHOTO_TOO_LARGE, fields: { photo: PHOTO_TOO_LARGE } },
  };
  res.status(413).json(body);
};

/** Promoters' fundraising pages: their own, the public ones, a campaign's leaderboard and its organizers' view. */
export function fundraiserPageRoutes({
  fundraisers,
  registry,
}: {
  fundraisers: FundraiserPageService;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  const tag = 'Fundraising pages';
  const signedIn = { 401: ErrorResponse, 403: ErrorResponse };

  defineRoute(router, registry, {
    method: 'put',
    path: '/api/campaigns/{id}/fundraisers/me',
    tag,
    summary: 'Make or change your fundraising page for a campaign you promote',
    description:
      'Promoters only, for a live campaign they promote. Plain text: a headline (at most 120 characters) and ' +
      'their own words (at most 2,000); a personal goal in cents from $1 to $100,000; whether the page is ' +
      'listed among the campaign’s top fundraisers. Gifts made on the page are credited to the promoter as ' +
      'their share links’ are. A page a campaigner hid stays hidden.',
    params: IdParams,
    body: FundraiserPageBody,
    responses: { 200: FundraiserPageResponse, ...signedIn, 404: ErrorResponse },
    async handler({ params, body, res }) {
      return { page: await fundraisers.saveOwn(requireActor(res), params.id, body) };
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/campaigns/{id}/fundraisers/me',
    tag,
    summary: 'Your fundraising page for a campaign, with its progress',
    description: 'Raised and donors count the gifts credited to you for the campaign, net of refunds. 404 when none.',
    params: IdParams,
    responses: { 200: FundraiserPageResponse, ...signedIn, 404: ErrorResponse },
    async handler({ params, res }) {
      return { page: await fundraisers.own(requireActor(res), params.id) };
    },
  });

  router.put(PHOTO_PATH, signedInFirst, express.raw({ type: 'image/*', limit: '2mb' }), photoTooLarge);
  defineRoute(router, registry, {
    method: 'put',
    path: '/api/campaigns/{id}/fundraisers/me/photo',
    tag,
    summary: 'Upload your fundraising page’s photo',
    description:
      'The picture itself as the body with its `Content-Type`: `image/png`, `image/jpeg`, `image/gif` or ' +
      '`image/webp`, at most 2 MB, from 32 × 32 to 4096 × 4096 pixels (the avatar’s rules). Make the page first.',
    params: IdParams,
    responses: { 200: FundraiserPageResponse, ...signedIn, 404: ErrorResponse, 413: ErrorResponse },
    async handler({ params, req, res }) {
      const actor = requireActor(res);
      const content = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array(0);
      return { page: await fundraisers.setOwnPhoto(actor, params.id, content, req.get('content-type')) };
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/fundraiser-pages',
    tag,
    summary: 'Your fundraising pages, newest first',
    responses: { 200: FundraiserPageListResponse, ...signedIn },
    async handler({ res }) {
      return { pages: await fundraisers.mine(requireActor(res)) };
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/campaigns/{id}/fundraisers/{promoterId}/page',
    tag,
    summary: 'A promoter’s public fundraising page',
    description:
      'Open to everyone: the promoter’s words, photo, goal and progress, and the campaign’s page. 404 when there ' +
      'is no such page, when a campaigner hid it, or when the campaign is gone.',
    params: FundraiserParams,
    responses: { 200: PublicFundraiserPageResponse, 404: ErrorResponse },
    async handler({ params }) {
      return { fundraiser: await fundraisers.publicPage(params.id, params.promoterId) };
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/campaigns/{id}/fundraisers',
    tag,
    summary: 'A campaign’s top fundraisers',
    description:
      'Open to everyone: the ten pages that raised most (then most gifts, then the earliest), of promoters who ' +
      'chose to be listed, hidden pages left out.',
    params: IdParams,
    responses: { 200: LeaderboardResponse },
    async handler({ params }) {
      return fundraisers.leaderboard(params.id);
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/campaigns/{id}/fundraiser-pages',
    tag,
    summary: 'Every fundraising page of a campaign, for its organizers',
    description: 'Hidden ones too, most raised first. The campaign’s organization’s campaigners and platform staff.',
    params: IdParams,
    responses: { 200: FundraiserPageListResponse, ...signedIn, 404: ErrorResponse },
    async handler({ params, res }) {
      return { pages: await fundraisers.ofCampaign(requireActor(res), params.id) };
    },
  });

  defineRoute(router, registry, {
    method: 'put',
    path: '/api/campaigns/{id}/fundraisers/{promoterId}/visibility',
    tag,
    summary: 'Hide a fundraising page, or show it again',
    description:
      'The campaign’s organization’s campaigners and platform staff. Hiding needs a `reason`, which the promoter ' +
      'is told in a notification; a hidden page answers 404 to the public and leaves the leaderboard.',
    params: FundraiserParams,
    body: FundraiserVisibilityBody,
    responses: { 200: FundraiserPageResponse, ...signedIn, 404: ErrorResponse },
    async handler({ params, body, res }) {
      return {
        page: await fundraisers.setVisibility(requireActor(res), params.id, params.promoterId, body),
      };
    },
  });

  return router;
}
