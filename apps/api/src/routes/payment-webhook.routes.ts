import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express, { Router } from 'express';
import { z } from 'zod';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import type { PaymentAction, PaymentGateway } from '@causeway/core/ports/payment-gateway.port';

/** What a verified payment webhook's action is handed to (the donation and budget use cases). */
export type PaymentActionHandler = (action: PaymentAction) => Promise<void> | void;

const WebhookReceived = z.object({ received: z.literal(true) });

/**
 * The card payment provider's webhook. Mounted before the JSON body parser: the signature is over
 * the raw bytes, so they are read as they came. A bad signature is a 400 naming the problem; a
 * handler that fails is a 500, which makes the provider deliver the event again later.
 */
export function paymentWebhookRoutes({
  payments,
  onAction,
  registry,
}: {
  payments: Pick<PaymentGateway, 'parseWebhook'>;
  onAction: PaymentActionHandler;
  registry: OpenAPIRegistry;
}): Router {
  const router = Router();
  registry.registerPath({
    method: 'post',
    path: '/api/stripe/webhook',
    tags: ['Payments'],
    summary: 'Card payment provider webhook',
    description:
      'Stripe events, verified by their `Stripe-Signature` header over the raw body; the payments they ' +
      'announce (succeeded, failed, refunded) are recorded once each however often they are delivered.',
    request: { headers: z.object({ 'stripe-signature': z.string() }) },
    responses: {
      200: { description: 'Received', content: { 'application/json': { schema: WebhookReceived } } },
      400: { description: 'A missing or bad signature', content: { 'application/json': { schema: ErrorResponse } } },
    },
  });

  router.post('/api/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const body: unknown = req.body;
    const action = await payments.parseWebhook(
      Buffer.isBuffer(body) ? body : new Uint8Array(),
      req.get('stripe-signature') ?? '',
    );
    await onAction(action);
    res.json({ received: true } satisfies z.infer<typeof WebhookReceived>);
  });
  return router;
}
