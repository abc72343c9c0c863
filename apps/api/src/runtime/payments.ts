import { Router } from 'express';
import type { ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import { createStripePaymentGateway } from '@causeway/adapters/stripe/stripe.payment-gateway';
import type { StripeSandbox } from '@causeway/adapters/stripe/stripe.sandbox';
import { savedRouter } from '@causeway/adapters/system/answer-when-saved';
import { keepJournal } from '@causeway/adapters/system/json-journal';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import type { PaymentGateway, RecurringPayments } from '@causeway/core/ports/payment-gateway.port';
import type { Config } from '../config';
import { sandboxStatePath, type SandboxModules } from './sandboxes';

/** The embedded Stripe sandbox, bound only when STRIPE_SECRET_KEY is empty; the app mounts it at this path. */
export const STRIPE_SANDBOX: ServiceIdentifier<StripeSandbox> = Symbol.for('causeway.StripeSandbox');
export const STRIPE_SANDBOX_PATH = '/sandbox/stripe';

/**
 * Card payments through Stripe's SDK: the real API with STRIPE_SECRET_KEY (or the API at STRIPE_API_BASE),
 * else the embedded Stripe sandbox, mounted in this app and called over HTTP like the real one with a
 * test key made for this start; it and the SDK learn the app's address once it listens (PORT=0).
 */
export function openPayments(
  config: Config,
  logger: Logger,
  clock: Clock,
  ids: IdGenerator,
  sandboxes: SandboxModules,
): {
  gateway: PaymentGateway & RecurringPayments;
  sandbox: StripeSandbox | null;
  listening(ownUrl: string): void;
  close(): Promise<void>;
} {
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? `whsec_${ids.newSecret().replace(/[^A-Za-z0-9]/g, '')}`;
  const onError = (error: unknown, context: { operation: string; id: string }) =>
    logger.warn({ err: error, id: context.id }, `Payments: could not ${context.operation}`);
  if (config.STRIPE_SECRET_KEY) {
    const apiBase = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
    logger.info(
      { api: apiBase?.href ?? 'https://api.stripe.com', live: config.STRIPE_SECRET_KEY.includes('_live_') },
      'Payments: Stripe',
    );
    const gateway = createStripePaymentGateway({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret,
      clock,
      onError,
      ...(apiBase ? { apiBase } : {}),
    });
    return { gateway, sandbox: null, listening: () => undefined, close: async () => undefined };
  }
  if (!sandboxes.stripe) throw new Error('The embedded Stripe sandbox was not loaded');
  const secretKey = `sk_test_${ids.newSecret().replace(/[^A-Za-z0-9]/g, '')}`;
  const sandbox = sandboxes.stripe.createStripeSandbox({
    secretKey,
    webhookSecret,
    clock,
    onDeliveryGivenUp: (attempt) =>
      logger.error({ ...attempt }, 'Stripe sandbox: a webhook was given up on after its last attempt'),
  });
  // Past checkouts, payments and receipts outlive a restart; the key and webhook secret are this start's.
  // The file is a snapshot and a journal of the changes since, appended by group commit.
  const stripeLog = logger.child({ component: 'stripe' });
  const snapshot = keepJournal({
    path: sandboxStatePath(config, 'stripe'),
    subject: sandbox,
    name: 'Stripe sandbox',
    log: stripeLog,
  });
  // A payment the payer saw succeed, and the webhooks it owes, are on disk (fsynced) before the answer:
  // a crash loses neither (the webhooks go out after the restart). Answers waiting together share one write.
  const saved = savedRouter(sandbox.router, snapshot.writer, 'Stripe sandbox', stripeLog);
  // The control API (`/_sandbox/...`: its clock, webhooks, payments) answers only this computer or platform
  // staff (app.ts), as the DSP sandbox's does; the key made for this start is not asked of them.
  const router = Router();
  router.use('/_sandbox', (req, _res, next) => {
    req.headers.authorization ??= `Bearer ${secretKey}`;
    next();
  });
  router.use(saved);
  let apiBase: URL | null = null;
  const gateway = createStripePaymentGateway({
    secretKey,
    webhookSecret,
    clock,
    onError,
    apiBase: () => {
      if (!apiBase) throw new Error('The embedded Stripe sandbox is not listening yet');
      return apiBase;
    },
  });
  return {
    gateway,
    sandbox: { ...sandbox, router },
    listening(ownUrl) {
      // The SDK calls over loopback; payers' browsers and webhooks use the public address.
      apiBase = new URL(`${ownUrl}${STRIPE_SANDBOX_PATH}`);
      const publicUrl = config.PUBLIC_URL ? config.publicUrl : `http://localhost:${apiBase.port}`;
      sandbox.configure({
        baseUrl: `${publicUrl}${STRIPE_SANDBOX_PATH}`,
        webhookUrl: `${publicUrl}/api/stripe/webhook`,
      });
      const where = `${publicUrl}${STRIPE_SANDBOX_PATH}`;
      if (config.production) {
        logger.warn(
          { sandbox: where },
          'Payments: the embedded Stripe sandbox; test cards only. Set STRIPE_SECRET_KEY for Stripe',
        );
      } else {
        logger.info({ sandbox: where }, 'Payments: the embedded Stripe sandbox (test cards only)');
      }
    },
    close: async () => {
      // Deliveries in flight end here; what they changed is in the last write.
      sandbox.close();
      await snapshot.close();
    },
  };
}
