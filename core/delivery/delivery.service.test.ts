import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryAdPlatform, type MemoryAdPlatform } from '@causeway/adapters/memory/ad-platform.fake';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import type { Actor } from '../auth/authorization';
import type { NotifyInput } from '../notifications/notification.service';
import type { AdPlatform } from '../ports/ad-platform.port';
import type { DataStore } from '../ports/unit-of-work.port';
import { deliveryServiceFactory, type DeliveryLogEvent, type DeliveryService } from './delivery.service';

const MINUTE = 60_000;
const START = '2026-05-01T12:00:00.000Z';

const owner: Actor = { uid: 'owner-1', role: 'campaigner', organizationId: 'org-1', demoUser: false, displayName: 'C' };
const colleague: Actor = { ...owner, uid: 'colleague-1' };
const orgAdmin: Actor = { ...owner, uid: 'admin-1', role: 'admin' };
const platformAdmin: Actor = { ...owner, uid: 'padmin-1', role: 'admin', organizationId: null };
const promoter: Actor = { ...owner, uid: 'promoter-1', role: 'promoter' };

let clock: ManualClock;
let store: DataStore;
let platform: MemoryAdPlatform;
let notified: NotifyInput[];
let logged: DeliveryLogEvent[];
let slept: number[];
let advertiserId: string;
/** Figures the fake platform reports per insertion order and day (null: the whole period). */
let delivered: Map<string, Map<string, { impressions: number; clicks: number; spend: number }>>;

function figuresOf(insertionOrderId: string, day: string | null) {
  const days = delivered.get(insertionOrderId) ?? new Map();
  if (day) return days.get(day) ?? { impressions: 0, clicks: 0, spend: 0 };
  const total = { impressions: 0, clicks: 0, spend: 0 };
  for (const figures of days.values()) {
    total.impressions += figures.impressions;
    total.clicks += figures.clicks;
    total.spend += figures.spend;
  }
  return total;
}

function service(adPlatform: Parameters<typeof deliveryServiceFactory>[0]['adPlatform'] = platform): DeliveryService {
  return deliveryServiceFactory({
    campaigns: store.repositories.campaigns,
    deliveries: store.repositories.campaignDeliveries,
    adPlatform,
    notify: async (input) => {
      notified.push(input);
    },
    clock,
    sleep: async (milliseconds) => {
      slept.push(milliseconds);
    },
    reportTimeoutMs: 10_000,
    freshForMs: 5 * MINUTE,
    minPullIntervalMs: MINUTE,
    batchSize: 2,
    log: (event) => logged.push(event),
  });
}

/** A campaign live on the fake platform: its insertion order and line item, flight of 30 days from May 2. */
async function deployedCampaign(id: string, fields: Record<string, unknown> = {}) {
  const schedules = [{ budget: 1300, startDate: '2026-05-02', endDate: '2026-05-31' }];
  const insertionOrderId = (
    await platform.createInsertionOrder(advertiserId, { name: id, externalInsertionOrderId: id, schedules })
  ).id;
  const lineItemId = (
    await platform.createLineItem(insertionOrderId, {
      name: id,
      mediaFormat: 'display',
      schedules,
      maxAvgBid: 5,
      cpcAmount: 1,
      optimizationWindowInDays: 7,
      viewabilityRate: 50,
      thirdPartyCpmCost: 0.5,
      gender: 'all',
      ageRange: [18, 64],
      geography: { kind: 'countries', ids: [2] },
      externalLineItemId: id,
    })
  ).id;
  await store.repositories.campaigns.create({
    campaignUUID: id,
    userId: owner.uid,
    organizationId: owner.organizationId,
    createdAt: '2026-04-20T00:00:00.000Z',
    campaignName: `Campaign ${id}`,
    startDate: '2026-05-02T00:00:00.000Z',
    endDate: '2026-05-31T00:00:00.000Z',
    isPaid: true,
    amobeeDeployed: true,
    workflowstatus: 'Published',
    insertionOrderId,
    lineItemId,
    adIds: ['ad-1'],
    campaignRaiseGoal: 25_000_00,
    campaignRaiseGoalDeadline: '2026-06-30T00:00:00.000Z',
    ...fields,
  });
  return { insertionOrderId, lineItemId };
}

