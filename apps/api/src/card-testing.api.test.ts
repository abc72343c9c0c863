import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_TESTING_LIMITS } from '@causeway/core/donations/card-testing.guard';
import { callApi, signInAs, solveBotCheck } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';
import { TYPES } from './types';

/**
 * The card-testing burst as it was seen from outside: one anonymous client opening 300 donation
 * checkouts in a few seconds, and 100 declined cards in a row; beside it, a giving day's donors, who
 * must not be taken for it. Behind a proxy (as deployed), so each request names its client with
 * X-Forwarded-For.
 */
let app: TestApp;
const cookies = { super: '', admin: '' };
const repositories = () => app.server.container.get(TYPES.Repositories);
const sandbox = () => app.server.container.get(STRIPE_SANDBOX);

async function liveCampaign(campaignUUID: string, name: string) {
  const harbor = (await repositories().organizations.list())[0]!;
  const owner = (await repositories().users.findByEmail('campaigner@demo.local'))!;
  await repositories().campaigns.create({
    campaignUUID,
    userId: owner.uid,
    organizationId: harbor.organizationId,
    campaignName: name,
    createdAt: new Date().toISOString(),
    isPaid: true,
  });
  return campaignUUID;
}

const checkout = (campaignId: string, client: string, body: Record<string, unknown> = { amount: 500 }) =>
  callApi(app, 'POST', `/api/campaigns/${campaignId}/donations/checkout`, {
    body,
    headers: { 'x-forwarded-for': client },
  });

async function staffNotices(cookie: string, campaignId: string) {
  const { body } = await callApi(app, 'GET', '/api/notifications', { cookie });
  return (body.notifications as { notification_campaign_id: string | null; notification_message: string }[]).filter(
    (notice) => notice.notification_campaign_id === campaignId,
  );
}

beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  cookies.super = await signInAs(app, 'super@demo.local');
  cookies.admin = await signInAs(app, 'admin@demo.local');
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('card testing on donation checkout', () => {
  it('lets one client open a few of 300 checkouts fired in seconds, answers the rest 429 with Retry-After, and holds back no one else', async () => {
    const campaignId = await liveCampaign('burst-checkouts', 'Winter coats');
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 300 }, () => checkout(campaignId, '198.51.100.7')));
    const seconds = (Date.now() - started) / 1000;
    const statuses: Record<number, number> = {};
    for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    console.log(`300 checkouts from one client in ${seconds.toFixed(1)} s: ${JSON.stringify(statuses)}`);
    expect(statuses).toEqual({
      201: CARD_TESTING_LIMITS.perClientCampaign.max,
      429: 300 - CARD_TESTING_LIMITS.perClientCampaign.max,
    });
    for (const limited of answers.filter(({ status }) => status === 429)) {
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      // A minute for the campaign, or the hour of the client's own limit once it has tried 20 times.
      expect(retryAfter).toBeLessThanOrEqual(3_600);
      expect(limited.body.error).toMatchObject({ code: 'rate_limited' });
      expect(limited.body.error.message).toMatch(
        /^Too many gifts were started from here in a short time\. Please wait \d+ (seconds|minutes) and try again\.$/,
      );
    }
    // Only the five checkouts that were let through exist.
    const saved = await Promise.all(
      answers
        .filter(({ status }) => status === 201)
        .map(({ body }) => repositories().donations.findCheckout(body.sessionId)),
    );
    expect(saved.filter(Boolean)).toHaveLength(CARD_TESTING_LIMITS.perClientCampaign.max);
    // The client is asked for the bot check from now on; a donor elsewhere gives without it.
    const again = await checkout(campaignId, '198.51.100.7', { amount: 500, botCheck: await solveBotCheck(app) });
    expect(again.status).toBe(429);
    const donor = await checkout(campaignId, '192.0.2.10');
    expect(donor.status).toBe(201);
    // One client's checkouts are no card testing of the campaign: staff are not told.
    for (const cookie of [cookies.super, cookies.admin]) expect(await staffNotices(cookie, campaignId)).toEqual([]);
  });

  it("asks none of a giving day's 300 donors from 300 addresses for the bot check, 2% of them declined", async () => {
    const campaignId = await liveCampaign('giving-day', 'Giving day');
    const donors = Array.from({ length: 300 }, (_, donor) => `198.18.${Math.floor(donor / 100)}.${(donor % 100) + 1}`);
    const statuses: Record<string, number> = {};
    const count = (what: string) => (statuses[what] = (statuses[what] ?? 0) + 1);
    const started = Date.now();
    // Donors come 25 at a time; every fiftieth card is declined. The others only open their checkouts:
    // paying changes nothing the guard counts (their checkouts are counted, and no decline comes).
    for (let first = 0; first < donors.length; first += 25) {
      await Promise.all(
        donors.slice(first, first + 25).map(async (address, offset) => {
          const opened = await checkout(campaignId, address);
          if (opened.status !== 201) {
            count(`${opened.status} ${Object.keys(opened.body.error.fields ?? {}).join(',')}`.trim());
            return;
          }
          if ((first + offset) % 50 !== 49) {
            count('opened');
            return;
          }
          const paid = await submitCheckoutForm(opened.body.url, { number: '4000 0000 0000 0002' });
          count(paid.status === 402 ? 'declined' : `card ${paid.status}`);
        }),
      );
      await sandbox().webhooks.drain();
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`300 donors from 300 addresses in ${seconds.toFixed(1)} s: ${JSON.stringify(statuses)}`);
    expect(statuses).toEqual({ opened: 294, declined: 6 });
    for (const cookie of [cookies.super, cookies.admin]) expect(await staffNotices(cookie, campaignId)).toEqual([]);
    // The next donor gives without the bot check; the declined donors pass it.
    expect((await checkout(campaignId, '192.0.2.77')).status).toBe(201);
    const declinedDonor = await checkout(campaignId, donors[49]!);
    expect(declinedDonor.status).toBe(400);
    expect(declinedDonor.body.error.fields).toEqual({ botCheck: 'Please complete the check that you are a person.' });
  }, 240_000);

  it('stops one client trying card after card after its first decline', async () => {
    const campaignId = await liveCampaign('burst-declines', 'Clean water');
    let declined = 0;
    const refusals: Record<string, number> = {};
    // One client trying card after card: one decline, then the bot check.
    for (let attempt = 0; attempt < 100; attempt++) {
      const opened = await checkout(campaignId, '198.51.100.99');
      if (opened.status !== 201) {
        refusals[`${opened.status} ${Object.keys(opened.body.error.fields ?? {}).join(',')}`.trim()] =
          (refusals[`${opened.status} ${Object.keys(opened.body.error.fields ?? {}).join(',')}`.trim()] ?? 0) + 1;
        continue;
      }
      const paid = await submitCheckoutForm(opened.body.url, { number: '4000 0000 0000 0002' });
      expect(paid.status).toBe(402);
      declined++;
      await sandbox().webhooks.drain();
    }
    console.log(`100 attempts from one client: ${declined} declined, refused ${JSON.stringify(refusals)}`);
    expect(declined).toBe(1);
    // Asked for the bot check each time; refusals for it do not use up the client's gifts.
    expect(refusals).toEqual({ '400 botCheck': 99 });
  }, 120_000);

  it('refuses one client solving the bot check card after card once it has had three declined', async () => {
    const campaignId = await liveCampaign('cards-one-client', 'Warm meals');
    const answers: string[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const opened = await checkout(campaignId, '198.51.100.42', {
        amount: 500,
        ...(attempt > 0 ? { botCheck: await solveBotCheck(app) } : {}),
      });
      if (opened.status !== 201) {
        answers.push(String(opened.status));
        continue;
      }
      const paid = await submitCheckoutForm(opened.body.url, { number: '4000 0000 0000 0002' });
      answers.push(paid.status === 402 ? 'declined' : `card ${paid.status}`);
      await sandbox().webhooks.drain();
    }
    const declines = CARD_TESTING_LIMITS.declinesPerClient.max;
    expect(answers).toEqual([...Array(declines).fill('declined'), ...Array(10 - declines).fill('429')]);
  }, 120_000);

  it('after a burst of declined cards from many clients asks every donor to the campaign for the bot check, and tells staff', async () => {
    const campaignId = await liveCampaign('burst-declines-many', 'Clean water');
    let declined = 0;
    let asked = 0;
    for (let client = 1; client <= 100; client++) {
      const opened = await checkout(campaignId, `203.0.113.${client}`);
      if (opened.status === 400 && opened.body.error.fields?.botCheck) {
        asked++;
        continue;
      }
      expect(opened.status).toBe(201);
      const paid = await submitCheckoutForm(opened.body.url, { number: '4000 0000 0000 0002' });
      expect(paid.status).toBe(402);
      declined++;
      await sandbox().webhooks.drain();
    }
    console.log(`100 clients with one declined card each: ${declined} declined, ${asked} asked for the bot check`);
    expect(declined).toBe(CARD_TESTING_LIMITS.campaignBurst.declines);
    expect(asked).toBe(100 - declined);
    for (const cookie of [cookies.super, cookies.admin]) {
      const notices = await staffNotices(cookie, campaignId);
      expect(notices.map((notice) => notice.notification_message)).toEqual([
        `Possible card testing on “Clean water”: ${declined} declined cards in 10 minutes, against ${declined} checkouts. ` +
          "Every donor to it now passes the bot check for the next 60 minutes; look at its payments on the processor's dashboard.",
      ]);
    }
    // Nothing was recorded as given.
    const page = await callApi(app, 'GET', `/api/campaigns/${campaignId}/page`);
    expect(page.body.page).toMatchObject({ raisedCents: 0 });
  }, 120_000);
});
