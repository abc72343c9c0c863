import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { deployedCampaign } from '@causeway/tests/support/campaigns';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { AMOBEE_SANDBOX } from './container';
import { TYPES } from './types';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The app's time, moved by the tests (the sandbox's runs on it, plus what `sandbox().advance` adds). */
const clock = new ManualClock(new Date());

let app: TestApp;
const cookies = { super: '', admin: '', campaigner: '', promoter: '' };
let campaignerUid: string;

const repositories = () => app.server.container.get(TYPES.Repositories);
const sandbox = () => app.server.container.get(AMOBEE_SANDBOX);
const api = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) });

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

beforeAll(async () => {
  // No schedule: each pull here is one the test asks for.
  app = await startTestApp({ env: { DELIVERY_SYNC_MINUTES: '0' }, overrides: { clock } });
  for (const name of ['super', 'admin', 'campaigner', 'promoter'] as const) {
    cookies[name] = await signInAs(app, `${name}@demo.local`);
  }
  campaignerUid = (await api('GET', '/api/auth/session', cookies.campaigner)).body.user.uid;
  const harbor = (await repositories().organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
  // The demo organization got its advertiser at start (embedded mode): deployments need it.
  expect(harbor.advertiserId).toMatch(/^\d+$/);
});

afterAll(async () => {
  await app?.close();
});

describe('delivery figures of a deployed campaign', () => {
  it('appear once the platform has delivered, and add up', async () => {
    const campaignId = await deployedCampaign(app, cookies, 'Delivered');
    // The flight starts tomorrow; three simulated days later, two or more have delivered.
    sandbox().advance(3 * DAY);
    const answer = await api('GET', `/api/campaigns/${campaignId}/delivery`, cookies.campaigner);
    expect(answer.status).toBe(200);
    const { delivery } = answer.body;
    const campaign = (await repositories().campaigns.findById(campaignId))!;
    expect(delivery).toMatchObject({
      campaignId,
      insertionOrderId: campaign.insertionOrderId,
      lineItemId: campaign.lineItemId,
      lineItemStatus: 'play',
      pause: null,
      lastFailure: null,
    });
    const { totals, daily } = delivery;
    // $1,300 of ads over 31 days at a $2.50 CPM and a 0.1% CTR: about 16,800 impressions and 17 clicks a day.
    expect(totals.impressions).toBeGreaterThan(2 * 16_000);
    expect(totals.clicks).toBeGreaterThan(2 * 15);
    expect(totals.spendCents).toBeGreaterThan(2 * 4000);
    expect(totals.ctr).toBeCloseTo(totals.clicks / totals.impressions, 12);
    expect(totals.cpcCents).toBe(Math.round(totals.spendCents / totals.clicks));
    // The sandbox's own ledger of what it delivered (it keeps delivering by the millisecond meanwhile).
    const ledger = (await api('GET', '/sandbox/amobee/_sandbox/delivery')).body.find(
      (entry: { lineItemId: string }) => entry.lineItemId === campaign.lineItemId,
    );
    expect(Math.abs(ledger.impressions - totals.impressions)).toBeLessThanOrEqual(2);
    expect(Math.abs(Math.round(ledger.spend * 100) - totals.spendCents)).toBeLessThanOrEqual(1);
    // Each day rounds on its own: the days add up to the total within a unit a day.
    const delivering = daily.filter((day: { impressions: number }) => day.impressions > 0);
    expect(delivering.length).toBeGreaterThanOrEqual(2);
    expect(
      Math.abs(sum(daily.map((day: { impressions: number }) => day.impressions)) - totals.impressions),
    ).toBeLessThanOrEqual(daily.length);
    expect(
      Math.abs(sum(daily.map((day: { spendCents: number }) => day.spendCents)) - totals.spendCents),
    ).toBeLessThanOrEqual(daily.length);
    for (const day of delivering) {
      expect(day.ctr).toBeCloseTo(day.clicks / day.impressions, 12);
      if (day.clicks > 0) expect(day.cpcCents).toBe(Math.round(day.spendCents / day.clicks));
    }
    expect(daily[0].day).toBe(delivery.flight.startDate);

    // The figures are as of the platform's time (its clock is three days ahead of the app's), while they
    // were pulled at the app's: "Figures as of" and the days agree with the platform.
    const platformNow = Date.parse((await api('GET', '/sandbox/amobee/_sandbox/clock')).body.now);
    const reportedAt = Date.parse(delivery.reportedAt);
    expect(delivery.refreshedAt).toBe(clock.now().toISOString());
    expect(platformNow - reportedAt).toBeGreaterThanOrEqual(0);
    expect(platformNow - reportedAt).toBeLessThan(60_000);
    expect(reportedAt - Date.parse(delivery.refreshedAt)).toBeGreaterThan(3 * DAY - 60_000);
    expect(daily.at(-1).day).toBe(delivery.reportedAt.slice(0, 10));

    // A second look within minutes answers the same pull; the platform is not asked again.
    const calls = sandbox().requests().length;
    const again = await api('GET', `/api/campaigns/${campaignId}/delivery`, cookies.super);
    expect(again.body.delivery.refreshedAt).toBe(delivery.refreshedAt);
    expect(sandbox().requests().length).toBe(calls);
  });

  it('are the owner’s, their organization’s admin’s and platform staff’s to see', async () => {
    const campaignId = await deployedCampaign(app, cookies, 'Who sees');
    sandbox().advance(DAY);
    expect((await api('GET', `/api/campaigns/${campaignId}/delivery`, cookies.admin)).status).toBe(200);
    expect((await api('GET', `/api/campaigns/${campaignId}/delivery`, cookies.super)).status).toBe(200);
    const refused = await api('GET', `/api/campaigns/${campaignId}/delivery`, cookies.promoter);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('can see its delivery');
    expect((await api('GET', `/api/campaigns/${campaignId}/delivery`)).status).toBe(401);
  });

  it('answer 404 with a clear message for a campaign not deployed', async () => {
    await repositories().campaigns.create({
      campaignUUID: 'not-deployed-yet',
      userId: campaignerUid,
      organizationId: (await api('GET', '/api/auth/session', cookies.campaigner)).body.user.organizationId,
      createdAt: new Date().toISOString(),
      isPaid: true,
    });
    const answer = await api('GET', '/api/campaigns/not-deployed-yet/delivery', cookies.campaigner);
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toBe(
      'This campaign is not running on the ad platform yet: its delivery figures appear once it is published.',
    );
    expect((await api('GET', '/api/campaigns/nothing-here/delivery', cookies.campaigner)).status).toBe(404);
  });

  it('are pulled again after a few minutes or on request at most once a minute, and keep the last figures when the platform fails', async () => {
    const campaignId = await deployedCampaign(app, cookies, 'Report fails');
    sandbox().advance(DAY);
    const path = `/api/campaigns/${campaignId}/delivery`;
    const first = (await api('GET', path, cookies.campaigner)).body.delivery;

    // Asked again at once, even with refresh=true: the figures just pulled, the platform not asked.
    const calls = sandbox().requests().length;
    expect((await api('GET', `${path}?refresh=true`, cookies.campaigner)).body.delivery.refreshedAt).toBe(
      first.refreshedAt,
    );
    expect(sandbox().requests().length).toBe(calls);

    // Older than five minutes, while the reporting service fails: the last figures, and why they are old.
    sandbox().addFault({ method: 'POST', path: '/reporting/v2/api/reports', status: 500, always: true });
    clock.advance(6 * MINUTE);
    const failed = await api('GET', path, cookies.campaigner);
    expect(failed.status).toBe(200);
    expect(failed.body.delivery.refreshedAt).toBe(first.refreshedAt);
    expect(failed.body.delivery.totals).toEqual(first.totals);
    expect(failed.body.delivery.lastFailure).toEqual({
      message: expect.stringMatching(/^Create report error: /),
      at: clock.now().toISOString(),
    });

    // A minute later, the platform answering again: fresh figures, the failure over.
    sandbox().clearFaults();
    clock.advance(MINUTE);
    const recovered = (await api('GET', `${path}?refresh=true`, cookies.campaigner)).body.delivery;
    expect(recovered.refreshedAt).toBe(clock.now().toISOString());
    expect(recovered.lastFailure).toBeNull();
    expect(recovered.totals.impressions).toBeGreaterThan(first.totals.impressions);
  });
});

describe('goal-aware pacing', () => {
  it('pauses the line item of a campaign whose raised amount reaches its goal, and tells its owner once', async () => {
    const campaignId = await deployedCampaign(app, cookies, 'Goal met');
    const platform = app.server.container.get(TYPES.AdPlatform);
    const { lineItemId, campaignRaiseGoal } = (await repositories().campaigns.findById(campaignId))!;
    sandbox().advance(DAY);
    await repositories().campaigns.countDonation(campaignId, campaignRaiseGoal);

    const answer = await api('GET', `/api/campaigns/${campaignId}/delivery`, cookies.campaigner);
    expect(answer.status).toBe(200);
    expect(answer.body.delivery).toMatchObject({
      lineItemStatus: 'pause',
      pause: {
        reasons: ['goalReached'],
        message: expect.stringContaining('reached its goal of $25,000.00'),
        pausedAt: expect.any(String),
      },
    });
    expect((await platform.getLineItem(lineItemId!))?.status).toBe('pause');

    // Later syncs, scheduled or not, pause nothing again and tell nobody again.
    const delivery = app.server.container.get(TYPES.DeliveryService);
    await delivery.syncAll();
    await delivery.syncAll();
    const told = (
      await repositories().notifications.listForUser(campaignerUid, { unreadOnly: false, limit: 100 })
    ).filter((notification) => notification.notification_campaign_id === campaignId);
    const paused = told.filter((notification) => notification.notification_campaign_status === 'Paused');
    expect(paused).toHaveLength(1);
    expect(paused[0]).toMatchObject({
      notification_type: 'deployment',
      notification_message: answer.body.delivery.pause.message,
      notification_url: `/campaign/${campaignId}/details/`,
    });
    // The paused line item delivers no more.
    const before = (await api('GET', `/api/campaigns/${campaignId}/delivery`, cookies.campaigner)).body.delivery;
    sandbox().advance(DAY);
    const ledger = (await api('GET', '/sandbox/amobee/_sandbox/delivery')).body.find(
      (entry: { lineItemId: string }) => entry.lineItemId === lineItemId,
    );
    expect(Math.abs(ledger.impressions - before.totals.impressions)).toBeLessThanOrEqual(2);
  });
});
