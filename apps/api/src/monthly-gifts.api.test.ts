import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecurringPayments } from '@causeway/core/ports/payment-gateway.port';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';
import { TYPES } from './types';
import { MONTHLY_GIFTS_SERVICE } from './modules/monthly-gifts.module';
import { coveredFee, DEFAULT_CARD_FEE } from '@causeway/core/donations/card-fee.rules';
import { eventually } from '@causeway/tests/support/eventually';
import { signed } from '@causeway/tests/payments/webhook-storm';

/**
 * A monthly gift on the embedded Stripe sandbox, its webhooks delivered twice and out of order: each
 * paid month (the first at checkout, the next when the sandbox's clock passes the period's end) is
 * booked as a donation once, keyed by its invoice. Donors choose it at the donation checkout
 * (`frequency: 'monthly'`), where a campaign may have turned monthly gifts off.
 */
let app: TestApp;
const WEBHOOK_SECRET = 'whsec_monthlyGiftsTestSecret';

const container = () => app.server.container;
const repositories = () => container().get(TYPES.Repositories);
const sandbox = () => container().get(STRIPE_SANDBOX);
const api = (method: string, path: string, body?: unknown, cookie?: string) =>
  callApi(app, method, path, { ...(body === undefined ? {} : { body }), ...(cookie ? { cookie } : {}) });
