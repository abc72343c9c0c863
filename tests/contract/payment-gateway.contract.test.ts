import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryPaymentGateway, type SignedWebhook } from '@causeway/adapters/memory/payment-gateway.fake';
import { createApiBaseHttpClient } from '@causeway/adapters/stripe/stripe-api-base.http-client';
import { createStripePaymentGateway } from '@causeway/adapters/stripe/stripe.payment-gateway';
import { startStripeSandbox } from '@causeway/adapters/stripe/stripe.sandbox';
import type {
  CheckoutRequest,
  PaymentGateway,
  PaymentProduct,
  RecurringPayments,
  SubscriptionCheckoutRequest,
} from '@causeway/core/ports/payment-gateway.port';
import { PaymentDetail } from '@causeway/core/reporting/results.entity';
import { sandboxControl, submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { startWebhookReceiver } from '@causeway/tests/stripe/webhook-receiver';

const WEBHOOK_SECRET = 'whsec_test_contract';
const SECRET_KEY = 'sk_test_contract';
const START = '2026-03-10T15:30:00.000Z';

/** What a payer or the provider's dashboard would do, each answering the webhook it causes. */
interface Provider {
  completeCheckout(
    sessionId: string,
    payment?: { card?: { brand: string; last4: string }; email?: string },
  ): Promise<SignedWebhook>;
  failCheckout(sessionId: string, reason?: string): Promise<SignedWebhook>;
  refundPayment(paymentIntentId: string, amountCents?: number): Promise<SignedWebhook>;
  signEvent(type: string, object: Record<string, unknown>): Promise<SignedWebhook>;
  addProduct(input: { name: string; active?: boolean }): Promise<PaymentProduct>;
  archivePrice(priceId: string): Promise<void>;
  /** The subscription and customer a paid monthly gift's checkout started. */
  subscriptionOf(sessionId: string): Promise<{ subscriptionId: string; customerId: string }>;
  /** The `invoice.paid` webhook of a paid monthly gift's first month. */
  firstInvoicePaid(sessionId: string): Promise<SignedWebhook>;
}

interface Subject {
  gateway: PaymentGateway & RecurringPayments;
  provider: Provider;
  clock: ManualClock;
  close?: () => Promise<void>;
}

/** Stripe's test cards by what they show on a receipt, and by the decline they cause. */
const TEST_CARDS: Record<string, string> = {
  'visa/4242': '4242424242424242',
  'mastercard/4444': '5555555555554444',
  'amex/0005': '378282246310005',
};
const DECLINING_CARDS: Record<string, string> = {
  'Your card was declined.': '4000000000000002',
  'Your card has insufficient funds.': '4000000000009995',
};

const implementations: { name: string; create: () => Promise<Subject> }[] = [
  {
    name: 'memory',
    create: async () => {
      const clock = new ManualClock(START);
      const gateway = createMemoryPaymentGateway({ webhookSecret: WEBHOOK_SECRET, clock, baseUrl: 'http://pay.test/' });
      const provider: Provider = {
        completeCheckout: async (sessionId, payment) => gateway.completeCheckout(sessionId, payment),
        failCheckout: async (sessionId, reason) => gateway.failCheckout(sessionId, reason),
        refundPayment: async (paymentIntentId, amountCents) => gateway.refundPayment(paymentIntentId, amountCents),
        signEvent: async (type, object) => gateway.signEvent(type, object),
        addProduct: async (input) => gateway.addProduct(input),
        archivePrice: async (priceId) => gateway.archivePrice(priceId),
        subscriptionOf: async (sessionId) => gateway.subscriptionOf(sessionId),
        firstInvoicePaid: async (sessionId) => gateway.invoicePaidEvent(sessionId),
      };
      return { gateway, provider, clock };
    },
  },
  {
    // The real SDK over HTTP to the sandbox (mounted under a path prefix, as in embedded mode); the
    // payer's side goes through the hosted checkout page's form and the webhooks it delivers.
    name: 'stripe on the sandbox',
    create: async () => {
      const clock = new ManualClock(START);
      const receiver = await startWebhookReceiver();
      const sandbox = await startStripeSandbox({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        clock,
        basePath: '/sandbox/stripe',
        webhooks: { url: receiver.url, retryDelayMs: 20 },
      });
      const apiBase = new URL(sandbox.url);
      const gateway = createStripePaymentGateway({
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        clock,
        apiBase,
      });
      const dashboard = new Stripe(SECRET_KEY, { httpClient: createApiBaseHttpClient(() => apiBase) });
      const control = sandboxControl(sandbox.url, SECRET_KEY);
      const delivered = async (type: string, test: (object: Record<string, unknown>) => boolean) => {
        await control.drain();
        const { body, signature } = receiver.last(type, test);
        return { body, signature };
      };
      const pay = async (sessionId: string, number: string, email?: string) => {
        const response = await submitCheckoutForm(`${sandbox.url}/c/pay/${sessionId}`, {
          number,
          ...(email ? { email } : {}),
        });
        await response.arrayBuffer();
        return response.status;
      };
      const provider: Provider = {
        async completeCheckout(sessionId, payment) {
          const card = payment?.card ?? { brand: 'visa', last4: '4242' };
          const number = TEST_CARDS[`${card.brand}/${card.last4}`];
          if (!number) throw new Error(`No test card shows as ${card.brand} ${card.last4}.`);
          expect(await pay(sessionId, number, payment?.email)).toBe(303);
          return delivered('checkout.session.completed', (object) => object.id === sessionId);
        },
        async failCheckout(sessionId, reason = 'Your card was declined.') {
          const number = DECLINING_CARDS[reason];
          if (!number) throw new Error(`No test card is declined with "${reason}".`);
          expect(await pay(sessionId, number)).toBe(402);
          return delivered('payment_intent.payment_failed', () => true);
        },
        async refundPayment(paymentIntentId, amountCents) {
          await dashboard.refunds.create({ payment_intent: paymentIntentId, amount: amountCents });
          return delivered('charge.refunded', (object) => object.payment_intent === paymentIntentId);
        },
        async signEvent(type, object) {
          await control.emit(type, object);
          return delivered(type, () => true);
        },
        async addProduct({ name, active = true }) {
          const product = await dashboard.products.create({ name, active });
          return { id: product.id, name: product.name, active: product.active };
        },
        async archivePrice(priceId) {
          await dashboard.prices.update(priceId, { active: false });
        },
        async subscriptionOf(sessionId) {
          const session = await dashboard.checkout.sessions.retrieve(sessionId);
          return { subscriptionId: session.subscription as string, customerId: session.customer as string };
        },
        async firstInvoicePaid(sessionId) {
          const { subscriptionId } = await this.subscriptionOf(sessionId);
          return delivered('invoice.paid', (object) => {
            const parent = object.parent as { subscription_details?: { subscription?: string } } | null;
            return parent?.subscription_details?.subscription === subscriptionId;
          });
        },
      };
      return {
        gateway,
        provider,
        clock,
        async close() {
          await sandbox.close();
          await receiver.close();
        },
      };
    },
  },
];

const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  purpose: 'donation',
  campaignId: 'campaign-1',
  amountCents: 2_500,
  description: 'Donation to Clean water',
  successUrl: 'https://app.test/donated',
  cancelUrl: 'https://app.test/campaign/campaign-1/details/',
  promoterId: 'promoter-1',
  payerUserId: null,
  idempotencyKey: 'donation-key-1',
  ...overrides,
});

