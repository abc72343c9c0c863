import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import type { DataStore } from '../ports/unit-of-work.port';
import { campaignDirectoryServiceFactory } from './campaign-directory.service';

let clock: ManualClock;
let store: DataStore;
const service = () =>
  campaignDirectoryServiceFactory({
    campaigns: store.repositories.campaigns,
    organizations: store.repositories.organizations,
    donations: store.repositories.donations,
    clock,
  });

beforeEach(async () => {
  clock = new ManualClock('2026-07-15T12:00:00.000Z');
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
  await store.repositories.organizations.create({
    organizationId: 'org-1',
    name: 'Harbor Light Food Bank',
    logo: 'https://give.example/files/logo.png',
    created_date: '2025-01-01T00:00:00.000Z',
  });
  const campaign = (campaignUUID: string, createdAt: string, extra: Record<string, unknown> = {}) =>
    store.repositories.campaigns.create({
      campaignUUID,
      userId: 'owner-1',
      organizationId: 'org-1',
      campaignName: campaignUUID,
      campaignDescription: 'Warm meals for families this winter.',
      createdAt,
      budgetLifetime: 200_000,
      insertionOrderId: 'io-1',
      ...extra,
    });
  await campaign('c-old', '2026-01-15T11:59:59.999Z');
  await campaign('c-edge', '2026-01-15T12:00:00.000Z');
  await campaign('c-new', '2026-07-01T00:00:00.000Z', { campaignRaised: 2_500, donators: 1, allowDonations: false });
  await campaign('c-gone', '2026-07-02T00:00:00.000Z');
  await store.repositories.campaigns.softDelete('c-gone');
});

describe('live campaigns', () => {
  it('lists those created in the last 6 months and not deleted, newest first, without their internals', async () => {
    const listed = (await service().listLive()).items;
    expect(listed.map((campaign) => campaign.campaignId)).toEqual(['c-new', 'c-edge']);
    expect(listed[0]).toEqual({
      campaignId: 'c-new',
      name: 'c-new',
      title: '',
      summary: 'Warm meals for families this winter.',
      category: null,
      coverImage: null,
      goalCents: 0,
      raisedCents: 2_500,
      donators: 1,
      deadline: null,
      acceptingDonations: false,
      createdAt: '2026-07-01T00:00:00.000Z',
      organization: {
        organizationId: 'org-1',
        name: 'Harbor Light Food Bank',
        logo: 'https://give.example/files/logo.png',
      },
      pagePath: '/campaign/c-new/details/',
    });
    expect(JSON.stringify(listed)).not.toContain('io-1');
  });

  it('shows one, and its figures from its donations; a deleted or unknown one is a 404', async () => {
    expect(await service().view('c-edge')).toMatchObject({
      campaignId: 'c-edge',
      acceptingDonations: true,
      donators: 0,
    });
    expect(await service().stats('c-edge')).toEqual({ count: 0, totalRaised: 0, totalPromoters: 0 });
    await expect(service().view('c-gone')).rejects.toMatchObject({ code: 'not_found' });
    await expect(service().stats('c-none')).rejects.toMatchObject({ code: 'not_found' });
  });
});
