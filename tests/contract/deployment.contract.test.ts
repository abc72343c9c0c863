import { expect, it } from 'vitest';
import type { NewDeployment } from '@causeway/core/deployment/deployment.entity';
import { describeContract } from '@causeway/tests/support/contract';

const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

describeContract('DeploymentRepository', (subject) => {
  const repos = () => subject().store.repositories;
  const repo = () => repos().deployments;

  /** Drafts the jobs belong to (the relational store checks the reference). */
  async function draft(id: string) {
    await repos().preCampaigns.create({ id, campaignUUID: `c-${id}`, userId: 'u-1', createdAt: at(0) });
  }

  const job = (id: string, preCampaignId: string, overrides: Partial<NewDeployment> = {}): NewDeployment => ({
    id,
    preCampaignId,
    campaignId: `c-${preCampaignId}`,
    status: 'queued',
    step: 1,
    startedBy: 'super-1',
    createdAt: at(1),
    updatedAt: at(1),
    ...overrides,
  });

  it('creates a queued job with its defaults, found by id and as the draft’s latest', async () => {
    await draft('d-1');
    const created = await repo().create(job('j-1', 'd-1'));
    expect(created).toEqual({
      ...job('j-1', 'd-1'),
      finishedAt: null,
      attempts: 0,
      errorReportId: null,
      lastError: null,
      advertiserId: null,
      insertionOrderId: null,
      lineItemId: null,
      adFiles: [],
      leaseOwner: null,
      leaseUntil: null,
    });
    expect(await repo().findById('j-1')).toEqual(created);
    expect(await repo().findLatest('d-1')).toEqual(created);
    expect(await repo().findById('j-missing')).toBeNull();
    expect(await repo().findLatest('d-missing')).toBeNull();
  });

  it('keeps one active job per draft: a second is a conflict until the first has finished', async () => {
    await draft('d-1');
    await repo().create(job('j-1', 'd-1'));
    await expect(repo().create(job('j-2', 'd-1', { createdAt: at(2), updatedAt: at(2) }))).rejects.toMatchObject({
      code: 'conflict',
    });
    const claimed = await repo().claim('w-1', at(3), at(8));
    await repo().progress(claimed!.id, 'w-1', { status: 'succeeded', finishedAt: at(4) });
    const second = await repo().create(job('j-2', 'd-1', { createdAt: at(5), updatedAt: at(5) }));
    expect(second.status).toBe('queued');
    expect((await repo().findLatest('d-1'))?.id).toBe('j-2');
  });

  it('hands the oldest queued job to one worker, running and leased, and none twice', async () => {
    await draft('d-1');
    await draft('d-2');
    await repo().create(job('j-new', 'd-1', { createdAt: at(2), updatedAt: at(2) }));
    await repo().create(job('j-old', 'd-2', { createdAt: at(1), updatedAt: at(1) }));
    const [first, second, third] = await Promise.all([
      repo().claim('w-1', at(3), at(8)),
      repo().claim('w-2', at(3), at(8)),
      repo().claim('w-3', at(3), at(8)),
    ]);
    const taken = [first, second, third].filter((claimed) => claimed !== null);
    expect(taken.map((claimed) => claimed!.id).sort()).toEqual(['j-new', 'j-old']);
    expect(new Set(taken.map((claimed) => claimed!.leaseOwner)).size).toBe(2);
    for (const claimed of taken) {
      expect(claimed).toMatchObject({ status: 'running', attempts: 1, leaseUntil: at(8) });
    }
    expect(await repo().claim('w-4', at(4), at(9))).toBeNull();
  });

  it('gives a running job to another worker once its lease has run out', async () => {
    await draft('d-1');
    await repo().create(job('j-1', 'd-1'));
    await repo().claim('w-1', at(2), at(5));
    expect(await repo().claim('w-2', at(4), at(9))).toBeNull();
    const retaken = await repo().claim('w-2', at(6), at(11));
    expect(retaken).toMatchObject({ id: 'j-1', leaseOwner: 'w-2', attempts: 2, status: 'running' });
    // The first worker lost it: its progress writes nothing.
    expect(await repo().progress('j-1', 'w-1', { step: 2 })).toBeNull();
    expect((await repo().findById('j-1'))?.step).toBe(1);
  });

  it('records the holder’s progress and extends its lease; a finished job is released', async () => {
    await draft('d-1');
    await repo().create(job('j-1', 'd-1'));
    await repo().claim('w-1', at(2), at(5));
    const stepped = await repo().progress(
      'j-1',
      'w-1',
      {
        step: 3,
        advertiserId: 'adv-1',
        insertionOrderId: 'io-1',
        adFiles: [
          {
            path: 'campaigns/c-1-a.png',
            name: 'a.png',
            creativeAssetKey: 'k',
            adSizeId: '9',
            creativeId: null,
            adId: null,
          },
        ],
      },
      { leaseUntil: at(9), at: at(3) },
    );
    expect(stepped).toMatchObject({
      step: 3,
      insertionOrderId: 'io-1',
      lineItemId: null,
      leaseUntil: at(9),
      updatedAt: at(3),
      adFiles: [{ path: 'campaigns/c-1-a.png', creativeAssetKey: 'k', adSizeId: '9', creativeId: null, adId: null }],
    });
    const failed = await repo().progress('j-1', 'w-1', {
      status: 'failed',
      errorReportId: 'r-1',
      lastError: 'POST create lineItems error',
      finishedAt: at(4),
    });
    expect(failed).toMatchObject({
      status: 'failed',
      step: 3,
      leaseOwner: null,
      leaseUntil: null,
      errorReportId: 'r-1',
    });
    expect(await repo().progress('j-1', 'w-1', { step: 4 })).toBeNull();
  });

  it('queues a failed job again at its step, and nothing else', async () => {
    await draft('d-1');
    await repo().create(job('j-1', 'd-1'));
    expect(await repo().requeue('j-1', at(2))).toBeNull();
    await repo().claim('w-1', at(2), at(5));
    await repo().progress('j-1', 'w-1', { step: 6, status: 'failed', finishedAt: at(3), errorReportId: 'r-1' });
    const queued = await repo().requeue('j-1', at(4));
    expect(queued).toMatchObject({ status: 'queued', step: 6, finishedAt: null, errorReportId: 'r-1' });
    expect(await repo().requeue('j-1', at(5))).toBeNull();
    expect(await repo().requeue('j-missing', at(5))).toBeNull();
    expect(await repo().claim('w-2', at(6), at(9))).toMatchObject({ id: 'j-1', step: 6, attempts: 2 });
  });

  it('writes its domain event with each change', async () => {
    await draft('d-1');
    const { store } = subject();
    const before = (await store.outbox.pending(1000)).length;
    await repo().create(job('j-1', 'd-1'));
    await repo().claim('w-1', at(2), at(5));
    await repo().progress('j-1', 'w-1', { step: 2 });
    await repo().progress('j-1', 'w-1', { status: 'succeeded', finishedAt: at(3) });
    await repo().progress('j-1', 'w-1', { step: 3 });
    await repo().findLatest('d-1');
    const events = (await store.outbox.pending(1000)).slice(before);
    expect(events.map((event) => event.type)).toEqual([
      'deployment.queued',
      'deployment.progressed',
      'deployment.progressed',
      'deployment.finished',
    ]);
    expect(events.every((event) => event.aggregateId === 'j-1')).toBe(true);
  });
});
