import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAs, solveBotCheck } from '@causeway/tests/support/api-client';
import { createCompleteDraft } from '@causeway/tests/support/campaigns';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';
import { REPORTING_PROJECTOR_RUNNER } from './modules/reporting-mirror.module';
import { TYPES } from './types';
import { eventually } from '@causeway/tests/support/eventually';

/**
 * Money over HTTP on the embedded Stripe sandbox, its webhooks delivered twice and each payment's
 * events out of order: an ad budget paid and its campaign published, donations to it recorded once,
 * receipts, refunds, figures and a donor's history.
 */
let app: TestApp;
const cookies = { super: '', campaigner: '', promoter: '', admin: '' };
let promoterUid = '';

const container = () => app.server.container;
const repositories = () => container().get(TYPES.Repositories);
const sandbox = () => container().get(STRIPE_SANDBOX);
const api = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) });

async function approvedDraft(name: string): Promise<string> {
  const id = await createCompleteDraft(app, cookies.campaigner, name);
  expect(
    (await api('POST', `/api/pre-campaigns/${id}/workflow`, cookies.campaigner, { status: 'Pending' })).status,
  ).toBe(200);
  expect((await api('POST', `/api/pre-campaigns/${id}/workflow`, cookies.super, { status: 'Approved' })).status).toBe(
    200,
  );
  return id;
}

