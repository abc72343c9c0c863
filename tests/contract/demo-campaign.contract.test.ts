import { expect, it } from 'vitest';
import type { DemoCampaign } from '@causeway/core/campaigns/campaign.entity';
import { describeContract } from '@causeway/tests/support/contract';

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;

const demo = (campaignUUID: string, overrides: Partial<DemoCampaign> = {}): DemoCampaign => ({
  campaignUUID,
  campaignName: `Demo ${campaignUUID}`,
  organizationId: 'org-1',
  workflowstatus: 'Draft',
  createdAt: day(1),
  updatedAt: day(1),
  ...overrides,
});

describeContract('DemoCampaignRepository', (subject) => {
  const repo = () => subject().store.repositories.demoCampaigns;
  const uuids = (demos: DemoCampaign[]) => demos.map((d) => d.campaignUUID);

  it('creates a demo campaign, found again by campaignUUID', async () => {
    const created = await repo().create(demo('demo-1', { workflowstatus: 'Pending' }));
    expect(created).toEqual(demo('demo-1', { workflowstatus: 'Pending' }));
    expect(await repo().findById('demo-1')).toEqual(created);
    expect(await repo().findById('demo-missing')).toBeNull();
  });

  it('lists newest first, filtered by organization and by status', async () => {
    await repo().create(demo('old', { createdAt: day(1), workflowstatus: 'Draft' }));
    await repo().create(demo('newest', { createdAt: day(3), workflowstatus: 'Approved' }));
    await repo().create(demo('middle', { createdAt: day(2), workflowstatus: 'Draft', organizationId: 'org-2' }));
    expect(uuids(await repo().list())).toEqual(['newest', 'middle', 'old']);
    expect(uuids(await repo().list({ organizationId: 'org-1' }))).toEqual(['newest', 'old']);
    expect(uuids(await repo().list({ status: 'Draft' }))).toEqual(['middle', 'old']);
    expect(uuids(await repo().list({ organizationId: 'org-2', status: 'Approved' }))).toEqual([]);
  });

  it('sets the status and its time, and answers null for an unknown demo campaign', async () => {
    await repo().create(demo('demo-1'));
    const moved = await repo().setStatus('demo-1', 'Rejected', day(5));
    expect(moved).toEqual(demo('demo-1', { workflowstatus: 'Rejected', updatedAt: day(5) }));
    expect(await repo().findById('demo-1')).toEqual(moved);
    expect(await repo().setStatus('demo-missing', 'Approved', day(5))).toBeNull();
  });

  it('writes its domain event with each change, none for reads or unknown demo campaigns', async () => {
    const { store } = subject();
    await repo().create(demo('demo-1'));
    await repo().setStatus('demo-1', 'Published', day(2));
    await repo().findById('demo-1');
    await repo().list();
    await repo().setStatus('demo-missing', 'Published', day(2));
    const events = await store.outbox.pending(100);
    expect(events.map((event) => [event.type, event.aggregateId])).toEqual([
      ['demoCampaign.created', 'demo-1'],
      ['demoCampaign.statusChanged', 'demo-1'],
    ]);
    expect(events[1]?.payload).toMatchObject({ demoCampaign: { workflowstatus: 'Published' } });
  });
});
