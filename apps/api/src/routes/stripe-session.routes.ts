import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import { BudgetSessionBody, CheckoutSessionResponse } from '@causeway/core/contracts/payments.contract';
import type { BudgetPaymentService } from '@causeway/core/payments/budget-payment.service';
import { requireActor } from '../http/actor';
import { returnOriginOf, sameServerAddress } from '../http/return-origin';
import { defineRoute } from '../http/route';

/** SPEC §7 `POST /api/stripe/session`: paying an approved campaign's ad budget. */
export function stripeSessionRoutes({
  budgetPayments,
  registry,
  publicUrl,
}: {
  budgetPayments: Pick<BudgetPaymentService, 'startCheckout'>;
  registry: OpenAPIRegistry;
  /** The platform's public address; a page opened at another name of this server comes back there. */
  publicUrl: string;
}): Router {
  const router = Router();
  defineRoute(router, registry, {
    method: 'post',
    path: '/api/stripe/session',
    tag: 'Payments',
    summary: "Pay an approved campaign's ad budget",
    description:
      '`item` names the approved, unpaid draft (its id). Its owner or their organization’s admin gets a ' +
      'checkout for its lifetime budget in usd; asking again for the same draft and amount answers the same ' +
      'checkout. Once paid, the draft is marked paid and its deployment starts; a draft not approved, or ' +
      'paid already, is a 409.',
    body: BudgetSessionBody,
    responses: {
      200: CheckoutSessionResponse,
      401: ErrorResponse,
      403: ErrorResponse,
      404: ErrorResponse,
      409: ErrorResponse,
    },
    async handler({ body, req, res }) {
      const origin = returnOriginOf(req, publicUrl);
      const checkout = await budgetPayments.startCheckout(requireActor(res), body.item, origin);
      return { ...checkout, url: sameServerAddress(checkout.url, publicUrl, origin) };
    },
  });
  return router;
}
