import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  CardFeeResponse,
  DonationCheckoutBody,
  DonationCheckoutResponse,
} from '@causeway/core/contracts/payments.contract';
import { IdParams } from '@causeway/core/contracts/people.contract';
import type { DonationCheckoutService } from '@causeway/core/donations/donation-checkout.service';
import { optionalActor } from '../http/actor';
import { clientKeyOf } from '../http/client-key';
import { returnOriginOf, sameServerAddress } from '../http/return-origin';
import { defineRoute } from '../http/route';

/** Giving to a campaign: open to everyone. */
export function donationRoutes({
  donationCheckouts,
  registry,
  publicUrl,
}: {
  donationCheckouts: Pick<DonationCheckoutService, 'open' | 'cardFee'>;
  registry: OpenAPIRegistry;
  /** The platform's public address; a page opened at another name of this server comes back there. */
  publicUrl: string;
}): Router {
  const router = Router();
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/donations/card-fee',
    tag: 'Donations',
    summary: 'The card fee a donor may cover',
    description:
      'Open to everyone. The platform’s rule in force: `percent` of the charge plus `fixedCents`. The donate ' +
      'panel shows what covering the fee adds to a gift; the checkout (`coverFee: true`) works the extra out ' +
      'again from the rule in force and charges the gift plus it.',
    responses: { 200: CardFeeResponse },
    async handler() {
      return { cardFee: await donationCheckouts.cardFee() };
    },
  });
  defineRoute(router, registry, {
    method: 'post',
    path: '/api/campaigns/{id}/donations/checkout',
    tag: 'Donations',
    summary: 'Open a donation checkout',
    description:
      'Open to everyone, signed in or not. `amount` in cents ($1 to $100,000); the donor’s name and message ' +
      'are optional; `ref` is the promoter’s user id or share code from a shared link (ignored when it names ' +
      'nobody), `channel` the network it was shared on (the landing link’s `utm_source`: x, linkedin, facebook, ' +
      'instagram or qr; a share code names its own). Answers the payment page to send the donor to; paying returns to ' +
      '`/campaign/{id}/thank-you?session_id=…`. A campaign that takes no donations (turned off, or past its ' +
      'deadline) is a 409. Card testing is slowed down: a few checkouts a minute from one client to one campaign ' +
      '(429 with Retry-After), and once a client has been declined or limited, or while the campaign sees a ' +
      'burst, a solved bot check (`botCheck`, from `GET /api/auth/bot-check`) is needed: a 400 naming `botCheck`. ' +
      'With `coverFee: true` the donor covers the card fee: the extra is worked out from the platform’s rule in ' +
      'force (never taken from the client) and the checkout charges the amount plus it (`coveredFee`, `total`). ' +
      '`frequency` is `once` (the default) or `monthly`: a monthly gift pays its first month on the same payment ' +
      'page and is charged again each month until stopped, `amount` (+ the covered fee) each month, within the same ' +
      'limits; its first month’s receipt is read by the same session id. A campaign that turned monthly gifts off ' +
      'refuses `monthly` with a 400 naming `frequency`. `returnUrl` is the page of the organization’s own site ' +
      'the embedded donate form was shown on: when its origin is exactly one the campaign’s organization lists ' +
      '(checked here, never trusting the form; http or https, without its fragment), paying returns to ' +
      '`/campaign/{id}/thank-you?session_id=…&return=…`, whose page links back to it, and canceling on the ' +
      'payment page goes back to it instead of the campaign page. Only a `returnUrl` that is not a string or is ' +
      'longer than 2000 characters is a 400 naming it; any other address (a site not listed, another scheme, ' +
      'not an address) is silently ignored and the checkout opens as without it, so a donor is never stopped ' +
      'by the page they came from.',
    params: IdParams,
    body: DonationCheckoutBody,
    responses: { 201: DonationCheckoutResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse },
    async handler({ params, body, req, res }) {
      const client = { key: clientKeyOf(req), ...(req.ip ? { ip: req.ip } : {}) };
      const origin = returnOriginOf(req, publicUrl);
      const checkout = await donationCheckouts.open(optionalActor(res), params.id, body, client, origin);
      res.status(201);
      return { ...checkout, url: sameServerAddress(checkout.url, publicUrl, origin) };
    },
  });
  return router;
}
