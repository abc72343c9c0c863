import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTING_API, type CampaignReportResponse } from '@causeway/core/contracts/reporting.contract';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { mirrorCaughtUp, mirrorSnapshot, mirrorStatus } from '@causeway/tests/support/reporting';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { STRIPE_SANDBOX } from './container';
import { REPORTING_DATABASE } from './modules/reporting-database';
import { REPORTING_PROJECTOR_RUNNER } from './modules/reporting-mirror.module';
import { TYPES } from './types';

/**
 * A visitor's way through a campaign, as the reports count it, on every store: a click on a promoter's
 * X link, the page's visit beacon (a reload counts nothing more), a checkout carrying the link's
 * promoter and network, the gift; then the campaign report's funnel and channels, the freshness of
 * the reports while the mirror is behind, and a rebuild equal to the live mirror.
 */
let app: TestApp;
const cookies = { campaigner: '', promoter: '', super: '' };
let harborId: string;
let campaignerId: string;
let promoterId: string;

const repositories = () => app.server.container.get(TYPES.Repositories);

async function liveCampaign(name: string): Promise<string> {
  const campaign = await repositories().campaigns.create({
    campaignUUID: `funnel-${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}`,
    userId: campaignerId,
    organizationId: harborId,
    isPaid: true,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    campaignName: name,
    campaignTitle: name,
    campaignDescription: 'Warm meals for families across Portland this winter.',
    campaignRaiseGoal: 10_000_00,
  });
  return campaign.campaignUUID;
}

const status = () => mirrorStatus(app, cookies.super);
const caughtUp = (timeoutMs = 15_000) => mirrorCaughtUp(app, cookies.super, timeoutMs);

const report = async (campaignId: string) => {
  const answer = await callApi<CampaignReportResponse>(app, 'GET', REPORTING_API.campaign(campaignId), {
    cookie: cookies.campaigner,
  });
  expect(answer.status).toBe(200);
  return answer.body;
};

const visit = (campaignId: string) => callApi(app, 'POST', `/api/campaigns/${campaignId}/visits`);

beforeAll(async () => {
  app = await startTestApp();
  for (const name of ['campaigner', 'promoter', 'super'] as const) {
    cookies[name] = await signInAs(app, `${name}@demo.local`);
  }
  campaignerId = (await callApi(app, 'GET', '/api/auth/session', { cookie: cookies.campaigner })).body.user.uid;
  promoterId = (await callApi(app, 'GET', '/api/auth/session', { cookie: cookies.promoter })).body.user.uid;
  harborId = (await repositories().organizations.list()).find(
    (org) => org.name === 'Harbor Light Food Bank',
  )!.organizationId;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('A visit and a gift through an X link, in the campaign report', () => {
  it('counts one visit, one checkout and one gift by X for the promoter, and a rebuild gives the same mirror', async () => {
    const campaignId = await liveCampaign('Winter coats');
    const promoted = await callApi(app, 'POST', `/api/campaigns/${campaignId}/promotions`, {
      cookie: cookies.promoter,
    });
    expect(promoted.status).toBe(201);
    const xLink = (promoted.body.promotion.links as { channel: string; url: string }[]).find(
      (link) => link.channel === 'x',
    )!;

    // The click lands on the page with the promoter and the network.
    const click = await fetch(`${app.url}${new URL(xLink.url).pathname}`, { redirect: 'manual' });
    expect(click.status).toBe(302);
    const landing = new URL(click.headers.get('location')!, app.url);
    expect(landing.searchParams.get('ref')).toBe(promoterId);
    expect(landing.searchParams.get('utm_source')).toBe('x');

    // The page's beacon: a reload within the window counts nothing more.
    expect((await visit(campaignId)).status).toBe(204);
    expect((await visit(campaignId)).status).toBe(204);
    expect(await repositories().shareTracking.listPageVisits(campaignId)).toEqual([
      { campaignId, day: new Date().toISOString().slice(0, 10), visits: 1 },
    ]);

    const opened = await callApi(app, 'POST', `/api/campaigns/${campaignId}/donations/checkout`, {
      body: {
        amount: 25_00,
        donorName: 'Robin',
        ref: landing.searchParams.get('ref'),
        channel: landing.searchParams.get('utm_source'),
      },
    });
    expect(opened.status).toBe(201);
    await submitCheckoutForm(opened.body.url, { number: '4242 4242 4242 4242', email: 'robin@donors.example' });
    await app.server.container.get(STRIPE_SANDBOX).webhooks.drain();

    // The campaign reaches the mirror with the projector's next batch (on Firestore, after a poll).
    await caughtUp();
    let current = await report(campaignId);
    for (let attempt = 0; current.funnel.gifts === 0 && attempt < 150; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await report(campaignId);
    }
    const [donation] = await repositories().donations.listDonationsByCampaign(campaignId);
    expect(donation).toMatchObject({ user_id: promoterId, channel: 'x', amount: 25_00 });
    expect(current.funnel).toEqual({ impressions: 0, adClicks: 0, pageVisits: 1, checkoutsStarted: 1, gifts: 1 });
    expect(current.channels).toEqual([
      { channel: 'x', shareClicks: 1, gifts: 1, raisedCents: 25_00 },
      { channel: 'linkedin', shareClicks: 0, gifts: 0, raisedCents: 0 },
      { channel: 'facebook', shareClicks: 0, gifts: 0, raisedCents: 0 },
      { channel: 'instagram', shareClicks: 0, gifts: 0, raisedCents: 0 },
      { channel: 'qr', shareClicks: 0, gifts: 0, raisedCents: 0 },
    ]);
    expect(current.direct).toEqual({ gifts: 0, raisedCents: 0 });
    expect(current.promoters).toEqual([
      expect.objectContaining({ promoterId, shareClicks: 1, gifts: 1, raisedCents: 25_00 }),
    ]);

    await caughtUp();
    const db = app.server.container.get(REPORTING_DATABASE).db;
    const live = await mirrorSnapshot(db);
    expect(live.page_visits).toEqual([expect.objectContaining({ campaign_id: campaignId, visits: 1 })]);
    const rebuilt = await callApi(app, 'POST', REPORTING_API.rebuild, { cookie: cookies.super });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body.rows.pageVisits).toBeGreaterThanOrEqual(1);
    expect(await mirrorSnapshot(db)).toEqual(live);
  });

  it('refuses a visit of an unknown campaign', async () => {
    expect((await visit('no-such-campaign')).status).toBe(404);
  });

  it('says how many changes the reports are behind, and since when, until the mirror applies them', async () => {
    const campaignId = await liveCampaign('Spring seeds');
    await caughtUp();
    const runner = app.server.container.get(REPORTING_PROJECTOR_RUNNER);
    await runner.stop();
    try {
      expect((await visit(campaignId)).status).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 250));
      const behind = await status();
      expect(behind.backlog).toBe(1);
      expect(behind.lagMs).toBeGreaterThanOrEqual(250);
      const seen = await report(campaignId);
      expect(seen.freshness.backlog).toBe(1);
      expect(seen.freshness.lagMs).toBeGreaterThanOrEqual(250);
      expect(seen.funnel.pageVisits).toBe(0);
    } finally {
      await runner.start();
    }
    const after = await caughtUp();
    expect(after.lagMs).toBe(0);
    const seen = await report(campaignId);
    expect(seen.freshness).toMatchObject({ backlog: 0, lagMs: 0 });
    expect(seen.funnel.pageVisits).toBe(1);
  });
});
