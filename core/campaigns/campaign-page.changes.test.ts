import { describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { watchCampaignPageChanges } from './campaign-page.changes';
import type { CampaignPageChange } from './campaign-page.service';

async function watched() {
  const clock = new ManualClock('2026-07-15T12:00:00.000Z');
  const inner = createMemoryDataStore({ clock, ids: new SequentialIds() });
  const told: CampaignPageChange[] = [];
  const store = watchCampaignPageChanges(inner, (change) => told.push(change));
  await inner.repositories.organizations.create({
    organizationId: 'org-1',
    name: 'Harbor Light Food Bank',
    created_date: '2025-01-01T00:00:00.000Z',
  });
  for (const campaignUUID of ['c-1', 'c-2']) {
    await inner.repositories.campaigns.create({
      campaignUUID,
      userId: 'owner-1',
      organizationId: 'org-1',
      campaignName: campaignUUID,
      createdAt: '2026-07-01T00:00:00.000Z',
    });
  }
  return { store, told };
}

describe('changes a campaign page shows', () => {
  it('tells a gift or a refund as a change of the campaign’s figures alone', async () => {
    const { store, told } = await watched();
    await store.repositories.campaigns.countDonation('c-1', 25_00);
    await store.repositories.campaigns.uncountDonation('c-1', 5_00, { donorLeft: false });
    expect(told).toEqual([
      { campaignIds: ['c-1'], organizationIds: [], figuresOnly: ['c-1'] },
      { campaignIds: ['c-1'], organizationIds: [], figuresOnly: ['c-1'] },
    ]);
  });

  it('tells an edit, a deletion or an organization’s change as more than figures', async () => {
    const { store, told } = await watched();
    await store.repositories.campaigns.update('c-1', { campaignTitle: 'Warm meals' });
    await store.repositories.campaigns.softDelete('c-2');
    await store.repositories.organizations.update('org-1', { name: 'Harbor Light' });
    expect(told).toEqual([
      { campaignIds: ['c-1'], organizationIds: [] },
      { campaignIds: ['c-2'], organizationIds: [] },
      { campaignIds: [], organizationIds: ['org-1'] },
    ]);
  });

  it('tells a unit of work’s changes once it is done: figures alone only for campaigns not otherwise changed', async () => {
    const { store, told } = await watched();
    await store.unitOfWork.run(async (repositories) => {
      await repositories.campaigns.countDonations('c-1', 50_00, 2);
      await repositories.campaigns.countDonation('c-2', 10_00);
      await repositories.campaigns.update('c-2', { campaignTitle: 'Warm meals' });
      expect(told).toEqual([]);
    });
    expect(told).toEqual([{ campaignIds: ['c-2', 'c-1'], organizationIds: [], figuresOnly: ['c-1'] }]);
  });
});
