import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_ACTION_HANDLER, STRIPE_SANDBOX } from '@causeway/api/container';
import { TYPES } from '@causeway/api/types';
import type { PaymentAction } from '@causeway/core/ports/payment-gateway.port';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from './sandbox-control';

/** The app in embedded mode (no STRIPE_SECRET_KEY), on a free port: the Stripe sandbox is served in process. */
let app: TestApp;
const actions: PaymentAction[] = [];
/** How many more actions the handler fails on (as a database outage would). */
let failures = 0;

beforeAll(async () => {
  app = await startTestApp({
    overrides: {
      paymentActions: (action) => {
        if (failures > 0) {
          failures--;
          throw new Error('The store is down');
        }
        actions.push(action);
      },
    },
  });
});
afterAll(async () => {
  await app?.close();
});

const container = () => app.server.container;

describe('payments in embedded mode', () => {
  it('takes a payment on the sandbox served by the app, and hands the verified webhooks to the handler', async () => {
    expect(container().isBound(STRIPE_SANDBOX)).toBe(true);
    expect(container().get(PAYMENT_ACTION_HANDLER)).toBeTypeOf('function');
    const gateway = container().get(TYPES.PaymentGateway);
    const session = await gateway.createCheckout({
      purpose: 'budget',
      campaignId: 'campaign-1',
      amountCents: 12_000,
      description: 'Ad budget of Clean water',
      successUrl: `${app.url}/campaign/campaign-1/details/?paid={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${app.url}/campaign/campaign-1/details/`,
      idempotencyKey: 'budget-campaign-1',
    });
    // The app learned its real port (PORT=0), and so did the sandbox and the SDK pointed at it.
    expect(session.url).toBe(`${app.url}/sandbox/stripe/c/pay/${session.id}`);

    const page = await fetch(session.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${app.url}`);
    expect(await page.text()).toContain('$120.00');

    const paid = await submitCheckoutForm(session.url, { number: '4242 4242 4242 4242' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${app.url}/campaign/campaign-1/details/?paid=${session.id}`);

    await container().get(STRIPE_SANDBOX).webhooks.drain();
    const succeeded = actions.filter((action) => action.type === 'paymentSucceeded');
    expect(succeeded).toHaveLength(2);
    expect(succeeded[1]).toMatchObject({ purpose: 'budget', campaignId: 'campaign-1', sessionId: session.id });
    expect(actions.filter((action) => action.type === 'ignored').map((action) => action.providerType)).toEqual([
      'payment_intent.created',
      'charge.succeeded',
    ]);

    const detail = await gateway.getPaymentDetail(session.id);
    expect(detail).toMatchObject({ amount: 12_000, card: { brand: 'visa', last4: '4242' } });
    expect(detail!.link).toMatch(new RegExp(`^${app.url}/sandbox/stripe/receipts/ch_`));
    expect((await fetch(detail!.link!)).status).toBe(200);
  });

  it('answers 500 when the handler fails, so the webhook is delivered again', async () => {
    const sandbox = container().get(STRIPE_SANDBOX);
    sandbox.webhooks.configure({ retryDelayMs: 50 });
    failures = 1;
    const before = actions.length;
    const event = sandbox.emitEvent('customer.created', { id: 'cus_1', object: 'customer' });
    await sandbox.webhooks.drain();
    const attempts = sandbox.webhooks.attempts().filter((attempt) => attempt.eventId === event.id);
    expect(attempts.map(({ attempt, status }) => ({ attempt, status }))).toEqual([
      { attempt: 1, status: 500 },
      { attempt: 2, status: 200 },
    ]);
    expect(actions.slice(before)).toEqual([{ type: 'ignored', eventId: event.id, providerType: 'customer.created' }]);
  });

  it('refuses a webhook with a bad signature with a clear 400', async () => {
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'charge.refunded', data: { object: {} } });
    const response = await fetch(`${app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=00` },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'invalid',
        message: 'The webhook signature does not match its body.',
        fields: { 'stripe-signature': 'The webhook signature does not match its body.' },
      },
    });
    const unsigned = await fetch(`${app.url}/api/stripe/webhook`, { method: 'POST', body });
    expect(unsigned.status).toBe(400);
    expect((await unsigned.json()).error.message).toBe('The webhook signature header is missing or malformed.');
  });

  it("answers the sandbox's Stripe API only with its key, in Stripe's error shape", async () => {
    const response = await fetch(`${app.url}/sandbox/stripe/v1/products`, {
      headers: { authorization: 'Bearer sk_test_guess' },
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'api_key_invalid' });
  });

  it("moves the sandbox's clock from this computer without its key, so monthly gifts renew", async () => {
    const clock = async (body?: object) =>
      fetch(`${app.url}/sandbox/stripe/_sandbox/clock`, {
        method: body ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const before = await (await clock()).json();
    const moved = await clock({ advance_days: 2 });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({
      object: 'sandbox.clock',
      offset_seconds: before.offset_seconds + 2 * 24 * 3600,
    });
  });

  it('lists the webhook route in the API reference', async () => {
    const document = await (await fetch(`${app.url}/api/openapi.json`)).json();
    expect(document.paths['/api/stripe/webhook'].post.responses).toHaveProperty('400');
  });
});
