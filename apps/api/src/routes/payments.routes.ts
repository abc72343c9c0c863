import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  MyPaymentsResponse,
  PaymentDetailResponse,
  PaymentDetailQuery,
  PaymentsQuery,
  SessionParams,
} from '@causeway/core/contracts/payments.contract';
import type { PaymentReceiptService } from '@causeway/core/payments/payment-receipts.service';
import { z } from 'zod';
import type { ReceiptDocument } from '@causeway/core/payments/payment-receipts.service';
import { requireActor } from '../http/actor';
import { defineRoute, parseInput } from '../http/route';

/** Receipts, and a signed-in donor's own payments. */
export function paymentRoutes({
  receipts,
  registry,
  renderPdf,
}: {
  receipts: Pick<PaymentReceiptService, 'detail' | 'mine' | 'document'>;
  registry: OpenAPIRegistry;
  /** Lays a receipt out as a PDF. */
  renderPdf: (receipt: ReceiptDocument) => Promise<Uint8Array>;
}): Router {
  const router = Router();
  registry.registerPath({
    method: 'get',
    path: '/api/payments/{sessionId}/receipt.pdf',
    tags: ['Payments'],
    summary: 'The receipt of a donation as a PDF',
    description:
      'The organization (legal name and tax id), the campaign’s public headline, the amount, date and payment ' +
      'reference, and the organization’s tax statement. Open to whoever holds the checkout’s id; 404 until the ' +
      'donation is recorded.',
    request: { params: SessionParams },
    responses: {
      200: {
        description: 'The PDF',
        content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
      },
      404: { description: 'Error', content: { 'application/json': { schema: ErrorResponse } } },
    },
  });
  router.get('/api/payments/:sessionId/receipt.pdf', async (req, res, next) => {
    try {
      const { sessionId } = parseInput(SessionParams, req.params, 'params');
      const bytes = await renderPdf(await receipts.document(sessionId));
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', 'attachment; filename="donation-receipt.pdf"');
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(Buffer.from(bytes));
    } catch (error) {
      next(error);
    }
  });
  defineRoute(router, registry, {
    method: 'get',
    path: '/api/payments',
    tag: 'Payments',
    summary: "A donor's own payments, newest first",
    description:
      'The donations the signed-in person made while signed in (`mine=true`). Paged: `limit` (50 unless said) ' +
      'and the `cursor` the previous page answered as `nextCursor`.',
    query: PaymentsQuery,
    responses: { 200: MyPaymentsResponse, 401: ErrorResponse, 403: ErrorResponse },
    async handler({ query, res }) {
      const page = await receipts.mine(requireActor(res), query);
      return { payments: page.items, nextCursor: page.nextCursor };
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
      'holds the checkout’s id (the receipt page’s address). A checkout that took no payment is a 404. ' +
      'With `wait` (seconds, at most 25) a paid checkout whose donation is not recorded yet is answered once ' +
      'it is, or when the time is up (still without it): the receipt page asks this way instead of polling. ' +
      'With `return` (the page of the organization’s own site a gift on its embedded donate form came from, ' +
      'as the receipt page’s address carries it) the answer has `returnLink` (`url`, `host`) for a link back, ' +
      'only while that page’s site is one the campaign’s organization lists; any other address is ignored.',
    params: SessionParams,
    query: PaymentDetailQuery,
    responses: { 200: PaymentDetailResponse, 404: ErrorResponse },
    async handler({ params, query, res }) {
      // A reader that leaves stops waiting.
      const left = new AbortController();
      const leave = () => left.abort();
      res.once('close', leave);
      try {
        return await receipts.detail(params.sessionId, {
          waitSeconds: query.wait ?? 0,
          signal: left.signal,
          ...(query.return ? { returnUrl: query.return } : {}),
        });
      } finally {
        res.off('close', leave);
      }
    },
  });
  return router;
}