const monthlyCheckout = (overrides: Partial<SubscriptionCheckoutRequest> = {}): SubscriptionCheckoutRequest => ({
  campaignId: 'campaign-1',
  amountCents: 2_587,
  coveredFeeCents: 87,
  description: 'Monthly donation to Clean water',
  successUrl: 'https://app.test/donated',
  cancelUrl: 'https://app.test/campaign/campaign-1/details/',
  promoterId: 'promoter-1',
  payerUserId: 'donor-1',
  idempotencyKey: 'monthly-key-1',
  ...overrides,
});

describe.each(implementations)('PaymentGateway ($name)', ({ create }) => {
  let gateway: PaymentGateway & RecurringPayments;
  let provider: Provider;
  let clock: ManualClock;
  let close: Subject['close'];

  beforeEach(async () => {
    ({ gateway, provider, clock, close } = await create());
  });
  afterEach(async () => {
    await close?.();
  });

  it('creates a hosted checkout with an id and a page to send the payer to', async () => {
    const first = await gateway.createCheckout(checkout());
    const second = await gateway.createCheckout(checkout({ idempotencyKey: 'donation-key-2' }));
    expect(first.id).not.toBe('');
    expect(new URL(first.url).protocol).toMatch(/^https?:$/);
    expect(second.id).not.toBe(first.id);
  });

  it('never creates a second checkout for the same idempotency key', async () => {
    const first = await gateway.createCheckout(checkout());
    expect(await gateway.createCheckout(checkout())).toEqual(first);
    await expect(gateway.createCheckout(checkout({ amountCents: 9_900 }))).rejects.toMatchObject({ code: 'conflict' });
  });

  it('refuses a checkout amount that is not a whole number of cents', async () => {
    await expect(gateway.createCheckout(checkout({ amountCents: 12.5 }))).rejects.toMatchObject({ code: 'invalid' });
    await expect(gateway.createCheckout(checkout({ amountCents: 0 }))).rejects.toMatchObject({ code: 'invalid' });
  });

  it('creates a reusable payment link for a price, once per idempotency key', async () => {
    const product = await provider.addProduct({ name: 'Donation' });
    const price = await gateway.createPrice({ productId: product.id, unitAmount: 1_000, idempotencyKey: 'price-1' });
    const input = {
      priceId: price.id,
      campaignId: 'campaign-1',
      userId: 'user-1',
      redirectUrl: 'https://app.test/thanks',
      idempotencyKey: 'link-1',
    };
    const link = await gateway.createPaymentLink(input);
    expect(link.id).not.toBe('');
    expect(new URL(link.url).protocol).toMatch(/^https?:$/);
    expect(await gateway.createPaymentLink(input)).toEqual(link);
    expect(await gateway.createPaymentLink({ ...input, idempotencyKey: 'link-2' })).not.toEqual(link);
  });

  it('lists active products only', async () => {
    const active = await provider.addProduct({ name: 'Donation' });
    await provider.addProduct({ name: 'Retired', active: false });
    expect(await gateway.listProducts()).toEqual([{ id: active.id, name: 'Donation', active: true }]);
  });

  it("lists a product's active prices only", async () => {
    const product = await provider.addProduct({ name: 'Donation' });
    const other = await provider.addProduct({ name: 'Budget' });
    const kept = await gateway.createPrice({ productId: product.id, unitAmount: 1_000, idempotencyKey: 'p-1' });
    const archived = await gateway.createPrice({ productId: product.id, unitAmount: 2_000, idempotencyKey: 'p-2' });
    await gateway.createPrice({ productId: other.id, unitAmount: 3_000, idempotencyKey: 'p-3' });
    await provider.archivePrice(archived.id);
    expect(await gateway.listPrices(product.id)).toEqual([kept]);
  });

  it('creates an active usd price for a product, once per idempotency key', async () => {
    const product = await provider.addProduct({ name: 'Donation' });
    const input = { productId: product.id, unitAmount: 1_500, idempotencyKey: 'price-1' };
    const price = await gateway.createPrice(input);
    expect(price).toEqual({
      id: expect.any(String),
      productId: product.id,
      unitAmount: 1_500,
      currency: 'usd',
      active: true,
    });
    expect(await gateway.createPrice(input)).toEqual(price);
    expect(await gateway.listPrices(product.id)).toHaveLength(1);
  });

  it('answers the receipt of a paid checkout, and null for an unpaid or unknown one', async () => {
    const session = await gateway.createCheckout(checkout());
    expect(await gateway.getPaymentDetail(session.id)).toBeNull();
    await provider.completeCheckout(session.id, { card: { brand: 'mastercard', last4: '4444' } });
    const detail = await gateway.getPaymentDetail(session.id);
    expect(PaymentDetail.parse(detail)).toEqual({
      paymentId: expect.any(String),
      formattedDate: 'Mar 10, 2026',
      createdAt: '2026-03-10T15:30:00.000Z',
      amount: 2_500,
      card: { brand: 'mastercard', last4: '4444' },
      link: expect.stringMatching(/^https?:\/\//),
    });
    expect(await gateway.getPaymentDetail('cs_unknown')).toBeNull();
  });

  it('reads a completed checkout as a succeeded payment with its purpose, campaign, promoter and payer', async () => {
    const session = await gateway.createCheckout(checkout({ purpose: 'budget', promoterId: null }));
    const donation = await gateway.createCheckout(checkout({ idempotencyKey: 'donation-key-2' }));
    const webhook = await provider.completeCheckout(session.id, { email: 'dana@example.org' });
    const action = await gateway.parseWebhook(webhook.body, webhook.signature);
    const detail = await gateway.getPaymentDetail(session.id);
    expect(action).toEqual({
      type: 'paymentSucceeded',
      eventId: expect.any(String),
      purpose: 'budget',
      paymentIntentId: detail?.paymentId,
      sessionId: session.id,
      campaignId: 'campaign-1',
      promoterId: null,
      amountCents: 2_500,
      occurredAt: '2026-03-10T15:30:00.000Z',
      payerEmail: 'dana@example.org',
      raw: expect.any(Object),
    });
    const donated = await provider.completeCheckout(donation.id);
    expect(await gateway.parseWebhook(donated.body, donated.signature)).toMatchObject({
      purpose: 'donation',
      promoterId: 'promoter-1',
    });
  });

  it('reads a failed payment with its campaign and the reason', async () => {
    const session = await gateway.createCheckout(checkout());
    const webhook = await provider.failCheckout(session.id, 'Your card has insufficient funds.');
    expect(await gateway.parseWebhook(webhook.body, webhook.signature)).toEqual({
      type: 'paymentFailed',
      eventId: expect.any(String),
      paymentIntentId: expect.any(String),
      campaignId: 'campaign-1',
      reason: 'Your card has insufficient funds.',
    });
  });

  it('reads a refund with its payment intent and all refunded so far', async () => {
    const session = await gateway.createCheckout(checkout());
    await provider.completeCheckout(session.id);
    const paymentIntentId = (await gateway.getPaymentDetail(session.id))!.paymentId;
    const webhook = await provider.refundPayment(paymentIntentId, 1_000);
    expect(await gateway.parseWebhook(webhook.body, webhook.signature)).toEqual({
      type: 'paymentRefunded',
      eventId: expect.any(String),
      paymentIntentId,
      amountCents: 1_000,
    });
    const rest = await provider.refundPayment(paymentIntentId);
    expect(await gateway.parseWebhook(rest.body, rest.signature)).toMatchObject({
      paymentIntentId,
      amountCents: 2_500,
    });
  });

  it('ignores events it has no meaning for, naming the provider type', async () => {
    const webhook = await provider.signEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect(await gateway.parseWebhook(webhook.body, webhook.signature)).toEqual({
      type: 'ignored',
      eventId: expect.any(String),
      providerType: 'customer.created',
    });
  });

  it('refuses a webhook whose signature is wrong, missing, stale or over another body', async () => {
    const session = await gateway.createCheckout(checkout());
    const webhook = await provider.completeCheckout(session.id);
    const t = webhook.signature.match(/t=(\d+)/)![1]!;
    const forged = createHmac('sha256', 'whsec_other').update(`${t}.`).update(webhook.body).digest('hex');
    const tampered = new TextEncoder().encode(new TextDecoder().decode(webhook.body).replace('2500', '250000'));
    for (const [body, header] of [
      [webhook.body, `t=${t},v1=${forged}`],
      [webhook.body, ''],
      [webhook.body, `t=${t}`],
      [tampered, webhook.signature],
    ] as const) {
      await expect(gateway.parseWebhook(body, header)).rejects.toMatchObject({ code: 'invalid' });
    }
    clock.advance(60 * 60 * 1000);
    await expect(gateway.parseWebhook(webhook.body, webhook.signature)).rejects.toMatchObject({ code: 'invalid' });
  });

  describe('monthly gifts (RecurringPayments)', () => {
    /** A monthly gift's checkout, paid with a Visa ending in 4242. */
    const startGift = async () => {
      const session = await gateway.createSubscriptionCheckout(monthlyCheckout());
      await provider.completeCheckout(session.id, { email: 'dana@example.org' });
      return { session, ...(await provider.subscriptionOf(session.id)) };
    };

    it('creates a monthly gift checkout with an id and a page, never a second for the same key', async () => {
      const first = await gateway.createSubscriptionCheckout(monthlyCheckout());
      expect(first.id).not.toBe('');
      expect(new URL(first.url).protocol).toMatch(/^https?:$/);
      expect(await gateway.createSubscriptionCheckout(monthlyCheckout())).toEqual(first);
      const other = await gateway.createSubscriptionCheckout(monthlyCheckout({ idempotencyKey: 'monthly-key-2' }));
      expect(other.id).not.toBe(first.id);
      await expect(gateway.createSubscriptionCheckout(monthlyCheckout({ amountCents: 9_900 }))).rejects.toMatchObject({
        code: 'conflict',
      });
      await expect(
        gateway.createSubscriptionCheckout(monthlyCheckout({ amountCents: 12.5, idempotencyKey: 'monthly-key-3' })),
      ).rejects.toMatchObject({ code: 'invalid' });
    });

    it('answers the receipt of its paid first month as monthly, and reads its invoice with the checkout and fee', async () => {
      const unpaid = await gateway.createSubscriptionCheckout(monthlyCheckout({ idempotencyKey: 'monthly-unpaid' }));
      expect(await gateway.getPaymentDetail(unpaid.id)).toBeNull();
      const { session, subscriptionId, customerId } = await startGift();
      expect(PaymentDetail.parse(await gateway.getPaymentDetail(session.id))).toEqual({
        paymentId: expect.any(String),
        formattedDate: 'Mar 10, 2026',
        createdAt: '2026-03-10T15:30:00.000Z',
        amount: 2_587,
        card: { brand: 'visa', last4: '4242' },
        link: expect.any(String),
        monthly: true,
      });
      // The session's own completion is not the payment: the invoice is.
      const webhook = await provider.firstInvoicePaid(session.id);
      expect(await gateway.parseWebhook(webhook.body, webhook.signature)).toMatchObject({
        type: 'invoicePaid',
        invoiceId: expect.stringMatching(/^in_/),
        subscriptionId,
        customerId,
        campaignId: 'campaign-1',
        promoterId: 'promoter-1',
        payerUserId: 'donor-1',
        amountCents: 2_587,
        billingReason: 'subscriptionStart',
        sessionId: session.id,
        coveredFeeCents: 87,
      });
    });

    it('reads the gift, and changes its amount, pauses, resumes and ends it', async () => {
      const { subscriptionId, customerId } = await startGift();
      const gift = {
        subscriptionId,
        customerId,
        status: 'active',
        amountCents: 2_587,
        currentPeriodEnd: '2026-04-10T15:30:00.000Z',
        cancelAtPeriodEnd: false,
        paused: false,
        endedReason: null,
        coveredFeeCents: 87,
      };
      expect(await gateway.getSubscription(subscriptionId)).toEqual(gift);
      const key = (name: string) => ({ subscriptionId, idempotencyKey: name });
      // A new amount covers the fee it says it covers, and none when it says none.
      expect(
        await gateway.changeSubscriptionAmount({ ...key('amount-0'), amountCents: 4_121, coveredFeeCents: 121 }),
      ).toEqual({ ...gift, amountCents: 4_121, coveredFeeCents: 121 });
      expect(await gateway.getSubscription(subscriptionId)).toMatchObject({ amountCents: 4_121, coveredFeeCents: 121 });
      expect(await gateway.changeSubscriptionAmount({ ...key('amount-1'), amountCents: 5_000 })).toEqual({
        ...gift,
        amountCents: 5_000,
        coveredFeeCents: 0,
      });
      expect(await gateway.pauseSubscription(key('pause-1'))).toMatchObject({ paused: true, amountCents: 5_000 });
      expect(await gateway.resumeSubscription(key('resume-1'))).toMatchObject({ paused: false });
      expect(await gateway.cancelSubscription({ ...key('end-1'), when: 'periodEnd' })).toMatchObject({
        status: 'active',
        cancelAtPeriodEnd: true,
      });
      expect(await gateway.cancelSubscription({ ...key('end-2'), when: 'now' })).toMatchObject({
        status: 'ended',
        endedReason: 'requested',
      });
      expect(await gateway.getSubscription(subscriptionId)).toMatchObject({ status: 'ended' });
      await expect(gateway.getSubscription('sub_unknown')).rejects.toMatchObject({ code: 'not_found' });
    });

    it('starts a new monthly gift on the card of an earlier one, its first month charged, once per key', async () => {
      const { subscriptionId, customerId } = await startGift();
      const input = {
        fromSubscriptionId: subscriptionId,
        campaignId: 'general-fund-1',
        amountCents: 2_587,
        coveredFeeCents: 87,
        description: 'Monthly gift to Harbor Light',
        payerUserId: null,
        idempotencyKey: 'keep-giving-1',
      };
      const gift = await gateway.startSubscriptionOnCardOf(input);
      expect(gift).toMatchObject({
        customerId,
        status: 'active',
        amountCents: 2_587,
        coveredFeeCents: 87,
        cancelAtPeriodEnd: false,
        paused: false,
        currentPeriodEnd: '2026-04-10T15:30:00.000Z',
      });
      expect(gift.subscriptionId).not.toBe(subscriptionId);
      expect(await gateway.startSubscriptionOnCardOf(input)).toEqual(gift);
      expect(await gateway.getSubscription(gift.subscriptionId)).toEqual(gift);
      await expect(gateway.startSubscriptionOnCardOf({ ...input, amountCents: 3_000 })).rejects.toMatchObject({
        code: 'conflict',
      });
      await expect(
        gateway.startSubscriptionOnCardOf({ ...input, fromSubscriptionId: 'sub_unknown', idempotencyKey: 'keep-2' }),
      ).rejects.toMatchObject({ code: 'not_found' });
    });

    it("opens the provider's page where the customer manages their gifts", async () => {
      const { customerId } = await startGift();
      const portal = await gateway.openBillingPortal({ customerId, returnUrl: 'https://app.test/gifts' });
      expect(new URL(portal.url).protocol).toMatch(/^https?:$/);
    });
  });
});
