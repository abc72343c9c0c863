import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAmobeeClient } from '@causeway/adapters/amobee/amobee.client';
import {
  createAmobeeSandbox,
  startAmobeeSandbox,
  type RunningAmobeeSandbox,
} from '@causeway/adapters/amobee/amobee.sandbox';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { savedRouter } from '@causeway/adapters/system/answer-when-saved';
import { keepSnapshot } from '@causeway/adapters/system/json-snapshot';
import type { AdPlatform } from '@causeway/core/ports/ad-platform.port';
import { pngOfSize } from '@causeway/tests/support/png';

const DAY = 86_400_000;
const credentials = { clientId: 'snapshot-test', clientSecret: 'snapshot-secret' };
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };

let clock: ManualClock;
const running: RunningAmobeeSandbox[] = [];
let dataDir: string;

/** The real client of a sandbox at `baseUrl`, as the app makes it. */
const clientOf = (baseUrl: string, secret = credentials.clientSecret): AdPlatform =>
  createAmobeeClient({
    ...credentials,
    clientSecret: secret,
    baseUrl,
    marketId: 2011,
    managerAccountId: '1001',
    accountId: '1000001',
    advertiserPrimaryUrl: 'https://causeway.example',
    logger: quiet,
    clock,
  });

/** A sandbox on its own port and the real client of it, as the app pairs them (its own credentials each time). */
async function sandboxWithClient(
  secret = credentials.clientSecret,
): Promise<{ sandbox: RunningAmobeeSandbox; platform: AdPlatform }> {
  const sandbox = await startAmobeeSandbox({ ...credentials, clientSecret: secret, clock, reportPendingPolls: 0 });
  running.push(sandbox);
  return { sandbox, platform: clientOf(sandbox.url, secret) };
}

const schedule = { budget: 300, startDate: '2026-01-16', endDate: '2026-01-31' };

/** An advertiser with a campaign playing: insertion order, line item, creative and ad. */
async function playingCampaign(platform: AdPlatform) {
  const advertiser = await platform.createAdvertiser({ name: 'Harbor Light Food Bank [org-1]' });
  const insertionOrder = await platform.createInsertionOrder(advertiser.id, {
    name: 'Winter meals',
    externalInsertionOrderId: 'campaign-1',
    schedules: [schedule],
  });
  const lineItem = await platform.createLineItem(insertionOrder.id, {
    name: 'Winter meals · display',
    externalLineItemId: 'campaign-1',
    mediaFormat: 'display',
    schedules: [schedule],
    maxAvgBid: 5,
    cpcAmount: 1,
    optimizationWindowInDays: 7,
    viewabilityRate: 50,
    thirdPartyCpmCost: 0.5,
    gender: 'all',
    ageRange: [25, 44],
    geography: { kind: 'countries', ids: [2] },
  });
  const asset = await platform.uploadCreativeAsset({
    mediaFormat: 'display',
    fileName: 'banner.png',
    contentType: 'image/png',
    content: pngOfSize(300, 250),
  });
  const creative = await platform.createCreative(advertiser.id, {
    name: 'Winter meals banner',
    mediaFormat: 'display',
    ...asset,
    clickUrl: 'https://causeway.example/campaign/campaign-1/details/',
  });
  const ad = await platform.createAd(lineItem.id, {
    name: 'Winter meals ad',
    creatives: [{ creativeId: creative.id, weight: 100 }],
  });
  return { advertiser, insertionOrder, lineItem, creative, ad };
}

async function figures(platform: AdPlatform, insertionOrderIds: string[]) {
  const { reportId } = await platform.requestDeliveryReport({
    insertionOrderIds,
    startTime: '2026-01-01T00:00:00Z',
    endTime: '2026-02-28T23:59:59Z',
    aggregation: 'summary',
  });
  return (await platform.getDeliveryReport(reportId)).rows;
}

