import { afterEach, beforeEach, describe, expect, it, test } from 'vitest';
import { AdPlatformError, type AdPlatform, type LineItemInput } from '@causeway/core/ports/ad-platform.port';
import { pngOfSize } from '@causeway/tests/support/png';
import { ManualClock } from '../memory/manual-clock';
import { createAmobeeClient, vendorMessageOf, type AmobeeClientOptions } from './amobee.client';
import { adBody, lineItemBody, platformAgeRange } from './amobee.mapping';
import { createRateLimiter } from './amobee.rate-limiter';
import { startAmobeeSandbox, type RunningAmobeeSandbox } from './amobee.sandbox';

const credentials = { clientId: 'client-test', clientSecret: 'client-secret' };
const schedule = { budget: 650, dailyCap: 50, startDate: '2026-02-01', endDate: '2026-02-28' };
const lineItem = (overrides: Partial<LineItemInput> = {}): LineItemInput => ({
  name: 'Clean water display',
  mediaFormat: 'display',
  schedules: [schedule],
  maxAvgBid: 5,
  cpcAmount: 1,
  optimizationWindowInDays: 7,
  viewabilityRate: 50,
  thirdPartyCpmCost: 0.5,
  gender: 'female',
  ageRange: [18, 99],
  geography: { kind: 'regions', ids: [20, 21] },
  ...overrides,
});

let running: RunningAmobeeSandbox;
let clock: ManualClock;
let logged: { level: 'error' | 'warn'; message: string; details: Record<string, unknown> }[];
let waits: number[];

function client(options: Partial<AmobeeClientOptions> = {}): AdPlatform {
  return createAmobeeClient({
    ...credentials,
    baseUrl: running.url,
    marketId: 2011,
    managerAccountId: '1001',
    accountId: '1000001',
    advertiserPrimaryUrl: 'https://causeway.example',
    logger: {
      error: (details, message) =>
        logged.push({ level: 'error', message, details: details as Record<string, unknown> }),
      warn: (details, message) => logged.push({ level: 'warn', message, details: details as Record<string, unknown> }),
    },
    clock,
    requestsPerSecond: 1000,
    // Back-off waits are recorded, not slept.
    sleep: async (milliseconds) => {
      waits.push(milliseconds);
    },
    ...options,
  });
}

const requestsTo = (path: RegExp, method?: string) =>
  running.sandbox.requests().filter((request) => path.test(request.path) && (!method || request.method === method));

async function failure(promise: Promise<unknown>): Promise<AdPlatformError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AdPlatformError);
  return error as AdPlatformError;
}

async function orderTree(platform: AdPlatform) {
  const advertiser = await platform.createAdvertiser({ name: 'Water for All' });
  const order = await platform.createInsertionOrder(advertiser.id, {
    name: 'Clean water',
    externalInsertionOrderId: 'campaign-1',
    schedules: [schedule],
  });
  return { advertiser, order };
}

beforeEach(async () => {
  clock = new ManualClock('2026-01-15T12:00:00Z');
  running = await startAmobeeSandbox({ ...credentials, clock, tokenTtlSeconds: 3600 });
  logged = [];
  waits = [];
});
afterEach(async () => {
  await running.close();
});

