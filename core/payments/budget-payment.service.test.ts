import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { createMemoryPaymentGateway, type MemoryPaymentGateway } from '@causeway/adapters/memory/payment-gateway.fake';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import type { Actor } from '../auth/authorization';
import type { WorkflowStatus } from '../workflow/workflow.entity';
import type { DataStore } from '../ports/unit-of-work.port';
import { budgetPaymentServiceFactory, type BudgetPaid, type BudgetPaymentProblem } from './budget-payment.service';

const owner: Actor = {
  uid: 'owner-1',
  role: 'campaigner',
  organizationId: 'org-1',
  demoUser: false,
  displayName: 'Casey',
};
const colleague: Actor = { ...owner, uid: 'colleague-1', displayName: 'Cam' };
const orgAdmin: Actor = { ...owner, uid: 'admin-1', role: 'admin', displayName: 'Ada' };
const stranger: Actor = { ...owner, uid: 'stranger-1', organizationId: 'org-2' };
const demo: Actor = { ...owner, demoUser: true };
const donor: Actor = { ...owner, uid: 'promoter-1', role: 'promoter' };

let clock: ManualClock;
let store: DataStore;
let gateway: MemoryPaymentGateway;
let started: string[];
let problems: BudgetPaymentProblem[];
let deploymentFails: boolean;

const service = () =>
  budgetPaymentServiceFactory({
    preCampaigns: store.repositories.preCampaigns,
    payments: gateway,
    startDeployment: async (id) => {
      if (deploymentFails) throw new Error('The job store is down');
      started.push(id);
    },
    publicUrl: 'https://give.example',
    onProblem: (problem) => problems.push(problem),
  });

const draft = (id: string, status: WorkflowStatus | null, overrides: Record<string, unknown> = {}) =>
  store.repositories.preCampaigns.create({
    id,
    campaignUUID: `uuid-${id}`,
    userId: owner.uid,
    organizationId: 'org-1',
    createdAt: clock.now().toISOString(),
    campaignName: 'Winter meals',
    budgetLifetime: 200_000,
    workflowstatus: status,
    ...overrides,
  });

const paid = (preCampaignId: string, paymentIntentId = 'pi_1', eventId = 'evt_1'): BudgetPaid => ({
  type: 'paymentSucceeded',
  eventId,
  purpose: 'budget',
  paymentIntentId,
  sessionId: 'cs_1',
  campaignId: preCampaignId,
  promoterId: null,
  amountCents: 200_000,
  occurredAt: clock.now().toISOString(),
  raw: {},
});

beforeEach(() => {
  clock = new ManualClock();
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
  gateway = createMemoryPaymentGateway({ webhookSecret: 'whsec_test', clock, baseUrl: 'https://pay.example' });
  started = [];
  problems = [];
  deploymentFails = false;
});

