import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStripePaymentGateway } from '@causeway/adapters/stripe/stripe.payment-gateway';
import { startStripeSandbox, type RunningStripeSandbox } from '@causeway/adapters/stripe/stripe.sandbox';
import { systemClock } from '@causeway/adapters/system/system-clock';
import type { CheckoutRequest, PaymentGateway } from '@causeway/core/ports/payment-gateway.port';
import { sandboxControl, submitCheckoutForm } from './sandbox-control';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const SECRET_KEY = 'sk_test_sandbox_tests';
const WEBHOOK_SECRET = 'whsec_sandbox_tests';

const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  purpose: 'donation',
  campaignId: 'campaign-1',
  amountCents: 2_500,
  description: 'Donation to Clean water',
  successUrl: 'https://app.test/donated?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://app.test/campaign/campaign-1/details/',
  promoterId: 'promoter-1',
  payerUserId: null,
  idempotencyKey: `key-${Math.random()}`,
  ...overrides,
});

let receiver: WebhookReceiver;
let sandbox: RunningStripeSandbox;
let gateway: PaymentGateway;
let stripe: Stripe;
let control: ReturnType<typeof sandboxControl>;

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  // Mounted at the root: the SDK reaches it with its own host, port and protocol options.
  sandbox = await startStripeSandbox({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhooks: { url: receiver.url, retryDelayMs: 40 },
  });
  const apiBase = new URL(sandbox.url);
  gateway = createStripePaymentGateway({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    clock: systemClock,
    apiBase,
  });
  stripe = new Stripe(SECRET_KEY, {
    host: apiBase.hostname,
    port: apiBase.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  control = sandboxControl(sandbox.url, SECRET_KEY);
});

afterEach(async () => {
  await sandbox.close();
  await receiver.close();
});

const api = (path: string, init: RequestInit & { key?: string | null } = {}) => {
  const { key = SECRET_KEY, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (key) headers.set('authorization', `Bearer ${key}`);
  if (rest.body) headers.set('content-type', 'application/x-www-form-urlencoded');
  return fetch(`${sandbox.url}${path}`, { ...rest, headers });
};

describe('the Stripe API of the sandbox', () => {
  it('refuses calls without the secret key, in Stripe’s error shape', async () => {
    for (const [key, message] of [
      [null, /You did not provide an API key/],
      ['sk_test_wrong_key_1234', /Invalid API Key provided: sk_test_\*+1234/],
      ['pk_test_publishable', /publishable API key/],
      ['sk_live_realkey', /Invalid API Key provided/],
    ] as const) {
      const response = await api('/v1/products', { key });
      expect(response.status).toBe(401);
      const { error } = await response.json();
      expect(error).toMatchObject({ type: 'invalid_request_error', message: expect.stringMatching(message) });
    }
    const wrong = createStripePaymentGateway({
      secretKey: 'sk_test_wrong_key_1234',
      webhookSecret: WEBHOOK_SECRET,
      clock: systemClock,
      apiBase: new URL(sandbox.url),
    });
    await expect(wrong.listProducts()).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('answers missing objects, unknown parameters and bad values as Stripe does', async () => {
    const missing = await api('/v1/prices/price_nope');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: "No such price: 'price_nope'",
      param: 'id',
      doc_url: expect.any(String),
    });
    const unknown = await api('/v1/products', { method: 'POST', body: 'name=Gift&colour=red' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
    const product = await stripe.products.create({ name: 'Donation' });
    await expect(
      stripe.prices.create({ product: product.id, unit_amount: 12.5, currency: 'usd' }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: 'Invalid integer: 12.5',
      param: 'unit_amount',
    });
    const route = await api('/v1/coupons');
    expect(route.status).toBe(404);
    expect((await route.json()).error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/coupons\)/);
  });

  it('answers a repeated Idempotency-Key with the first response, and refuses it with other parameters', async () => {
    const create = (body: string, key: string, path = '/v1/products') =>
      api(path, { method: 'POST', body, headers: { 'idempotency-key': key } });
    const first = await create('name=Donation', 'product-1');
    const again = await create('name=Donation', 'product-1');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).id).toBe((await first.json()).id);
    expect((await stripe.products.list()).data).toHaveLength(1);

    const changed = await create('name=Budget', 'product-1');
    expect(changed.status).toBe(400);
    expect((await changed.json()).error).toMatchObject({
      type: 'idempotency_error',
      message: expect.stringContaining('can only be used with the same parameters'),
    });
    const elsewhere = await create('name=Donation', 'product-1', '/v1/prices');
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).error.message).toMatch(/same endpoint/);

    // A request refused for its parameters ran nothing: the key stays free for the corrected one.
    expect((await create('nom=Donation', 'product-2')).status).toBe(400);
    expect((await create('name=Donation', 'product-2')).status).toBe(200);
  });

  it('lists newest first with cursor pagination, active only when asked', async () => {
    const made = [];
    for (const name of ['A', 'B', 'C']) made.push(await stripe.products.create({ name, active: name !== 'B' }));
    const page = await stripe.products.list({ limit: 1 });
    expect(page).toMatchObject({ object: 'list', has_more: true, data: [{ name: 'C' }] });
    const next = await stripe.products.list({ limit: 5, starting_after: page.data[0]!.id });
    expect(next.data.map((product) => product.name)).toEqual(['B', 'A']);
    expect(next.has_more).toBe(false);
    expect((await stripe.products.list({ active: true })).data.map((product) => product.name)).toEqual(['C', 'A']);
    const all = await stripe.products.list({ limit: 1 }).autoPagingToArray({ limit: 10 });
    expect(all.map((product) => product.id)).toEqual(made.map((product) => product.id).reverse());
  });
});