describe("the vendor's error shapes", () => {
  test.each([
    [{ errors: [{ message: 'Not allowed here', errorCode: 'forbidden', statusCode: 403 }] }, 'Not allowed here'],
    [
      {
        data: [],
        errors: [
          {
            messages: [
              { type: 'validation', code: '400', message: 'name is required' },
              { message: 'budget is required' },
            ],
          },
        ],
      },
      'name is required; budget is required',
    ],
    [
      { timestamp: '2026-01-01T00:00:00Z', path: '/x', status: 500, error: 'Internal Server Error', requestId: 'ab' },
      'Internal Server Error',
    ],
    [
      { timestamp: '2026-01-01T00:00:00Z', status: 400, error: 'Bad Request', message: 'JSON parse error' },
      'JSON parse error',
    ],
    [{ errors: [{ message: 'error_message_not_found' }] }, 'error_message_not_found'],
    ['{"errors":[{"message":"as text"}]}', 'as text'],
    ['upstream connect error', 'upstream connect error'],
    ['', null],
    [null, null],
  ])('reads %j as %j', (body, message) => {
    expect(vendorMessageOf(body)).toBe(message);
  });

  test.each(['gateway', 'service', 'framework'] as const)(
    'turns the %s shape into an AdPlatformError with the vendor message, logged under the SPEC message',
    async (shape) => {
      const platform = client();
      running.sandbox.addFault({
        method: 'GET',
        path: '/campaign/v5/api/insertionOrders',
        status: 500,
        shape,
        message: `Broken (${shape})`,
      });
      const error = await failure(platform.listInsertionOrders('1610000001'));
      expect(error.message).toBe(`Get all insertion orders error: Broken (${shape})`);
      expect(error).toMatchObject({ vendorMessage: `Broken (${shape})`, status: 500 });
      expect(logged).toContainEqual({
        level: 'error',
        message: 'Get all insertion orders error',
        details: expect.objectContaining({ status: 500, vendorMessage: `Broken (${shape})` }),
      });
    },
  );

  it('fails an advertiser it cannot create with the HTTP status as the message', async () => {
    const platform = client();
    running.sandbox.addFault({
      method: 'POST',
      path: '/campaign/v5/api/accounts/*/advertisers',
      status: 403,
      shape: 'gateway',
      message: 'No such account',
    });
    const error = await failure(platform.createAdvertiser({ name: 'Water for All' }));
    expect(error).toMatchObject({ message: '403: No such account', status: 403 });
  });

  it('keeps the SPEC §8 message of every call it makes', async () => {
    const platform = client();
    const { advertiser, order } = await orderTree(platform);
    const cases: [string, string, () => Promise<unknown>, string][] = [
      [
        'PUT',
        '/campaign/v5/api/insertionOrders/*',
        () => platform.updateInsertionOrder(order.id, { name: 'x' }),
        'Update insertion order by id error',
      ],
      [
        'POST',
        '/campaign/v5/api/insertionOrders/*/lineItems',
        () => platform.createLineItem(order.id, lineItem()),
        'POST create lineItems error',
      ],
      ['GET', '/campaign/v5/api/lineItems/*', () => platform.getLineItem('1'), 'Get line item by id error'],
      [
        'POST',
        '/campaign/v5/api/lineItems/*/ads',
        () => platform.createAd('1', { name: 'x', creatives: [{ creativeId: '1', weight: 100 }] }),
        'Create ads error',
      ],
      [
        'POST',
        '/campaign/v5/api/creativeAssets/display',
        () =>
          platform.uploadCreativeAsset({
            mediaFormat: 'display',
            fileName: 'a.png',
            contentType: 'image/png',
            content: pngOfSize(300, 250),
          }),
        'Create Creative Assets Error',
      ],
      ['GET', '/location/v1/api/regions', () => platform.listRegions(2), 'Get regions by country code error'],
      ['GET', '/location/v1/api/cities', () => platform.listCities(20), 'Get cities by region code error'],
      [
        'POST',
        '/reporting/v2/api/reports',
        () =>
          platform.requestDeliveryReport({
            insertionOrderIds: [order.id],
            startTime: '2026-02-01',
            endTime: '2026-02-02',
            aggregation: 'summary',
          }),
        'Create report error',
      ],
      [
        'POST',
        '/campaign/v5/api/advertisers/*/insertionOrders',
        () =>
          platform.createInsertionOrder(advertiser.id, {
            name: 'x',
            externalInsertionOrderId: 'x',
            schedules: [schedule],
          }),
        'Insertion Order not created',
      ],
    ];
    for (const [method, path, run, message] of cases) {
      running.sandbox.addFault({ method, path, status: 500, message: 'Injected' });
      const error = await failure(run());
      expect(error.message).toBe(`${message}: Injected`);
      expect(logged.at(-1)).toMatchObject({ level: 'error', message });
    }
  });
});

describe('rate limits', () => {
  it('waits out a 429 as Retry-After says and sends the request again, a create included', async () => {
    const platform = client();
    const { order } = await orderTree(platform);
    running.sandbox.addFault({
      method: 'POST',
      path: '/campaign/v5/api/insertionOrders/*/lineItems',
      status: 429,
      retryAfterSeconds: 3,
      times: 2,
    });
    const item = await platform.createLineItem(order.id, lineItem());
    expect(item.id).toMatch(/^\d+$/);
    expect(waits).toEqual([3000, 3000]);
    expect(requestsTo(/\/lineItems$/, 'POST').map((request) => request.status)).toEqual([429, 429, 201]);
    expect(await platform.listLineItems(order.id)).toHaveLength(1);
    expect(logged.filter((entry) => entry.level === 'warn')).toHaveLength(2);
  });

  it('backs off exponentially without Retry-After, and gives up after its retries', async () => {
    const platform = client({ maxRateLimitRetries: 3 });
    running.sandbox.addFault({ path: '/campaign/v5/api/adSizes', status: 429, always: true });
    const error = await failure(platform.listAdSizes());
    expect(error).toMatchObject({ status: 429, vendorMessage: expect.stringContaining('429') });
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(requestsTo(/\/adSizes$/)).toHaveLength(4);
  });

  it('paces requests with a token bucket of the given rate', async () => {
    let now = 0;
    const slept: number[] = [];
    const limiter = createRateLimiter({
      perSecond: 8,
      now: () => now,
      sleep: async (milliseconds) => {
        slept.push(milliseconds);
        now += milliseconds;
      },
    });
    for (let request = 0; request < 10; request++) await limiter.take();
    // A burst of 8, then one every 125 ms.
    expect(slept.map(Math.round)).toEqual([125, 125]);
    now += 1000;
    for (let request = 0; request < 8; request++) await limiter.take();
    expect(slept).toHaveLength(2);
  });
});

