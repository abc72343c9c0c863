import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router, type Response } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  DonorMonthlyGift,
  DonorMonthlyGiftsResponse,
  FailedMonthlyGiftsResponse,
  MONTHLY_GIFT_PATHS,
  MonthlyGiftCardResponse,
  MonthlyGiftChangeBody,
  MonthlyGiftReminderResponse,
} from '@causeway/core/contracts/monthly-gifts.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import type { DonorGiftsService } from '@causeway/core/donor-gifts/donor-gifts.service';
import type { MonthlyGiftsService } from '@causeway/core/monthly-gifts/monthly-gifts.service';
import { requireActor } from '../http/actor';
import { defineRoute } from '../http/route';
import { visitTokenOf } from './donor-gifts.routes';

/**
 * Monthly gifts: the donor's own on their gifts page (by the visit's cookie, no account), and an
 * organization's declined renewals with the one reminder it may send.
 */
export function monthlyGiftsRoutes({
  monthlyGifts,
  donorGifts,
  registry,
}: {
  monthlyGifts: MonthlyGiftsService;
  donorGifts: DonorGiftsService;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  const tag = 'Monthly gifts';
  const visit = { 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
  const signedIn = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
  const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

  defineRoute(router, registry, {
    method: 'get',
    path: MONTHLY_GIFT_PATHS.mine,
    tag,
    summary: "The visit's monthly gifts",
    description:
      'The monthly gifts given with the e-mail address of the visit, newest first: state, amount, next charge ' +
      'and what the donor may do. 401 without an open visit.',
    responses: { 200: DonorMonthlyGiftsResponse, 401: ErrorResponse },
    async handler({ req, res }) {
      noStore(res);
      const { email } = await donorGifts.visitOf(visitTokenOf(req));
      return monthlyGifts.mine(email);
    },
  });

  defineRoute(router, registry, {
    method: 'patch',
    path: MONTHLY_GIFT_PATHS.mineOneRoute,
    tag,
    summary: 'Change a monthly gift: its amount, pause, resume or stop',
    description:
      'A new amount (within the gift limits) is charged from the next period; the current one is not ' +
      'prorated. Pause stops charging until resumed; stop ends the gift now (the months paid stay given). ' +
      'A gift of another address is a 404; an ended gift, or one ending with its period, a 409.',
    params: IdParams,
    body: MonthlyGiftChangeBody,
    responses: { 200: DonorMonthlyGift, ...visit },
    async handler({ params, body, req, res }) {
      noStore(res);
      const { email } = await donorGifts.visitOf(visitTokenOf(req));
      return monthlyGifts.change(email, params.id, body);
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: MONTHLY_GIFT_PATHS.keepGivingRoute,
    tag,
    summary: 'Keep giving monthly to the organization itself after the campaign ended',
    description:
      'Offered (`keepGiving` on the gift) once the gift’s campaign has ended, for a gift that ended or ends with ' +
      'it: starts a monthly gift of the same amount to the organization’s general fund, on the card on file, its ' +
      'first month charged now (the covered card fee goes on being covered). Gifts to the general fund go to the ' +
      'organization whole and appear in its reports like a campaign’s. Answers the new gift (201). Asking twice ' +
      'starts one gift; a gift not offered, or a donor who already gives monthly to the organization, is a 409; ' +
      'so is a declined card, whose message says where to give with another card.',
    params: IdParams,
    responses: { 201: DonorMonthlyGift, ...visit },
    async handler({ params, req, res }) {
      noStore(res);
      const { email } = await donorGifts.visitOf(visitTokenOf(req));
      const gift = await monthlyGifts.keepGiving(email, params.id);
      res.status(201);
      return gift;
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: MONTHLY_GIFT_PATHS.cardRoute,
    tag,
    summary: "The card provider's page to change the gift's card",
    description: 'Answers the address of a page of the card provider that comes back to the gifts page.',
    params: IdParams,
    responses: { 200: MonthlyGiftCardResponse, ...visit },
    async handler({ params, req, res }) {
      noStore(res);
      const { email } = await donorGifts.visitOf(visitTokenOf(req));
      return monthlyGifts.cardPage(email, params.id);
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: MONTHLY_GIFT_PATHS.failedRoute,
    tag,
    summary: "An organization's monthly gifts whose renewals were declined",
    description:
      'Being retried, or ended after the last try, latest decline first (at most 200), with the reason and ' +
      "whether the one reminder may still be sent. Donors' addresses are masked unless the reader sees them " +
      'in reports.',
    params: IdParams,
    responses: { 200: FailedMonthlyGiftsResponse, ...signedIn },
    async handler({ params, res }) {
      noStore(res);
      return { gifts: await monthlyGifts.failed(requireActor(res), params.id) };
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: MONTHLY_GIFT_PATHS.reminderRoute,
    tag,
    summary: 'Send the one reminder to a donor whose monthly gift stopped for a declined card',
    description: 'Once per gift: a second is a 409 saying when the first was sent.',
    params: IdParams,
    responses: { 200: MonthlyGiftReminderResponse, ...signedIn },
    async handler({ params, res }) {
      return monthlyGifts.remind(requireActor(res), params.id);
    },
  });

  return router;
}
