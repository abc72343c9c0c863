import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { ensureGeneralFund } from '../campaigns/general-fund';
import type { DataStore } from '../ports/unit-of-work.port';
import { CAMPAIGN_LIST_FIGURES_MS, campaignDirectoryServiceFactory } from './campaign-directory.service';

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

  it('leaves out the organizations’ general funds, and still fills each page while campaigns follow', async () => {
    await ensureGeneralFund(
      store.repositories.campaigns,
      { organizationId: 'org-1', name: 'Harbor Light Food Bank' },
      'owner-1',
      '2026-07-10T00:00:00.000Z',
    );
    for (const [id, at] of [
      ['c-a', '2026-07-11T00:00:00.000Z'],
      ['c-b', '2026-07-09T00:00:00.000Z'],
    ] as const) {
      await store.repositories.campaigns.create({
        campaignUUID: id,
        userId: 'owner-1',
        organizationId: 'org-1',
        campaignName: id,
        createdAt: at,
      });
    }
    const first = await service().listLive({ limit: 2 });
    expect(first.items.map((campaign) => campaign.campaignId)).toEqual(['c-a', 'c-b']);
    const second = await service().listLive({ limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((campaign) => campaign.campaignId)).toEqual(['c-new', 'c-edge']);
    expect(second.nextCursor).toBeNull();
    const all = await service().listLive({ limit: 10 });
    expect(all.items.map((campaign) => campaign.campaignId)).toEqual(['c-a', 'c-b', 'c-new', 'c-edge']);
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

describe('the live list kept in memory', () => {
  let at: number;
  let lists: number;
  const kept = (cacheSize = 10) =>
    campaignDirectoryServiceFactory({
      campaigns: {
        ...store.repositories.campaigns,
        list: (...args) => {
          lists += 1;
          return store.repositories.campaigns.list(...args);
        },
      },
      organizations: store.repositories.organizations,
      donations: store.repositories.donations,
      clock,
      cacheMs: 1_000,
      cacheSize,
      now: () => at,
    });
  const ids = (page: { items: { campaignId: string }[] }) => page.items.map((item) => item.campaignId);
  beforeEach(() => {
    at = 0;
    lists = 0;
  });

  it('reads a page once for every way of asking for it, and each distinct page once', async () => {
    const directory = kept();
    const first = await directory.liveSnapshot();
    expect(await directory.liveSnapshot({ limit: 50 })).toBe(first);
    expect(await directory.liveSnapshot({ organizationId: undefined, cursor: undefined })).toBe(first);
    expect(lists).toBe(1);
    const one = await directory.listLive({ limit: 1 });
    expect(ids(one)).toEqual(['c-new']);
    const next = await directory.listLive({ limit: 1, cursor: one.nextCursor! });
    expect(ids(next)).toEqual(['c-edge']);
    expect(ids(await directory.listLive({ organizationId: 'org-2' }))).toEqual([]);
    expect(lists).toBe(4);
    await directory.listLive({ limit: 1, cursor: one.nextCursor! });
    expect(lists).toBe(4);
  });

  it('refuses a cursor no list answered, and keeps nothing for it', async () => {
    const directory = kept();
    await expect(directory.listLive({ cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: 'invalid' });
    expect(lists).toBe(0);
  });

  it('drops every page at once when a campaign is made, edited or deleted, or an organization changes', async () => {
    const directory = kept();
    await directory.listLive();
    await directory.listLive({ limit: 1 });
    await store.repositories.campaigns.update('c-edge', { campaignTitle: 'Warm meals' });
    directory.forget({ campaignIds: ['c-edge'], organizationIds: [] });
    expect((await directory.listLive()).items.find((item) => item.campaignId === 'c-edge')?.title).toBe('Warm meals');
    expect(lists).toBe(3);
    await store.repositories.organizations.update('org-1', { name: 'Harbor Light' });
    directory.forget({ campaignIds: [], organizationIds: ['org-1'] });
    expect((await directory.listLive()).items[0]!.organization?.name).toBe('Harbor Light');
    await store.repositories.campaigns.softDelete('c-new');
    directory.forget({ campaignIds: ['c-new'], organizationIds: [] });
    expect(ids(await directory.listLive())).toEqual(['c-edge']);
  });

  it('follows a gift to a listed campaign a moment later, answering the page as it is meanwhile', async () => {
    const directory = kept();
    const before = await directory.liveSnapshot();
    await directory.liveSnapshot({ organizationId: 'org-2' });
    await store.repositories.campaigns.countDonation('c-new', 25_00);
    directory.forget({ campaignIds: ['c-new'], organizationIds: [], figuresOnly: ['c-new'] });
    // The page not listing it is not read again.
    await directory.liveSnapshot({ organizationId: 'org-2' });
    at += CAMPAIGN_LIST_FIGURES_MS;
    expect(await directory.liveSnapshot()).toBe(before);
    await new Promise((resolve) => setImmediate(resolve));
    const after = await directory.listLive();
    expect(after.items[0]).toMatchObject({ campaignId: 'c-new', raisedCents: 2_500 + 25_00, donators: 2 });
    expect(lists).toBe(3);
  });

  it('keeps at most its size of pages', async () => {
    const directory = kept(2);
    await directory.listLive({ limit: 1 });
    await directory.listLive({ limit: 2 });
    await directory.listLive({ limit: 3 });
    await directory.listLive({ limit: 1 });
    expect(lists).toBe(4);
    await directory.listLive({ limit: 3 });
    expect(lists).toBe(4);
  });

  it('shows a deadline passing within twice its time', async () => {
    await store.repositories.campaigns.update('c-new', {
      allowDonations: true,
      campaignRaiseGoalDeadline: '2026-07-15T12:00:01.000Z',
    });
    const directory = kept();
    const accepting = async () =>
      (await directory.listLive()).items.find((item) => item.campaignId === 'c-new')?.acceptingDonations;
    expect(await accepting()).toBe(true);
    clock.advance(1_000);
    at += 2_000;
    expect(await accepting()).toBe(false);
  });
});
