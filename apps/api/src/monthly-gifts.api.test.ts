import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecurringPayments } from '@causeway/core/ports/payment-gateway.port';
import { callApi } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';
import { TYPES } from './types';
import { eventually } from '@causeway/tests/support/eventually';

/**
 * A monthly gift on the embedded Stripe sandbox, its webhooks delivered twice and out of order: each
 * paid month (the first at checkout, the next when the sandbox's clock passes the period's end) is
 * booked as a donation once, keyed by its invoice.
 */
let app: TestApp;

const container = () => app.server.container;
const repositories = () => container().get(TYPES.Repositories);
const sandbox = () => container().get(STRIPE_SANDBOX);

beforeAll(async () => {
  app = await startTestApp();
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
});
