import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pngOfSize } from '@causeway/tests/support/png';
import { mp4OfSize, webmOfSize } from '@causeway/tests/amobee/media-fixtures';
import { ManualClock } from '../memory/manual-clock';
import {
  adBody,
  advertiserBody,
  creativeBody,
  insertionOrderBody,
  lineItemBody,
  type VendorDefaults,
} from './amobee.mapping';
import { startAmobeeSandbox, type RunningAmobeeSandbox } from './amobee.sandbox';
import { videoDimensions } from './video-dimensions';

const credentials = { clientId: 'sandbox-test', clientSecret: 'sandbox-secret' };
const defaults: VendorDefaults = {
  managerAccountId: '1001',
  iabCategory: 'iab14',
  exchangeIds: ['1'],
  thirdPartyCostProvider: 'other',
};
const CAMPAIGN = '/campaign/v5/api';

let running: RunningAmobeeSandbox;
let clock: ManualClock;
let token: string;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

async function newToken(): Promise<string> {
  const answer = await call('POST', '/accounts/v1/api/token', {
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
    grant_type: 'client_credentials',
  });
  expect(answer.status).toBe(200);
  return answer.body.access_token;
}

const schedule = (budget: number, startDate: string, endDate: string, dailyCap?: number) => ({
  budget,
  ...(dailyCap !== undefined ? { dailyCap } : {}),
  startDate,
  endDate,
});

/** An advertiser, insertion order, line item, creative and ad, all playing. */
async function campaign(options: { order?: ReturnType<typeof schedule>; item?: ReturnType<typeof schedule> } = {}) {
  const order = options.order ?? schedule(280, '2026-03-01', '2026-03-28');
  const item = options.item ?? order;
  const advertiser = await call(
    'POST',
    `${CAMPAIGN}/accounts/1000001/advertisers`,
    advertiserBody({ name: 'Harbor', primaryUrl: 'https://harbor.example' }, defaults),
  );
  const advertiserId = advertiser.body.data[0].id;
  const io = await call(
    'POST',
    `${CAMPAIGN}/advertisers/${advertiserId}/insertionOrders`,
    insertionOrderBody({ name: 'Food drive', externalInsertionOrderId: 'c-1', schedules: [order] }, defaults),
  );
  const insertionOrderId = io.body.data[0].id;
  const li = await call(
    'POST',
    `${CAMPAIGN}/insertionOrders/${insertionOrderId}/lineItems`,
    lineItemBody(
      {
        name: 'Food drive display',
        mediaFormat: 'display',
        schedules: [item],
        maxAvgBid: 5,
        cpcAmount: 1,
        optimizationWindowInDays: 7,
        viewabilityRate: 50,
        thirdPartyCpmCost: 0.5,
        gender: 'all',
        ageRange: [18, 64],
        geography: { kind: 'countries', ids: [2] },
      },
      defaults,
      2,
    ),
  );
  expect(li.status).toBe(201);
  const lineItemId = li.body.data[0].id;
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(pngOfSize(300, 250))], { type: 'image/png' }), 'cover.png');
  const asset = await fetch(`${running.url}${CAMPAIGN}/creativeAssets/display?marketId=2011`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  }).then((response) => response.json());
  const { creativeAssetKey, adSizeId } = asset.data[0];
  const creative = await call(
    'POST',
    `${CAMPAIGN}/advertisers/${advertiserId}/creatives?validateClickUrl=true`,
    creativeBody({
      name: 'cover',
      mediaFormat: 'display',
      creativeAssetKey,
      adSizeId,
      clickUrl: 'https://harbor.example/give',
    }),
  );
  const creativeId = creative.body.data[0].id;
  const ad = await call(
    'POST',
    `${CAMPAIGN}/lineItems/${lineItemId}/ads`,
    adBody({ name: 'cover ad', creatives: [{ creativeId, weight: 100 }] }),
  );
  expect(ad.status).toBe(201);
  return { advertiserId, insertionOrderId, lineItemId, creativeId, adId: ad.body.data[0].id };
}

/** Moves the sandbox's clock; a token lives 12 hours there, so a fresh one is taken. */
async function advance(body: Record<string, unknown>) {
  const answer = await call('POST', '/_sandbox/clock', body);
  expect(answer.status).toBe(200);
  token = await newToken();
  return answer.body as { now: string };
}