const advanceDays = async (days: number) => {
  const moved = await fetch(`${app.url}/sandbox/stripe/_sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_days: days }),
  });
  expect(moved.status).toBe(200);
  await sandbox().webhooks.drain();
};

/** A live campaign of Harbor Light's, taking donations. */
async function liveCampaign(campaignUUID: string, fields: { allowMonthlyGifts?: boolean } = {}) {
  const harbor = (await repositories().organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
  const owner = (await repositories().users.findByEmail('campaigner@demo.local'))!;
  await repositories().campaigns.create({
    campaignUUID,
    userId: owner.uid,
    organizationId: harbor.organizationId,
    campaignName: `Monthly ${campaignUUID}`,
    campaignTitle: 'Meals every month',
    createdAt: new Date().toISOString(),
    isPaid: true,
    ...fields,
  });
}

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
      // No checkout names a renewal's donor: the name given on the card page does.
      donor_name: 'Dana Donor',
      donor_email: 'dana@example.org',
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

describe('a monthly gift chosen at the donation checkout', () => {
  it('charges gift + covered fee on the card page, books the first month under its checkout, and each renewal apart', async () => {
    const campaignId = 'c-monthly-http';
    await liveCampaign(campaignId);
    const page = (await api('GET', `/api/campaigns/${campaignId}/page`)).body.page;
    expect(page).toMatchObject({ allowDonations: true, allowMonthlyGifts: true });

    const opened = await api('POST', `/api/campaigns/${campaignId}/donations/checkout`, {
      amount: 2_500,
      coverFee: true,
      frequency: 'monthly',
      donorName: 'Dana',
      message: 'Every month',
    });
    expect(opened.status).toBe(201);
    // (2500 + 30) / (1 − 0.022) − 2500 = 86.91… → 87 cents, each month.
    expect(opened.body).toMatchObject({ amount: 2_500, coveredFee: 87, total: 2_587, frequency: 'monthly' });
    const sessionId = opened.body.sessionId as string;
    const session = sandbox()
      .exportState()
      .sessions.find((candidate) => candidate.id === sessionId)!;
    expect(session).toMatchObject({ mode: 'subscription', metadata: { campaignId, coveredFee: '87' } });

    const paid = await submitCheckoutForm(opened.body.url, {
      number: '4242 4242 4242 4242',
      email: 'dana@example.org',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${app.url}/campaign/${campaignId}/thank-you?session_id=${sessionId}`);

    // The receipt page's read waits for the first month's donation and is let go as soon as it is booked.
    const started = Date.now();
    const receipt = await api('GET', `/api/payments/${sessionId}?wait=20`);
    expect(receipt.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(receipt.body).toMatchObject({
      frequency: 'monthly',
      payment: { amount: 2_587, formattedAmount: '$25.87', monthly: true, card: { brand: 'visa', last4: '4242' } },
      donation: { campaignId, donorName: 'Dana', message: 'Every month', amount: 2_500, coveredFee: 87, refunded: 0 },
      pdfUrl: `/api/payments/${sessionId}/receipt.pdf`,
    });
    await sandbox().webhooks.drain();
    const donations = () => repositories().donations.listDonationsByCampaign(campaignId);
    expect(await donations()).toEqual([
      expect.objectContaining({
        session_id: sessionId,
        amount: 2_500,
        covered_fee: 87,
        payment_intent_id: expect.stringMatching(/^in_/),
      }),
    ]);
    // The campaign counts the gift, not the fee.
    expect((await api('GET', `/api/campaigns/${campaignId}/page`)).body.page).toMatchObject({
      raisedCents: 2_500,
      donators: 1,
    });

    // The next month is charged the same and booked as the gift and the fee apart, under no checkout.
    await advanceDays(32);
    const booked = await eventually(donations, (found) => found.length === 2, 'the renewal to be booked');
    const renewal = booked.find((donation) => donation.session_id !== sessionId)!;
    expect(renewal).toMatchObject({ session_id: null, amount: 2_500, covered_fee: 87 });
    expect((await api('GET', `/api/campaigns/${campaignId}/page`)).body.page).toMatchObject({ raisedCents: 5_000 });

    // The donor's gift is the gift alone; a new amount goes on covering the fee, worked out again for it.
    const subscriptionId = sandbox()
      .exportState()
      .sessions.find((candidate) => candidate.id === sessionId)!.subscription as string;
    expect(await repositories().monthlyGifts.findById(subscriptionId)).toMatchObject({ amountCents: 2_500 });
    const changed = await container()
      .get(MONTHLY_GIFTS_SERVICE)
      .change('dana@example.org', subscriptionId, { action: 'changeAmount', amount: 4_000 });
    const fee = coveredFee(4_000, DEFAULT_CARD_FEE);
    expect(changed).toMatchObject({ amount: 4_000, formattedAmount: '$40.00' });
    const gateway = container().get(TYPES.RecurringPayments);
    expect(await gateway.getSubscription(subscriptionId)).toMatchObject({
      amountCents: 4_000 + fee,
      coveredFeeCents: fee,
    });
    await advanceDays(31);
    const third = await eventually(donations, (found) => found.length === 3, 'the third month to be booked');
    expect(third.map((donation) => [donation.amount, donation.covered_fee]).sort()).toEqual([
      [2_500, 87],
      [2_500, 87],
      [4_000, fee],
    ]);
  }, 120_000);

  it.each([
    [50, 'The smallest gift is $1.00.'],
    [10_000_001, 'Gifts online can be at most $100,000.00.'],
    [12.5, 'Use whole cents, like 25.50.'],
  ])('refuses a monthly amount of %j with a 400 naming amount', async (amount, message) => {
    await liveCampaign(`c-monthly-limits-${String(amount).replace('.', '-')}`);
    const response = await api(
      'POST',
      `/api/campaigns/c-monthly-limits-${String(amount).replace('.', '-')}/donations/checkout`,
      { amount, frequency: 'monthly' },
    );
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ amount: message });
  });

  it('refuses a frequency other than once or monthly, naming it', async () => {
    await liveCampaign('c-monthly-weekly');
    const response = await api('POST', '/api/campaigns/c-monthly-weekly/donations/checkout', {
      amount: 2_500,
      frequency: 'weekly',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ frequency: 'Choose once or monthly as frequency.' });
  });

  it('is refused where the campaign turned monthly gifts off, naming frequency; a one-time gift still goes', async () => {
    await liveCampaign('c-once-only', { allowMonthlyGifts: false });
    expect((await api('GET', '/api/campaigns/c-once-only/page')).body.page).toMatchObject({
      allowDonations: true,
      allowMonthlyGifts: false,
    });
    const before = sandbox().exportState().sessions.length;
    const refused = await api('POST', '/api/campaigns/c-once-only/donations/checkout', {
      amount: 2_500,
      frequency: 'monthly',
    });
    expect(refused.status).toBe(400);
    const message = 'This campaign takes one-time gifts only: choose once as frequency, not monthly.';
    expect(refused.body.error).toMatchObject({ message, fields: { frequency: message } });
    expect(sandbox().exportState().sessions).toHaveLength(before);
    const once = await api('POST', '/api/campaigns/c-once-only/donations/checkout', { amount: 2_500 });
    expect(once.status).toBe(201);
    expect(once.body).toMatchObject({ frequency: 'once', total: 2_500 });
  });

  it('is turned off by the campaigner on the draft, with donations, and comes back on', async () => {
    const cookie = await signInAs(app, 'campaigner@demo.local');
    const created = await api('POST', '/api/pre-campaigns', { campaignName: 'Once only' }, cookie);
    expect(created.status).toBe(201);
    expect(created.body.preCampaign).toMatchObject({ allowDonations: true, allowMonthlyGifts: true });
    const id = created.body.preCampaign.id as string;
    const off = await api('PATCH', `/api/pre-campaigns/${id}`, { allowMonthlyGifts: false }, cookie);
    expect(off.status).toBe(200);
    expect(off.body.preCampaign).toMatchObject({ allowDonations: true, allowMonthlyGifts: false });
    expect((await api('GET', `/api/pre-campaigns/${id}/page`, undefined, cookie)).body.page).toMatchObject({
      allowMonthlyGifts: false,
    });
    const bad = await api('PATCH', `/api/pre-campaigns/${id}`, { allowMonthlyGifts: 'no' }, cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ allowMonthlyGifts: 'Say true or false: whether donors may give monthly.' });
    const on = await api('PATCH', `/api/pre-campaigns/${id}`, { allowMonthlyGifts: true }, cookie);
    expect(on.body.preCampaign).toMatchObject({ allowMonthlyGifts: true });
  });
});
