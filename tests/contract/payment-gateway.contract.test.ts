import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../adapters/memory/manual-clock';
import { createMemoryPaymentGateway, type MemoryPaymentGateway } from '../../adapters/memory/payment-gateway.fake';
import type { CheckoutRequest, PaymentGateway } from '../../core/ports/payment-gateway.port';
import { PaymentDetail } from '../../core/reporting/results.entity';

const WEBHOOK_SECRET = 'whsec_test_contract';

/** The gateway, and the provider side: what a payer or the provider's dashboard would do. */
interface Subject {
  gateway: PaymentGateway;
  provider: Omit<MemoryPaymentGateway, keyof PaymentGateway>;
  clock: ManualClock;
}

const implementations: { name: string; create: () => Subject }[] = [
  {
    name: 'memory',
    create: () => {
      const clock = new ManualClock('2026-03-10T15:30:00.000Z');
      const gateway = createMemoryPaymentGateway({ webhookSecret: WEBHOOK_SECRET, clock, baseUrl: 'http://pay.test/' });
      return { gateway, provider: gateway, clock };
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

describe.each(implementations)('PaymentGateway ($name)', ({ create }) => {
  let gateway: PaymentGateway;
  let provider: Subject['provider'];
  let clock: ManualClock;

  beforeEach(() => {
    ({ gateway, provider, clock } = create());
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
    const product = provider.addProduct({ name: 'Donation' });
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
    const active = provider.addProduct({ name: 'Donation' });
    provider.addProduct({ name: 'Retired', active: false });
    expect(await gateway.listProducts()).toEqual([{ id: active.id, name: 'Donation', active: true }]);
  });

  it("lists a product's active prices only", async () => {
    const product = provider.addProduct({ name: 'Donation' });
    const other = provider.addProduct({ name: 'Budget' });
    const kept = await gateway.createPrice({ productId: product.id, unitAmount: 1_000, idempotencyKey: 'p-1' });
    const archived = await gateway.createPrice({ productId: product.id, unitAmount: 2_000, idempotencyKey: 'p-2' });
    await gateway.createPrice({ productId: other.id, unitAmount: 3_000, idempotencyKey: 'p-3' });
    provider.archivePrice(archived.id);
    expect(await gateway.listPrices(product.id)).toEqual([kept]);
  });

  it('creates an active usd price for a product, once per idempotency key', async () => {
    const product = provider.addProduct({ name: 'Donation' });
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
    provider.completeCheckout(session.id, { card: { brand: 'mastercard', last4: '4444' } });
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

  it('reads a completed checkout as a succeeded payment with its purpose, campaign and promoter', async () => {
    const session = await gateway.createCheckout(checkout({ purpose: 'budget', promoterId: null }));
    const donation = await gateway.createCheckout(checkout({ idempotencyKey: 'donation-key-2' }));
    const webhook = provider.completeCheckout(session.id);
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
      raw: expect.any(Object),
    });
    const donated = provider.completeCheckout(donation.id);
    expect(await gateway.parseWebhook(donated.body, donated.signature)).toMatchObject({
      purpose: 'donation',
      promoterId: 'promoter-1',
    });
  });

  it('reads a failed payment with its campaign and the reason', async () => {
    const session = await gateway.createCheckout(checkout());
    const webhook = provider.failCheckout(session.id, 'Your card has insufficient funds.');
    expect(await gateway.parseWebhook(webhook.body, webhook.signature)).toEqual({
      type: 'paymentFailed',
      eventId: expect.any(String),
      paymentIntentId: expect.any(String),
      campaignId: 'campaign-1',
      reason: 'Your card has insufficient funds.',
    });
  });

  it('reads a refund with its payment intent and the amount refunded', async () => {
    const session = await gateway.createCheckout(checkout());
    provider.completeCheckout(session.id);
    const paymentIntentId = (await gateway.getPaymentDetail(session.id))!.paymentId;
    const webhook = provider.refundPayment(paymentIntentId, 1_000);
    expect(await gateway.parseWebhook(webhook.body, webhook.signature)).toEqual({
      type: 'paymentRefunded',
      eventId: expect.any(String),
      paymentIntentId,
      amountCents: 1_000,
    });
  });

  it('ignores events it has no meaning for, naming the provider type', async () => {
    const webhook = provider.signEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect(await gateway.parseWebhook(webhook.body, webhook.signature)).toEqual({
      type: 'ignored',
      eventId: expect.any(String),
      providerType: 'customer.created',
    });
  });

  it('refuses a webhook whose signature is wrong, missing, stale or over another body', async () => {
    const session = await gateway.createCheckout(checkout());
    const webhook = provider.completeCheckout(session.id);
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
});