describe('paying the ad budget of an approved draft', () => {
  it("opens one checkout for the draft's lifetime budget, however often it is asked for", async () => {
    await draft('d-1', 'Approved');
    const first = await service().startCheckout(owner, 'd-1');
    const again = await service().startCheckout(owner, 'd-1');
    const byAdmin = await service().startCheckout(orgAdmin, 'd-1');
    expect(again).toEqual(first);
    expect(byAdmin).toEqual(first);
    expect(first.url).toMatch(/^https:\/\/pay\.example\//);
  });

  it.each([
    { who: 'a colleague who did not write it', actor: colleague },
    { who: 'a campaigner of another organization', actor: stranger },
    { who: 'a demo account', actor: demo },
    { who: 'a promoter', actor: donor },
  ])('refuses $who', async ({ actor }) => {
    await draft('d-1', 'Approved');
    await expect(service().startCheckout(actor, 'd-1')).rejects.toMatchObject({ code: 'forbidden' });
  });

  it.each([
    { status: null, message: 'Only an approved campaign’s ad budget can be paid; this one is New.' },
    { status: 'Pending' as const, message: 'Only an approved campaign’s ad budget can be paid; this one is Pending.' },
    {
      status: 'Canceled' as const,
      message: 'Only an approved campaign’s ad budget can be paid; this one is Canceled.',
    },
  ])('refuses a draft that is $status with a conflict', async ({ status, message }) => {
    await draft('d-1', status);
    await expect(service().startCheckout(owner, 'd-1')).rejects.toMatchObject({ code: 'conflict', message });
  });

  it('refuses a draft paid already, and one without a budget, with a conflict; an unknown or deleted one is a 404', async () => {
    await draft('d-paid', 'Approved', { isPaid: true, paymentIntentId: 'pi_0' });
    await draft('d-free', 'Approved', { budgetLifetime: 0 });
    await draft('d-gone', 'Approved');
    await store.repositories.preCampaigns.softDelete('d-gone');
    await expect(service().startCheckout(owner, 'd-paid')).rejects.toMatchObject({
      code: 'conflict',
      message: 'The ad budget of this campaign is paid already.',
    });
    await expect(service().startCheckout(owner, 'd-free')).rejects.toMatchObject({ code: 'conflict' });
    await expect(service().startCheckout(owner, 'd-gone')).rejects.toMatchObject({ code: 'not_found' });
    await expect(service().startCheckout(owner, 'd-none')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('the confirmed budget payment', () => {
  it('marks the draft paid once and starts its deployment; replays change nothing', async () => {
    await draft('d-1', 'Approved');
    await service().onPaid(paid('d-1'));
    await service().onPaid(paid('d-1', 'pi_1', 'evt_2'));
    expect(await store.repositories.preCampaigns.findById('d-1')).toMatchObject({
      isPaid: true,
      paymentIntentId: 'pi_1',
      workflowstatus: 'Approved',
    });
    // Started again on the repeat: starting a started deployment does nothing.
    expect(started).toEqual(['d-1', 'd-1']);
    expect(problems).toEqual([]);
    const paidEvents = (await store.outbox.pending(50)).filter((event) => event.type === 'preCampaign.paid');
    expect(paidEvents).toHaveLength(1);
  });

  it('starts nothing once the campaign is published, and reports a second payment of a paid draft', async () => {
    await draft('d-1', 'Approved');
    await service().onPaid(paid('d-1'));
    await store.repositories.preCampaigns.appendWorkflowEntry(
      'd-1',
      {
        workflowId: 'w-1',
        status: 'Published',
        statusDate: clock.now().toISOString(),
        statusUser: 'platform',
        comments: [],
      },
      'Published',
    );
    await service().onPaid(paid('d-1'));
    await service().onPaid(paid('d-1', 'pi_2', 'evt_other'));
    expect(started).toEqual(['d-1']);
    expect(problems).toEqual([
      { preCampaignId: 'd-1', paymentIntentId: 'pi_2', amountCents: 200_000, problem: 'paid by another payment' },
    ]);
    expect(await store.repositories.preCampaigns.findById('d-1')).toMatchObject({ paymentIntentId: 'pi_1' });
  });

  it('reports a payment of a draft that is not payable, or unknown', async () => {
    await draft('d-canceled', 'Canceled');
    await service().onPaid(paid('d-canceled'));
    await service().onPaid(paid('d-none', 'pi_9'));
    expect(problems.map((problem) => problem.problem)).toEqual(['not payable', 'unknown draft']);
    expect(started).toEqual([]);
  });

  it('fails (so the provider delivers again) when the deployment cannot be started, and starts it on the retry', async () => {
    await draft('d-1', 'Approved');
    deploymentFails = true;
    await expect(service().onPaid(paid('d-1'))).rejects.toThrow('The job store is down');
    deploymentFails = false;
    await service().onPaid(paid('d-1'));
    expect(started).toEqual(['d-1']);
  });
});
