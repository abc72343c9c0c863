import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryAdPlatform, type MemoryAdPlatform } from '@causeway/adapters/memory/ad-platform.fake';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { auditTrail } from '../audit/audit-trail';
import type { PromoteResponse } from '../contracts/promotion.contract';
import { organizationAdvertiserServiceFactory } from '../delivery/organization-advertiser.service';
import type { DataStore } from '../ports/unit-of-work.port';
import { demoReachSeeder } from '../promotion/demo-reach.seed';
import { DEMO_ACCOUNTS, demoSeedServiceFactory, type DemoSeedService } from './demo-seed.service';

let clock: ManualClock;
let ids: SequentialIds;
let store: DataStore;
let platform: MemoryAdPlatform;

/** The seed as the app binds it, with the ad platform's part unless told otherwise. */
function seeder(options: { withAdPlatform?: boolean } = {}): DemoSeedService {
  const { repositories } = store;
  let users = 0;
  return demoSeedServiceFactory({
    users: repositories.users,
    organizations: repositories.organizations,
    settings: repositories.settings,
    identity: { createUser: async () => ({ uid: `uid-${++users}` }) },
    clock,
    ids,
    seedReach: demoReachSeeder({
      campaigns: repositories.campaigns,
      shareTracking: repositories.shareTracking,
      promote: async () => ({}) as PromoteResponse,
      clock,
      ids,
    }),
    ...(options.withAdPlatform === false
      ? {}
      : {
          adPlatform: {
            campaigns: repositories.campaigns,
            adPlatform: platform,
            advertisers: organizationAdvertiserServiceFactory({
              unitOfWork: store.unitOfWork,
              organizations: repositories.organizations,
              adPlatform: platform,
              audit: auditTrail({ clock, ids }),
            }),
            campaignPageUrl: (campaignId) => `http://localhost:3000/campaign/${campaignId}/details/`,
          },
        }),
  });
}

const demoOrganization = async () => (await store.repositories.organizations.list())[0]!;
const liveCampaigns = async () =>
  store.repositories.campaigns.list({ organizationId: (await demoOrganization()).organizationId });

beforeEach(() => {
  clock = new ManualClock('2026-05-01T12:00:00.000Z');
  ids = new SequentialIds();
  store = createMemoryDataStore({ clock, ids });
  platform = createMemoryAdPlatform({ clock });
});

describe('seeding the demo', () => {
  it('fills an empty database once: the organization, the four accounts and two live campaigns', async () => {
    expect(await seeder().seedIfEmpty('a-demo-password')).toBe(true);
    expect(await seeder().seedIfEmpty('a-demo-password')).toBe(false);
    expect((await store.repositories.organizations.list()).map((org) => org.name)).toEqual(['Harbor Light Food Bank']);
    expect((await store.repositories.users.list()).map((user) => user.Email).sort()).toEqual(
      DEMO_ACCOUNTS.map((account) => account.email).sort(),
    );
    expect(await liveCampaigns()).toHaveLength(2);
  });
});