describe('the access token', () => {
  const tokenRequests = () => requestsTo(/^\/accounts\/v1\/api\/token$/).length;

  it('is asked for once, shared by concurrent calls, and renewed a little before it expires', async () => {
    const platform = client();
    await Promise.all([platform.listAdvertisers(), platform.listAdSizes(), platform.listRegions(2)]);
    await platform.listAdvertisers();
    expect(tokenRequests()).toBe(1);
    const first = await platform.getAccessToken();
    expect(new Date(first.expiresAt).getTime()).toBe(clock.now().getTime() + 3600 * 1000);
    clock.advance(54 * 60 * 1000);
    await platform.listAdvertisers();
    expect(tokenRequests()).toBe(1);
    clock.advance(2 * 60 * 1000);
    await platform.listAdvertisers();
    expect(tokenRequests()).toBe(2);
    expect((await platform.getAccessToken()).accessToken).not.toBe(first.accessToken);
  });

  it('is renewed once when the platform refuses it, and the call goes through', async () => {
    const platform = client();
    await platform.listAdvertisers();
    running.sandbox.addFault({
      path: '/campaign/v5/api/advertisers',
      status: 401,
      shape: 'gateway',
      message: 'Token revoked',
    });
    expect(await platform.listAdvertisers()).toEqual([]);
    expect(tokenRequests()).toBe(2);
  });

  it("logs 'Error getting Amobee token' and rethrows when the credentials are refused", async () => {
    const platform = client({ clientSecret: 'wrong' });
    const error = await failure(platform.getAccessToken());
    expect(error).toMatchObject({
      message: 'Error getting Amobee token: Invalid client credentials',
      vendorMessage: 'Invalid client credentials',
      status: 401,
    });
    expect(logged).toEqual([expect.objectContaining({ level: 'error', message: 'Error getting Amobee token' })]);
    const call = await failure(platform.listAdvertisers());
    expect(call.message).toContain('Error getting Amobee token');
    expect(logged).toHaveLength(2);
  });
});

describe('lost answers', () => {
  it('never repeats a create whose answer was lost: the object may exist, the caller must look first', async () => {
    const platform = client();
    const { order } = await orderTree(platform);
    running.sandbox.addFault({
      method: 'POST',
      path: '/campaign/v5/api/insertionOrders/*/lineItems',
      action: 'dropAfter',
    });
    const error = await failure(
      platform.createLineItem(order.id, lineItem({ externalLineItemId: 'campaign-1-display' })),
    );
    expect(error).toMatchObject({ status: null });
    expect(error.message.startsWith('POST create lineItems error: ')).toBe(true);
    expect(requestsTo(/\/lineItems$/, 'POST')).toHaveLength(1);
    expect(await platform.findLineItemByExternalId(order.id, 'campaign-1-display')).toMatchObject({
      name: 'Clean water display',
    });
  });

  it('never repeats a create that timed out', async () => {
    const platform = client({ timeoutMs: 150 });
    const advertiser = await platform.createAdvertiser({ name: 'Water for All' });
    running.sandbox.addFault({
      method: 'POST',
      path: '/campaign/v5/api/advertisers/*/insertionOrders',
      action: 'delay',
      latencyMs: 400,
    });
    const error = await failure(
      platform.createInsertionOrder(advertiser.id, {
        name: 'Slow',
        externalInsertionOrderId: 'campaign-7',
        schedules: [schedule],
      }),
    );
    expect(error.message).toMatch(/^Insertion Order not created: timeout/);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requestsTo(/\/insertionOrders$/, 'POST')).toHaveLength(1);
    expect(await platform.findInsertionOrderByExternalId(advertiser.id, 'campaign-7')).toMatchObject({ name: 'Slow' });
  });

  it('asks again when a read lost its connection', async () => {
    const platform = client();
    const { order } = await orderTree(platform);
    running.sandbox.addFault({ method: 'GET', path: '/campaign/v5/api/insertionOrders/*', action: 'drop' });
    expect(await platform.getInsertionOrder(order.id)).toMatchObject({ id: order.id, status: 'play' });
    expect(requestsTo(/\/insertionOrders\/\d+$/, 'GET').map((request) => request.status)).toEqual([0, 200]);
  });
});