async function report(body: Record<string, unknown>) {
  const requested = await call('POST', '/reporting/v2/api/reports?marketId=2011', {
    aggregationType: 'daily',
    dimensions: [{ name: 'insertionOrderId', outputName: 'insertionOrderId' }],
    metrics: [
      { name: 'impressions', outputName: 'impressions' },
      { name: 'clicks', outputName: 'clicks' },
      { name: 'advertiserCost', outputName: 'advertiserCost' },
    ],
    ...body,
  });
  expect(requested.status).toBe(202);
  const location = requested.headers.get('location')!;
  expect(location).toMatch(/^\/reporting\/v2\/api\/reports\/[a-z0-9-]+$/);
  for (let poll = 0; poll < 5; poll++) {
    const answer = await call('GET', location);
    if (answer.status === 200) return answer.body as Record<string, unknown>[];
    expect(answer.status).toBe(202);
  }
  throw new Error('The report never became ready');
}

beforeEach(async () => {
  clock = new ManualClock('2026-03-01T00:00:00Z');
  running = await startAmobeeSandbox({ ...credentials, clock });
  token = '';
  token = await newToken();
});
afterEach(async () => {
  await running.close();
});

describe('the sandbox of the Nexxen DSP API', () => {
  it('answers 401 in the gateway shape without a valid, unexpired bearer token, and checks the client secret', async () => {
    const bad = await call('POST', '/accounts/v1/api/token', { ...credentials, client_secret: 'wrong' });
    expect(bad.status).toBe(400);
    const wrongSecret = await call('POST', '/accounts/v1/api/token', {
      client_id: credentials.clientId,
      client_secret: 'wrong',
      grant_type: 'client_credentials',
    });
    expect(wrongSecret).toMatchObject({
      status: 401,
      body: { errors: [{ message: 'Invalid client credentials', statusCode: 401 }] },
    });
    const saved = token;
    token = '';
    expect((await call('GET', `${CAMPAIGN}/advertisers`)).status).toBe(401);
    token = 'not-a-token';
    expect((await call('GET', `${CAMPAIGN}/advertisers`)).status).toBe(401);
    token = saved;
    expect((await call('GET', `${CAMPAIGN}/advertisers`)).status).toBe(200);
    clock.advance(43_200 * 1000);
    const expired = await call('GET', `${CAMPAIGN}/advertisers`);
    expect(expired).toMatchObject({ status: 401, body: { errors: [{ message: 'The access token has expired' }] } });
  });

  it('refuses invalid bodies in the service shape, naming every field', async () => {
    const { insertionOrderId } = await campaign();
    const answer = await call('POST', `${CAMPAIGN}/insertionOrders/${insertionOrderId}/lineItems`, {
      name: 'x',
      status: 'running',
      mediaFormat: 'display',
      targeting: {
        nielsenAudience: { gender: 'all', ageRange: [19, 99] },
        locale: { geographic: { geographies: { regions: ['20'] }, postalCodes: { country: '2', entries: ['10001'] } } },
      },
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual(['data', 'errors']);
    const messages = answer.body.errors[0].messages.map((entry: { message: string }) => entry.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('status'),
        'environment is required',
        'budget is required',
        'bidding is required',
        'inventory is required',
        expect.stringContaining('the first age must be one of 13, 18, 21'),
        expect.stringContaining('the second age must be one of'),
        expect.stringContaining('geographies, postalCodes and mobileRadius cannot be defined together'),
      ]),
    );
    expect(answer.body.errors[0].messages[0]).toMatchObject({ type: 'validation', code: '400' });
  });

  it('checks click URLs when asked to, and gives audio creatives a companion', async () => {
    const { advertiserId } = await campaign();
    const creative = (clickUrl: string) => ({
      name: 'tag',
      mediaFormat: 'display',
      adFormat: 'standard',
      thirdPartyAdServer: { provider: 'flashtalking', tag: '<iframe></iframe>', clickUrl, adSizeId: 4 },
      status: 'play',
    });
    const path = `${CAMPAIGN}/advertisers/${advertiserId}/creatives`;
    expect((await call('POST', `${path}?validateClickUrl=true`, creative('not a url'))).status).toBe(400);
    expect((await call('POST', path, creative('not a url'))).status).toBe(201);
    const audio = await call('POST', path, {
      name: 'spot',
      mediaFormat: 'audio',
      adFormat: 'standardAudio',
      thirdPartyAdServer: { provider: 'innovid', adServerUrl: 'https://ads.example/a', adSizeId: 2 },
      status: 'play',
    });
    expect(audio.body.data[0].companion).toEqual({
      thirdPartyAdServer: { provider: 'innovid', isCompanionOptional: false, adSizeId: 3 },
    });
  });

  it('answers unreadable JSON and unknown paths in the framework shape', async () => {
    const broken = await call('POST', `${CAMPAIGN}/accounts/1/advertisers`, '{"name":');
    expect(broken.status).toBe(400);
    expect(Object.keys(broken.body).sort()).toEqual(['error', 'message', 'path', 'requestId', 'status', 'timestamp']);
    const unknown = await call('GET', `${CAMPAIGN}/nothing-here`);
    expect(unknown).toMatchObject({
      status: 404,
      body: { status: 404, error: 'Not Found', path: `${CAMPAIGN}/nothing-here` },
    });
  });

  it('pages and sorts lists in the vendor envelope, and refuses two filters at once', async () => {
    const { advertiserId } = await campaign();
    for (const name of ['Charlie', 'alpha', 'Bravo']) {
      await call(
        'POST',
        `${CAMPAIGN}/advertisers/${advertiserId}/insertionOrders`,
        insertionOrderBody(
          { name, externalInsertionOrderId: name, schedules: [schedule(10, '2026-03-01', '2026-03-02')] },
          defaults,
        ),
      );
    }
    const page = await call(
      'GET',
      `${CAMPAIGN}/insertionOrders?advertiserId=${advertiserId}&offset=1&limit=2&sortOrder=desc&sortKey=name`,
    );
    expect(page.status).toBe(200);
    expect(Object.keys(page.body)).toEqual(['queryTotal', 'data', 'errors', 'links']);
    expect(page.body.queryTotal).toBe(4);
    expect(page.body.data.map((order: { name: string }) => order.name)).toEqual(['Charlie', 'Bravo']);
    expect(page.body.links.next).toContain('offset=3');
    expect(page.body.data.every((order: { id: string }) => /^\d+$/.test(order.id))).toBe(true);
    const both = await call('GET', `${CAMPAIGN}/lineItems?advertiserId=${advertiserId}&insertionOrderId=1`);
    expect(both.status).toBe(400);
    expect(both.body.errors[0].messages[0].message).toBe(
      'advertiserId and insertionOrderId cannot be used at the same time',
    );
    expect((await call('GET', `${CAMPAIGN}/insertionOrders?sortKey=budget`)).status).toBe(400);
  });

  it('answers 204 to edits and status changes, and shows a playing order before its flight as stopStartDate', async () => {
    clock.set('2026-02-15T00:00:00Z');
    const { insertionOrderId, lineItemId, adId } = await campaign();
    const order = (await call('GET', `${CAMPAIGN}/insertionOrders/${insertionOrderId}`)).body.data[0];
    expect(order.status).toBe('stopStartDate');
    const edit = Object.fromEntries(
      Object.entries(order).filter(
        ([key]) =>
          !['id', 'marketId', 'resourceType', 'status', 'advertiserId', 'createdAt', 'updatedAt', 'currency'].includes(
            key,
          ),
      ),
    );
    const edited = await call('PUT', `${CAMPAIGN}/insertionOrders/${insertionOrderId}`, { ...edit, name: 'Renamed' });
    expect(edited).toMatchObject({ status: 204, body: null });
    expect(
      (await call('PUT', `${CAMPAIGN}/insertionOrders/${insertionOrderId}`, { ...edit, pacingBasis: 'impression' }))
        .status,
    ).toBe(400);
    expect(
      (await call('PUT', `${CAMPAIGN}/insertionOrders/${insertionOrderId}/statuses`, { status: 'pause' })).status,
    ).toBe(204);
    expect((await call('GET', `${CAMPAIGN}/insertionOrders/${insertionOrderId}`)).body.data[0]).toMatchObject({
      name: 'Renamed',
      status: 'pause',
    });
    expect((await call('PUT', `${CAMPAIGN}/lineItems/${lineItemId}/statuses`, { status: 'paused' })).status).toBe(400);
    expect((await call('PUT', `${CAMPAIGN}/ads/${adId}/statuses`, { workflowStatus: 'archived' })).status).toBe(204);
    expect((await call('GET', `${CAMPAIGN}/ads/${adId}`)).body.data[0]).toMatchObject({
      clientStatus: 'play',
      workflowStatus: 'archived',
    });
    expect((await call('PUT', `${CAMPAIGN}/lineItems/999/statuses`, { status: 'pause' })).status).toBe(404);
  });

  it('reads the size of uploaded images and videos and matches it to an ad size', async () => {
    const upload = async (format: string, content: Uint8Array, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(content)]), name);
      const response = await fetch(`${running.url}${CAMPAIGN}/creativeAssets/${format}?marketId=2011`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: response.status, body: await response.json() };
    };
    const sizes = (await call('GET', `${CAMPAIGN}/adSizes?limit=1000`)).body.data as {
      id: string;
      width: number;
      height: number;
    }[];
    const sizeOf = (id: string) => sizes.find((size) => size.id === id);
    const banner = await upload('display', pngOfSize(728, 90), 'banner.png');
    expect(banner.status).toBe(200);
    expect(banner.body.data[0]).toMatchObject({
      resourceType: 'CreativeAsset',
      creativeAssetKey: expect.stringMatching(/^2026_03\/[0-9a-f]{32}\.png$/),
    });
    expect(sizeOf(banner.body.data[0].adSizeId)).toMatchObject({ width: 728, height: 90 });
    const mp4 = await upload('video', mp4OfSize(1920, 1080), 'spot.mp4');
    expect(sizeOf(mp4.body.data[0].adSizeId)).toMatchObject({ width: 1920, height: 1080 });
    const webm = await upload('video', webmOfSize(1280, 720), 'spot.webm');
    expect(sizeOf(webm.body.data[0].adSizeId)).toMatchObject({ width: 1280, height: 720 });
    const odd = await upload('display', pngOfSize(123, 45), 'odd.png');
    expect(odd.status).toBe(400);
    expect(odd.body.errors[0].messages[0].message).toContain('123x45');
    expect((await upload('video', pngOfSize(300, 250), 'not-a-video.mp4')).status).toBe(400);
    expect(videoDimensions(new Uint8Array(3))).toBeNull();
  });

  it('serves the 50 states and DC as regions of country 2, Canada as country 1 with the vendor ids, and their cities', async () => {
    const us = await call('GET', '/location/v1/api/regions?countryId=2&offset=0&sortOrder=asc');
    expect(us.body.totalNum).toBe(51);
    expect(us.body.data.map((region: { name: string }) => region.name)).toContain('District of Columbia');
    const canada = await call('GET', '/location/v1/api/regions?countryId=1&offset=0&sortOrder=asc');
    expect(canada.body.data.find((region: { name: string }) => region.name === 'British Columbia')).toEqual({
      id: '2',
      resourceType: 'region',
      name: 'British Columbia',
      countryId: '1',
    });
    const texas = us.body.data.find((region: { name: string }) => region.name === 'Texas');
    const cities = await call('GET', `/location/v1/api/cities?regionId=${texas.id}&offset=0&sortOrder=desc&limit=3`);
    expect(cities.body.totalNum).toBeGreaterThan(1000);
    const names = cities.body.data.map((city: { name: string }) => city.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(cities.body.data[0]).toMatchObject({ resourceType: 'city', regionId: texas.id });
  });
});

