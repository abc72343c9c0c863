import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { createMemoryPaymentGateway } from '@causeway/adapters/memory/payment-gateway.fake';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import type { Actor } from '../auth/authorization';
import type {
  CheckoutRequest,
  PaymentGateway,
  RecurringPayments,
  SubscriptionCheckoutRequest,
} from '../ports/payment-gateway.port';
import type { DataStore } from '../ports/unit-of-work.port';
import {
  donationCheckoutServiceFactory,
  donationsClosedReason,
  monthlyGiftsClosedReason,
  promoterResolver,
} from './donation-checkout.service';

const NOW = new Date('2026-01-15T12:00:00.000Z');

describe('when a campaign takes donations', () => {
  it.each([
    { case: 'open, no deadline', campaign: {}, reason: null },
    { case: 'open until later', campaign: { campaignRaiseGoalDeadline: '2026-01-15T12:00:01.000Z' }, reason: null },
    {
      case: 'past its deadline',
      campaign: { campaignRaiseGoalDeadline: '2026-01-15T12:00:00.000Z' },
      reason: 'This campaign has ended and no longer takes donations.',
    },
    { case: 'donations off', campaign: { allowDonations: false }, reason: 'This campaign is not taking donations.' },
    { case: 'deleted', campaign: { isDeleted: true }, reason: 'This campaign has ended and been removed.' },
  ])('$case → $reason', ({ campaign, reason }) => {
    const base = { isDeleted: false, allowDonations: true, campaignRaiseGoalDeadline: null };
    expect(donationsClosedReason({ ...base, ...campaign }, NOW)).toBe(reason);
  });

  it('takes monthly gifts unless the campaign turned them off, saying so about the frequency', () => {
    expect(monthlyGiftsClosedReason({ allowMonthlyGifts: true })).toBeNull();
    expect(monthlyGiftsClosedReason({ allowMonthlyGifts: false })).toBe(
      'This campaign takes one-time gifts only: choose once as frequency, not monthly.',
    );
  });
});

let clock: ManualClock;
let store: DataStore;
let requests: CheckoutRequest[];
let monthlyRequests: SubscriptionCheckoutRequest[];

function service() {
  const gateway = createMemoryPaymentGateway({ webhookSecret: 'whsec_test', clock, baseUrl: 'https://pay.example' });
  const payments: Pick<PaymentGateway, 'createCheckout'> = {
    createCheckout: (request) => {
      requests.push(request);
      return gateway.createCheckout(request);
    },
  };
  const recurring: Pick<RecurringPayments, 'createSubscriptionCheckout'> = {
    createSubscriptionCheckout: (request) => {
      monthlyRequests.push(request);
      return gateway.createSubscriptionCheckout(request);
    },
  };
  return donationCheckoutServiceFactory({
    campaigns: store.repositories.campaigns,
    settings: store.repositories.settings,
    organizations: store.repositories.organizations,
    donations: store.repositories.donations,
    payments,
    recurring,
    resolvePromoter: promoterResolver({
      shareLinks: store.repositories.shareTracking,
      users: store.repositories.users,
    }),
    clock,
    ids: new SequentialIds('chk'),
    publicUrl: 'https://give.example',
  });
}

const donor: Actor = { uid: 'donor-1', role: 'promoter', organizationId: null, demoUser: false, displayName: 'Dana' };

beforeEach(async () => {
  clock = new ManualClock(NOW);
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
  requests = [];
  monthlyRequests = [];
  const createdAt = '2026-01-01T00:00:00.000Z';
  await store.repositories.organizations.create({
    organizationId: 'org-1',
    name: 'Harbor Light Food Bank',
    created_date: createdAt,
  });
  await store.repositories.campaigns.create({
    campaignUUID: 'c-1',
    userId: 'owner-1',
    organizationId: 'org-1',
    // The internal name is the organization's own; donors read the headline.
    campaignName: 'Winter meals',
    campaignTitle: 'Warm meals for 500 families this winter',
    createdAt,
  });
  await store.repositories.campaigns.create({
    campaignUUID: 'c-closed',
    userId: 'owner-1',
    allowDonations: false,
    createdAt,
  });
  await store.repositories.users.create({
    UserId: 'promoter-1',
    uid: 'promoter-1',
    Email: 'priya@example.org',
    AccountType: 'promoter',
    createdAt,
  });
  await store.repositories.shareTracking.ensureShareLinks([
    { code: 'winterX123', campaignId: 'c-1', promoterId: 'promoter-1', channel: 'x', createdAt },
    { code: 'otherLink99', campaignId: 'c-other', promoterId: 'promoter-1', channel: 'x', createdAt },
  ]);
});