describe('lists', () => {
  it('asks for cities with limit 1, then with the total as the limit, paging on where the platform caps it', async () => {
    const platform = client();
    const california = (await platform.listRegions(2)).find((region) => region.code === 'CA')!;
    const cities = await platform.listCities(california.id);
    const asked = requestsTo(/\/cities$/).map((request) => [request.query.offset, request.query.limit]);
    expect(asked).toEqual([
      ['0', '1'],
      ['0', String(cities.length)],
      ['1000', String(cities.length)],
    ]);
    expect(cities.length).toBeGreaterThan(1000);
    expect(new Set(cities.map((city) => city.id)).size).toBe(cities.length);
  });

  it('sends one list filter at a time', async () => {
    const platform = client();
    const { advertiser, order } = await orderTree(platform);
    await platform.listLineItems(order.id);
    await platform.listInsertionOrders(advertiser.id);
    const filters = ['marketId', 'advertiserId', 'insertionOrderId', 'packageId', 'lineItemId'];
    for (const request of requestsTo(/^\/campaign\/v5\/api\/(lineItems|insertionOrders|ads|creatives)$/, 'GET')) {
      expect(filters.filter((filter) => request.query[filter] !== undefined)).toHaveLength(1);
    }
  });

  it('reads region codes the location service does not send from the same public data', async () => {
    const regions = await client().listRegions(1);
    expect(regions.find((region) => region.name === 'British Columbia')).toEqual({
      id: 2,
      name: 'British Columbia',
      code: 'BC',
      countryId: 1,
    });
  });
});

describe('the line item the platform receives', () => {
  test.each([
    [
      [18, 64],
      [18, 64],
    ],
    [
      [18, 99],
      [18, 0],
    ],
    [
      [19, 30],
      [18, 34],
    ],
    [
      [25, 34],
      [25, 34],
    ],
    [
      [65, 99],
      [65, 0],
    ],
    [
      [13, 17],
      [13, 17],
    ],
    [
      [10, 12],
      [13, 17],
    ],
  ] as [number, number][][])('widens the ages %j to the platform bounds %j', (ages, bounds) => {
    expect(platformAgeRange(ages as [number, number])).toEqual(bounds);
  });

  it('carries the targeting, automated bidding, goals, viewability and third-party cost of SPEC §9', () => {
    const defaults = {
      managerAccountId: '1001',
      iabCategory: 'iab14',
      exchangeIds: ['1'],
      thirdPartyCostProvider: 'other',
    };
    expect(lineItemBody(lineItem(), defaults, 2)).toMatchObject({
      budget: {
        schedules: [{ budget: 650, dailyCap: 50, startDate: '2026-02-01T00:00:00Z', endDate: '2026-02-28T23:59:59Z' }],
      },
      bidding: {
        dcpm: {
          maxAvgBid: 5,
          goals: {
            primary: { click: { cpcAmount: 1, optimizationWindowInDays: 7 } },
            secondary: { viewability: { rate: 50 } },
          },
        },
      },
      thirdPartyCosts: [expect.objectContaining({ cpmCost: 0.5, paidBy: 'market' })],
      targeting: {
        nielsenAudience: { gender: 'female', ageRange: [18, 0] },
        // Exactly one kind of geography.
        locale: { geographic: { geographies: { regions: ['20', '21'] } } },
      },
    });
    const postal = lineItemBody(lineItem({ geography: { kind: 'postalCodes', codes: ['10001'] } }), defaults, 2);
    expect(postal.targeting).toEqual({
      nielsenAudience: { gender: 'female', ageRange: [18, 0] },
      locale: { geographic: { postalCodes: { country: '2', entries: ['10001'] } } },
    });
    expect(adBody({ name: 'ad', creatives: [{ creativeId: '7', weight: 100 }] })).toEqual({
      name: 'ad',
      creatives: [{ creativeId: '7', weight: 100 }],
    });
  });

  it('is accepted by the sandbox and read back as sent', async () => {
    const platform = client();
    const { order } = await orderTree(platform);
    const item = await platform.createLineItem(
      order.id,
      lineItem({ ageRange: [18, 64], geography: { kind: 'cities', ids: [2_000_001] } }),
    );
    expect(await platform.getLineItem(item.id)).toMatchObject({
      ageRange: [18, 64],
      geography: { kind: 'cities', ids: [2_000_001] },
      thirdPartyCpmCost: 0.5,
      status: 'play',
    });
    await platform.updateInsertionOrder(order.id, { schedules: [{ ...schedule, budget: 900 }], cpcGoalAmount: 2 });
    expect(await platform.getInsertionOrder(order.id)).toMatchObject({
      schedules: [{ ...schedule, budget: 900 }],
      cpcGoalAmount: 2,
    });
  });
});