beforeEach(() => {
  clock = new ManualClock('2026-01-15T12:00:00.000Z');
  dataDir = mkdtempSync(join(tmpdir(), 'amobee-snapshot-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the DSP sandbox state, exported and restored', () => {
  it('answers the same reads after a restore, delivers on, and continues its ids after the highest', async () => {
    const before = await sandboxWithClient();
    const made = await playingCampaign(before.platform);
    // A day and a half into the flight, moved partly by the control API's own clock.
    clock.advance(DAY);
    before.sandbox.sandbox.advance(DAY);
    const delivered = await figures(before.platform, [made.insertionOrder.id]);
    expect(delivered[0]!.impressions).toBeGreaterThan(0);
    const exported = JSON.parse(JSON.stringify(before.sandbox.sandbox.exportState())) as unknown;
    const reads = async (platform: AdPlatform) => ({
      advertisers: await platform.listAdvertisers(),
      insertionOrder: await platform.getInsertionOrder(made.insertionOrder.id),
      byExternalId: await platform.findInsertionOrderByExternalId(made.advertiser.id, 'campaign-1'),
      lineItem: await platform.getLineItem(made.lineItem.id),
      creatives: await platform.listCreatives(made.advertiser.id),
      ads: await platform.listAds(made.lineItem.id),
    });
    const seen = await reads(before.platform);

    // Another start: new credentials (the old token means nothing there), the state restored.
    const after = await sandboxWithClient('another-secret');
    after.sandbox.sandbox.restoreState(exported);
    expect(after.sandbox.sandbox.now().toISOString()).toBe(before.sandbox.sandbox.now().toISOString());
    expect(await reads(after.platform)).toEqual(seen);
    expect(await figures(after.platform, [made.insertionOrder.id])).toEqual(delivered);

    // Time away counts as delivery, as the real platform keeps buying while the app is stopped.
    clock.advance(DAY);
    const later = await figures(after.platform, [made.insertionOrder.id]);
    expect(later[0]!.impressions).toBeGreaterThan(delivered[0]!.impressions);

    const next = await after.platform.createAdvertiser({ name: 'Valley Pantry' });
    const highest = Math.max(...Object.values(made).map((object) => Number(object.id)));
    expect(Number(next.id)).toBe(highest + 1);
  });

  it('refuses a state it cannot read and keeps its own', async () => {
    const { sandbox, platform } = await sandboxWithClient();
    await platform.createAdvertiser({ name: 'Kept' });
    const good = sandbox.sandbox.exportState();
    const broken = [
      null,
      { ...good, format: 'something else' },
      { ...good, nextId: 'many' },
      // An insertion order whose advertiser is missing.
      {
        ...good,
        insertionOrders: [
          { id: '1', createdAt: '', updatedAt: '', advertiserId: '99', status: 'play', body: { budget: {} } },
        ],
      },
    ];
    for (const state of broken) expect(() => sandbox.sandbox.restoreState(state)).toThrow();
    expect((await platform.listAdvertisers()).map((advertiser) => advertiser.name)).toEqual(['Kept']);
  });
});

describe('the DSP sandbox kept in a file', () => {
  it('writes after changes and on close, and a new sandbox restores it', async () => {
    const path = join(dataDir, 'sandboxes', 'amobee.json');
    const first = await sandboxWithClient();
    const kept = keepSnapshot({ path, subject: first.sandbox.sandbox, name: 'DSP sandbox', log: quiet });
    expect(kept.outcome).toEqual({ kind: 'missing' });
    const made = await playingCampaign(first.platform);
    await kept.writer.flush();
    await kept.close();

    const second = await sandboxWithClient('secret-of-the-second-start');
    const restored = keepSnapshot({ path, subject: second.sandbox.sandbox, name: 'DSP sandbox', log: quiet });
    expect(restored.outcome).toEqual({ kind: 'restored' });
    expect(await second.platform.listAds(made.lineItem.id)).toEqual([
      expect.objectContaining({ id: made.ad.id, status: 'play' }),
    ]);
    await restored.close();
  });

  it('answers a change, as the app serves it, only once the change is in the file', async () => {
    const path = join(dataDir, 'sandboxes', 'amobee.json');
    const sandbox = createAmobeeSandbox({ ...credentials, clock, reportPendingPolls: 0 });
    // Written a minute after a change, unless an answer waits for it.
    const kept = keepSnapshot({ path, subject: sandbox, name: 'DSP sandbox', log: quiet, debounceMs: 60_000 });
    const server = express()
      .use(savedRouter(sandbox.router, kept.writer, 'DSP sandbox', quiet))
      .listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const platform = clientOf(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const saved = () => JSON.parse(readFileSync(path, 'utf8')) as { advertisers: { id: string }[] };
      const first = await platform.createAdvertiser({ name: 'Harbor Light Food Bank [org-1]' });
      expect(saved().advertisers.map((advertiser) => advertiser.id)).toEqual([first.id]);
      // Nothing left to write: the next answer cannot ride on an earlier change's write.
      await kept.writer.flush();
      const second = await platform.createAdvertiser({ name: 'Valley Pantry [org-2]' });
      expect(saved().advertisers.map((advertiser) => advertiser.id)).toEqual([first.id, second.id]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await kept.close();
    }
  });

  it('sets an unreadable file aside, says so, and starts empty', async () => {
    const path = join(dataDir, 'amobee.json');
    writeFileSync(path, '{"format":"causeway.amobee-sandbox","version":1,"nextId":');
    const errors: string[] = [];
    const { sandbox, platform } = await sandboxWithClient();
    const kept = keepSnapshot({
      path,
      subject: sandbox.sandbox,
      name: 'DSP sandbox',
      log: { ...quiet, error: (_fields, message) => errors.push(message) },
    });
    expect(kept.outcome).toMatchObject({
      kind: 'setAside',
      movedTo: expect.stringContaining('amobee.json.unreadable-'),
    });
    expect(errors).toEqual([expect.stringContaining('could not be read')]);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('amobee.json.unreadable-'))).toHaveLength(1);
    expect(await platform.listAdvertisers()).toEqual([]);
    await kept.close();
  });
});
