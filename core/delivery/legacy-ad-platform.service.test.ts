import { beforeEach, describe, expect, it } from 'vitest';
import { auditTrail } from '../audit/audit-trail';
import { createMemoryAdPlatform, type MemoryAdPlatform } from '@causeway/adapters/memory/ad-platform.fake';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import type { Actor } from '../auth/authorization';
import { LineCreateBody } from '../contracts/amobee.contract';
import type { DataStore } from '../ports/unit-of-work.port';
import { legacyAdPlatformServiceFactory, lineItemInputOf } from './legacy-ad-platform.service';
import { organizationAdvertiserServiceFactory } from './organization-advertiser.service';

const staff: Actor = { uid: 'admin-1', role: 'admin', organizationId: null, demoUser: false, displayName: 'A' };
const orgAdmin: Actor = { ...staff, uid: 'admin-2', organizationId: 'org-1' };

let clock: ManualClock;
let platform: MemoryAdPlatform;
let store: DataStore;

beforeEach(() => {
  clock = new ManualClock('2026-05-01T12:00:00.000Z');
  platform = createMemoryAdPlatform({ clock });
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
});

const legacy = () => legacyAdPlatformServiceFactory({ adPlatform: platform, clock, ids: new SequentialIds() });
const schedules = [{ budget: 100, startDate: '2026-05-02T00:00:00Z', endDate: '2026-05-31T23:59:59Z' }];

