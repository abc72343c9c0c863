/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and assert on them */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generalFundIdOf } from '@causeway/core/campaigns/general-fund';
import { MONTHLY_GIFT_PATHS } from '@causeway/core/contracts/monthly-gifts.contract';
import { REPORTING_API } from '@causeway/core/contracts/reporting.contract';
import { coveredFee } from '@causeway/core/donations/card-fee.rules';
import { KEEP_GIVING_NOT_OFFERED } from '@causeway/core/monthly-gifts/monthly-gifts.service';
import type { RecurringPayments } from '@causeway/core/ports/payment-gateway.port';
import { cardFeeRuleOf } from '@causeway/core/settings/settings.service';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { eventually } from '@causeway/tests/support/eventually';
import { giftsVisitCookie, moveStripeClock } from '@causeway/tests/support/monthly-gifts-app';
import { mirrorCaughtUp } from '@causeway/tests/support/reporting';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';
import { MONTHLY_GIFTS_SERVICE } from './modules/monthly-gifts.module';
import { TYPES } from './types';

/**
 * After a campaign ends, a monthly donor keeps giving the same each month to the organization itself in
 * one click from their gifts page: a monthly gift to the organization's general fund on the card on file,
 * booked, renewed and reported like a campaign's, all of it going to the organization. On the embedded
 * Stripe sandbox, every webhook delivered twice and out of order.
 */
let app: TestApp;
const container = () => app.server.container;
const repositories = () => container().get(TYPES.Repositories);
const sandbox = () => container().get(STRIPE_SANDBOX);
const gateway = () => container().get(TYPES.RecurringPayments) as RecurringPayments;
const ORGANIZATION = 'Harbor Light Food Bank';
let organizationId = '';
let fundId = '';
let superCookie = '';

const moveClock = (days: number) => moveStripeClock(app, days);

const mailsTo = async (email: string, kind: string) =>
  (await container().get(TYPES.Mailbox).list({ to: email })).filter((mail) => mail.kind === kind);

async function campaign(id: string, title: string) {
  const owner = (await repositories().users.findByEmail('campaigner@demo.local'))!;
  await repositories().campaigns.create({
    campaignUUID: id,
    userId: owner.uid,
    organizationId,
    campaignName: `${title} (internal)`,
    campaignTitle: title,
    createdAt: new Date().toISOString(),
    isPaid: true,
  });
}

/** A monthly gift paid on the sandbox's card page, covering the card fee; answers its subscription. */
async function giveMonthly(campaignId: string, email: string, amountCents: number, fee: number): Promise<string> {
  const checkout = await gateway().createSubscriptionCheckout({
    campaignId,
    amountCents: amountCents + fee,
    coveredFeeCents: fee,
    description: 'Monthly gift',
    successUrl: `${app.url}/campaign/${campaignId}/thank-you`,
    cancelUrl: `${app.url}/campaign/${campaignId}/details/`,
    idempotencyKey: `${campaignId}-${email}`,
  });
  expect((await submitCheckoutForm(checkout.url, { number: '4242 4242 4242 4242', email })).status).toBe(303);
  await sandbox().webhooks.drain();
  const subscriptionId = sandbox()
    .exportState()
    .sessions.find((candidate) => candidate.id === checkout.id)!.subscription as string;
  await eventually(
    () => repositories().monthlyGifts.findById(subscriptionId),
    (gift) => gift?.status === 'active' && gift.donorEmail === email,
    'the monthly gift to be recorded',
  );
  return subscriptionId;
}

async function endCampaign(campaignId: string) {
  await repositories().campaigns.update(campaignId, {
    campaignRaiseGoalDeadline: new Date(Date.now() - 60_000).toISOString(),
  });
  await container().get(MONTHLY_GIFTS_SERVICE).endGiftsOfEndedCampaigns();
}

const visit = (email: string) => giftsVisitCookie(app, email);