const deliver = (insertionOrderId: string, day: string, impressions: number, clicks: number, spend: number) => {
  if (!delivered.has(insertionOrderId)) delivered.set(insertionOrderId, new Map());
  delivered.get(insertionOrderId)!.set(day, { impressions, clicks, spend });
};

beforeEach(async () => {
  clock = new ManualClock('2026-05-04T12:00:00.000Z');
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
  delivered = new Map();
  platform = createMemoryAdPlatform({ clock, delivery: figuresOf });
  advertiserId = (await platform.createAdvertiser({ name: 'Harbor Light' })).id;
  notified = [];
  logged = [];
  slept = [];
});

describe('delivery figures', () => {
  it('pulls the flight’s summary and days and answers them with CTR and CPC', async () => {
    const { insertionOrderId, lineItemId } = await deployedCampaign('c-1');
    deliver(insertionOrderId, '2026-05-02', 16_774, 16, 41.94);
    deliver(insertionOrderId, '2026-05-03', 16_774, 17, 41.94);
    const delivery = await service().get(owner, 'c-1');
    expect(delivery).toEqual({
      campaignId: 'c-1',
      insertionOrderId,
      lineItemId,
      lineItemStatus: 'play',
      flight: { startDate: '2026-05-02', endDate: '2026-05-31' },
      totals: {
        impressions: 33_548,
        clicks: 33,
        spendCents: 8388,
        ctr: 33 / 33_548,
        cpcCents: Math.round(8388 / 33),
      },
      // The campaign's own target, set with its budget.
      targetCpcCents: 1_00,
      daily: [
        { day: '2026-05-02', impressions: 16_774, clicks: 16, spendCents: 4194, ctr: 16 / 16_774, cpcCents: 262 },
        { day: '2026-05-03', impressions: 16_774, clicks: 17, spendCents: 4194, ctr: 17 / 16_774, cpcCents: 247 },
        { day: '2026-05-04', impressions: 0, clicks: 0, spendCents: 0, ctr: null, cpcCents: null },
      ],
      refreshedAt: clock.now().toISOString(),
      // The platform did not date its reports: they are as of the pull.
      reportedAt: clock.now().toISOString(),
      pause: null,
      lastFailure: null,
    });
  });

  it('shows the figures as of the platform’s time of its reports, while freshness goes by the pull’s', async () => {
    const { insertionOrderId } = await deployedCampaign('c-1');
    deliver(insertionOrderId, '2026-05-02', 1000, 1, 2.5);
    deliver(insertionOrderId, '2026-05-06', 1000, 2, 2.5);
    // The platform's clock runs two days and a half ahead of ours (a sandbox whose clock was moved).
    const ahead = '2026-05-07T00:00:00.000Z';
    const dated: AdPlatform = {
      ...platform,
      getDeliveryReport: async (reportId) => ({ ...(await platform.getDeliveryReport(reportId)), reportedAt: ahead }),
    };
    const delivery = await service(dated).get(owner, 'c-1');
    expect(delivery.reportedAt).toBe(ahead);
    expect(delivery.refreshedAt).toBe(clock.now().toISOString());
    // The days run to the platform's today, not ours.
    expect(delivery.daily.map((day) => day.day)).toEqual([
      '2026-05-02',
      '2026-05-03',
      '2026-05-04',
      '2026-05-05',
      '2026-05-06',
      '2026-05-07',
    ]);
    // Stored with the figures, and still fresh by our clock a few minutes on (no new pull).
    clock.advance(4 * MINUTE);
    deliver(insertionOrderId, '2026-05-07', 1000, 1, 2.5);
    const again = await service(dated).get(owner, 'c-1');
    expect(again.reportedAt).toBe(ahead);
    expect(again.totals.impressions).toBe(2000);
  });

  it('answers stored figures for a few minutes, then pulls again; refresh pulls at most once a minute', async () => {
    const { insertionOrderId } = await deployedCampaign('c-1');
    deliver(insertionOrderId, '2026-05-02', 1000, 1, 2.5);
    const first = await service().get(owner, 'c-1');
    deliver(insertionOrderId, '2026-05-03', 1000, 1, 2.5);
    clock.advance(4 * MINUTE);
    expect((await service().get(owner, 'c-1')).totals.impressions).toBe(1000);
    expect((await service().get(owner, 'c-1', { refresh: true })).totals.impressions).toBe(2000);
    deliver(insertionOrderId, '2026-05-04', 1000, 1, 2.5);
    clock.advance(30_000);
    // Asked again within the minute: the figures just pulled.
    expect((await service().get(owner, 'c-1', { refresh: true })).totals.impressions).toBe(2000);
    clock.advance(6 * MINUTE);
    const later = await service().get(owner, 'c-1');
    expect(later.totals.impressions).toBe(3000);
    expect(later.refreshedAt > first.refreshedAt).toBe(true);
  });

  it('polls a report that is not ready yet, backing off, until its rows come', async () => {
    await deployedCampaign('c-1');
    const polls = new Map<string, number>();
    const slow: AdPlatform = {
      ...platform,
      getDeliveryReport: async (reportId) => {
        polls.set(reportId, (polls.get(reportId) ?? 0) + 1);
        return polls.get(reportId)! <= 3 ? { ready: false, rows: [] } : platform.getDeliveryReport(reportId);
      },
    };
    await service(slow).get(owner, 'c-1');
    // Two reports (summary and daily), each asked 4 times, waiting longer each time.
    expect([...polls.values()]).toEqual([4, 4]);
    expect(slept.sort((a, b) => a - b)).toEqual([250, 250, 500, 500, 1000, 1000]);
  });

  it('gives up on a report that stays not ready with the spec’s message, answering 503 without figures', async () => {
    await deployedCampaign('c-1');
    const never: AdPlatform = { ...platform, getDeliveryReport: async () => ({ ready: false, rows: [] }) };
    await expect(service(never).get(owner, 'c-1')).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/^Error while fetching Report! The report was not ready after \d+ s\.$/),
    });
    expect(slept.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThanOrEqual(10_000);
  });

  it.each([
    { method: 'requestDeliveryReport' as const, message: 'Create report error: Injected fault' },
    { method: 'getDeliveryReport' as const, message: 'Error while fetching Report! Injected fault' },
  ])('a failed $method keeps the figures pulled before and says so', async ({ method, message }) => {
    await deployedCampaign('c-1');
    const before = await service().get(owner, 'c-1');
    platform.failNext(method);
    clock.advance(6 * MINUTE);
    const after = await service().get(owner, 'c-1');
    expect(after.refreshedAt).toBe(before.refreshedAt);
    expect(after.lastFailure).toEqual({ message, at: clock.now().toISOString() });
    expect(logged).toContainEqual(expect.objectContaining({ kind: 'pullFailed', campaignIds: ['c-1'], message }));
    clock.advance(MINUTE);
    expect((await service().get(owner, 'c-1', { refresh: true })).lastFailure).toBeNull();
  });

  it('lets the owner’s side and platform staff see the figures, nobody else', async () => {
    await deployedCampaign('c-1');
    for (const actor of [owner, orgAdmin, platformAdmin])
      await expect(service().get(actor, 'c-1')).resolves.toBeTruthy();
    for (const actor of [
      colleague,
      promoter,
      { ...owner, uid: 'x', organizationId: 'org-2', role: 'admin' as const },
    ]) {
      await expect(service().get(actor, 'c-1')).rejects.toMatchObject({ code: 'forbidden' });
    }
  });

  it('answers 404 for a campaign not deployed, and one that does not exist', async () => {
    await store.repositories.campaigns.create({
      campaignUUID: 'c-draft',
      userId: owner.uid,
      organizationId: owner.organizationId,
      createdAt: START,
      isPaid: true,
    });
    await expect(service().get(owner, 'c-draft')).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('not running on the ad platform yet'),
    });
    await expect(service().get(owner, 'c-none')).rejects.toMatchObject({
      code: 'not_found',
      message: 'That campaign does not exist.',
    });
  });

  it('syncs every deployed campaign in batches, one summary and one daily report per batch', async () => {
    const ids = ['c-1', 'c-2', 'c-3'];
    const orders = [];
    for (const id of ids) orders.push((await deployedCampaign(id)).insertionOrderId);
    orders.forEach((order, index) => deliver(order, '2026-05-03', 1000 * (index + 1), index, 2.5 * (index + 1)));
    await store.repositories.campaigns.create({ campaignUUID: 'c-unpublished', userId: 'u', createdAt: START });
    const requested: string[][] = [];
    const counting: AdPlatform = {
      ...platform,
      requestDeliveryReport: (request) => {
        requested.push(request.insertionOrderIds);
        return platform.requestDeliveryReport(request);
      },
    };
    expect(await service(counting).syncAll()).toEqual({ campaigns: 3, pulled: 3, failed: 0, paused: 0 });
    // batchSize 2: two batches, each one summary and one daily report.
    expect(requested.map((batch) => batch.length).sort()).toEqual([1, 1, 2, 2]);
    for (const [index, id] of ids.entries()) {
      expect((await store.repositories.campaignDeliveries.find(id))?.figures?.impressions).toBe(1000 * (index + 1));
    }
  });

  it('a line item gone from the platform fails that campaign only', async () => {
    await deployedCampaign('c-1');
    await deployedCampaign('c-2', { lineItemId: '999' });
    expect(await service().syncAll()).toEqual({ campaigns: 2, pulled: 1, failed: 1, paused: 0 });
    expect((await store.repositories.campaignDeliveries.find('c-2'))?.lastFailure?.message).toBe(
      'Line item 999 not found on the ad platform.',
    );
  });
});

