import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecurringPayments } from '@causeway/core/ports/payment-gateway.port';
import { callApi } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';
import { TYPES } from './types';
import { eventually } from '@causeway/tests/support/eventually';
import { signed } from '@causeway/tests/payments/webhook-storm';

/**
 * A monthly gift on the embedded Stripe sandbox, its webhooks delivered twice and out of order: each
 * paid month (the first at checkout, the next when the sandbox's clock passes the period's end) is
 * booked as a donation once, keyed by its invoice.
 */
let app: TestApp;
const WEBHOOK_SECRET = 'whsec_monthlyGiftsTestSecret';

const container = () => app.server.container;
const repositories = () => container().get(TYPES.Repositories);
const sandbox = () => container().get(STRIPE_SANDBOX);

beforeAll(async () => {
  app = await startTestApp({ env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  sandbox().webhooks.configure({ duplicate: true, outOfOrder: true, retryDelayMs: 50 });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('monthly gifts', () => {
  it('books each paid month as a donation once, keyed by its invoice; a declined month books nothing', async () => {
    const harbor = (await repositories().organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
    const owner = (await repositories().users.findByEmail('campaigner@demo.local'))!;
    const campaignId = 'c-monthly';
    await repositories().campaigns.create({
      campaignUUID: campaignId,
      userId: owner.uid,
      organizationId: harbor.organizationId,
      campaignName: 'Monthly meals',
      createdAt: new Date().toISOString(),
      isPaid: true,
    });
    const gateway = container().get(TYPES.PaymentGateway) as unknown as RecurringPayments;
    const checkout = await gateway.createSubscriptionCheckout({
      campaignId,
      amountCents: 2_500,
      description: 'Monthly gift to Monthly meals',
      successUrl: `${app.url}/campaign/${campaignId}/thank-you`,
      cancelUrl: `${app.url}/campaign/${campaignId}/details/`,
      idempotencyKey: 'monthly-1',
    });
    const paid = await submitCheckoutForm(checkout.url, { number: '4242 4242 4242 4242', email: 'dana@example.org' });
    expect(paid.status).toBe(303);
    await sandbox().webhooks.drain();

    const figures = async () => (await callApi(app, 'GET', `/api/campaigns/${campaignId}/page`)).body.page;
    const donations = () => repositories().donations.listDonationsByCampaign(campaignId);
    expect(
      await eventually(figures, (page) => page.raisedCents === 2_500, 'the first month to be counted'),
    ).toMatchObject({ raisedCents: 2_500, donators: 1 });
    const [first] = await donations();
    expect(first).toMatchObject({ amount: 2_500, payment_intent_id: expect.stringMatching(/^in_/), refunded: 0 });

    const moved = await fetch(`${app.url}/sandbox/stripe/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_days: 32 }),
    });
    expect(moved.status).toBe(200);
    await sandbox().webhooks.drain();
    expect(await eventually(figures, (page) => page.raisedCents === 5_000, 'the renewal to be counted')).toMatchObject({
      raisedCents: 5_000,
      donators: 2,
    });
    const booked = await donations();
    expect(booked).toHaveLength(2);
    const invoices = new Set(booked.map((donation) => donation.payment_intent_id));
    expect(invoices.size).toBe(2);
    expect([...invoices].every((id) => id?.startsWith('in_'))).toBe(true);

    // A refund of one month takes off that month's donation only (its refund names the invoice).
    const [renewal] = sandbox()
      .exportState()
      .invoices.filter((invoice) => invoice.billing_reason === 'subscription_cycle');
    sandbox().refund(renewal!.payments.data[0]!.payment.payment_intent, 1_000);
    await sandbox().webhooks.drain();
    expect(await eventually(figures, (page) => page.raisedCents === 4_000, 'the refund to be taken off')).toMatchObject(
      { raisedCents: 4_000, donators: 2 },
    );
    expect((await donations()).find((donation) => donation.payment_intent_id === renewal!.id)).toMatchObject({
      refunded: 1_000,
    });

    // The next month is declined (the card on file changed to a declining one): nothing is booked.
    const session = sandbox()
      .exportState()
      .sessions.find((candidate) => candidate.id === checkout.id)!;
    const portal = await gateway.openBillingPortal({ customerId: session.customer!, returnUrl: app.url });
    const changed = await fetch(`${portal.url}/card`, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4000 0000 0000 0002', cardExpiry: '12 / 34', cardCvc: '123' }),
      redirect: 'manual',
    });
    expect(changed.status).toBe(303);
    await fetch(`${app.url}/sandbox/stripe/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_days: 31 }),
    });
    await sandbox().webhooks.drain();
    expect(await donations()).toHaveLength(2);
    expect(await figures()).toMatchObject({ raisedCents: 4_000, donators: 2 });
  }, 120_000);

  /** A monthly gift started and its first month paid (a good card); answers its checkout, customer and subscription. */
  async function startGift(campaignId: string, amountCents: number, key: string) {
    const gateway = container().get(TYPES.PaymentGateway) as unknown as RecurringPayments;
    const checkout = await gateway.createSubscriptionCheckout({
      campaignId,
      amountCents,
      description: `Monthly gift to ${campaignId}`,
      successUrl: `${app.url}/campaign/${campaignId}/thank-you`,
      cancelUrl: `${app.url}/campaign/${campaignId}/details/`,
      idempotencyKey: key,
    });
    const paid = await submitCheckoutForm(checkout.url, { number: '4242 4242 4242 4242', email: `${key}@example.org` });
    expect(paid.status).toBe(303);
    await sandbox().webhooks.drain();
    const session = sandbox()
      .exportState()
      .sessions.find((candidate) => candidate.id === checkout.id)!;
    return { gateway, checkout, customerId: session.customer!, subscriptionId: session.subscription! };
  }

  const invoicesOf = (subscriptionId: string) =>
    sandbox()
      .exportState()
      .invoices.filter((invoice) => invoice.parent.subscription_details.subscription === subscriptionId);

  const createCampaign = async (campaignId: string) => {
    const owner = (await repositories().users.findByEmail('campaigner@demo.local'))!;
    await repositories().campaigns.create({
      campaignUUID: campaignId,
      userId: owner.uid,
      organizationId: owner.organizationId,
      campaignName: `Monthly ${campaignId}`,
      createdAt: new Date().toISOString(),
      isPaid: true,
    });
  };

  /** Posts an event as Stripe would (signed now): answers the webhook's status. */
  const deliver = async (event: { id: string; type: string; created: number; data: { object: unknown } }) => {
    const { body, signature } = signed(WEBHOOK_SECRET, {
      id: event.id,
      type: event.type,
      created: event.created,
      object: event.data.object as Record<string, unknown>,
    });
    const response = await fetch(`${app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    return response.status;
  };

  it('does not book a month again when its invoice.paid comes late, after the gift was cancelled', async () => {
    const campaignId = 'c-monthly-late';
    await createCampaign(campaignId);
    const { gateway, subscriptionId } = await startGift(campaignId, 1_800, 'monthly-late');
    const [invoice] = invoicesOf(subscriptionId);
    expect(await repositories().donations.findDonationByPaymentIntent(invoice!.id)).toMatchObject({ amount: 1_800 });
    await gateway.cancelSubscription({ subscriptionId, when: 'now', idempotencyKey: 'monthly-late-cancel' });
    await sandbox().webhooks.drain();
    expect(
      sandbox()
        .exportState()
        .subscriptions.find((subscription) => subscription.id === subscriptionId),
    ).toMatchObject({ status: 'canceled' });

    // The very event again (a late redelivery), and the same invoice announced by an event of its own.
    const paidEvent = sandbox()
      .exportState()
      .events.find(
        (event) => event.type === 'invoice.paid' && (event.data.object as { id: string }).id === invoice!.id,
      )!;
    expect(await deliver(paidEvent)).toBe(200);
    expect(await deliver({ ...paidEvent, id: `${paidEvent.id}_late` })).toBe(200);

    expect(await repositories().donations.listDonationsByCampaign(campaignId)).toEqual([
      expect.objectContaining({ payment_intent_id: invoice!.id, amount: 1_800, refunded: 0 }),
    ]);
    expect(await repositories().campaigns.findById(campaignId)).toMatchObject({ campaignRaised: 1_800, donators: 1 });
    expect(await repositories().donations.listUnprocessedRawEvents(10)).toEqual([]);
  }, 60_000);

  it('takes a full refund of one month off that month only', async () => {
    const campaignId = 'c-monthly-refund';
    await createCampaign(campaignId);
    const { subscriptionId } = await startGift(campaignId, 2_200, 'monthly-refund');
    await fetch(`${app.url}/sandbox/stripe/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_days: 32 }),
    });
    await sandbox().webhooks.drain();
    const [first, second] = invoicesOf(subscriptionId);
    expect(second).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle' });
    expect(await repositories().campaigns.findById(campaignId)).toMatchObject({ campaignRaised: 4_400, donators: 2 });

    sandbox().refund(first!.payments.data[0]!.payment.payment_intent);
    await sandbox().webhooks.drain();
    const booked = await repositories().donations.listDonationsByCampaign(campaignId);
    expect(booked.find((donation) => donation.payment_intent_id === first!.id)).toMatchObject({ refunded: 2_200 });
    expect(booked.find((donation) => donation.payment_intent_id === second!.id)).toMatchObject({ refunded: 0 });
    expect(await repositories().campaigns.findById(campaignId)).toMatchObject({ campaignRaised: 2_200, donators: 1 });
  }, 60_000);

  it('answers an invoice.paid of a campaign it does not know without an error, and books it nowhere', async () => {
    const campaignId = 'c-monthly-nowhere';
    const { subscriptionId } = await startGift(campaignId, 1_300, 'monthly-nowhere');
    const [invoice] = invoicesOf(subscriptionId);
    expect(invoice).toMatchObject({ status: 'paid' });
    const attempts = sandbox()
      .webhooks.attempts()
      .filter((attempt) => attempt.type === 'invoice.paid');
    const ofInvoice = sandbox()
      .exportState()
      .events.filter(
        (event) => event.type === 'invoice.paid' && (event.data.object as { id: string }).id === invoice!.id,
      )
      .map((event) => event.id);
    const answered = attempts.filter((attempt) => ofInvoice.includes(attempt.eventId));
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.map((attempt) => attempt.status)).toEqual(answered.map(() => 200));
    // Delivered once more, as Stripe may: answered, and still nothing.
    const paidEvent = sandbox()
      .exportState()
      .events.find((event) => event.id === ofInvoice[0])!;
    expect(await deliver(paidEvent)).toBe(200);

    expect(await repositories().donations.findDonationByPaymentIntent(invoice!.id)).toBeNull();
    expect(await repositories().donations.findByPaymentIntent(invoice!.id)).toBeNull();
    expect(await repositories().donations.listDonationsByCampaign(campaignId)).toEqual([]);
    expect(await repositories().campaigns.findById(campaignId)).toBeNull();
    expect(await repositories().donations.listUnprocessedRawEvents(10)).toEqual([]);
  }, 60_000);
});