describe('simulated delivery', () => {
  it('accrues impressions, clicks and spend while order, line item and ad all play, paced over the flight', async () => {
    expect((await call('POST', '/_sandbox/settings', { ctr: 0.01, cpm: 2.5 })).status).toBe(200);
    const { insertionOrderId, adId } = await campaign();
    expect((await advance({ advanceDays: 1 })).now).toBe('2026-03-02T00:00:00.000Z');
    // Paused ads deliver nothing.
    expect((await call('PUT', `${CAMPAIGN}/ads/${adId}/statuses`, { clientStatus: 'pause' })).status).toBe(204);
    await advance({ advanceDays: 1 });
    expect((await call('PUT', `${CAMPAIGN}/ads/${adId}/statuses`, { clientStatus: 'play' })).status).toBe(204);
    await advance({ advanceHours: 12 });
    const rows = await report({
      startTime: '2026-03-01T00:00:00Z',
      endTime: '2026-03-04T00:00:00Z',
      filters: [{ objectType: 'insertionOrder', objectIds: [insertionOrderId] }],
    });
    // 280 dollars over 28 days: 10 a day; at a 2.50 CPM 4000 impressions; 1% of them clicked.
    expect(rows).toEqual([
      { day: '2026/03/01', insertionOrderId, impressions: 4000, clicks: 40, advertiserCost: 10 },
      { day: '2026/03/02', insertionOrderId, impressions: 0, clicks: 0, advertiserCost: 0 },
      { day: '2026/03/03', insertionOrderId, impressions: 2000, clicks: 20, advertiserCost: 5 },
      { day: '2026/03/04', insertionOrderId, impressions: 0, clicks: 0, advertiserCost: 0 },
    ]);
  });

  it('never spends past a daily cap nor past the budget of the line item or its insertion order', async () => {
    const capped = await campaign({ order: schedule(280, '2026-03-01', '2026-03-28', 4) });
    const short = await campaign({
      order: schedule(10, '2026-03-01', '2026-03-02'),
      item: schedule(15, '2026-03-01', '2026-03-02'),
    });
    await advance({ advanceDays: 40 });
    const rows = await report({
      aggregationType: 'summary',
      startTime: '2026-03-01T00:00:00Z',
      endTime: '2026-04-30T00:00:00Z',
      filters: [{ objectType: 'insertionOrder', objectIds: [capped.insertionOrderId, short.insertionOrderId] }],
    });
    expect(rows).toEqual([
      // 4 a day for the 28 days of the flight, then nothing.
      { insertionOrderId: capped.insertionOrderId, impressions: 44_800, clicks: 44, advertiserCost: 112 },
      // 7.50 a day by the line item's pacing, stopped at the order's 10.
      { insertionOrderId: short.insertionOrderId, impressions: 4000, clicks: 4, advertiserCost: 10 },
    ]);
  });

  it('keeps report results for 24 hours, and answers an unknown report in the gateway shape', async () => {
    await call('POST', '/_sandbox/settings', { reportPendingPolls: 0 });
    const requested = await call('POST', '/reporting/v2/api/reports?marketId=2011', {
      aggregationType: 'summary',
      startTime: '2026-03-01T00:00:00Z',
      endTime: '2026-03-02T00:00:00Z',
      dimensions: [{ name: 'advertiserId' }],
      metrics: [{ name: 'impressions' }],
    });
    const location = requested.headers.get('location')!;
    expect((await call('GET', location)).status).toBe(200);
    await advance({ advanceHours: 25 });
    const expired = await call('GET', location);
    expect(expired.status).toBe(404);
    expect(expired.body.errors[0].messages[0].message).toContain('24 hour availability window has passed');
    const unknown = await call('GET', '/reporting/v2/api/reports/no-such-report');
    expect(unknown).toMatchObject({ status: 404, body: { errors: [{ message: 'error_message_not_found' }] } });
    expect((await call('POST', '/reporting/v2/api/reports', { aggregationType: 'summary' })).status).toBe(400);
  });
});

