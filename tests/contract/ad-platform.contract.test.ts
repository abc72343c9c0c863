import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAmobeeClient } from '@causeway/adapters/amobee/amobee.client';
import { startAmobeeSandbox } from '@causeway/adapters/amobee/amobee.sandbox';
import { createMemoryAdPlatform } from '@causeway/adapters/memory/ad-platform.fake';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import {
  AdPlatformError,
  type AdPlatform,
  type InsertionOrderInput,
  type LineItemInput,
} from '@causeway/core/ports/ad-platform.port';
import { pngOfSize } from '@causeway/tests/support/png';

interface Subject {
  platform: AdPlatform;
  clock: ManualClock;
  close?: () => Promise<void>;
}

const quietLogger = { error: () => undefined, warn: () => undefined };

const implementations: { name: string; create: () => Promise<Subject> }[] = [
  {
    name: 'memory',
    create: async () => {
      const clock = new ManualClock();
      return { platform: createMemoryAdPlatform({ clock }), clock };
    },
  },
  {
    // The real adapter, over HTTP, against the DSP sandbox on a free port.
    name: 'amobee client over HTTP to the sandbox',
    create: async () => {
      const clock = new ManualClock();
      const credentials = { clientId: 'contract-client', clientSecret: 'contract-secret' };
      const running = await startAmobeeSandbox({ ...credentials, clock, marketId: 2011 });
      const platform = createAmobeeClient({
        ...credentials,
        baseUrl: running.url,
        marketId: 2011,
        managerAccountId: '1001',
        accountId: '2001',
        advertiserPrimaryUrl: 'https://causeway.example',
        logger: quietLogger,
        clock,
      });
      return { platform, clock, close: running.close };
    },
  },
];

const schedule = { budget: 650, dailyCap: 50, startDate: '2026-02-01', endDate: '2026-02-28' };
const insertionOrder = (name = 'Clean water'): InsertionOrderInput => ({
  name,
  externalInsertionOrderId: 'campaign-1',
  schedules: [schedule],
  cpcGoalAmount: 1,
});
const lineItem = (name = 'Clean water display'): LineItemInput => ({
  name,
  mediaFormat: 'display',
  schedules: [schedule],
  maxAvgBid: 5,
  cpcAmount: 1,
  optimizationWindowInDays: 7,
  viewabilityRate: 50,
  thirdPartyCpmCost: 0.5,
  gender: 'all',
  ageRange: [18, 64],
  geography: { kind: 'regions', ids: [5] },
});

async function expectPlatformError(promise: Promise<unknown>, message: string, status?: number): Promise<void> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AdPlatformError);
  expect((error as AdPlatformError).message.startsWith(message)).toBe(true);
  expect((error as AdPlatformError).vendorMessage).toEqual(expect.any(String));
  if (status !== undefined) expect((error as AdPlatformError).status).toBe(status);
}