/** A live campaign straight in the store, as a finished deployment leaves it. */
async function liveCampaign(campaignUUID: string, extra: Record<string, unknown> = {}) {
  const harbor = (await repositories().organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
  const owner = (await repositories().users.findByEmail('campaigner@demo.local'))!;
  return repositories().campaigns.create({
    campaignUUID,
    userId: owner.uid,
    organizationId: harbor.organizationId,
    campaignName: `Campaign ${campaignUUID}`,
    createdAt: new Date().toISOString(),
    isPaid: true,
    ...extra,
  });
}

/** Opens a donation and pays it on the sandbox's hosted page; answers the session id. */
async function donate(
  campaignId: string,
  body: Record<string, unknown>,
  card = '4242 4242 4242 4242',
  cookie?: string,
) {
  const opened = await api('POST', `/api/campaigns/${campaignId}/donations/checkout`, cookie, body);
  expect(opened.status).toBe(201);
  const paid = await submitCheckoutForm(opened.body.url, { number: card, email: 'dana@example.org' });
  await sandbox().webhooks.drain();
  return { sessionId: opened.body.sessionId as string, url: opened.body.url as string, paid };
}

beforeAll(async () => {
  // Behind a proxy (as deployed), so a test can give from a client of its own.
  app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  for (const name of ['super', 'campaigner', 'promoter', 'admin'] as const)
    cookies[name] = await signInAs(app, `${name}@demo.local`);
  promoterUid = (await repositories().users.findByEmail('promoter@demo.local'))!.uid;
  const harbor = (await repositories().organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
  const advertiserId = (await container().get(TYPES.AdPlatform).createAdvertiser({ name: harbor.name })).id;
  await repositories().organizations.update(harbor.organizationId, { advertiserId, donationPercentage: 90 });
  // Stripe may deliver an event twice, and a payment's events in any order.
  sandbox().webhooks.configure({ duplicate: true, outOfOrder: true, retryDelayMs: 50 });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe("paying a campaign's ad budget", () => {
  let draftId = '';

  it('opens one checkout of the lifetime budget for its owner, however often asked', async () => {
    draftId = await approvedDraft('Budget paid');
    const first = await api('POST', '/api/stripe/session', cookies.campaigner, { item: draftId });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id: expect.stringMatching(/^cs_/), url: expect.stringContaining('/sandbox/stripe/') });
    const again = await api('POST', '/api/stripe/session', cookies.campaigner, { item: { id: draftId } });
    expect(again.body.id).toBe(first.body.id);
    const page = await (await fetch(first.body.url)).text();
    expect(page).toContain('$2,000.00');
  });

  it('refuses others, a draft that is not approved, and a missing item', async () => {
    expect((await api('POST', '/api/stripe/session', undefined, { item: draftId })).status).toBe(401);
    const promoter = await api('POST', '/api/stripe/session', cookies.promoter, { item: draftId });
    expect(promoter.status).toBe(403);
    const pending = await createCompleteDraft(app, cookies.campaigner, 'Not yet approved');
    const refused = await api('POST', '/api/stripe/session', cookies.campaigner, { item: pending });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Only an approved campaign’s ad budget can be paid; this one is New.');
    const missing = await api('POST', '/api/stripe/session', cookies.campaigner, {});
    expect(missing.status).toBe(400);
    expect((await api('POST', '/api/stripe/session', cookies.campaigner, { item: 'nope' })).status).toBe(404);
  });

  it('marks the draft paid once when the payment is confirmed, and its deployment publishes it', async () => {
    // The reporting projector prunes the events it applied: stopped, it leaves them in the outbox to count.
    await container().get(REPORTING_PROJECTOR_RUNNER).stop();
    const { body } = await api('POST', '/api/stripe/session', cookies.campaigner, { item: draftId });
    const attempt = sandbox().pay(body.id);
    expect(attempt.status).toBe('succeeded');
    await sandbox().webhooks.drain();
    const paymentIntentId = attempt.status === 'succeeded' ? attempt.paymentIntent.id : '';
    const paid = await repositories().preCampaigns.findById(draftId);
    expect(paid).toMatchObject({ isPaid: true, paymentIntentId });
    // Both events of the payment, each delivered twice: the draft was marked paid by one of them only.
    const marks = (await container().get(TYPES.DataStore).outbox.after(0, 10_000)).filter(
      (event) => event.type === 'preCampaign.paid' && event.aggregateId === draftId,
    );
    expect(marks).toHaveLength(1);
    const published = await eventually(
      () => repositories().preCampaigns.findById(draftId),
      (draft) => draft?.workflowstatus === 'Published',
      'the paid campaign to be published',
    );
    expect(published).toMatchObject({ isPaid: true, amobeeDeployed: true, paymentIntentId });
    const again = await api('POST', '/api/stripe/session', cookies.campaigner, { item: draftId });
    expect(again.status).toBe(409);
  });
});

describe('donations', () => {
  const campaignId = 'c-donations';

  beforeAll(async () => {
    await liveCampaign(campaignId, { campaignRaiseGoal: 100_000 });
    await liveCampaign('c-closed', { allowDonations: false });
    await liveCampaign('c-ended', { campaignRaiseGoalDeadline: '2020-01-01T00:00:00.000Z' });
  });

  it('takes a donation on the checkout page and records it once, with its receipt', async () => {
    const { sessionId, paid } = await donate(campaignId, {
      amount: 2_500,
      donorName: 'Dana',
      message: 'For the winter meals',
      ref: promoterUid,
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${app.url}/campaign/${campaignId}/thank-you?session_id=${sessionId}`);

    const receipt = await api('GET', `/api/payments/${sessionId}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toEqual({
      payment: {
        paymentId: expect.stringMatching(/^pi_/),
        formattedDate: expect.any(String),
        createdAt: expect.any(String),
        amount: 2_500,
        formattedAmount: '$25.00',
        card: { brand: 'visa', last4: '4242' },
        link: expect.stringContaining('/sandbox/stripe/receipts/'),
      },
      donation: {
        campaignId,
        donorName: 'Dana',
        message: 'For the winter meals',
        amount: 2_500,
        coveredFee: 0,
        refunded: 0,
        coveredFeeRefunded: 0,
      },
      party: {
        organizationName: 'Harbor Light Food Bank',
        legalName: expect.any(String),
        taxId: expect.any(String),
        campaignHeadline: 'a campaign of Harbor Light Food Bank',
        taxStatement: expect.any(Array),
      },
      pdfUrl: `/api/payments/${sessionId}/receipt.pdf`,
      frequency: 'once',
    });

    const { page } = (await api('GET', `/api/campaigns/${campaignId}/page`)).body;
    expect(page).toMatchObject({ raisedCents: 2_500, donators: 1 });
    expect((await api('GET', `/api/campaigns/${campaignId}/stats`)).body).toEqual({
      count: 1,
      totalRaised: 2_500,
      totalPromoters: 1,
    });
    const [donation] = await repositories().donations.listDonationsByCampaign(campaignId);
    expect(donation).toMatchObject({
      user_id: promoterUid,
      donation_percentage: 90,
      organization_share: 2_250,
      ad_budget_share: 250,
      session_id: sessionId,
    });
    // Every event kept as received (the duplicates once), every one done.
    expect(await repositories().donations.listUnprocessedRawEvents(100)).toEqual([]);
    const deliveries = sandbox().webhooks.attempts();
    expect(deliveries.filter((attempt) => attempt.duplicate && attempt.ok).length).toBeGreaterThan(0);
    expect(deliveries.every((attempt) => attempt.ok)).toBe(true);

    // The owner is told, live; the donor gets a receipt.
    const owner = (await repositories().users.findByEmail('campaigner@demo.local'))!;
    const notices = await eventually(
      () => repositories().notifications.listForUser(owner.uid),
      (list) => list.some((notice) => notice.notification_type === 'donation'),
      "the owner's notification",
    );
    expect(notices.filter((notice) => notice.notification_type === 'donation')).toEqual([
      expect.objectContaining({
        notification_message: `Dana gave $25.00 to Campaign ${campaignId}.`,
        notification_campaign_amount: 2_500,
      }),
    ]);
    const mail = await eventually(
      () => container().get(TYPES.Mailbox).list({ to: 'dana@example.org' }),
      (list) => list.some((sent) => sent.kind === 'receipt'),
      'the receipt e-mail',
    );
    expect(mail.filter((sent) => sent.kind === 'receipt')).toEqual([
      expect.objectContaining({ subject: 'Your receipt: $25.00 to Harbor Light Food Bank' }),
    ]);
  });

  it('sends the donor back to the address the page was opened at when it is this server by another name', async () => {
    const loopback = app.url.replace('//localhost:', '//127.0.0.1:');
    expect(loopback).not.toBe(app.url);
    const opened = await fetch(`${loopback}/api/campaigns/${campaignId}/donations/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
      body: JSON.stringify({ amount: 1_000 }),
    });
    expect(opened.status).toBe(201);
    const { url } = (await opened.json()) as { url: string };
    expect(url.startsWith(`${loopback}/sandbox/stripe/`)).toBe(true);
    const checkoutPage = await (await fetch(url)).text();
    expect(checkoutPage).toContain(`href="${loopback}/campaign/${campaignId}/details/"`);

    // A Host naming another site is never used: the public address it is.
    const foreign = await fetch(`${app.url}/api/campaigns/${campaignId}/donations/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'evil.example', 'x-forwarded-for': '203.0.113.78' },
      body: JSON.stringify({ amount: 1_000 }),
    });
    expect(foreign.status).toBe(201);
    expect(((await foreign.json()) as { url: string }).url.startsWith(`${app.url}/sandbox/stripe/`)).toBe(true);
  });

  it('takes refunds off by what each newly refunds, once, however often they come', async () => {
    const { sessionId } = await donate(campaignId, { amount: 4_000 });
    const paymentIntentId = (await repositories().donations.findDonationBySession(sessionId))!.payment_intent_id!;
    const figures = async () => (await api('GET', `/api/campaigns/${campaignId}/page`)).body.page;
    expect(await figures()).toMatchObject({ raisedCents: 6_500, donators: 2 });

    sandbox().refund(paymentIntentId, 1_000);
    await sandbox().webhooks.drain();
    expect(await figures()).toMatchObject({ raisedCents: 5_500, donators: 2 });
    sandbox().refund(paymentIntentId);
    await sandbox().webhooks.drain();
    expect(await figures()).toMatchObject({ raisedCents: 2_500, donators: 1 });
    expect((await api('GET', `/api/campaigns/${campaignId}/stats`)).body).toMatchObject({
      count: 1,
      totalRaised: 2_500,
    });
    expect((await api('GET', `/api/payments/${sessionId}`)).body.donation).toMatchObject({ refunded: 4_000 });
  });

  it('records nothing for a declined card, and asks that client for the bot check before its next gift', async () => {
    const client = { headers: { 'x-forwarded-for': '203.0.113.40' } };
    const checkout = `/api/campaigns/${campaignId}/donations/checkout`;
    const opened = await callApi(app, 'POST', checkout, { body: { amount: 1_500 }, ...client });
    expect(opened.status).toBe(201);
    const declined = await submitCheckoutForm(opened.body.url, { number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    await sandbox().webhooks.drain();
    expect((await api('GET', `/api/payments/${opened.body.sessionId}`)).status).toBe(404);
    expect((await api('GET', `/api/campaigns/${campaignId}/page`)).body.page).toMatchObject({ raisedCents: 2_500 });
    const again = await callApi(app, 'POST', checkout, { body: { amount: 1_500 }, ...client });
    expect(again.status).toBe(400);
    expect(again.body.error.fields).toEqual({ botCheck: 'Please complete the check that you are a person.' });
    const solved = await callApi(app, 'POST', checkout, {
      body: { amount: 1_500, botCheck: await solveBotCheck(app) },
      ...client,
    });
    expect(solved.status).toBe(201);
    // Another client gives as before.
    expect((await api('POST', checkout, undefined, { amount: 1_500 })).status).toBe(201);
  });

  it.each([
    { body: { amount: 99 }, message: 'The smallest gift is $1.00.' },
    { body: { amount: 10_000_001 }, message: 'Gifts online can be at most $100,000.00.' },
    { body: { amount: 25.5 }, message: 'Use whole cents, like 25.50.' },
    { body: {}, message: 'Enter an amount to give.' },
    { body: { amount: 500, message: 'x'.repeat(501) }, message: 'Keep your message under 500 characters.' },
    {
      body: { amount: 500, givenOn: 'elsewhere' },
      message: 'Say where the gift is made: campaign_page, fundraiser_page or donate_form.',
    },
  ])('refuses $body with a clear 400', async ({ body, message }) => {
    const refused = await api('POST', `/api/campaigns/${campaignId}/donations/checkout`, undefined, body);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(message);
  });

  it('refuses a campaign that takes no donations, or has ended, with a 409; an unknown one with a 404', async () => {
    const closed = await api('POST', '/api/campaigns/c-closed/donations/checkout', undefined, { amount: 500 });
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toBe('This campaign is not taking donations.');
    const ended = await api('POST', '/api/campaigns/c-ended/donations/checkout', undefined, { amount: 500 });
    expect(ended.status).toBe(409);
    expect((await api('POST', '/api/campaigns/c-none/donations/checkout', undefined, { amount: 500 })).status).toBe(
      404,
    );
  });

  it("lists a signed-in donor's own payments, and only theirs", async () => {
    const { sessionId } = await donate(campaignId, { amount: 1_200 }, undefined, cookies.promoter);
    const mine = await api('GET', '/api/payments?mine=true', cookies.promoter);
    expect(mine.status).toBe(200);
    expect(mine.body.payments).toEqual([
      {
        donationId: expect.any(String),
        campaignId,
        campaignName: 'a campaign of Harbor Light Food Bank',
        amount: 1_200,
        formattedAmount: '$12.00',
        refunded: 0,
        date: expect.any(String),
        sessionId,
      },
    ]);
    expect((await api('GET', '/api/payments?mine=true', cookies.admin)).body.payments).toEqual([]);
    expect((await api('GET', '/api/payments?mine=true')).status).toBe(401);
    expect((await api('GET', '/api/payments', cookies.promoter)).status).toBe(400);
  });

  it('answers a receipt read that waits as soon as its donation is recorded, and one that runs out without it', async () => {
    const { concurrency } = sandbox().webhooks.settings();
    // The payment's webhooks are held back: the donation is not recorded until they go.
    sandbox().webhooks.configure({ concurrency: 0 });
    try {
      const opened = await api('POST', `/api/campaigns/${campaignId}/donations/checkout`, undefined, {
        amount: 1_500,
        donorName: 'Wren',
      });
      expect(opened.status).toBe(201);
      const sessionId = opened.body.sessionId as string;
      expect((await submitCheckoutForm(opened.body.url, { number: '4242 4242 4242 4242' })).status).toBe(303);

      const atOnce = await api('GET', `/api/payments/${sessionId}`);
      expect(atOnce.status).toBe(200);
      expect(atOnce.body.donation).toBeNull();
      const briefStart = Date.now();
      const brief = await api('GET', `/api/payments/${sessionId}?wait=1`);
      expect(brief.body.donation).toBeNull();
      expect(Date.now() - briefStart).toBeGreaterThanOrEqual(900);

      const waitStart = Date.now();
      const waiting = api('GET', `/api/payments/${sessionId}?wait=20`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      sandbox().webhooks.configure({ concurrency });
      const answered = await waiting;
      expect(answered.status).toBe(200);
      expect(answered.body.donation).toMatchObject({ campaignId, donorName: 'Wren' });
      expect(answered.body.pdfUrl).toBe(`/api/payments/${sessionId}/receipt.pdf`);
      expect(Date.now() - waitStart).toBeLessThan(15_000);
      // Recorded already: no wait at all.
      const again = await api('GET', `/api/payments/${sessionId}?wait=20`);
      expect(again.body.donation).toMatchObject({ donorName: 'Wren' });
    } finally {
      sandbox().webhooks.configure({ concurrency });
    }
    const tooLong = await api('GET', '/api/payments/cs_any?wait=26');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields).toHaveProperty('wait');
    const notANumber = await api('GET', '/api/payments/cs_any?wait=soon');
    expect(notANumber.status).toBe(400);
    expect(notANumber.body.error.fields.wait).toBe('Ask for a number of seconds, 0 to 25.');
    expect((await api('GET', '/api/payments/cs_unknown?wait=5')).status).toBe(404);
  });
});

describe('live campaigns, open to everyone', () => {
  it('lists them newest first, shows one, and answers 404 for an unknown one', async () => {
    await liveCampaign('c-listed-old', { createdAt: '2020-01-01T00:00:00.000Z' });
    await liveCampaign('c-listed', { campaignTitle: 'Warm coats', budgetLifetime: 300_000 });
    const listed = await api('GET', '/api/campaigns');
    expect(listed.status).toBe(200);
    const ids = listed.body.campaigns.map((campaign: { campaignId: string }) => campaign.campaignId);
    expect(ids[0]).toBe('c-listed');
    expect(ids).toContain('c-donations');
    expect(ids).not.toContain('c-listed-old');
    const one = await api('GET', '/api/campaigns/c-listed');
    expect(one.body.campaign).toMatchObject({
      campaignId: 'c-listed',
      title: 'Warm coats',
      acceptingDonations: true,
      organization: { name: 'Harbor Light Food Bank' },
      pagePath: '/campaign/c-listed/details/',
    });
    expect(one.body.campaign).not.toHaveProperty('budgetLifetime');
    expect((await api('GET', '/api/campaigns/c-nowhere')).status).toBe(404);
    expect((await api('GET', '/api/campaigns/c-nowhere/stats')).status).toBe(404);
  });
});