describe('opening a donation', () => {
  it('opens a checkout that returns to the receipt page, keeping what the donor wrote with it', async () => {
    const { url, sessionId } = await service().open(donor, 'c-1', {
      amount: 2_500,
      donorName: 'Dana',
      message: 'Keep going',
      ref: 'winterX123',
    });
    expect(url).toMatch(/^https:\/\/pay\.example\//);
    expect(requests[0]).toMatchObject({
      purpose: 'donation',
      campaignId: 'c-1',
      amountCents: 2_500,
      description: 'Donation of $25.00 to Warm meals for 500 families this winter · Harbor Light Food Bank',
      successUrl: 'https://give.example/campaign/c-1/thank-you?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://give.example/campaign/c-1/details/',
      promoterId: 'promoter-1',
      payerUserId: 'donor-1',
    });
    expect(await store.repositories.donations.findCheckout(sessionId)).toEqual({
      sessionId,
      campaignId: 'c-1',
      amount: 2_500,
      donorName: 'Dana',
      message: 'Keep going',
      promoterId: 'promoter-1',
      donorId: 'donor-1',
      createdAt: NOW.toISOString(),
      channel: 'x',
      givenOn: null,
      coveredFee: 0,
    });
  });

  it('charges the gift plus the card fee worked out from the rule in force when the donor covers it', async () => {
    const opened = await service().open(null, 'c-1', { amount: 2_500, coverFee: true });
    // The default rule, 2.2 % + $0.30: (2500 + 30) / 0.978 − 2500 = 86.91… → 87 cents.
    expect(opened).toMatchObject({ amount: 2_500, coveredFee: 87, total: 2_587 });
    expect(requests[0]).toMatchObject({
      amountCents: 2_587,
      description:
        'Donation of $25.00 (and $0.87 to cover the card fee) to Warm meals for 500 families this winter · Harbor Light Food Bank',
    });
    expect(await store.repositories.donations.findCheckout(opened.sessionId)).toMatchObject({
      amount: 2_500,
      coveredFee: 87,
    });
    await store.repositories.settings.save({ cardFeePercent: 2.9, cardFeeFixed: 30 }, NOW.toISOString());
    expect(await service().cardFee()).toEqual({ percent: 2.9, fixedCents: 30 });
    expect(await service().open(null, 'c-1', { amount: 2_500, coverFee: true })).toMatchObject({ coveredFee: 106 });
    expect(await service().open(null, 'c-1', { amount: 2_500, coverFee: false })).toMatchObject({
      coveredFee: 0,
      total: 2_500,
    });
  });

  it.each([
    { ref: 'winterX123', promoter: 'promoter-1', what: "a share code of this campaign's link" },
    { ref: 'promoter-1', promoter: 'promoter-1', what: "a promoter's user id" },
    { ref: 'otherLink99', promoter: null, what: "a share code of another campaign's link" },
    { ref: 'nobody-here', promoter: null, what: 'an unknown ref' },
    { ref: '', promoter: null, what: 'an empty ref' },
    { ref: undefined, promoter: null, what: 'no ref' },
  ])('names the promoter from $what', async ({ ref, promoter }) => {
    await service().open(null, 'c-1', { amount: 1_000, ref });
    expect(requests[0]).toMatchObject({ promoterId: promoter, payerUserId: null });
  });

  it.each([
    {
      ref: 'winterX123',
      channel: 'linkedin',
      promoter: 'promoter-1',
      saved: 'x',
      what: "a share code: its link's network",
    },
    {
      ref: 'promoter-1',
      channel: 'linkedin',
      promoter: 'promoter-1',
      saved: 'linkedin',
      what: 'a user id: the source named',
    },
    { ref: 'promoter-1', channel: 'Twitter', promoter: 'promoter-1', saved: 'x', what: 'twitter, which is X' },
    {
      ref: 'promoter-1',
      channel: 'newsletter',
      promoter: 'promoter-1',
      saved: null,
      what: 'a source that is no network',
    },
    { ref: undefined, channel: 'facebook', promoter: null, saved: 'facebook', what: 'a network without a promoter' },
    { ref: undefined, channel: undefined, promoter: null, saved: null, what: 'nothing' },
  ])('keeps the channel from $what', async ({ ref, channel, promoter, saved }) => {
    const { sessionId } = await service().open(null, 'c-1', { amount: 1_000, ref, channel });
    expect(await store.repositories.donations.findCheckout(sessionId)).toMatchObject({
      promoterId: promoter,
      channel: saved,
    });
  });

  it.each([
    { ref: 'promoter-1', givenOn: 'fundraiser_page', saved: 'fundraiser_page', what: "a promoter's page" },
    { ref: undefined, givenOn: 'fundraiser_page', saved: null, what: 'a page that names no promoter' },
    { ref: 'nobody-at-all', givenOn: 'fundraiser_page', saved: null, what: 'a page whose promoter is unknown' },
    {
      ref: 'promoter-1',
      givenOn: 'campaign_page',
      saved: 'campaign_page',
      what: "a promoter's link to the campaign's page",
    },
    { ref: undefined, givenOn: 'donate_form', saved: 'donate_form', what: "the organization's own site" },
    { ref: undefined, givenOn: undefined, saved: null, what: 'a checkout that does not say' },
  ] as const)('keeps where the gift is made for $what', async ({ ref, givenOn, saved }) => {
    const { sessionId } = await service().open(null, 'c-1', { amount: 1_000, ref, givenOn });
    expect((await store.repositories.donations.findCheckout(sessionId))?.givenOn).toBe(saved);
  });

  it('refuses a campaign that takes no donations with a conflict, an unknown one with a 404', async () => {
    await expect(service().open(null, 'c-closed', { amount: 1_000 })).rejects.toMatchObject({
      code: 'conflict',
      message: 'This campaign is not taking donations.',
    });
    await expect(service().open(null, 'c-none', { amount: 1_000 })).rejects.toMatchObject({ code: 'not_found' });
    expect(requests).toEqual([]);
  });

  it('opens a monthly gift as a subscription checkout of gift + fee, the fee kept with it, the same way back', async () => {
    const opened = await service().open(donor, 'c-1', {
      amount: 2_500,
      coverFee: true,
      frequency: 'monthly',
      donorName: 'Dana',
      ref: 'winterX123',
    });
    expect(opened).toMatchObject({ amount: 2_500, coveredFee: 87, total: 2_587, frequency: 'monthly' });
    expect(requests).toEqual([]);
    expect(monthlyRequests).toEqual([
      expect.objectContaining({
        campaignId: 'c-1',
        amountCents: 2_587,
        coveredFeeCents: 87,
        description:
          'Monthly donation of $25.00 (and $0.87 to cover the card fee) to Warm meals for 500 families this winter · Harbor Light Food Bank',
        successUrl: 'https://give.example/campaign/c-1/thank-you?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://give.example/campaign/c-1/details/',
        promoterId: 'promoter-1',
        payerUserId: 'donor-1',
        idempotencyKey: expect.stringMatching(/^monthly-donation-/),
      }),
    ]);
    // The first month's booking finds what the donor wrote, and the fee, by the checkout.
    expect(await store.repositories.donations.findCheckout(opened.sessionId)).toMatchObject({
      amount: 2_500,
      coveredFee: 87,
      donorName: 'Dana',
      promoterId: 'promoter-1',
    });
    // Once is the default, and says so.
    expect(await service().open(null, 'c-1', { amount: 1_000 })).toMatchObject({ frequency: 'once' });
    expect(requests).toHaveLength(1);
  });

  it('refuses a monthly gift to a campaign that turned them off, naming frequency; once still goes', async () => {
    await store.repositories.campaigns.update('c-1', { allowMonthlyGifts: false });
    await expect(service().open(null, 'c-1', { amount: 1_000, frequency: 'monthly' })).rejects.toMatchObject({
      code: 'invalid',
      message: 'This campaign takes one-time gifts only: choose once as frequency, not monthly.',
      fields: { frequency: 'This campaign takes one-time gifts only: choose once as frequency, not monthly.' },
    });
    expect(monthlyRequests).toEqual([]);
    await expect(service().open(null, 'c-1', { amount: 1_000, frequency: 'once' })).resolves.toMatchObject({
      frequency: 'once',
    });
  });

  it('refuses a monthly gift to a campaign that takes no donations with the same conflict', async () => {
    await expect(service().open(null, 'c-closed', { amount: 1_000, frequency: 'monthly' })).rejects.toMatchObject({
      code: 'conflict',
      message: 'This campaign is not taking donations.',
    });
    expect(monthlyRequests).toEqual([]);
  });
});