const giftsOf = async (cookie: string) =>
  (await callApi(app, 'GET', MONTHLY_GIFT_PATHS.mine, { cookie })).body.gifts as any[];

beforeAll(async () => {
  app = await startTestApp();
  sandbox().webhooks.configure({ duplicate: true, outOfOrder: true, retryDelayMs: 50 });
  organizationId = (await repositories().organizations.list()).find((org) => org.name === ORGANIZATION)!.organizationId;
  fundId = generalFundIdOf(organizationId);
  superCookie = await signInAs(app, 'super@demo.local');
}, 90_000);

afterAll(async () => {
  await app?.close();
});

describe('keeping a monthly gift going to the organization once its campaign ended', () => {
  it('is offered by e-mail and on the gifts page, starts in one click on the card on file, and is booked, renewed and reported', async () => {
    await campaign('c-keep-1', 'Soup for the winter');
    const email = 'gil@example.org';
    const rule = cardFeeRuleOf(await repositories().settings.get());
    const subscriptionId = await giveMonthly('c-keep-1', email, 2_500, coveredFee(2_500, rule));
    const cookie = await visit(email);

    // While the campaign runs there is nothing to keep going.
    expect((await giftsOf(cookie))[0]).toMatchObject({ subscriptionId, keepGiving: null });
    const early = await callApi(app, 'POST', MONTHLY_GIFT_PATHS.keepGiving(subscriptionId), { cookie });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(KEEP_GIVING_NOT_OFFERED);

    await endCampaign('c-keep-1');
    const [told] = await mailsTo(email, 'monthlyGiftCampaignEnded');
    expect(told!.text).toContain(`keep giving $25.00 a month to ${ORGANIZATION} itself`);
    expect(told!.html).toContain(`Keep giving to ${ORGANIZATION}`);
    expect((await giftsOf(cookie))[0]).toMatchObject({
      subscriptionId,
      state: 'ending',
      keepGiving: { organization: ORGANIZATION, amount: 2_500, formattedAmount: '$25.00' },
    });

    // Someone else's visit cannot take it up; without a visit, nobody can.
    const stranger = await visit('stranger@example.org');
    expect(
      (await callApi(app, 'POST', MONTHLY_GIFT_PATHS.keepGiving(subscriptionId), { cookie: stranger })).status,
    ).toBe(404);
    expect((await callApi(app, 'POST', MONTHLY_GIFT_PATHS.keepGiving(subscriptionId))).status).toBe(401);

    // Two clicks at once start one gift.
    const clicks = await Promise.all(
      [1, 2].map(() => callApi(app, 'POST', MONTHLY_GIFT_PATHS.keepGiving(subscriptionId), { cookie })),
    );
    const started = clicks.filter((click) => click.status === 201);
    expect(started.length).toBeGreaterThanOrEqual(1);
    for (const click of clicks) expect([201, 409]).toContain(click.status);
    const newIds = new Set(started.map((click) => click.body.subscriptionId as string));
    expect(newIds.size).toBe(1);
    const [kept] = [...newIds];
    expect(started[0]!.body).toMatchObject({
      campaignId: fundId,
      campaign: `Where ${ORGANIZATION} needs it most`,
      organization: ORGANIZATION,
      amount: 2_500,
      state: 'active',
      keepGiving: null,
    });
    const again = await callApi(app, 'POST', MONTHLY_GIFT_PATHS.keepGiving(subscriptionId), { cookie });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain(`You already give monthly to ${ORGANIZATION} itself`);

    // The donor's page lists it, and the offer is gone.
    const listed = await giftsOf(cookie);
    expect(listed.map((gift) => [gift.subscriptionId, gift.keepGiving])).toEqual(
      expect.arrayContaining([
        [kept, null],
        [subscriptionId, null],
      ]),
    );

    // The general fund: the organization's own, never paid for, taking gifts, out of the public list.
    expect(await repositories().campaigns.findById(fundId)).toMatchObject({
      organizationId,
      isPaid: false,
      allowDonations: true,
      campaignRaiseGoalDeadline: null,
    });
    const fee = coveredFee(2_500, rule);
    const [first] = await eventually(
      () => repositories().donations.listDonationsByCampaign(fundId),
      (donations) => donations.length === 1,
      'the first month to the organization to be booked',
    );
    // All of it goes to the organization; the fee the donor covered goes on being covered.
    expect(first).toMatchObject({
      amount: 2_500,
      covered_fee: fee,
      donation_percentage: 100,
      organization_share: 2_500,
      ad_budget_share: 0,
      donor_email: email,
    });
    const publicList = await callApi(app, 'GET', `/api/campaigns?organizationId=${organizationId}&limit=100`);
    expect(publicList.status).toBe(200);
    const listedIds = publicList.body.campaigns.map((item: any) => item.campaignId);
    expect(listedIds).toContain('c-keep-1');
    expect(listedIds).not.toContain(fundId);

    // It appears in the organization's reports like a campaign.
    await mirrorCaughtUp(app, superCookie, 30_000);
    const report = await callApi(
      app,
      'GET',
      `${REPORTING_API.campaigns}?organizationId=${organizationId}&search=General%20support`,
      { cookie: superCookie },
    );
    expect(report.status).toBe(200);
    expect(report.body.rows).toEqual([
      expect.objectContaining({ campaignId: fundId, raisedCents: 2_500, gifts: 1, donors: 1 }),
    ]);

    // A month on: the campaign's gift has ended with its period, the organization's renews.
    await moveClock(32);
    await eventually(
      () => repositories().donations.listDonationsByCampaign(fundId),
      (donations) => donations.length === 2,
      'the second month to the organization to be booked',
    );
    expect(await repositories().monthlyGifts.findById(subscriptionId)).toMatchObject({ status: 'ended' });
    expect((await repositories().campaigns.findById(fundId))!.campaignRaised).toBe(5_000);
    expect(
      (await repositories().donations.listDonationsByCampaign('c-keep-1')).filter(
        (donation) => donation.donor_email === email,
      ),
    ).toHaveLength(1);
  }, 180_000);

  it('starts nothing when the card on file is declined, and says where to give with another card', async () => {
    await campaign('c-keep-2', 'Coats for the winter');
    const email = 'hal@example.org';
    const subscriptionId = await giveMonthly('c-keep-2', email, 1_500, 0);
    const gift = (await repositories().monthlyGifts.findById(subscriptionId))!;
    const portal = await gateway().openBillingPortal({ customerId: gift.customerId, returnUrl: app.url });
    const changed = await fetch(`${portal.url}/card`, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4000 0000 0000 9995', cardExpiry: '12 / 34', cardCvc: '123' }),
      redirect: 'manual',
    });
    expect(changed.status).toBe(303);
    await endCampaign('c-keep-2');
    const cookie = await visit(email);

    const declined = await callApi(app, 'POST', MONTHLY_GIFT_PATHS.keepGiving(subscriptionId), { cookie });
    expect(declined.status).toBe(409);
    expect(declined.body.error.message).toContain('Your card has insufficient funds.');
    expect(declined.body.error.message).toContain(`/campaign/${fundId}/details`);
    await sandbox().webhooks.drain();
    const listed = await giftsOf(cookie);
    expect(listed.filter((entry) => entry.campaignId === fundId && entry.state !== 'ended')).toEqual([]);
    expect(listed.find((entry) => entry.subscriptionId === subscriptionId)).toMatchObject({
      keepGiving: { organization: ORGANIZATION, amount: 1_500 },
    });
    expect(
      (await repositories().donations.listDonationsByCampaign(fundId)).filter(
        (donation) => donation.donor_email === email,
      ),
    ).toEqual([]);
  }, 120_000);
});