describe.each(implementations)('AdPlatform ($name)', ({ create }) => {
  let platform: AdPlatform;
  let clock: ManualClock;
  let close: (() => Promise<void>) | undefined;

  beforeEach(async () => {
    ({ platform, clock, close } = await create());
  });
  afterEach(async () => {
    await close?.();
  });

  /** An advertiser with an insertion order, a line item and a 300x250 creative. */
  async function campaignTree() {
    const advertiser = await platform.createAdvertiser({ name: 'Water for All' });
    const order = await platform.createInsertionOrder(advertiser.id, insertionOrder());
    const item = await platform.createLineItem(order.id, lineItem());
    const asset = await platform.uploadCreativeAsset({
      mediaFormat: 'display',
      fileName: 'cover.png',
      contentType: 'image/png',
      content: pngOfSize(300, 250),
    });
    const creative = await platform.createCreative(advertiser.id, {
      name: 'cover',
      mediaFormat: 'display',
      ...asset,
      clickUrl: 'https://example.org/campaign/c-1/details/',
    });
    return { advertiser, order, item, asset, creative };
  }

  it('answers an access token that expires in the future', async () => {
    const token = await platform.getAccessToken();
    expect(token.accessToken).not.toBe('');
    expect(new Date(token.expiresAt).getTime()).toBeGreaterThan(clock.now().getTime());
  });

  it('creates advertisers with platform-style numeric ids and lists them', async () => {
    const first = await platform.createAdvertiser({ name: 'Water for All', accountId: '77' });
    const second = await platform.createAdvertiser({ name: 'Books for Kids' });
    expect(first.id).toMatch(/^\d+$/);
    expect(second.id).not.toBe(first.id);
    expect(await platform.listAdvertisers()).toEqual(
      expect.arrayContaining([
        { id: first.id, name: 'Water for All' },
        { id: second.id, name: 'Books for Kids' },
      ]),
    );
  });

  it('fails an advertiser it cannot create with the HTTP status as the message', async () => {
    await expectPlatformError(platform.createAdvertiser({ name: ' ' }), '400', 400);
  });

  it('creates insertion orders under an existing advertiser and lists them by advertiser', async () => {
    const advertiser = await platform.createAdvertiser({ name: 'Water for All' });
    const other = await platform.createAdvertiser({ name: 'Books for Kids' });
    const order = await platform.createInsertionOrder(advertiser.id, insertionOrder());
    await platform.createInsertionOrder(other.id, insertionOrder('Books'));
    expect(order.id).toMatch(/^\d+$/);
    expect(await platform.listInsertionOrders(advertiser.id)).toEqual([
      { ...insertionOrder(), id: order.id, advertiserId: advertiser.id, status: 'play' },
    ]);
    await expectPlatformError(
      platform.createInsertionOrder('999999999', insertionOrder()),
      'Insertion Order not created',
    );
  });

  it('updates an insertion order with only the fields given', async () => {
    const advertiser = await platform.createAdvertiser({ name: 'Water for All' });
    const order = await platform.createInsertionOrder(advertiser.id, insertionOrder());
    const schedules = [{ ...schedule, budget: 1300 }];
    await platform.updateInsertionOrder(order.id, { schedules });
    expect(await platform.listInsertionOrders(advertiser.id)).toEqual([
      expect.objectContaining({ name: 'Clean water', externalInsertionOrderId: 'campaign-1', schedules }),
    ]);
    await expectPlatformError(
      platform.updateInsertionOrder('999999999', { name: 'x' }),
      'Update insertion order by id error',
    );
  });

  it('gets an insertion order by id, or null when there is none', async () => {
    const advertiser = await platform.createAdvertiser({ name: 'Water for All' });
    const order = await platform.createInsertionOrder(advertiser.id, insertionOrder());
    expect(await platform.getInsertionOrder(order.id)).toEqual({
      ...insertionOrder(),
      id: order.id,
      advertiserId: advertiser.id,
      status: 'play',
    });
    expect(await platform.getInsertionOrder('999999999')).toBeNull();
  });

  it('finds the insertion order and line item a resumed deployment made, by our external ids', async () => {
    const advertiser = await platform.createAdvertiser({ name: 'Water for All' });
    const other = await platform.createAdvertiser({ name: 'Books for Kids' });
    await platform.createInsertionOrder(other.id, insertionOrder());
    const order = await platform.createInsertionOrder(advertiser.id, insertionOrder());
    expect(await platform.findInsertionOrderByExternalId(advertiser.id, 'campaign-1')).toMatchObject({
      id: order.id,
      advertiserId: advertiser.id,
    });
    expect(await platform.findInsertionOrderByExternalId(advertiser.id, 'campaign-2')).toBeNull();
    await platform.createLineItem(order.id, lineItem('other'));
    const item = await platform.createLineItem(order.id, { ...lineItem(), externalLineItemId: 'campaign-1-display' });
    expect(await platform.findLineItemByExternalId(order.id, 'campaign-1-display')).toEqual({
      ...lineItem(),
      externalLineItemId: 'campaign-1-display',
      id: item.id,
      insertionOrderId: order.id,
      status: 'play',
    });
    expect(await platform.findLineItemByExternalId(order.id, 'campaign-9-display')).toBeNull();
  });

  it('creates a line item only under an existing insertion order', async () => {
    await expectPlatformError(platform.createLineItem('999999999', lineItem()), 'POST create lineItems error');
  });

  it('gets a line item by id, or null when there is none', async () => {
    const advertiser = await platform.createAdvertiser({ name: 'Water for All' });
    const order = await platform.createInsertionOrder(advertiser.id, insertionOrder());
    const item = await platform.createLineItem(order.id, lineItem());
    expect(item.id).toMatch(/^\d+$/);
    expect(await platform.getLineItem(item.id)).toEqual({
      ...lineItem(),
      id: item.id,
      insertionOrderId: order.id,
      status: 'play',
    });
    expect(await platform.getLineItem('999999999')).toBeNull();
  });

  it('lists line items by insertion order', async () => {
    const advertiser = await platform.createAdvertiser({ name: 'Water for All' });
    const order = await platform.createInsertionOrder(advertiser.id, insertionOrder());
    const other = await platform.createInsertionOrder(advertiser.id, insertionOrder('Other'));
    const first = await platform.createLineItem(order.id, lineItem('first'));
    const second = await platform.createLineItem(order.id, lineItem('second'));
    await platform.createLineItem(other.id, lineItem('elsewhere'));
    const listed = await platform.listLineItems(order.id);
    expect(listed.map((item) => item.id).sort()).toEqual([first.id, second.id].sort());
    expect(await platform.listLineItems('999999999')).toEqual([]);
  });

  it("uploads a creative asset and answers the ad size matching the image's real dimensions", async () => {
    const sizes = await platform.listAdSizes('display');
    for (const [width, height] of [
      [300, 250],
      [728, 90],
    ] as const) {
      const asset = await platform.uploadCreativeAsset({
        mediaFormat: 'display',
        fileName: `banner-${width}x${height}.png`,
        contentType: 'image/png',
        content: pngOfSize(width, height),
      });
      expect(asset.creativeAssetKey).not.toBe('');
      expect(sizes.find((size) => size.id === asset.adSizeId)).toMatchObject({ width, height });
    }
  });

  it('refuses an image of no known ad size, naming the size found', async () => {
    const upload = platform.uploadCreativeAsset({
      mediaFormat: 'display',
      fileName: 'odd.png',
      contentType: 'image/png',
      content: pngOfSize(123, 45),
    });
    const error = await upload.catch((thrown: unknown) => thrown);
    await expectPlatformError(Promise.reject(error), 'Create Creative Assets Error', 400);
    expect((error as AdPlatformError).message).toContain('123x45');
  });

  it('creates creatives from uploaded assets under an existing advertiser and lists them by advertiser', async () => {
    const { advertiser, asset, creative } = await campaignTree();
    expect(creative.id).toMatch(/^\d+$/);
    expect(await platform.listCreatives(advertiser.id)).toEqual([
      {
        id: creative.id,
        advertiserId: advertiser.id,
        name: 'cover',
        mediaFormat: 'display',
        creativeAssetKey: asset.creativeAssetKey,
        adSizeId: asset.adSizeId,
        clickUrl: 'https://example.org/campaign/c-1/details/',
      },
    ]);
    await expect(
      platform.createCreative('999999999', { name: 'x', mediaFormat: 'display', ...asset, clickUrl: 'https://x.org' }),
    ).rejects.toBeInstanceOf(AdPlatformError);
    await expect(
      platform.createCreative(advertiser.id, {
        name: 'x',
        mediaFormat: 'display',
        creativeAssetKey: 'no-such-asset',
        adSizeId: asset.adSizeId,
        clickUrl: 'https://x.org',
      }),
    ).rejects.toBeInstanceOf(AdPlatformError);
  });

  it("creates an ad on an existing line item from its advertiser's creatives and lists ads by line item", async () => {
    const { item, creative } = await campaignTree();
    const ad = await platform.createAd(item.id, {
      name: 'cover ad',
      creatives: [{ creativeId: creative.id, weight: 100 }],
    });
    expect(ad.id).toMatch(/^\d+$/);
    expect(await platform.listAds(item.id)).toEqual([
      {
        id: ad.id,
        lineItemId: item.id,
        name: 'cover ad',
        creatives: [{ creativeId: creative.id, weight: 100 }],
        status: 'play',
      },
    ]);
    await expectPlatformError(
      platform.createAd('999999999', { name: 'x', creatives: [{ creativeId: creative.id, weight: 100 }] }),
      'Create ads error',
    );
    await expectPlatformError(
      platform.createAd(item.id, { name: 'x', creatives: [{ creativeId: '999999999', weight: 100 }] }),
      'Create ads error',
    );
  });

  it('refuses an ad whose creative belongs to another advertiser', async () => {
    const { item } = await campaignTree();
    const stranger = await platform.createAdvertiser({ name: 'Someone else' });
    const asset = await platform.uploadCreativeAsset({
      mediaFormat: 'display',
      fileName: 'x.png',
      contentType: 'image/png',
      content: pngOfSize(300, 250),
    });
    const foreign = await platform.createCreative(stranger.id, {
      name: 'foreign',
      mediaFormat: 'display',
      ...asset,
      clickUrl: 'https://example.org',
    });
    await expectPlatformError(
      platform.createAd(item.id, { name: 'x', creatives: [{ creativeId: foreign.id, weight: 100 }] }),
      'Create ads error',
    );
    expect(await platform.listAds(item.id)).toEqual([]);
  });

  it('creates a beacon for an existing advertiser with its javascript code', async () => {
    const advertiser = await platform.createAdvertiser({ name: 'Water for All' });
    const beacon = await platform.createBeacon(advertiser.id, { name: 'donation page' });
    expect(beacon.id).toMatch(/^\d+$/);
    expect(beacon.javascriptCode).toContain('<script');
    await expect(platform.createBeacon('999999999', { name: 'x' })).rejects.toBeInstanceOf(AdPlatformError);
  });

  it('lists ad sizes, filtered by media format', async () => {
    const all = await platform.listAdSizes();
    const display = await platform.listAdSizes('display');
    const video = await platform.listAdSizes('video');
    expect(display).toEqual(expect.arrayContaining([expect.objectContaining({ width: 300, height: 250 })]));
    expect(display.every((size) => size.mediaChannels.includes('display'))).toBe(true);
    expect(video.length).toBeGreaterThan(0);
    expect(video.every((size) => size.mediaChannels.includes('video'))).toBe(true);
    expect(all.length).toBe(new Set([...display, ...video].map((size) => size.id)).size);
  });

  it('lists the 50 US states and DC as regions of country 2, with stable ids', async () => {
    const regions = await platform.listRegions(2);
    expect(regions).toHaveLength(51);
    expect(regions.map((region) => region.code)).toEqual(expect.arrayContaining(['CA', 'NY', 'DC', 'TX', 'WY']));
    expect(regions.map((region) => region.code)).not.toContain('PR');
    expect(regions.every((region) => region.countryId === 2)).toBe(true);
    expect(await platform.listRegions(2)).toEqual(regions);
  });

  it("lists a region's cities", async () => {
    const california = (await platform.listRegions(2)).find((region) => region.code === 'CA')!;
    const cities = await platform.listCities(california.id);
    expect(cities.map((city) => city.name)).toEqual(expect.arrayContaining(['Los Angeles', 'San Francisco']));
    expect(cities.every((city) => city.regionId === california.id)).toBe(true);
    expect(new Set(cities.map((city) => city.id)).size).toBe(cities.length);
    expect(await platform.listCities(california.id)).toEqual(cities);
  });

  it('sets the delivery status of insertion orders, line items, ads and creatives', async () => {
    const { advertiser, order, item, creative } = await campaignTree();
    const ad = await platform.createAd(item.id, { name: 'ad', creatives: [{ creativeId: creative.id, weight: 100 }] });
    await platform.setStatus('insertionOrders', order.id, 'pause');
    await platform.setStatus('lineItems', item.id, 'stop');
    await platform.setStatus('ads', ad.id, 'archived');
    await platform.setStatus('creatives', creative.id, 'pause');
    expect((await platform.listInsertionOrders(advertiser.id))[0]?.status).toBe('pause');
    expect((await platform.getLineItem(item.id))?.status).toBe('stop');
    expect((await platform.listAds(item.id))[0]?.status).toBe('archived');
    await expect(platform.setStatus('lineItems', '999999999', 'pause')).rejects.toBeInstanceOf(AdPlatformError);
  });

  it('answers a requested delivery report once ready, one row per insertion order or per day', async () => {
    const { order } = await campaignTree();
    const poll = async (reportId: string) => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const report = await platform.getDeliveryReport(reportId);
        if (report.ready) return report.rows;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('The report never became ready');
    };
    const period = {
      insertionOrderIds: [order.id],
      startTime: '2026-02-01T00:00:00Z',
      endTime: '2026-02-03T23:59:59Z',
    };
    const summary = await platform.requestDeliveryReport({ ...period, aggregation: 'summary' });
    expect(await poll(summary.reportId)).toEqual([
      {
        insertionOrderId: order.id,
        impressions: expect.any(Number),
        clicks: expect.any(Number),
        spend: expect.any(Number),
      },
    ]);
    const daily = await platform.requestDeliveryReport({ ...period, aggregation: 'daily' });
    expect((await poll(daily.reportId)).map((row) => [row.day, row.insertionOrderId])).toEqual([
      ['2026-02-01', order.id],
      ['2026-02-02', order.id],
      ['2026-02-03', order.id],
    ]);
    await expectPlatformError(platform.getDeliveryReport('999999999'), 'Create report error');
  });
});

describe('memory AdPlatform faults', () => {
  it('fails a named method once with its message, then works again', async () => {
    const platform = createMemoryAdPlatform({ faults: ['createLineItem'] });
    const advertiser = await platform.createAdvertiser({ name: 'Water for All' });
    const order = await platform.createInsertionOrder(advertiser.id, insertionOrder());
    await expectPlatformError(platform.createLineItem(order.id, lineItem()), 'POST create lineItems error', 500);
    expect(await platform.listLineItems(order.id)).toEqual([]);
    await platform.createLineItem(order.id, lineItem());
    platform.failNext('createAd', 'Internal Server Error');
    await expectPlatformError(platform.createAd('1', { name: 'x', creatives: [] }), 'Create ads error', 500);
  });
});
