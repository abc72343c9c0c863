import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { pngOfSize } from '@causeway/tests/support/png';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { AMOBEE_SANDBOX } from './container';
import { TYPES } from './types';

let app: TestApp;
const cookies = { super: '', admin: '', campaigner: '', promoter: '' };

const api = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) });
const sandbox = () => app.server.container.get(AMOBEE_SANDBOX);

const schedules = [{ budget: 500, startDate: '2030-05-02T00:00:00Z', endDate: '2030-05-31T23:59:59Z' }];

beforeAll(async () => {
  app = await startTestApp({ env: { DELIVERY_SYNC_MINUTES: '0' } });
  for (const name of ['super', 'admin', 'campaigner', 'promoter'] as const) {
    cookies[name] = await signInAs(app, `${name}@demo.local`);
  }
});

afterAll(async () => {
  await app?.close();
});

describe('the original product’s ad platform endpoints (SPEC §7)', () => {
  it('hand platform staff the platform’s access token, read as access_token', async () => {
    const answer = await api('GET', '/api/amobee/token', cookies.super);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
    });
    expect(answer.body.expires_in).toBeGreaterThan(3600);
  });

  it('set a campaign up step by step in the vendor’s shapes, answering the vendor’s envelope', async () => {
    const advertiser = await api('POST', '/api/amobee/advertiserCreate', cookies.admin, {
      token: 'ignored',
      data: { name: 'Riverside Shelter', primaryUrl: 'https://riverside.example', currency: 'usd' },
      accountId: 1000001,
    });
    expect(advertiser.status).toBe(200);
    expect(advertiser.body).toEqual({
      data: [{ id: expect.any(String), name: 'Riverside Shelter', accountId: '1000001', resourceType: 'advertiser' }],
    });
    const advertiserId = advertiser.body.data[0].id;

    const order = await api('POST', '/api/amobee/campaignCreate', cookies.super, {
      advertiserId,
      item: {
        name: 'Warm beds',
        managerAccountId: 1001,
        attributionService: 'amobeeLta',
        customPackageMode: 'twoLevel',
        pacingBasis: 'budget',
        creativeRotationEvent: 'clicks',
        frequencyType: 'device',
        budget: { pacing: 'even', schedules },
        cpcGoalAmount: 1,
      },
    });
    expect(order.status).toBe(200);
    const insertionOrderId = order.body.data[0].id;
    expect(order.body.data[0]).toMatchObject({ advertiserId, name: 'Warm beds', resourceType: 'insertionOrder' });

    const status = await api('POST', '/api/amobee/getCampaignStatus', cookies.super, {
      token: 'ignored',
      insertionId: Number(insertionOrderId),
    });
    expect(status.status).toBe(200);
    expect(status.body.data[0]).toMatchObject({ id: insertionOrderId, advertiserId, status: 'play' });

    const line = await api('POST', '/api/amobee/lineCreate', cookies.super, {
      insertionOrderId,
      lineItemDTO: {
        name: 'Warm beds · display',
        status: 'play',
        mediaFormat: 'display',
        environment: { targetedTypes: ['desktopWeb', 'mobileWeb'] },
        budget: { schedules },
        bidding: { dcpm: { bidLimit: 10, maxAvgBid: 5, goals: { primary: { click: { cpcAmount: 1 } } } } },
        targeting: {
          nielsenAudience: { gender: 'female', ageRange: [25, 44] },
          locale: { geographic: { geographies: { regions: [20], dmas: [] } } },
        },
      },
    });
    expect(line.status).toBe(200);
    const lineItemId = line.body.data[0].id;
    const stored = await app.server.container.get(TYPES.AdPlatform).getLineItem(lineItemId);
    expect(stored).toMatchObject({
      insertionOrderId,
      gender: 'female',
      ageRange: [25, 44],
      geography: { kind: 'regions', ids: [20] },
      cpcAmount: 1,
      schedules: [{ budget: 500, startDate: '2030-05-02', endDate: '2030-05-31' }],
    });

    const asset = await app.server.container.get(TYPES.AdPlatform).uploadCreativeAsset({
      mediaFormat: 'display',
      fileName: 'banner.png',
      contentType: 'image/png',
      content: pngOfSize(300, 250),
    });
    const creative = await api('POST', '/api/amobee/creativeCreate', cookies.super, {
      advertiserId,
      item: {
        name: 'Warm beds banner',
        mediaFormat: 'display',
        adFormat: 'standard',
        amobeeAdServer: {
          creativeAssetKey: asset.creativeAssetKey,
          adSizeId: Number(asset.adSizeId),
          clickAction: { url: 'https://riverside.example/give' },
        },
      },
    });
    expect(creative.status).toBe(200);
    expect(creative.body.data[0]).toMatchObject({ advertiserId, name: 'Warm beds banner', resourceType: 'creative' });

    const beacon = await api('POST', '/api/amobee/beaconCreate', cookies.super, {
      advertiserId,
      item: { name: 'Donation page', acceptedAction: 'click' },
    });
    expect(beacon.status).toBe(200);
    expect(beacon.body.data[0]).toMatchObject({
      advertiserId,
      name: 'Donation page',
      beaconJavascriptCode: expect.any(String),
      resourceType: 'beacon',
    });
  });

  it.each([
    ['/api/amobee/advertiserCreate', { data: { primaryUrl: 'not a url' } }, ['data.name', 'data.primaryUrl']],
    [
      '/api/amobee/campaignCreate',
      { advertiserId: 'abc', item: { name: 'X', budget: { schedules: [] } } },
      ['item.budget.schedules', 'advertiserId'],
    ],
    ['/api/amobee/getCampaignStatus', { token: 't' }, ['insertionId']],
    [
      '/api/amobee/lineCreate',
      {
        insertionOrderId: 1,
        lineItemDTO: {
          name: 'X',
          mediaFormat: 'audio',
          budget: { schedules: [{ budget: 1, startDate: 'soon', endDate: '2030-01-01' }] },
          targeting: { locale: { geographic: { geographies: { dmas: ['501'] } } } },
        },
      },
      [
        'lineItemDTO.mediaFormat',
        'lineItemDTO.budget.schedules.0.startDate',
        'lineItemDTO.targeting.locale.geographic.geographies.dmas',
      ],
    ],
    [
      '/api/amobee/creativeCreate',
      { advertiserId: 1, item: { name: 'X', mediaFormat: 'display' } },
      ['item.amobeeAdServer'],
    ],
    ['/api/amobee/beaconCreate', { item: {} }, ['advertiserId', 'item.name']],
  ])('%s refuses a bad body with 400 naming its fields', async (path, body, fields) => {
    const answer = await api('POST', path, cookies.super, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid_input');
    expect(Object.keys(answer.body.error.fields).sort()).toEqual([...fields].sort());
  });

  it('pass the platform’s refusals on with its words: a missing order 404, a refused create 404, an outage 503', async () => {
    const missing = await api('POST', '/api/amobee/getCampaignStatus', cookies.super, { insertionId: 42 });
    expect(missing.status).toBe(404);
    const refused = await api('POST', '/api/amobee/campaignCreate', cookies.super, {
      advertiserId: 42,
      item: { name: 'Nowhere', budget: { schedules } },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toMatch(/^Insertion Order not created: /);
    sandbox().addFault({ method: 'POST', path: '/campaign/v5/api/advertisers/*/beacons', status: 500, times: 1 });
    const outage = await api('POST', '/api/amobee/beaconCreate', cookies.super, {
      advertiserId: 42,
      item: { name: 'X' },
    });
    expect(outage.status).toBe(503);
    expect(outage.body.error.message).toMatch(/^Create beacon error: /);
  });

  it.each([
    ['GET', '/api/amobee/token', undefined],
    ['POST', '/api/amobee/advertiserCreate', { data: { name: 'X' } }],
    ['POST', '/api/amobee/campaignCreate', { advertiserId: 1, item: { name: 'X', budget: { schedules } } }],
    ['POST', '/api/amobee/getCampaignStatus', { insertionId: 1 }],
    [
      'POST',
      '/api/amobee/lineCreate',
      { insertionOrderId: 1, lineItemDTO: { name: 'X', mediaFormat: 'display', budget: { schedules } } },
    ],
    [
      'POST',
      '/api/amobee/creativeCreate',
      {
        advertiserId: 1,
        item: {
          name: 'X',
          mediaFormat: 'display',
          amobeeAdServer: { creativeAssetKey: 'k', adSizeId: 101, clickAction: { url: 'https://x.example' } },
        },
      },
    ],
    ['POST', '/api/amobee/beaconCreate', { advertiserId: 1, item: { name: 'X' } }],
  ])('%s %s is for super users and platform admins: 401 signed out, 403 otherwise', async (method, path, body) => {
    const calls = sandbox().requests().length;
    expect((await api(method, path, undefined, body)).status).toBe(401);
    for (const cookie of [cookies.campaigner, cookies.promoter]) {
      const answer = await api(method, path, cookie, body);
      expect(answer.status).toBe(403);
      expect(answer.body.error.message).toBe('Only super users and platform admins can call the ad platform directly.');
    }
    expect(sandbox().requests().length).toBe(calls);
  });
});

describe('the API reference', () => {
  it('lists the ad platform endpoints and the delivery figures, with their schemas', async () => {
    const document = (await api('GET', '/api/openapi.json')).body;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/amobee/token',
        '/api/amobee/lineCreate',
        '/api/organizations/{id}/advertiser',
        '/api/campaigns/{id}/delivery',
      ]),
    );
    const line = document.paths['/api/amobee/lineCreate'].post.requestBody.content['application/json'].schema;
    expect(line.required).toEqual(['lineItemDTO', 'insertionOrderId']);
  });
});

describe('an organization’s advertiser', () => {
  it('is created by platform staff once, kept on the organization, and needed by nobody else', async () => {
    const created = await api('POST', '/api/organizations', cookies.super, { name: 'Valley Pantry' });
    expect(created.status).toBe(201);
    const organizationId = created.body.organization.organizationId;
    const path = `/api/organizations/${organizationId}/advertiser`;
    expect((await api('POST', path)).status).toBe(401);
    expect((await api('POST', path, cookies.campaigner)).status).toBe(403);

    const made = await api('POST', path, cookies.super);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      created: true,
      advertiser: { id: expect.any(String), name: `Valley Pantry [${organizationId}]` },
      organization: { organizationId, advertiserId: made.body.advertiser.id },
    });
    const again = await api('POST', path, cookies.admin);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      `Valley Pantry already has its advertiser ${made.body.advertiser.id} on the ad platform.`,
    );
    const logs = await api('GET', `/api/logs?document=organizations`, cookies.super);
    expect(JSON.stringify(logs.body)).toContain(`Created the ad platform advertiser ${made.body.advertiser.id}`);
    expect((await api('POST', '/api/organizations/nothing-here/advertiser', cookies.super)).status).toBe(404);
  });
});
