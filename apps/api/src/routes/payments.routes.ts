import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorResponse } from '../../../../core/contracts/auth.contract';
import {
  MyPaymentsResponse,
  PaymentDetailResponse,
  PaymentsQuery,
  SessionParams,
} from '../../../../core/contracts/payments.contract';
import type { PaymentReceiptService } from '../../../../core/payments/payment-receipts.service';
import { requireActor } from '../http/actor';
import { defineRoute } from '../http/route';

/** Receipts, and a signed-in donor's own payments. */
export function paymentRoutes({
  receipts,
  registry,
}: {
  receipts: Pick<PaymentReceiptService, 'detail' | 'mine'>;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/payments',
    tag: 'Payments',
    summary: "A donor's own payments, newest first",
    description: 'The donations the signed-in person made while signed in (`mine=true`).',
    query: PaymentsQuery,
    responses: { 200: MyPaymentsResponse, 401: ErrorResponse, 403: ErrorResponse },
    async handler({ res }) {
      return { payments: await receipts.mine(requireActor(res)) };
    },
  });
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/payments/{sessionId}',
    tag: 'Payments',
    summary: 'The receipt of a checkout',
    description:
      'SPEC §3 payment detail: the payment’s id, date, amount (cents, and as shown), card brand and last ' +
      'four digits, and the payment provider’s receipt link; with the donation once recorded. Open to whoever ' +
      'holds the checkout’s id (the receipt page’s address). A checkout that took no payment is a 404.',
    params: SessionParams,
    responses: { 200: PaymentDetailResponse, 404: ErrorResponse },
    async handler({ params }) {
      return receipts.detail(params.sessionId);
    },
  });
  return router;
}
