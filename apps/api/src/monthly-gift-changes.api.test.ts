/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and assert on them */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecurringPayments } from '@causeway/core/ports/payment-gateway.port';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { eventually } from '@causeway/tests/support/eventually';
import { giftsVisitCookie, moveStripeClock } from '@causeway/tests/support/monthly-gifts-app';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';
import { MONTHLY_GIFTS_SERVICE } from './modules/monthly-gifts.module';
import { TYPES } from './types';

/**
 * A monthly gift after its checkout, on the embedded Stripe sandbox with every webhook delivered twice
 * and out of order: the donor manages it from their gifts page (amount, pause, card, stop), a declined
 * renewal is retried and mailed each time until the last try ends the gift, and the organization sees
 * it in its list of declined renewals and may remind the donor once.
 */
let app: TestApp;
const container = () => app.server.container;
const repositories = () => container().get(TYPES.Repositories);
const sandbox = () => container().get(STRIPE_SANDBOX);
const gateway = () => container().get(TYPES.RecurringPayments) as RecurringPayments;
const CAMPAIGN = 'c-monthly-changes';
let organizationId = '';
const cookies: Record<string, string> = {};

const moveClock = (days: number) => moveStripeClock(app, days);

const mailsTo = async (email: string, kind: string) =>
  (await container().get(TYPES.Mailbox).list({ to: email }))
    .filter((mail) => mail.kind === kind)
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));

/** Starts a monthly gift paid with a card, as the sandbox's checkout page takes it; answers its subscription. */
async function giveMonthly(email: string, amountCents: number, key: string): Promise<string> {
  const checkout = await gateway().createSubscriptionCheckout({
    campaignId: CAMPAIGN,
    amountCents,
    description: 'Monthly gift',
    successUrl: `${app.url}/campaign/${CAMPAIGN}/thank-you`,
    cancelUrl: `${app.url}/campaign/${CAMPAIGN}/details/`,
    idempotencyKey: key,
  });
  expect((await submitCheckoutForm(checkout.url, { number: '4242 4242 4242 4242', email })).status).toBe(303);
  await sandbox().webhooks.drain();
  const session = sandbox()
    .exportState()
    .sessions.find((candidate) => candidate.id === checkout.id)!;
  const subscriptionId = session.subscription as string;
  await eventually(
    () => repositories().monthlyGifts.findById(subscriptionId),
    (gift) => gift?.status === 'active' && gift.donorEmail === email,
    'the monthly gift to be recorded',
  );
  return subscriptionId;
}

const visit = (email: string) => giftsVisitCookie(app, email);

const changeCard = async (customerId: string, number: string) => {
  const portal = await gateway().openBillingPortal({ customerId, returnUrl: app.url });
  const changed = await fetch(`${portal.url}/card`, {
    method: 'POST',
    body: new URLSearchParams({ cardNumber: number, cardExpiry: '12 / 34', cardCvc: '123' }),
    redirect: 'manual',
  });
  expect(changed.status).toBe(303);
};

beforeAll(async () => {
  app = await startTestApp();
  sandbox().webhooks.configure({ duplicate: true, outOfOrder: true, retryDelayMs: 50 });
  const organizations = await repositories().organizations.list();
  const harbor = organizations.find((org) => org.name === 'Harbor Light Food Bank')!;
  const orchard = await repositories().organizations.create({
    organizationId: 'org-orchard',
    name: 'Orchard Youth Club',
    created_date: new Date().toISOString(),
  });
  organizationId = harbor.organizationId;
  const owner = (await repositories().users.findByEmail('campaigner@demo.local'))!;
  await repositories().campaigns.create({
    campaignUUID: CAMPAIGN,
    userId: owner.uid,
    organizationId,
    campaignName: 'Monthly meals (internal)',
    campaignTitle: 'Warm meals every month',
    createdAt: new Date().toISOString(),
    isPaid: true,
  });
  cookies.campaigner = await signInAs(app, 'campaigner@demo.local');
  cookies.super = await signInAs(app, 'super@demo.local');
  cookies.promoter = await signInAs(app, 'promoter@demo.local');
  cookies.elsewhere = (
    await addPerson(app, { email: 'other-org@example.org', organizationId: orchard.organizationId, admin: true })
  ).cookie;
}, 90_000);

afterAll(async () => {
  await app?.close();
});