describe('goal-aware pacing on each sync', () => {
  it('pauses the line item once the goal is reached, records why and tells the owner once', async () => {
    const { lineItemId } = await deployedCampaign('c-1');
    await service().syncAll();
    expect((await platform.getLineItem(lineItemId))?.status).toBe('play');
    expect(notified).toEqual([]);

    await store.repositories.campaigns.countDonation('c-1', 25_000_00);
    expect(await service().syncAll()).toMatchObject({ paused: 1 });
    expect((await platform.getLineItem(lineItemId))?.status).toBe('pause');
    const delivery = await service().get(owner, 'c-1', { refresh: true });
    expect(delivery.lineItemStatus).toBe('pause');
    expect(delivery.pause).toEqual({
      reasons: ['goalReached'],
      message:
        'The ads of “Campaign c-1” are paused because it reached its goal of $25,000.00: no more of its ad budget is spent.',
      pausedAt: clock.now().toISOString(),
    });
    expect(notified).toEqual([
      expect.objectContaining({
        notification_type: 'deployment',
        notification_userTo: owner.uid,
        notification_campaign_id: 'c-1',
        notification_campaign_status: 'Paused',
        notification_message: delivery.pause!.message,
        notification_url: '/campaign/c-1/details/',
      }),
    ]);

    // Later syncs (by this instance or another) neither pause again nor tell again.
    clock.advance(20 * MINUTE);
    await service().syncAll();
    await service().syncAll();
    expect(notified).toHaveLength(1);
  });

  it('pauses once the deadline has passed, even when the reports cannot be pulled', async () => {
    const { lineItemId } = await deployedCampaign('c-1', { campaignRaiseGoalDeadline: '2026-05-04T00:00:00.000Z' });
    platform.failNext('requestDeliveryReport');
    expect(await service().syncAll()).toEqual({ campaigns: 1, pulled: 0, failed: 1, paused: 1 });
    expect((await platform.getLineItem(lineItemId))?.status).toBe('pause');
    expect((await store.repositories.campaignDeliveries.find('c-1'))?.pause?.reasons).toEqual(['deadlinePassed']);
    expect(notified).toHaveLength(1);
  });

  it('tries again on the next sync when the platform refused the pause, telling the owner only then', async () => {
    const { lineItemId } = await deployedCampaign('c-1', { campaignRaised: 25_000_00 });
    platform.failNext('setStatus');
    expect(await service().syncAll()).toMatchObject({ paused: 0 });
    expect(notified).toEqual([]);
    expect(logged).toContainEqual(expect.objectContaining({ kind: 'pauseFailed', campaignId: 'c-1' }));
    expect(await service().syncAll()).toMatchObject({ paused: 1 });
    expect((await platform.getLineItem(lineItemId))?.status).toBe('pause');
    expect(notified).toHaveLength(1);
  });

  it('plays the ads again once refunds take a paused campaign back under its goal, telling the owner once', async () => {
    const { lineItemId } = await deployedCampaign('c-1', { campaignRaised: 25_000_00 });
    expect(await service().syncAll()).toMatchObject({ paused: 1 });
    expect((await platform.getLineItem(lineItemId))?.status).toBe('pause');

    clock.advance(10 * MINUTE);
    await store.repositories.campaigns.uncountDonation('c-1', 1_000_00, { donorLeft: true });
    await Promise.all([service().syncAll(), service().syncAll()]);
    expect((await platform.getLineItem(lineItemId))?.status).toBe('play');
    expect((await store.repositories.campaignDeliveries.find('c-1'))?.pause).toBeNull();
    expect(notified).toHaveLength(2);
    expect(notified[1]).toMatchObject({
      notification_type: 'deployment',
      notification_userTo: owner.uid,
      notification_campaign_id: 'c-1',
      notification_campaign_status: 'Playing',
      notification_message:
        'The ads of “Campaign c-1” run again: after refunds it has $24,000.00 of its $25,000.00 goal, and its deadline has not passed.',
    });
    expect(logged).toContainEqual({ kind: 'resumed', campaignId: 'c-1' });

    // Reaching the goal again pauses it again, and says so again.
    await store.repositories.campaigns.countDonation('c-1', 1_000_00);
    expect(await service().syncAll()).toMatchObject({ paused: 1 });
    expect((await platform.getLineItem(lineItemId))?.status).toBe('pause');
    expect(notified).toHaveLength(3);
  });

  it('keeps a campaign paused when only its deadline stops it, and tries playing again after a refused call', async () => {
    const late = await deployedCampaign('c-1', {
      campaignRaised: 25_000_00,
      campaignRaiseGoalDeadline: '2026-05-04T00:00:00.000Z',
    });
    await service().syncAll();
    await store.repositories.campaigns.uncountDonation('c-1', 5_000_00, { donorLeft: false });
    clock.advance(10 * MINUTE);
    await service().syncAll();
    expect((await platform.getLineItem(late.lineItemId))?.status).toBe('pause');
    expect(notified).toHaveLength(1);

    const refunded = await deployedCampaign('c-2', { campaignRaised: 25_000_00 });
    await service().syncAll();
    await store.repositories.campaigns.uncountDonation('c-2', 5_000_00, { donorLeft: false });
    platform.failNext('setStatus');
    clock.advance(10 * MINUTE);
    await service().syncAll();
    expect(logged).toContainEqual(expect.objectContaining({ kind: 'resumeFailed', campaignId: 'c-2' }));
    expect((await platform.getLineItem(refunded.lineItemId))?.status).toBe('pause');
    expect((await store.repositories.campaignDeliveries.find('c-2'))?.pause).not.toBeNull();
    clock.advance(10 * MINUTE);
    await service().syncAll();
    expect((await platform.getLineItem(refunded.lineItemId))?.status).toBe('play');
    expect(notified.filter((input) => input.notification_campaign_status === 'Playing')).toHaveLength(1);
  });

  it('two instances syncing at the same time tell the owner once', async () => {
    await deployedCampaign('c-1', { campaignRaised: 30_000_00 });
    const results = await Promise.all([service().syncAll(), service().syncAll()]);
    expect(results.reduce((sum, result) => sum + result.paused, 0)).toBe(1);
    expect(notified).toHaveLength(1);
  });

  it('leaves a campaign on track alone, and one stopped on the platform by hand', async () => {
    const onTrack = await deployedCampaign('c-1');
    const stopped = await deployedCampaign('c-2', { campaignRaised: 25_000_00 });
    await platform.setStatus('lineItems', stopped.lineItemId, 'stop');
    await service().syncAll();
    expect((await platform.getLineItem(onTrack.lineItemId))?.status).toBe('play');
    expect((await platform.getLineItem(stopped.lineItemId))?.status).toBe('stop');
    expect(notified).toEqual([]);
  });
});
