import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router, type Request, type Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  DonorGiftsQuery,
  DonorGiftsResponse,
  GIFTS_LINK_REQUESTED,
  GiftsLinkRequestBody,
  GiftsLinkRequestResponse,
  GiftsVisitBody,
  GiftsVisitResponse,
  MY_GIFTS_API,
} from '@causeway/core/contracts/donor-gifts.contract';
import { requirePerson } from '@causeway/core/auth/person-check';
import type { DonorGiftsService } from '@causeway/core/donor-gifts/donor-gifts.service';
import { GIFT_LINK_TTL_MS } from '@causeway/core/donor-gifts/gift-link.entity';
import type { BotCheck } from '@causeway/core/ports/bot-check.port';
import type { ErrorBody } from '../http/errors';
import { defineRoute } from '../http/route';
import type { CookiePolicy } from '../http/session-cookies';
import { SharedRateLimitStore, type SharedLimits } from '../http/shared-rate-limit.store';

/** The visit's cookie: http-only, sent only to the gifts page's API, gone when the visit ends. */
export const GIFTS_VISIT_COOKIE = 'giftsVisit';

export interface DonorGiftsRoutesOptions {
  donorGifts: DonorGiftsService;
  botCheck: BotCheck;
  cookies: CookiePolicy;
  registry: OpenAPIRegistry;
  /** Where attempts are counted: the data store, so every instance agrees (else this process). */
  sharedLimits?: SharedLimits;
}

const WINDOW_MINUTES = 15;
/** Form requests a client (an address) may send in the window; the service also caps e-mails per address. */
export const GIFTS_LINK_REQUESTS_PER_CLIENT = 10;
/** Links a client may try to open in the window. */
const GIFTS_VISITS_PER_CLIENT = 30;

const limitedByClient = (name: string, limit: number, sharedLimits: SharedLimits | undefined) =>
  rateLimit({
    windowMs: WINDOW_MINUTES * 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(sharedLimits ? { store: new SharedRateLimitStore(sharedLimits, name) } : {}),
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    handler: (_req, res) => {
      const body: ErrorBody = {
        error: {
          code: 'rate_limited',
          message: `Too many requests for links to gifts. Please wait ${WINDOW_MINUTES} minutes and try again.`,
        },
      };
      res.status(429).json(body);
    },
  });

/** The visit's token, from its cookie. */
export const visitTokenOf = (req: Request): string | undefined => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[GIFTS_VISIT_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

const cookieOptions = (policy: CookiePolicy) =>
  ({ path: MY_GIFTS_API, sameSite: 'strict', secure: policy.secure, httpOnly: true }) as const;

/** The donor's own gifts page without an account: the form, a link's exchange for a visit, the gifts. */
export function donorGiftsRoutes({
  donorGifts,
  botCheck,
  cookies,
  registry,
  sharedLimits,
}: DonorGiftsRoutesOptions): Router {
  const router = Router();
  router.post(`${MY_GIFTS_API}/link`, limitedByClient('gifts-link', GIFTS_LINK_REQUESTS_PER_CLIENT, sharedLimits));
  router.post(`${MY_GIFTS_API}/visit`, limitedByClient('gifts-visit', GIFTS_VISITS_PER_CLIENT, sharedLimits));

  const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

  defineRoute(router, registry, {
    method: 'post',
    path: `${MY_GIFTS_API}/link`,
    tag: 'Donor gifts',
    summary: 'Ask for a link to the gifts made with an e-mail address',
    description:
      'Needs a bot-check solution (`GET /api/auth/bot-check`). Answers the same whether or not the address ever ' +
      'gave; the link goes only to that address, works once and for an hour; at most 3 are sent to an address ' +
      `an hour, and a client may ask ${GIFTS_LINK_REQUESTS_PER_CLIENT} times in ${WINDOW_MINUTES} minutes (then 429).`,
    body: GiftsLinkRequestBody,
    responses: { 202: GiftsLinkRequestResponse, 429: ErrorResponse },
    async handler({ body, req, res }) {
      await requirePerson(botCheck, body.botCheck, req.ip);
      await donorGifts.requestLink(body.email);
      res.status(202);
      return { message: GIFTS_LINK_REQUESTED };
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: `${MY_GIFTS_API}/visit`,
    tag: 'Donor gifts',
    summary: 'Open a link to gifts: a visit of 30 minutes',
    description:
      'Uses the link up (a link opens once) and sets the `giftsVisit` cookie (HttpOnly, SameSite=Strict, path ' +
      `${MY_GIFTS_API}) for 30 minutes. A link unknown, opened before or expired is a 400 naming \`token\` that ` +
      'says so.',
    body: GiftsVisitBody,
    responses: { 200: GiftsVisitResponse, 429: ErrorResponse },
    async handler({ body, res }) {
      noStore(res);
      const { visitToken, ...visit } = await donorGifts.openLink(body.token);
      res.cookie(GIFTS_VISIT_COOKIE, visitToken, { ...cookieOptions(cookies), maxAge: GIFT_LINK_TTL_MS.visit });
      return visit;
    },
  });

  defineRoute(router, registry, {
    method: 'delete',
    path: `${MY_GIFTS_API}/visit`,
    tag: 'Donor gifts',
    summary: 'End the visit',
    description: 'Ends the visit and clears its cookie.',
    responses: { 204: null },
    async handler({ req, res }) {
      await donorGifts.closeVisit(visitTokenOf(req));
      res.clearCookie(GIFTS_VISIT_COOKIE, cookieOptions(cookies));
      return undefined;
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: MY_GIFTS_API,
    tag: 'Donor gifts',
    summary: "The visit's gifts, newest first",
    description:
      'The gifts made with the e-mail address of the link the visit was opened with, across organizations: ' +
      'campaign, organization, date, amount, status and the receipt PDF. Paged: `limit` (20 unless said) and ' +
      'the `cursor` the previous page answered as `nextCursor`. 401 without an open visit.',
    query: DonorGiftsQuery,
    responses: { 200: DonorGiftsResponse, 401: ErrorResponse },
    async handler({ query, req, res }) {
      noStore(res);
      return donorGifts.gifts(visitTokenOf(req), query);
    },
  });

  return router;
}