describe("a donor's monthly gift on their gifts page", () => {
  it('lists it, changes its amount from the next period, pauses and resumes it, and stops it', async () => {
    const subscriptionId = await giveMonthly('ada@example.org', 2_500, 'ada-1');
    const cookie = await visit('ada@example.org');

    const listed = await callApi(app, 'GET', '/api/my-gifts/monthly', { cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.gifts).toEqual([
      expect.objectContaining({
        subscriptionId,
        campaign: 'Warm meals every month',
        organization: 'Harbor Light Food Bank',
        amount: 2_500,
        formattedAmount: '$25.00',
        state: 'active',
        stateText: expect.stringMatching(/^Next gift on /),
        nextChargeAt: expect.any(String),
        can: { changeAmount: true, pause: true, resume: false, stop: true, updateCard: true },
      }),
    ]);

    // Another address's visit sees none of it, and cannot touch it.
    const other = await visit('bob@example.org');
    await giveMonthly('bob@example.org', 1_000, 'bob-1');
    expect((await callApi(app, 'GET', '/api/my-gifts/monthly', { cookie: other })).body.gifts).toHaveLength(1);
    const foreign = await callApi(app, 'PATCH', `/api/my-gifts/monthly/${subscriptionId}`, {
      cookie: other,
      body: { action: 'pause' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('This monthly gift was not found among the gifts of this e-mail address.');
    expect((await callApi(app, 'GET', '/api/my-gifts/monthly')).status).toBe(401);

    // The gift limits apply to the monthly amount.
    for (const [amount, message] of [
      [50, 'The smallest gift is $1.00.'],
      [10_000_001, 'Gifts online can be at most $100,000.00.'],
      [12.5, 'Use whole cents, like 25.50.'],
    ] as const) {
      const refused = await callApi(app, 'PATCH', `/api/my-gifts/monthly/${subscriptionId}`, {
        cookie,
        body: { action: 'changeAmount', amount },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({ amount: message });
    }
    const unknownAction = await callApi(app, 'PATCH', `/api/my-gifts/monthly/${subscriptionId}`, {
      cookie,
      body: { action: 'double' },
    });
    expect(unknownAction.status).toBe(400);

    const raised = await callApi(app, 'PATCH', `/api/my-gifts/monthly/${subscriptionId}`, {
      cookie,
      body: { action: 'changeAmount', amount: 4_000 },
    });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ amount: 4_000, state: 'active' });
    expect((await gateway().getSubscription(subscriptionId)).amountCents).toBe(4_000);

    // The new amount is charged from the next period: the first month stays $25, the second is $40.
    await moveClock(32);
    const booked = async () =>
      (await repositories().donations.listDonationsByCampaign(CAMPAIGN))
        .filter((donation) => donation.donor_email === 'ada@example.org')
        .map((donation) => donation.amount)
        .sort((a, b) => a - b);
    expect(await eventually(booked, (amounts) => amounts.length === 2, 'the second month')).toEqual([2_500, 4_000]);

    const paused = await callApi(app, 'PATCH', `/api/my-gifts/monthly/${subscriptionId}`, {
      cookie,
      body: { action: 'pause' },
    });
    expect(paused.body).toMatchObject({
      state: 'paused',
      stateText: 'Paused: nothing is charged until you resume',
      nextChargeAt: null,
      can: { pause: false, resume: true },
    });
    await moveClock(31);
    expect(await booked()).toEqual([2_500, 4_000]);
    const resumed = await callApi(app, 'PATCH', `/api/my-gifts/monthly/${subscriptionId}`, {
      cookie,
      body: { action: 'resume' },
    });
    expect(resumed.body).toMatchObject({ state: 'active', can: { pause: true, resume: false } });

    // The card page is the provider's, coming back to the gifts page.
    const card = await callApi(app, 'POST', `/api/my-gifts/monthly/${subscriptionId}/card`, { cookie });
    expect(card.status).toBe(200);
    expect(card.body.url).toMatch(/^http/);

    const stopped = await callApi(app, 'PATCH', `/api/my-gifts/monthly/${subscriptionId}`, {
      cookie,
      body: { action: 'stop' },
    });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({
      state: 'ended',
      stateText: expect.stringMatching(/^Stopped on /),
      can: { changeAmount: false, pause: false, resume: false, stop: false, updateCard: false },
    });
    expect((await gateway().getSubscription(subscriptionId)).status).toBe('ended');
    const again = await callApi(app, 'PATCH', `/api/my-gifts/monthly/${subscriptionId}`, {
      cookie,
      body: { action: 'pause' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This monthly gift has ended: start a new one from the campaign’s page.');

    // Nothing more is charged, and a late redelivery of the subscription's events does not start it again.
    await moveClock(31);
    expect(await booked()).toEqual([2_500, 4_000]);
    expect((await repositories().monthlyGifts.findById(subscriptionId))?.status).toBe('ended');
  }, 180_000);
});

describe('a declined renewal', () => {
  it('is retried and mailed each time, ends the gift after the last try, and the organization may remind once', async () => {
    const email = 'cleo@example.org';
    const subscriptionId = await giveMonthly(email, 1_500, 'cleo-1');
    const gift = (await repositories().monthlyGifts.findById(subscriptionId))!;
    await changeCard(gift.customerId, '4000 0000 0000 0002');

    // The renewal is declined: the donor hears of it with the day of the next try and a link to the card.
    await moveClock(31);
    const declined = await eventually(
      () => mailsTo(email, 'monthlyGiftDeclined'),
      (mails) => mails.length === 1,
      'the first decline e-mail',
    );
    expect(declined[0]!.subject).toBe('Your monthly gift to Harbor Light Food Bank was declined');
    expect(declined[0]!.text).toContain(
      'Your monthly gift of $15.00 to Harbor Light Food Bank for “Warm meals every month” could not be taken: Your card was declined.',
    );
    expect(declined[0]!.text).toMatch(/We will try again on \w+ \d+, \d{4}\./);
    expect(declined[0]!.text).toMatch(/\/my-gifts#link=/);

    const failedList = async (cookie = cookies.campaigner) =>
      callApi(app, 'GET', `/api/organizations/${organizationId}/monthly-gifts/failed`, { cookie });
    const retrying = (await failedList()).body.gifts.find((row: any) => row.subscriptionId === subscriptionId);
    expect(retrying).toMatchObject({
      campaign: 'Warm meals every month',
      donorEmail: 'c•••@example.org',
      state: 'retrying',
      reason: 'Your card was declined.',
      attempts: 1,
      nextAttemptAt: expect.any(String),
      canRemind: false,
    });
    const cookieOfDonor = await visit(email);
    expect((await callApi(app, 'GET', '/api/my-gifts/monthly', { cookie: cookieOfDonor })).body.gifts[0]).toMatchObject(
      {
        state: 'retrying',
        failureReason: 'Your card was declined.',
        can: { updateCard: true, stop: true },
      },
    );
    const early = await callApi(app, 'POST', `/api/monthly-gifts/${subscriptionId}/reminder`, {
      cookie: cookies.campaigner,
    });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(
      'A reminder can be sent once the last try has failed and the monthly gift has ended.',
    );

    // Three more tries over the next two weeks, each declined and mailed once; the last ends the gift.
    for (const days of [3, 5, 7]) await moveClock(days);
    const all = await eventually(
      async () => [...(await mailsTo(email, 'monthlyGiftDeclined')), ...(await mailsTo(email, 'monthlyGiftStopped'))],
      (mails) => mails.length === 4,
      'four decline e-mails',
    );
    expect(all.map((mail) => mail.kind)).toEqual([
      'monthlyGiftDeclined',
      'monthlyGiftDeclined',
      'monthlyGiftDeclined',
      'monthlyGiftStopped',
    ]);
    expect(all[3]!.text).toContain(
      'This was the last try: your monthly gift has stopped and nothing more will be charged.',
    );
    const ended = await eventually(
      async () => (await failedList()).body.gifts.find((row: any) => row.subscriptionId === subscriptionId),
      (row) => row?.state === 'ended',
      'the gift to end',
    );
    expect(ended).toMatchObject({ attempts: 4, nextAttemptAt: null, endedAt: expect.any(String), canRemind: true });

    // Nothing is retried after the last try, and the declined month was never booked.
    await moveClock(31);
    expect((await mailsTo(email, 'monthlyGiftDeclined')).length).toBe(3);
    const cleos = (await repositories().donations.listDonationsByCampaign(CAMPAIGN)).filter(
      (donation) => donation.donor_email === email,
    );
    expect(cleos.map((donation) => donation.amount)).toEqual([1_500]);

    // Who may see the list and remind: the organization's people and platform staff.
    expect((await failedList(cookies.super)).status).toBe(200);
    expect((await failedList(cookies.promoter)).status).toBe(403);
    expect((await failedList(cookies.elsewhere)).status).toBe(403);
    expect((await failedList('')).status).toBe(401);
    expect(
      (await callApi(app, 'POST', `/api/monthly-gifts/${subscriptionId}/reminder`, { cookie: cookies.elsewhere }))
        .status,
    ).toBe(403);

    // One reminder: of two clicks at once, one sends and the other is told when it was sent.
    const clicks = await Promise.all(
      [1, 2].map(() =>
        callApi(app, 'POST', `/api/monthly-gifts/${subscriptionId}/reminder`, { cookie: cookies.campaigner }),
      ),
    );
    expect(clicks.map((click) => click.status).sort()).toEqual([200, 409]);
    expect(clicks.find((click) => click.status === 409)!.body.error.message).toMatch(
      /^A reminder was already sent on /,
    );
    const reminders = await mailsTo(email, 'monthlyGiftReminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Harbor Light Food Bank misses your monthly gift');
    expect(reminders[0]!.text).toContain(`/campaign/${CAMPAIGN}`);
    expect((await failedList()).body.gifts.find((row: any) => row.subscriptionId === subscriptionId)).toMatchObject({
      reminderSentAt: expect.any(String),
      canRemind: false,
    });
  }, 180_000);

  it('is followed exactly once however often and in whatever order its events come', async () => {
    const service = container().get(MONTHLY_GIFTS_SERVICE);
    const base = {
      subscriptionId: 'sub_replayed',
      customerId: 'cus_replayed',
      campaignId: CAMPAIGN,
    };
    const failure = (attemptCount: number, nextAttemptAt: string | null) => ({
      ...base,
      type: 'invoicePaymentFailed' as const,
      eventId: `evt_fail_${attemptCount}`,
      invoiceId: 'in_replayed_2',
      amountCents: 2_000,
      attemptCount,
      nextAttemptAt,
      reason: 'Your card has insufficient funds.',
      billingReason: 'renewal' as const,
      occurredAt: new Date(Date.UTC(2026, 1, attemptCount)).toISOString(),
    });
    const paid = {
      ...base,
      type: 'invoicePaid' as const,
      eventId: 'evt_paid_1',
      invoiceId: 'in_replayed_1',
      promoterId: null,
      payerUserId: null,
      amountCents: 2_000,
      periodStart: '2026-01-01T00:00:00.000Z',
      periodEnd: '2026-02-01T00:00:00.000Z',
      billingReason: 'subscriptionStart' as const,
      paymentIntentId: null,
      payerEmail: 'Dee@Example.org',
      metadata: {},
      occurredAt: '2026-01-01T00:00:00.000Z',
    };
    const events = [paid, failure(1, '2026-02-04T00:00:00.000Z'), failure(2, '2026-02-09T00:00:00.000Z')];
    // Every event twice, the later failure first.
    for (const action of [events[2]!, events[0]!, events[1]!, events[2]!, events[0]!, events[1]!]) {
      await service.onAction(action);
    }
    expect(await repositories().monthlyGifts.findById('sub_replayed')).toMatchObject({
      donorEmail: 'dee@example.org',
      failedAttempts: 2,
      failuresMailed: 2,
      nextAttemptAt: '2026-02-09T00:00:00.000Z',
    });
    // The first decline arrived after the second had been mailed: one e-mail only, for the latest.
    expect(await mailsTo('dee@example.org', 'monthlyGiftDeclined')).toHaveLength(1);
  });
});

describe('the end of a campaign', () => {
  it('ends its monthly gifts with the period already paid and tells each donor once', async () => {
    const email = 'finn@example.org';
    const subscriptionId = await giveMonthly(email, 2_000, 'finn-1');
    const service = container().get(MONTHLY_GIFTS_SERVICE);
    // The campaign still takes gifts: nothing ends.
    expect(await service.endGiftsOfEndedCampaigns()).toBe(0);

    await repositories().campaigns.update(CAMPAIGN, {
      campaignRaiseGoalDeadline: new Date(Date.now() - 60_000).toISOString(),
    });
    const [first, second] = [await service.endGiftsOfEndedCampaigns(), await service.endGiftsOfEndedCampaigns()];
    expect(first).toBeGreaterThanOrEqual(1);
    expect(second).toBe(0);
    const ending = (await repositories().monthlyGifts.findById(subscriptionId))!;
    expect(ending).toMatchObject({ cancelAtPeriodEnd: true, endingMailed: true, status: 'active' });
    const told = await mailsTo(email, 'monthlyGiftCampaignEnded');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('“Warm meals every month” has ended: thank you for your monthly gift');
    expect(told[0]!.text).toContain('nothing more will be charged for it');

    const cookie = await visit(email);
    expect((await callApi(app, 'GET', '/api/my-gifts/monthly', { cookie })).body.gifts[0]).toMatchObject({
      state: 'ending',
      stateText: expect.stringMatching(/^Ends on /),
      can: { changeAmount: false, pause: false, stop: true },
    });

    // The period ends: the gift with it, and nothing more is booked.
    await moveClock(32);
    expect(
      await eventually(
        () => repositories().monthlyGifts.findById(subscriptionId),
        (gift) => gift?.status === 'ended',
        'the gift to end with its period',
      ),
    ).toMatchObject({ endedReason: 'requested' });
    const finns = (await repositories().donations.listDonationsByCampaign(CAMPAIGN)).filter(
      (donation) => donation.donor_email === email,
    );
    expect(finns.map((donation) => donation.amount)).toEqual([2_000]);
  }, 120_000);
});