describe('the hosted checkout page over HTTP', () => {
  it('shows the amount and description with a card form', async () => {
    const session = await gateway.createCheckout(checkout());
    expect(session.id).toMatch(/^cs_test_/);
    const page = await fetch(session.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('$25.00');
    expect(html).toContain('Donation to Clean water');
    expect(html).toMatch(/<label for="cardNumber">Card number<\/label>/);
  });

  it('takes 4242 4242 4242 4242: a payment intent and a visa charge with a receipt, then the success URL', async () => {
    const session = await gateway.createCheckout(checkout());
    const paid = await submitCheckoutForm(session.url, { number: '4242 4242 4242 4242' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://app.test/donated?session=${session.id}`);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    expect(retrieved).toMatchObject({ object: 'checkout.session', status: 'complete', payment_status: 'paid' });
    const intent = retrieved.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      id: expect.stringMatching(/^pi_/),
      object: 'payment_intent',
      status: 'succeeded',
      amount_received: 2_500,
      metadata: { purpose: 'donation', campaignId: 'campaign-1', userId: 'promoter-1' },
    });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      id: expect.stringMatching(/^ch_/),
      object: 'charge',
      paid: true,
      payment_method_details: { card: { brand: 'visa', last4: '4242' } },
    });
    expect(charge.receipt_url).toBe(`${sandbox.url}/receipts/${charge.id}`);
    const receipt = await fetch(charge.receipt_url!);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toMatch(/\$25\.00[\s\S]*VISA &ndash; 4242/);

    expect(await gateway.getPaymentDetail(session.id)).toMatchObject({
      paymentId: intent.id,
      amount: 2_500,
      card: { brand: 'visa', last4: '4242' },
      link: charge.receipt_url,
    });
    // The page of a paid session says so, and takes no second payment.
    expect(await (await fetch(session.url)).text()).toContain('Payment complete');
  });

  it("reads a paid checkout's receipt in one request, and answers it again without asking", async () => {
    let requests = 0;
    const base = new URL(sandbox.url);
    const counting = createStripePaymentGateway({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      clock: systemClock,
      // A base given as a function is asked once per request the SDK sends.
      apiBase: () => {
        requests += 1;
        return base;
      },
    });
    const session = await counting.createCheckout(checkout());
    requests = 0;
    // Not paid yet: each read asks again, since the payment may come at any moment.
    expect(await counting.getPaymentDetail(session.id)).toBeNull();
    expect(await counting.getPaymentDetail(session.id)).toBeNull();
    expect(requests).toBe(2);
    await (await submitCheckoutForm(session.url, { number: '4242 4242 4242 4242' })).arrayBuffer();
    requests = 0;
    const first = await counting.getPaymentDetail(session.id);
    expect(first).toMatchObject({ amount: 2_500, card: { brand: 'visa', last4: '4242' } });
    expect(requests).toBe(1);
    expect(await counting.getPaymentDetail(session.id)).toEqual(first);
    expect(requests).toBe(1);
  });

  it("declines 4000 0000 0000 0002 with Stripe's message, and the payer may try another card", async () => {
    const session = await gateway.createCheckout(checkout());
    const declined = await submitCheckoutForm(session.url, { number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toMatch(/role="alert">Your card was declined\.</);
    expect(await gateway.getPaymentDetail(session.id)).toBeNull();
    const { payment_intent: failedIntent } = await stripe.checkout.sessions.retrieve(session.id);
    expect(await stripe.paymentIntents.retrieve(failedIntent as string)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });

    expect((await submitCheckoutForm(session.url, { number: '5555 5555 5555 4444' })).status).toBe(303);
    expect(await gateway.getPaymentDetail(session.id)).toMatchObject({
      paymentId: failedIntent,
      card: { brand: 'mastercard', last4: '4444' },
    });
  });

  it.each([
    [{ number: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
    [{ number: '4242 4242' }, 'Your card number is incomplete.'],
    [{ number: '4242424242424242', expiry: '01 / 20' }, "Your card's expiration year is in the past."],
    [{ number: '4242424242424242', expiry: '14 / 40' }, "Your card's expiration month is invalid."],
    [{ number: '4242424242424242', cvc: '1' }, "Your card's security code is incomplete."],
  ])('refuses %j before charging: %s', async (card, message) => {
    const session = await gateway.createCheckout(checkout());
    const refused = await submitCheckoutForm(session.url, card);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(message.replaceAll("'", '&#39;'));
    expect(html).toContain('aria-invalid="true"');
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_intent).toBeNull();
  });

  it('opens a session from a payment link carrying its metadata, and redirects after payment', async () => {
    const product = await stripe.products.create({ name: 'Donation' });
    const price = await gateway.createPrice({ productId: product.id, unitAmount: 1_000, idempotencyKey: 'price-1' });
    const link = await gateway.createPaymentLink({
      priceId: price.id,
      campaignId: 'campaign-1',
      userId: 'promoter-1',
      redirectUrl: 'https://app.test/thanks',
      idempotencyKey: 'link-1',
    });
    expect(link.id).toMatch(/^plink_/);
    const opened = await fetch(link.url, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const pageUrl = new URL(opened.headers.get('location')!, link.url).href;
    const page = await fetch(pageUrl);
    expect(await page.text()).toContain('$10.00');

    const paid = await submitCheckoutForm(pageUrl, { number: '4242424242424242' });
    expect(paid.headers.get('location')).toBe('https://app.test/thanks');
    await control.drain();
    const completed = receiver.last('checkout.session.completed');
    expect(completed.event.data.object).toMatchObject({
      payment_link: link.id,
      amount_total: 1_000,
      metadata: { campaignId: 'campaign-1', userId: 'promoter-1' },
    });
    expect(await gateway.parseWebhook(completed.body, completed.signature)).toMatchObject({
      type: 'paymentSucceeded',
      purpose: 'donation',
      campaignId: 'campaign-1',
      promoterId: 'promoter-1',
      amountCents: 1_000,
    });
  });
});

describe('refunds', () => {
  it('refunds in parts up to what was paid, each announced with the total refunded', async () => {
    const session = await gateway.createCheckout(checkout());
    await control.pay(session.id);
    const { paymentId } = (await gateway.getPaymentDetail(session.id))!;
    const refund = await stripe.refunds.create({ payment_intent: paymentId, amount: 1_000 });
    expect(refund).toMatchObject({
      id: expect.stringMatching(/^re_/),
      object: 'refund',
      amount: 1_000,
      status: 'succeeded',
    });
    await expect(stripe.refunds.create({ payment_intent: paymentId, amount: 2_000 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: 'Refund amount ($20.00) is greater than unrefunded amount on charge ($15.00)',
    });
    await control.refund(paymentId);
    await control.drain();
    const refunds = receiver.received.filter((hook) => hook.event.type === 'charge.refunded');
    const actions = await Promise.all(refunds.map((hook) => gateway.parseWebhook(hook.body, hook.signature)));
    expect(actions).toEqual([
      { type: 'paymentRefunded', eventId: expect.any(String), paymentIntentId: paymentId, amountCents: 1_000 },
      { type: 'paymentRefunded', eventId: expect.any(String), paymentIntentId: paymentId, amountCents: 2_500 },
    ]);
    await expect(stripe.refunds.create({ payment_intent: paymentId })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
  });
});

describe('webhooks', () => {
  it('signs each delivery exactly as Stripe does, and a tampered body is refused', async () => {
    const session = await gateway.createCheckout(checkout());
    await control.pay(session.id);
    await control.drain();
    const hook = receiver.last('checkout.session.completed');
    const timestamp = Number(/^t=(\d+),v1=[0-9a-f]{64}$/.exec(hook.signature)![1]);
    const payload = Buffer.from(hook.body).toString('utf8');
    expect(hook.signature).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }),
    );
    expect(await gateway.parseWebhook(hook.body, hook.signature)).toMatchObject({
      type: 'paymentSucceeded',
      sessionId: session.id,
    });
    const tampered = new TextEncoder().encode(payload.replace('"amount_total": 2500', '"amount_total": 250000'));
    expect(tampered).not.toEqual(hook.body);
    await expect(gateway.parseWebhook(tampered, hook.signature)).rejects.toMatchObject({
      code: 'invalid',
      message: 'The webhook signature does not match its body.',
    });
  });

  it('delivers the events of a payment in the order they happened', async () => {
    const session = await gateway.createCheckout(checkout());
    await control.pay(session.id);
    await control.drain();
    expect(receiver.received.map((hook) => hook.event.type)).toEqual([
      'payment_intent.created',
      'charge.succeeded',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
  });

  it('can deliver every event twice and out of order: the same events, as the same payment actions', async () => {
    await control.configureWebhooks({ duplicate: true, out_of_order: true });
    const session = await gateway.createCheckout(checkout());
    await control.pay(session.id);
    await control.drain();
    const types = receiver.received.map((hook) => hook.event.type);
    const order = [
      'checkout.session.completed',
      'payment_intent.succeeded',
      'charge.succeeded',
      'payment_intent.created',
    ];
    expect(types).toEqual([...order, ...order]);
    const ids = receiver.received.map((hook) => hook.event.id);
    expect(ids.slice(4)).toEqual(ids.slice(0, 4));

    const actions = await Promise.all(receiver.received.map((hook) => gateway.parseWebhook(hook.body, hook.signature)));
    const succeeded = actions.filter((action) => action.type === 'paymentSucceeded');
    // Two events announce the one payment, each delivered twice: one payment intent to record once.
    expect(succeeded).toHaveLength(4);
    expect(new Set(succeeded.map((action) => action.paymentIntentId)).size).toBe(1);
    expect(new Set(succeeded.map((action) => action.sessionId))).toEqual(new Set([session.id]));
  });

  it('delivers the webhooks of several payments at once, up to its concurrency, each in its order', async () => {
    // An endpoint that takes its time over each webhook, counting how many are under way at once.
    let underWay = 0;
    let most = 0;
    const received: { type: string; paymentIntent: string }[] = [];
    const slow = createServer((req, res) => {
      underWay++;
      most = Math.max(most, underWay);
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const object = event.data.object as { id: string; object: string; payment_intent?: string };
        received.push({
          type: event.type,
          paymentIntent: object.object === 'payment_intent' ? object.id : object.payment_intent!,
        });
        setTimeout(() => {
          underWay--;
          res.writeHead(200).end('{}');
        }, 150);
      });
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      await control.configureWebhooks({
        url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`,
        concurrency: 3,
      });
      const sessions = await Promise.all(Array.from({ length: 6 }, () => gateway.createCheckout(checkout())));
      await Promise.all(sessions.map((session) => control.pay(session.id)));
      const attempts = await control.drain(60_000);
      expect(attempts).toHaveLength(24);
      expect(attempts.every((attempt) => attempt.ok && attempt.attempt === 1)).toBe(true);
      expect(most).toBe(3);
      // Each payment's own events still arrive in the order they happened.
      const byPayment = new Map<string, typeof received>();
      for (const hook of received)
        byPayment.set(hook.paymentIntent, [...(byPayment.get(hook.paymentIntent) ?? []), hook]);
      expect(byPayment.size).toBe(6);
      for (const hooks of byPayment.values()) {
        expect(hooks.map((hook) => hook.type)).toEqual([
          'payment_intent.created',
          'charge.succeeded',
          'payment_intent.succeeded',
          'checkout.session.completed',
        ]);
      }
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it('retries a failing endpoint with growing waits, then gives up after the last attempt', async () => {
    await control.configureWebhooks({ max_attempts: 3, retry_delay_ms: 60 });
    receiver.failNext(2);
    await control.emit('customer.created', { id: 'cus_1', object: 'customer' });
    let attempts = await control.drain();
    expect(attempts.map(({ attempt, status, ok }) => ({ attempt, status, ok }))).toEqual([
      { attempt: 1, status: 500, ok: false },
      { attempt: 2, status: 500, ok: false },
      { attempt: 3, status: 200, ok: true },
    ]);
    const times = (await (await api('/_sandbox/webhooks/attempts')).json()).data.map((a: { at: string }) =>
      Date.parse(a.at),
    );
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(55);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(115);
    expect(receiver.received).toHaveLength(1);

    receiver.failNext(10, 503);
    await control.emit('customer.updated', { id: 'cus_1', object: 'customer' });
    attempts = await control.drain();
    expect(attempts.slice(3).map(({ status, ok }) => [status, ok])).toEqual([
      [503, false],
      [503, false],
      [503, false],
    ]);
    expect(receiver.received).toHaveLength(1);
  });

  it('lets tests trigger a failed payment, read as paymentFailed with the reason', async () => {
    const session = await gateway.createCheckout(checkout());
    const declined = await control.decline(session.id, 'insufficient_funds');
    expect(declined).toMatchObject({ error: { type: 'card_error', decline_code: 'insufficient_funds' } });
    await control.drain();
    const hook = receiver.last('payment_intent.payment_failed');
    expect(await gateway.parseWebhook(hook.body, hook.signature)).toEqual({
      type: 'paymentFailed',
      eventId: hook.event.id,
      paymentIntentId: expect.stringMatching(/^pi_/),
      campaignId: 'campaign-1',
      reason: 'Your card has insufficient funds.',
    });
  });
});