describe('the control API', () => {
  it('fails a matching call once or N times in the chosen shape, then lets it through', async () => {
    const fault = await call('POST', '/_sandbox/faults', {
      method: 'get',
      path: '/campaign/v5/api/advertisers',
      status: 503,
      shape: 'gateway',
      message: 'Service temporarily unavailable',
      times: 2,
    });
    expect(fault.status).toBe(201);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await call('GET', `${CAMPAIGN}/advertisers`)).toMatchObject({
        status: 503,
        body: { errors: [{ message: 'Service temporarily unavailable', statusCode: 503 }] },
      });
    }
    expect((await call('GET', `${CAMPAIGN}/advertisers`)).status).toBe(200);
    expect((await call('GET', '/_sandbox/faults')).body).toEqual([]);
  });

  it('answers 429 with Retry-After, adds latency, matches paths with wildcards, and forgets faults on demand', async () => {
    await call('POST', '/_sandbox/faults', {
      path: '/campaign/v5/api/lineItems/*',
      status: 429,
      retryAfterSeconds: 2,
      always: true,
    });
    const limited = await fetch(`${running.url}${CAMPAIGN}/lineItems/123`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(await limited.text()).toBe('');
    expect((await call('GET', `${CAMPAIGN}/lineItems/456`)).status).toBe(429);
    expect((await call('DELETE', '/_sandbox/faults')).status).toBe(204);
    expect((await call('GET', `${CAMPAIGN}/lineItems/456`)).status).toBe(404);

    await call('POST', '/_sandbox/faults', { path: '/campaign/**', action: 'delay', latencyMs: 300 });
    const started = Date.now();
    expect((await call('GET', `${CAMPAIGN}/adSizes/1`)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);

    await call('POST', '/_sandbox/faults', { path: '^/campaign/v5/api/ad', status: 500, shape: 'framework' });
    expect((await call('GET', `${CAMPAIGN}/adSizes`)).body).toMatchObject({
      status: 500,
      error: 'Internal Server Error',
    });
  });

  it('drops connections before or after doing the work, and lists the requests it received', async () => {
    await call('POST', '/_sandbox/faults', {
      method: 'POST',
      path: '/campaign/v5/api/accounts/*/advertisers',
      action: 'dropAfter',
    });
    await expect(
      call(
        'POST',
        `${CAMPAIGN}/accounts/1000001/advertisers`,
        advertiserBody({ name: 'Lost answer', primaryUrl: 'https://x.example' }, defaults),
      ),
    ).rejects.toThrow();
    // The work was done; only the answer was lost.
    expect((await call('GET', `${CAMPAIGN}/advertisers`)).body.data.map((a: { name: string }) => a.name)).toEqual([
      'Lost answer',
    ]);
    await call('POST', '/_sandbox/faults', { path: '/campaign/v5/api/advertisers', action: 'drop' });
    await expect(call('GET', `${CAMPAIGN}/advertisers`)).rejects.toThrow();
    const requests = (await call('GET', '/_sandbox/requests')).body as {
      method: string;
      path: string;
      status: number;
    }[];
    expect(requests.slice(-3).map(({ method, path, status }) => [method, path, status])).toEqual([
      ['POST', `${CAMPAIGN}/accounts/1000001/advertisers`, 0],
      ['GET', `${CAMPAIGN}/advertisers`, 200],
      ['GET', `${CAMPAIGN}/advertisers`, 0],
    ]);
  });

  it('answers 429 past the rate limit it is given, with Retry-After', async () => {
    expect((await call('POST', '/_sandbox/settings', { rateLimitPerSecond: 2 })).status).toBe(200);
    const statuses: number[] = [];
    for (let request = 0; request < 5; request++) statuses.push((await call('GET', `${CAMPAIGN}/adSizes/1`)).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(4);
    await call('POST', '/_sandbox/settings', { rateLimitPerSecond: null });
    expect((await call('GET', `${CAMPAIGN}/adSizes/1`)).status).toBe(200);
  });

  it('resets objects, faults, clock and settings', async () => {
    await campaign();
    await call('POST', '/_sandbox/clock', { advanceDays: 3 });
    await call('POST', '/_sandbox/settings', { cpm: 9 });
    await call('POST', '/_sandbox/faults', { path: '/nowhere', always: true });
    expect((await call('POST', '/_sandbox/clock', { to: '2020-01-01T00:00:00Z' })).status).toBe(400);
    expect((await call('POST', '/_sandbox/reset')).status).toBe(204);
    const state = (await call('GET', '/_sandbox')).body;
    expect(state).toMatchObject({
      now: '2026-03-01T00:00:00.000Z',
      offsetMs: 0,
      settings: { delivery: { ctr: 0.001, cpm: 2.5 } },
      counts: { advertisers: 0, insertionOrders: 0, lineItems: 0 },
      faults: [],
    });
    // Tokens went with the rest.
    expect((await call('GET', `${CAMPAIGN}/advertisers`)).status).toBe(401);
  });
});
