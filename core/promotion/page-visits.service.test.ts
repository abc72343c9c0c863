import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { campaignPageServiceFactory } from '../campaigns/campaign-page.service';
import { EventTypes } from '../events/domain-event';
import type { DataStore } from '../ports/unit-of-work.port';
import { PAGE_VISIT_WINDOW_MS, pageVisitServiceFactory } from './page-visits.service';

let clock: ManualClock;
let store: DataStore;

const service = () =>
  pageVisitServiceFactory({
    pages: campaignPageServiceFactory({
      campaigns: store.repositories.campaigns,
      organizations: store.repositories.organizations,
      publicUrl: 'https://give.example',
      cacheMs: 0,
    }),
    limits: store.rateLimits,
    visits: store.repositories.shareTracking,
    clock,
  });

beforeEach(async () => {
  clock = new ManualClock(new Date('2026-03-01T23:50:00.000Z'));
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
  const createdAt = '2026-01-01T00:00:00.000Z';
  await store.repositories.campaigns.create({ campaignUUID: 'c-1', userId: 'owner-1', createdAt });
  await store.repositories.campaigns.create({ campaignUUID: 'c-2', userId: 'owner-1', createdAt });
  await store.repositories.campaigns.create({ campaignUUID: 'c-gone', userId: 'owner-1', isDeleted: true, createdAt });
});

describe('visits of a campaign page', () => {
  it('counts a visitor once per campaign in the window, again after it, on the UTC day of the visit', async () => {
    const visits = service();
    expect(await visits.record('c-1', 'client-a')).toEqual({ counted: true });
    expect(await visits.record('c-1', 'client-a')).toEqual({ counted: false });
    expect(await visits.record('c-1', 'client-b')).toEqual({ counted: true });
    expect(await visits.record('c-2', 'client-a')).toEqual({ counted: true });
    clock.advance(PAGE_VISIT_WINDOW_MS - 1);
    expect(await visits.record('c-1', 'client-a')).toEqual({ counted: false });
    clock.advance(1);
    expect(await visits.record('c-1', 'client-a')).toEqual({ counted: true });

    expect(await store.repositories.shareTracking.listPageVisits('c-1')).toEqual([
      { campaignId: 'c-1', day: '2026-03-01', visits: 2 },
      { campaignId: 'c-1', day: '2026-03-02', visits: 1 },
    ]);
    expect(await store.repositories.shareTracking.listPageVisits('c-2')).toEqual([
      { campaignId: 'c-2', day: '2026-03-01', visits: 1 },
    ]);
    const events = (await store.outbox.pending(100)).filter((event) => event.type === EventTypes.pageVisitRecorded);
    expect(events.map((event) => event.payload)).toEqual([
      { campaignId: 'c-1', day: '2026-03-01' },
      { campaignId: 'c-1', day: '2026-03-01' },
      { campaignId: 'c-2', day: '2026-03-01' },
      { campaignId: 'c-1', day: '2026-03-02' },
    ]);
  });

  it('refuses an unknown or removed campaign without counting', async () => {
    await expect(service().record('c-none', 'client-a')).rejects.toMatchObject({ code: 'not_found' });
    await expect(service().record('c-gone', 'client-a')).rejects.toMatchObject({ code: 'not_found' });
    expect(await store.repositories.shareTracking.listPageVisits('c-gone')).toEqual([]);
  });
});
