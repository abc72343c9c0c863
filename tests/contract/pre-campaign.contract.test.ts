import { expect, it } from 'vitest';
import type { NewPreCampaign } from '@causeway/core/campaigns/campaign.entity';
import type { WorkflowEntry, WorkflowStatus } from '@causeway/core/workflow/workflow.entity';
import { describeContract } from '@causeway/tests/support/contract';

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;

const draft = (id: string, overrides: Partial<NewPreCampaign> = {}): NewPreCampaign => ({
  id,
  campaignUUID: `uuid-${id}`,
  userId: 'user-1',
  organizationId: 'org-1',
  createdAt: day(1),
  ...overrides,
});

const entry = (workflowId: string, status: WorkflowStatus, statusDate = day(10)): WorkflowEntry => ({
  workflowId,
  status,
  statusDate,
  statusUser: 'admin-1',
  comments: [{ comment: `Moved to ${status}`, createdAt: statusDate, createdBy: 'admin-1' }],
});

describeContract('PreCampaignRepository', (subject) => {
  const repo = () => subject().store.repositories.preCampaigns;
  const ids = (drafts: { id: string }[]) => drafts.map((d) => d.id);

  it('creates a draft with every field kept and the defaults filled in, found again by id', async () => {
    const created = await repo().create(
      draft('d-1', {
        campaignName: 'Clean water',
        campaignTags: ['water', 'health'],
        budgetLifetime: 125_000,
        budgetDaily: 5_00,
        demographicTargetAge: ['18-24', '25-34'],
        zips: ['10001'],
        statesAmobee: [{ stateCode: 'NY', name: 'New York', cities: [{ city: 'Albany', cityId: 7 }] }],
        adFiles: [{ name: 'banner.png', typeFormat: 'display', width: 300, height: 250 }],
        startDate: '2026-02-01T00:00:00.000Z',
        budgetOptimizationStrategy: 'clicks',
        duplicates: ['d-0'],
        workflow: [entry('w-1', 'New', day(2))],
        workflowstatus: 'New',
      }),
    );
    expect(created).toMatchObject({
      id: 'd-1',
      campaignName: 'Clean water',
      campaignTags: ['water', 'health'],
      budgetLifetime: 125_000,
      budgetTargetCpc: 100,
      statesAmobee: [{ stateCode: 'NY', name: 'New York', cities: [{ city: 'Albany', cityId: 7 }] }],
      adFiles: [{ name: 'banner.png', typeFormat: 'display', width: 300, height: 250, path: null, sizeBytes: null }],
      startDate: '2026-02-01T00:00:00.000Z',
      endDate: null,
      donators: null,
      isPaid: false,
      isDeleted: false,
      workflow: [entry('w-1', 'New', day(2))],
      workflowstatus: 'New',
    });
    expect(await repo().findById('d-1')).toEqual(created);
    expect(await repo().findById('d-missing')).toBeNull();
  });

  it('still finds a soft-deleted draft by id, marked deleted, and says whether the draft existed', async () => {
    await repo().create(draft('d-1'));
    expect(await repo().softDelete('d-1')).toBe(true);
    expect(await repo().findById('d-1')).toMatchObject({ id: 'd-1', isDeleted: true });
    expect(await repo().softDelete('d-missing')).toBe(false);
  });

  it('overwrites only the supplied fields on update, and answers null for an unknown draft', async () => {
    await repo().create(draft('d-1', { campaignName: 'Old', campaignTitle: 'Title', zips: ['10001'] }));
    const updated = await repo().update('d-1', {
      campaignName: 'New',
      budgetDaily: 700,
      zips: [],
      landingPageToggle: true,
    });
    expect(updated).toMatchObject({
      id: 'd-1',
      campaignName: 'New',
      campaignTitle: 'Title',
      budgetDaily: 700,
      zips: [],
      landingPageToggle: true,
      userId: 'user-1',
      createdAt: day(1),
    });
    expect(await repo().findById('d-1')).toEqual(updated);
    expect(await repo().update('d-missing', { campaignName: 'x' })).toBeNull();
  });

  it('lists as drafts the unpaid, not deleted drafts with status null, empty, New or Canceled, newest first', async () => {
    await repo().create(draft('null-status', { createdAt: day(1), workflowstatus: null }));
    await repo().create(draft('empty-status', { createdAt: day(2), workflowstatus: '' }));
    await repo().create(draft('new', { createdAt: day(3), workflowstatus: 'New' }));
    await repo().create(draft('canceled', { createdAt: day(4), workflowstatus: 'Canceled' }));
    await repo().create(draft('pending', { createdAt: day(5), workflowstatus: 'Pending' }));
    await repo().create(draft('approved', { createdAt: day(6), workflowstatus: 'Approved' }));
    await repo().create(draft('published', { createdAt: day(7), workflowstatus: 'Published' }));
    await repo().create(draft('paid', { createdAt: day(8), workflowstatus: 'New', isPaid: true }));
    await repo().create(draft('deleted', { createdAt: day(9), workflowstatus: 'New' }));
    await repo().softDelete('deleted');
    expect(ids(await repo().findDrafts())).toEqual(['canceled', 'new', 'empty-status', 'null-status']);
  });

  it('scopes the drafts list by user and by organization', async () => {
    await repo().create(draft('mine', { createdAt: day(1), userId: 'user-1', organizationId: 'org-1' }));
    await repo().create(draft('colleague', { createdAt: day(2), userId: 'user-2', organizationId: 'org-1' }));
    await repo().create(draft('stranger', { createdAt: day(3), userId: 'user-3', organizationId: 'org-2' }));
    expect(ids(await repo().findDrafts({ userId: 'user-1' }))).toEqual(['mine']);
    expect(ids(await repo().findDrafts({ organizationId: 'org-1' }))).toEqual(['colleague', 'mine']);
    expect(ids(await repo().findDrafts({ userId: 'user-2', organizationId: 'org-2' }))).toEqual([]);
  });

  it('lists as pending the not deleted drafts with status Pending, newest first, scoped', async () => {
    await repo().create(draft('p-old', { createdAt: day(1), workflowstatus: 'Pending' }));
    await repo().create(draft('p-new', { createdAt: day(3), workflowstatus: 'Pending', isPaid: true }));
    await repo().create(
      draft('p-other', { createdAt: day(2), workflowstatus: 'Pending', userId: 'user-2', organizationId: 'org-2' }),
    );
    await repo().create(draft('p-deleted', { createdAt: day(4), workflowstatus: 'Pending' }));
    await repo().create(draft('approved', { createdAt: day(5), workflowstatus: 'Approved' }));
    await repo().softDelete('p-deleted');
    expect(ids(await repo().findPending())).toEqual(['p-new', 'p-other', 'p-old']);
    expect(ids(await repo().findPending({ userId: 'user-1' }))).toEqual(['p-new', 'p-old']);
    expect(ids(await repo().findPending({ organizationId: 'org-2' }))).toEqual(['p-other']);
  });

  it('lists as pending-publish the not deleted, unpaid drafts with status Approved, newest first, by user or organization', async () => {
    await repo().create(draft('a-old', { createdAt: day(1), workflowstatus: 'Approved' }));
    await repo().create(draft('a-new', { createdAt: day(3), workflowstatus: 'Approved' }));
    await repo().create(
      draft('a-other', { createdAt: day(2), workflowstatus: 'Approved', userId: 'user-2', organizationId: 'org-2' }),
    );
    await repo().create(draft('a-paid', { createdAt: day(4), workflowstatus: 'Approved', isPaid: true }));
    await repo().create(draft('a-deleted', { createdAt: day(5), workflowstatus: 'Approved' }));
    await repo().create(draft('pending', { createdAt: day(6), workflowstatus: 'Pending' }));
    await repo().softDelete('a-deleted');
    expect(ids(await repo().findPendingPublish())).toEqual(['a-new', 'a-other', 'a-old']);
    expect(ids(await repo().findPendingPublish({ userId: 'user-2' }))).toEqual(['a-other']);
    expect(ids(await repo().findPendingPublish({ organizationId: 'org-1' }))).toEqual(['a-new', 'a-old']);
  });

  it('lists as publishing the not deleted, paid drafts with status Approved, newest first, scoped', async () => {
    await repo().create(draft('paid-old', { createdAt: day(1), workflowstatus: 'Approved', isPaid: true }));
    await repo().create(draft('paid-new', { createdAt: day(3), workflowstatus: 'Approved', isPaid: true }));
    await repo().create(
      draft('paid-other', {
        createdAt: day(2),
        workflowstatus: 'Approved',
        isPaid: true,
        userId: 'user-2',
        organizationId: 'org-2',
      }),
    );
    await repo().create(draft('unpaid', { createdAt: day(4), workflowstatus: 'Approved' }));
    await repo().create(draft('published', { createdAt: day(5), workflowstatus: 'Published', isPaid: true }));
    await repo().create(draft('deleted', { createdAt: day(6), workflowstatus: 'Approved', isPaid: true }));
    await repo().softDelete('deleted');
    expect(ids(await repo().findPublishing())).toEqual(['paid-new', 'paid-other', 'paid-old']);
    expect(ids(await repo().findPublishing({ organizationId: 'org-2' }))).toEqual(['paid-other']);
    expect(ids(await repo().findPublishing({ userId: 'user-1' }))).toEqual(['paid-new', 'paid-old']);
  });

  it('appends workflow entries in order and stores the new status with each', async () => {
    await repo().create(draft('d-1', { workflowstatus: 'New', workflow: [entry('w-1', 'New', day(2))] }));
    const pending = await repo().appendWorkflowEntry('d-1', entry('w-2', 'Pending', day(3)), 'Pending');
    expect(pending).toMatchObject({ workflowstatus: 'Pending', isPaid: false, amobeeDeployed: false });
    const approved = await repo().appendWorkflowEntry('d-1', entry('w-3', 'Approved', day(4)), 'Approved');
    expect(approved?.workflow).toEqual([
      entry('w-1', 'New', day(2)),
      entry('w-2', 'Pending', day(3)),
      entry('w-3', 'Approved', day(4)),
    ]);
    expect(approved?.workflowstatus).toBe('Approved');
    expect(await repo().findById('d-1')).toEqual(approved);
  });

  it('keeps every entry of concurrent workflow changes', async () => {
    await repo().create(draft('d-1'));
    const statuses: WorkflowStatus[] = ['Pending', 'Approved', 'Canceled', 'New', 'Pending', 'Approved'];
    await Promise.all(statuses.map((status, n) => repo().appendWorkflowEntry('d-1', entry(`w-${n}`, status), status)));
    const stored = await repo().findById('d-1');
    expect(stored?.workflow.map((e) => e.workflowId).sort()).toEqual(statuses.map((_, n) => `w-${n}`).sort());
  });

  it('sets isPaid and amobeeDeployed when the draft moves to Published', async () => {
    await repo().create(draft('d-1', { workflowstatus: 'Approved' }));
    const published = await repo().appendWorkflowEntry('d-1', entry('w-1', 'Published'), 'Published');
    expect(published).toMatchObject({ workflowstatus: 'Published', isPaid: true, amobeeDeployed: true });
    expect(await repo().findById('d-1')).toMatchObject({ isPaid: true, amobeeDeployed: true });
    expect(await repo().findPendingPublish()).toEqual([]);
  });

  it('makes a guarded move only from the statuses it names, reading null and empty as New', async () => {
    await repo().create(draft('d-null', { workflowstatus: null }));
    await repo().create(draft('d-empty', { workflowstatus: '' }));
    const fromNew = { onlyFrom: ['New', 'Canceled'] as WorkflowStatus[] };
    expect(await repo().appendWorkflowEntry('d-null', entry('w-1', 'Pending'), 'Pending', fromNew)).toMatchObject({
      workflowstatus: 'Pending',
    });
    expect(await repo().appendWorkflowEntry('d-empty', entry('w-2', 'Pending'), 'Pending', fromNew)).toMatchObject({
      workflowstatus: 'Pending',
    });

    const refused = await repo()
      .appendWorkflowEntry('d-null', entry('w-3', 'Pending'), 'Pending', fromNew)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toMatchObject({ code: 'conflict', message: expect.stringContaining('now Pending') });
    const unchanged = await repo().findById('d-null');
    expect(unchanged?.workflow.map((e) => e.workflowId)).toEqual(['w-1']);
    expect(await repo().appendWorkflowEntry('d-missing', entry('w-4', 'Pending'), 'Pending', fromNew)).toBeNull();
  });

  it('lets exactly one of two racing guarded moves from the same status pass', async () => {
    await repo().create(draft('d-1', { workflowstatus: 'Pending' }));
    const guard = { onlyFrom: ['Pending'] as WorkflowStatus[] };
    const results = await Promise.allSettled([
      repo().appendWorkflowEntry('d-1', entry('w-approve', 'Approved'), 'Approved', guard),
      repo().appendWorkflowEntry('d-1', entry('w-cancel', 'Canceled'), 'Canceled', guard),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const stored = await repo().findById('d-1');
    expect(stored?.workflow).toHaveLength(1);
    expect(stored?.workflowstatus).toBe(stored?.workflow[0]?.status);
  });

  it('marks an approved, unpaid draft paid by a payment, once', async () => {
    const { store } = subject();
    await repo().create(draft('d-1', { workflowstatus: 'Approved' }));
    const first = await repo().markPaid('d-1', 'pi_1');
    expect(first.marked).toBe(true);
    expect(first.preCampaign).toMatchObject({
      id: 'd-1',
      isPaid: true,
      paymentIntentId: 'pi_1',
      workflowstatus: 'Approved',
    });
    // The same payment again, or another one: the draft stays paid by the first.
    expect(await repo().markPaid('d-1', 'pi_1')).toMatchObject({
      marked: false,
      preCampaign: { paymentIntentId: 'pi_1' },
    });
    expect(await repo().markPaid('d-1', 'pi_2')).toMatchObject({
      marked: false,
      preCampaign: { paymentIntentId: 'pi_1' },
    });
    expect(await repo().findById('d-1')).toMatchObject({ isPaid: true, paymentIntentId: 'pi_1' });
    expect(await repo().findPendingPublish()).toEqual([]);
    const paid = (await store.outbox.pending(20)).filter((event) => event.type === 'preCampaign.paid');
    expect(paid.map((event) => [event.aggregateId, event.payload])).toEqual([
      ['d-1', { preCampaignId: 'd-1', paymentIntentId: 'pi_1' }],
    ]);
  });

  it('marks no draft paid that is not approved, deleted or unknown', async () => {
    await repo().create(draft('d-pending', { workflowstatus: 'Pending' }));
    await repo().create(draft('d-new'));
    await repo().create(draft('d-deleted', { workflowstatus: 'Approved' }));
    await repo().softDelete('d-deleted');
    await repo().create(draft('d-published', { workflowstatus: 'Published', isPaid: true }));
    for (const id of ['d-pending', 'd-new', 'd-deleted', 'd-published']) {
      const answer = await repo().markPaid(id, 'pi_1');
      expect(answer.marked).toBe(false);
      expect(answer.preCampaign?.id).toBe(id);
    }
    expect(await repo().findById('d-pending')).toMatchObject({ isPaid: false, paymentIntentId: null });
    expect(await repo().markPaid('d-unknown', 'pi_1')).toEqual({ marked: false, preCampaign: null });
  });

  it('lets exactly one of many concurrent payments of a draft mark it', async () => {
    await repo().create(draft('d-1', { workflowstatus: 'Approved' }));
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => repo().markPaid('d-1', `pi_${n}`)));
    const winners = answers.filter((answer) => answer.marked);
    expect(winners).toHaveLength(1);
    expect(await repo().findById('d-1')).toMatchObject({ paymentIntentId: winners[0]!.preCampaign!.paymentIntentId });
  });

  it('answers null when appending to an unknown draft', async () => {
    expect(await repo().appendWorkflowEntry('d-missing', entry('w-1', 'Pending'), 'Pending')).toBeNull();
  });

  it('writes its domain event with each change, none for reads or unknown drafts', async () => {
    const { store } = subject();
    await repo().create(draft('d-1'));
    await repo().update('d-1', { campaignName: 'Renamed' });
    await repo().appendWorkflowEntry('d-1', entry('w-1', 'Pending'), 'Pending');
    await repo().softDelete('d-1');
    await repo().findById('d-1');
    await repo().findDrafts();
    await repo().findPending();
    await repo().findPendingPublish();
    await repo().update('d-missing', { campaignName: 'x' });
    await repo().softDelete('d-missing');
    await repo().appendWorkflowEntry('d-missing', entry('w-2', 'Pending'), 'Pending');
    const events = await store.outbox.pending(100);
    expect(events.map((event) => [event.type, event.aggregateId])).toEqual([
      ['preCampaign.created', 'd-1'],
      ['preCampaign.updated', 'd-1'],
      ['preCampaign.workflowChanged', 'd-1'],
      ['preCampaign.deleted', 'd-1'],
    ]);
    expect(events[2]?.payload).toMatchObject({ status: 'Pending', entry: { workflowId: 'w-1' } });
  });
});