describe('readying the demo on the ad platform', () => {
  beforeEach(async () => {
    await seeder().seedIfEmpty('a-demo-password');
  });

  it('gives the organization its advertiser and its live campaigns an insertion order, line item and ad, playing', async () => {
    const report = await seeder().readyOnAdPlatform();
    const organization = await demoOrganization();
    expect(report).toMatchObject({
      organizationId: organization.organizationId,
      organizationName: 'Harbor Light Food Bank',
      advertiser: { id: organization.advertiserId, outcome: 'created', replaced: null },
    });
    expect(await platform.listAdvertisers()).toEqual([
      { id: organization.advertiserId, name: `Harbor Light Food Bank [${organization.organizationId}]` },
    ]);
    const campaigns = await liveCampaigns();
    expect(report!.campaigns.map((campaign) => campaign.name).sort()).toEqual(['Saturday pantry van', 'Winter meals']);
    for (const campaign of campaigns) {
      const order = await platform.getInsertionOrder(campaign.insertionOrderId!);
      expect(order).toMatchObject({
        advertiserId: organization.advertiserId,
        externalInsertionOrderId: campaign.campaignUUID,
        status: 'play',
        // The ad share of the lifetime budget, in dollars, over the campaign's dates.
        schedules: [
          {
            budget: (campaign.budgetLifetime * 0.65) / 100,
            startDate: campaign.startDate!.slice(0, 10),
            endDate: campaign.endDate!.slice(0, 10),
          },
        ],
      });
      expect(await platform.getLineItem(campaign.lineItemId!)).toMatchObject({
        insertionOrderId: campaign.insertionOrderId,
        status: 'play',
      });
      const ads = await platform.listAds(campaign.lineItemId!);
      expect(ads.map((ad) => ad.id)).toEqual(campaign.adIds);
      expect(ads[0]).toMatchObject({ status: 'play', creatives: [{ creativeId: campaign.creativeIds[0] }] });
    }
    const [creative] = await platform.listCreatives(organization.advertiserId!);
    expect(creative).toMatchObject({ adSizeId: expect.any(String), clickUrl: expect.stringContaining('/campaign/') });
    const audit = await store.repositories.auditLogs.list();
    expect(audit.map((entry) => entry.action)).toContain(
      `Created the ad platform advertiser ${organization.advertiserId} of organization Harbor Light Food Bank`,
    );
  });

  it('changes nothing at a second start', async () => {
    await seeder().readyOnAdPlatform();
    const campaigns = await liveCampaigns();
    const organization = await demoOrganization();
    const again = await seeder().readyOnAdPlatform();
    expect(again).toMatchObject({
      advertiser: { id: organization.advertiserId, outcome: 'kept', replaced: null },
      campaigns: [],
    });
    expect(await platform.listAdvertisers()).toHaveLength(1);
    expect(await platform.listInsertionOrders(organization.advertiserId!)).toHaveLength(2);
    expect(await liveCampaigns()).toEqual(campaigns);
  });

  it('links an advertiser of its name made before (a lost answer) rather than making another', async () => {
    const organization = await demoOrganization();
    const earlier = await platform.createAdvertiser({
      name: `Harbor Light Food Bank [${organization.organizationId}]`,
    });
    const report = await seeder().readyOnAdPlatform();
    expect(report!.advertiser).toEqual({ id: earlier.id, outcome: 'linked', replaced: null });
    expect(await platform.listAdvertisers()).toHaveLength(1);
  });

  it('replaces an advertiser and campaigns the platform no longer has, and finishes a start cut short', async () => {
    const organization = await demoOrganization();
    await store.repositories.organizations.update(organization.organizationId, { advertiserId: '999' });
    const [first] = await liveCampaigns();
    await store.repositories.campaigns.update(first!.campaignUUID, { insertionOrderId: '998', lineItemId: '997' });
    // An earlier start made the advertiser and one insertion order, then stopped.
    const advertiser = await platform.createAdvertiser({
      name: `Harbor Light Food Bank [${organization.organizationId}]`,
    });
    const order = await platform.createInsertionOrder(advertiser.id, {
      name: 'Winter meals',
      externalInsertionOrderId: first!.campaignUUID,
      schedules: [{ budget: 1, startDate: '2026-05-01', endDate: '2026-05-31' }],
    });

    const report = await seeder().readyOnAdPlatform();
    expect(report!.advertiser).toEqual({ id: advertiser.id, outcome: 'linked', replaced: '999' });
    expect((await demoOrganization()).advertiserId).toBe(advertiser.id);
    expect(report!.campaigns).toHaveLength(2);
    expect((await store.repositories.campaigns.findById(first!.campaignUUID))!.insertionOrderId).toBe(order.id);
    expect(await platform.listInsertionOrders(advertiser.id)).toHaveLength(2);
  });

  it('leaves a deployed campaign (one with its own ad files) to its deployment', async () => {
    const [first] = await liveCampaigns();
    await store.repositories.campaigns.update(first!.campaignUUID, {
      campaignAdsFiles: [
        {
          name: 'banner.png',
          path: 'campaigns/banner.png',
          url: null,
          typeFormat: 'display',
          width: 300,
          height: 250,
          sizeBytes: 1_000,
          amobeeCreativeAsset: null,
        },
      ],
    });
    const report = await seeder().readyOnAdPlatform();
    expect(report!.campaigns.map((campaign) => campaign.campaignId)).not.toContain(first!.campaignUUID);
    expect((await store.repositories.campaigns.findById(first!.campaignUUID))!.insertionOrderId).toBeNull();
  });

  it('answers null without the ad platform’s part, and changes nothing', async () => {
    expect(await seeder({ withAdPlatform: false }).readyOnAdPlatform()).toBeNull();
    expect((await demoOrganization()).advertiserId).toBeNull();
  });
});

it('answers null when there is no demo organization', async () => {
  expect(await seeder().readyOnAdPlatform()).toBeNull();
  expect(await platform.listAdvertisers()).toEqual([]);
});
