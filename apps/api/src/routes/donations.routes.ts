import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorResponse } from '../../../../core/contracts/auth.contract';
import { DonationCheckoutBody, DonationCheckoutResponse } from '../../../../core/contracts/payments.contract';
import { IdParams } from '../../../../core/contracts/people.contract';
import type { DonationCheckoutService } from '../../../../core/donations/donation-checkout.service';
import { optionalActor } from '../http/actor';
import { defineRoute } from '../http/route';

/** Giving to a campaign: open to everyone. */
export function donationRoutes({
  donationCheckouts,
  registry,
}: {
  donationCheckouts: Pick<DonationCheckoutService, 'open'>;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  defineRoute(router, registry, {
    method: 'post',
    path: '/api/campaigns/{id}/donations/checkout',
    tag: 'Donations',
    summary: 'Open a donation checkout',
    description:
      'Open to everyone, signed in or not. `amount` in cents ($1 to $100,000); the donor’s name and message ' +
      'are optional; `ref` is the promoter’s user id or share code from a shared link (ignored when it names ' +
      'nobody). Answers the payment page to send the donor to; paying returns to ' +
      '`/campaign/{id}/thank-you?session_id=…`. A campaign that takes no donations (turned off, or past its ' +
      'deadline) is a 409.',
    params: IdParams,
    body: DonationCheckoutBody,
    responses: { 201: DonationCheckoutResponse, 404: ErrorResponse, 409: ErrorResponse },
    async handler({ params, body, res }) {
      const checkout = await donationCheckouts.open(optionalActor(res), params.id, body);
      res.status(201);
      return checkout;
    },
  });
  return router;
}
