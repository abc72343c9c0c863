import { expect, it } from 'vitest';
import type { CampaignErrorReport } from '@causeway/core/deployment/campaign-error.entity';
import { describeContract } from '@causeway/tests/support/contract';

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;

const report = (id: string, overrides: Partial<CampaignErrorReport> = {}): CampaignErrorReport => ({
  id,
  preCampaignId: 'draft-1',
  step: 3,
  update: { insertionOrderId: 'io-1', error: { message: 'POST create lineItems error', status: 400 } },
  createdAt: day(1),
  ...overrides,
});

describeContract('CampaignErrorRepository', (subject) => {
  const repo = () => subject().store.repositories.campaignErrors;

  it('stores a report and answers its id; the report is found again by that id', async () => {
    const id = await repo().record(report('err-1'));
    expect(id).toBe('err-1');
    expect(await repo().findById(id)).toEqual(report('err-1'));
    expect(await repo().findById('err-missing')).toBeNull();
  });

  it("finds a draft's newest report, and null for a draft without any", async () => {
    await repo().record(report('err-old', { createdAt: day(1), step: 2 }));
    await repo().record(report('err-new', { createdAt: day(3), step: 6 }));
    await repo().record(report('err-mid', { createdAt: day(2), step: 4 }));
    await repo().record(report('err-other', { createdAt: day(9), preCampaignId: 'draft-2' }));
    expect(await repo().findLatest('draft-1')).toEqual(report('err-new', { createdAt: day(3), step: 6 }));
    expect(await repo().findLatest('draft-none')).toBeNull();
  });

  it('writes a campaignError.recorded event with each report, none for reads', async () => {
    const { store } = subject();
    await repo().record(report('err-1'));
    await repo().findById('err-1');
    await repo().findLatest('draft-1');
    const events = await store.outbox.pending(100);
    expect(events.map((event) => [event.type, event.aggregateId])).toEqual([['campaignError.recorded', 'err-1']]);
    expect(events[0]?.payload).toMatchObject({ preCampaignId: 'draft-1', step: 3 });
  });
});