describe('the legacy line item mapping', () => {
  it.each([
    {
      case: 'the product’s defaults (SPEC §9) when the item says nothing',
      item: {},
      expected: {
        maxAvgBid: 5,
        cpcAmount: 1,
        optimizationWindowInDays: 7,
        viewabilityRate: 50,
        thirdPartyCpmCost: 0.5,
        gender: 'all',
        ageRange: [18, 64],
        geography: { kind: 'countries', ids: [2] },
      },
    },
    {
      case: 'what the vendor-shaped item says',
      item: {
        bidding: {
          dcpm: {
            bidLimit: 10,
            maxAvgBid: 4,
            goals: {
              primary: { click: { cpcAmount: 0.8, optimizationWindowInDays: 14 } },
              secondary: { viewability: { rate: 70 } },
            },
          },
        },
        thirdPartyCosts: [{ costType: 'other', provider: 'x', cpmCost: 0.2, paidBy: 'market' }],
        targeting: {
          nielsenAudience: { gender: 'female', ageRange: [25, 0] },
          locale: { geographic: { geographies: { countries: ['2'], regions: [], cities: ['500001', 500002] } } },
        },
      },
      expected: {
        maxAvgBid: 4,
        cpcAmount: 0.8,
        optimizationWindowInDays: 14,
        viewabilityRate: 70,
        thirdPartyCpmCost: 0.2,
        gender: 'female',
        ageRange: [25, 0],
        geography: { kind: 'cities', ids: [500001, 500002] },
      },
    },
    {
      case: 'postal codes',
      item: { targeting: { locale: { geographic: { postalCodes: { country: 'US', entries: ['04101'] } } } } },
      expected: { geography: { kind: 'postalCodes', codes: ['04101'] } },
    },
  ])('$case', ({ item, expected }) => {
    const body = LineCreateBody.parse({
      insertionOrderId: 1,
      lineItemDTO: { name: 'Line', mediaFormat: 'display', budget: { schedules }, status: 'play', ...item },
    });
    expect(lineItemInputOf(body.lineItemDTO)).toMatchObject({
      name: 'Line',
      mediaFormat: 'display',
      schedules: [{ budget: 100, startDate: '2026-05-02', endDate: '2026-05-31' }],
      ...expected,
    });
  });

  it.each([
    ['dmas', { geographies: { dmas: ['501'] } }, 'lineItemDTO.targeting.locale.geographic.geographies.dmas'],
    ['a mobile radius', { mobileRadius: { radius: 5 } }, 'lineItemDTO.targeting.locale.geographic.mobileRadius'],
    [
      'places and postal codes together',
      { geographies: { countries: [2] }, postalCodes: { entries: ['04101'] } },
      'lineItemDTO.targeting.locale.geographic.postalCodes',
    ],
  ])('refuses %s rather than buy a wider audience', (_case, geographic, path) => {
    const result = LineCreateBody.safeParse({
      insertionOrderId: 1,
      lineItemDTO: {
        name: 'Line',
        mediaFormat: 'display',
        budget: { schedules },
        targeting: { locale: { geographic } },
      },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });
});

describe('the legacy ad platform calls', () => {
  it('creates an advertiser, an insertion order and a line item, and reads the order’s status', async () => {
    const advertiser = await legacy().createAdvertiser(staff, { data: { name: 'Harbor' }, accountId: '1000001' });
    expect(advertiser).toEqual({
      data: [{ id: expect.any(String), name: 'Harbor', accountId: '1000001', resourceType: 'advertiser' }],
    });
    const advertiserId = advertiser.data[0]!.id;
    const order = await legacy().createInsertionOrder(staff, {
      advertiserId,
      item: { name: 'Winter', budget: { schedules }, cpcGoalAmount: 1 },
    });
    expect(order.data[0]).toMatchObject({
      advertiserId,
      name: 'Winter',
      status: 'play',
      resourceType: 'insertionOrder',
    });
    const stored = await platform.getInsertionOrder(order.data[0]!.id);
    expect(stored).toMatchObject({
      externalInsertionOrderId: order.data[0]!.externalInsertionOrderId,
      schedules: [{ budget: 100, startDate: '2026-05-02', endDate: '2026-05-31' }],
      cpcGoalAmount: 1,
    });
    expect(await legacy().insertionOrderStatus(staff, { insertionId: order.data[0]!.id })).toEqual(order);
    const line = await legacy().createLineItem(
      staff,
      LineCreateBody.parse({
        insertionOrderId: order.data[0]!.id,
        lineItemDTO: { name: 'Line', mediaFormat: 'display', budget: { schedules } },
      }),
    );
    expect(line.data[0]).toMatchObject({ insertionOrderId: order.data[0]!.id, name: 'Line', resourceType: 'lineItem' });
    const beacon = await legacy().createBeacon(staff, { advertiserId, item: { name: 'Donate page' } });
    expect(beacon.data[0]!.beaconJavascriptCode).toContain('<script');
  });

  it('answers the platform’s refusals as the caller’s errors, with the spec’s message', async () => {
    await expect(legacy().insertionOrderStatus(staff, { insertionId: '42' })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      legacy().createInsertionOrder(staff, { advertiserId: '42', item: { name: 'X', budget: { schedules } } }),
    ).rejects.toMatchObject({ code: 'not_found', message: 'Insertion Order not created: Advertiser 42 not found' });
    platform.failNext('getAccessToken');
    await expect(legacy().token(staff)).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Error getting Amobee token: Injected fault',
    });
  });

  it('hands the token to platform staff only, with the seconds it has left', async () => {
    expect(await legacy().token(staff)).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
    });
    await expect(legacy().token(orgAdmin)).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe('an organization’s advertiser', () => {
  const service = (adPlatform = platform) =>
    organizationAdvertiserServiceFactory({
      unitOfWork: store.unitOfWork,
      organizations: store.repositories.organizations,
      adPlatform,
      audit: auditTrail({ clock, ids: new SequentialIds() }),
    });

  beforeEach(async () => {
    await store.repositories.organizations.create({
      organizationId: 'org-1',
      name: 'Harbor Light',
      website: 'https://harbor.example',
      created_date: '2026-01-01T00:00:00.000Z',
    });
  });

  it('is made on the platform once and kept on the organization, with an audit entry', async () => {
    const made = await service().create(staff, 'org-1');
    expect(made).toMatchObject({ created: true, advertiser: { name: 'Harbor Light [org-1]' } });
    expect(made.organization.advertiserId).toBe(made.advertiser.id);
    expect((await store.repositories.organizations.findById('org-1'))?.advertiserId).toBe(made.advertiser.id);
    expect((await store.repositories.auditLogs.list({}))[0]).toMatchObject({
      document: 'organizations',
      event: 'update',
      trigger_id: 'org-1',
    });
    await expect(service().create(staff, 'org-1')).rejects.toMatchObject({ code: 'conflict' });
    expect(await platform.listAdvertisers()).toHaveLength(1);
  });

  it('uses the advertiser a lost answer made instead of making a second', async () => {
    const { id } = await platform.createAdvertiser({ name: 'Harbor Light [org-1]' });
    const made = await service().create(staff, 'org-1');
    expect(made).toMatchObject({ created: false, advertiser: { id } });
    expect(await platform.listAdvertisers()).toHaveLength(1);
  });

  it('is for platform staff, about an organization that exists', async () => {
    await expect(service().create(orgAdmin, 'org-1')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(service().create(staff, 'org-none')).rejects.toMatchObject({
      code: 'not_found',
      message: 'Organization not found for ID org-none',
    });
  });
});
