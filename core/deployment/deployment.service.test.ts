import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryAdPlatform, type MemoryAdPlatform } from '@causeway/adapters/memory/ad-platform.fake';
import { createMemoryFileStore } from '@causeway/adapters/memory/file-store.fake';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { pngOfSize } from '@causeway/tests/support/png';
import type { Actor } from '../auth/authorization';
import type { LiveMessage } from '../contracts/people.contract';
import type { NotifyInput } from '../notifications/notification.service';
import type { AdPlatform } from '../ports/ad-platform.port';
import type { DataStore } from '../ports/unit-of-work.port';
import { deploymentServiceFactory, type DeploymentLogEvent, type DeploymentService } from './deployment.service';

const MINUTE = 60_000;
const LEASE_MS = MINUTE;

const superUser: Actor = {
  uid: 'super-1',
  role: 'superUser',
  organizationId: null,
  demoUser: false,
  displayName: 'Sam',
};
const owner: Actor = {
  uid: 'owner-1',
  role: 'campaigner',
  organizationId: 'org-1',
  demoUser: false,
  displayName: 'Casey',
};
const stranger: Actor = { ...owner, uid: 'other-1', organizationId: 'org-2' };

let clock: ManualClock;
let store: DataStore;
let platform: MemoryAdPlatform;
let files: ReturnType<typeof createMemoryFileStore>;
let notified: NotifyInput[];
let pushed: { userIds: readonly string[]; message: LiveMessage }[];
let logged: DeploymentLogEvent[];
let published: string[];
let advertiserId: string;

/** The service, with the platform it calls replaceable (to simulate a process killed mid-step). */
function service(adPlatform: AdPlatform = platform): DeploymentService {
  const { repositories } = store;
  return deploymentServiceFactory({
    deployments: repositories.deployments,
    campaignErrors: repositories.campaignErrors,
    users: repositories.users,
    steps: {
      preCampaigns: repositories.preCampaigns,
      campaigns: repositories.campaigns,
      users: repositories.users,
      organizations: repositories.organizations,
      shareTracking: repositories.shareTracking,
      adPlatform,
      files,
      campaignPageUrl: (id) => `https://give.example/campaign/${id}/details/`,
    },
    publish: async (preCampaignId) => {
      published.push(preCampaignId);
      await repositories.preCampaigns.appendWorkflowEntry(
        preCampaignId,
        {
          workflowId: `w-${published.length}`,
          status: 'Published',
          statusDate: clock.now().toISOString(),
          statusUser: 'platform',
          comments: [],
        },
        'Published',
      );
    },
    notify: async (input) => {
      notified.push(input);
    },
    push: async (userIds, message) => {
      pushed.push({ userIds, message });
    },
    clock,
    ids: new SequentialIds('dep'),
    leaseMs: LEASE_MS,
    wake: () => undefined,
    log: (event) => logged.push(event),
  });
}

async function approvedPaidDraft(id = 'draft-1', overrides: Record<string, unknown> = {}) {
  const banner = await files.put('campaigns/camp-1-banner.png', pngOfSize(300, 250), 'image/png');
  const leaderboard = await files.put('campaigns/camp-1-leaderboard.png', pngOfSize(728, 90), 'image/png');
  await store.repositories.preCampaigns.create({
    id,
    campaignUUID: 'camp-1',
    userId: owner.uid,
    organizationId: 'org-1',
    createdAt: clock.now().toISOString(),
    campaignName: 'Winter meals',
    campaignChannel: 'display',
    campaignRaiseGoal: 25_000_00,
    campaignRaiseGoalDeadline: '2026-06-30T00:00:00.000Z',
    budgetLifetime: 2_000_00,
    startDate: '2026-03-03T00:00:00.000Z',
    endDate: '2026-04-02T00:00:00.000Z',
    demographicTargetAge: ['25-34', '35-44'],
    statesAmobee: [{ stateCode: 'ME', cities: [{ city: 'Portland' }] }],
    states: ['ME'],
    adFiles: [
      { name: 'banner.png', path: banner.path, url: banner.url, typeFormat: 'display', width: 300, height: 250 },
      {
        name: 'leaderboard.png',
        path: leaderboard.path,
        url: leaderboard.url,
        typeFormat: 'display',
        width: 728,
        height: 90,
      },
    ],
    workflowstatus: 'Approved',
    isPaid: true,
    ...overrides,
  });
  return id;
}

/** How many objects of each kind the platform holds for the advertiser. */
async function platformObjects() {
  const insertionOrders = await platform.listInsertionOrders(advertiserId);
  const lineItems = (await Promise.all(insertionOrders.map((io) => platform.listLineItems(io.id)))).flat();
  const ads = (await Promise.all(lineItems.map((li) => platform.listAds(li.id)))).flat();
  const creatives = await platform.listCreatives(advertiserId);
  return {
    insertionOrders: insertionOrders.length,
    lineItems: lineItems.length,
    creatives: creatives.length,
    ads: ads.length,
  };
}

beforeEach(async () => {
  clock = new ManualClock('2026-03-02T09:00:00.000Z');
  store = createMemoryDataStore({ clock, ids: new SequentialIds('rec') });
  platform = createMemoryAdPlatform({ clock });
  files = createMemoryFileStore('https://give.example/files');
  notified = [];
  pushed = [];
  logged = [];
  published = [];
  advertiserId = (await platform.createAdvertiser({ name: 'Harbor Light Food Bank' })).id;
  await store.repositories.organizations.create({
    organizationId: 'org-1',
    name: 'Harbor Light Food Bank',
    advertiserId,
    created_date: clock.now().toISOString(),
  });
  await store.repositories.users.create({
    UserId: owner.uid,
    uid: owner.uid,
    Email: 'casey@harbor.example',
    AccountType: 'campaigner',
    organizationId: 'org-1',
    createdAt: clock.now().toISOString(),
  });
  await store.repositories.users.create({
    UserId: superUser.uid,
    uid: superUser.uid,
    Email: 'sam@causeway.example',
    AccountType: 'campaigner',
    superUser: true,
    createdAt: clock.now().toISOString(),
  });
});

describe('the deployment saga (SPEC §4)', () => {
  it('runs the 8 steps: one insertion order, line item, creative and ad per file, the campaign saved and published', async () => {
    const draftId = await approvedPaidDraft();
    const deployments = service();
    const started = await deployments.start(superUser, draftId);
    expect(started).toMatchObject({ status: 'queued', step: 1, of: 8, done: 0 });

    expect(await deployments.runNext('worker-1')).toBe(true);
    const done = await deployments.get(owner, started.id);
    expect(done).toMatchObject({ status: 'succeeded', step: 8, done: 8, creatives: 2, ads: 2, errorReport: null });
    expect(await platformObjects()).toEqual({ insertionOrders: 1, lineItems: 1, creatives: 2, ads: 2 });

    const io = await platform.findInsertionOrderByExternalId(advertiserId, 'camp-1');
    expect(io).toMatchObject({
      status: 'play',
      schedules: [{ budget: 1300, startDate: '2026-03-03', endDate: '2026-04-02' }],
    });
    const lineItem = await platform.getLineItem(done.lineItemId!);
    expect(lineItem).toMatchObject({
      status: 'play',
      mediaFormat: 'display',
      maxAvgBid: 5,
      cpcAmount: 1,
      optimizationWindowInDays: 7,
      viewabilityRate: 50,
      thirdPartyCpmCost: 0.5,
      gender: 'all',
      ageRange: [25, 44],
      geography: { kind: 'cities' },
    });

    const campaign = await store.repositories.campaigns.findById('camp-1');
    expect(campaign).toMatchObject({
      isPaid: true,
      amobeeDeployed: true,
      workflowstatus: 'Published',
      insertionOrderId: done.insertionOrderId,
      lineItemId: done.lineItemId,
    });
    expect(campaign?.creativeIds).toHaveLength(2);
    expect(campaign?.adIds).toHaveLength(2);
    expect(campaign?.campaignAdsFiles.every((file) => file.amobeeCreativeAsset?.creativeAssetKey)).toBe(true);
    const draft = await store.repositories.preCampaigns.findById(draftId);
    expect(draft).toMatchObject({
      insertionOrderId: done.insertionOrderId,
      lineItemId: done.lineItemId,
      workflowstatus: 'Published',
    });
    expect(await store.repositories.shareTracking.getCounters('camp-1')).toMatchObject({ campaignId: 'camp-1' });
    expect(published).toEqual([draftId]);
    // Progress went out live at every step, to the owner and the super users.
    const steps = pushed.map(({ message }) => (message.type === 'DEPLOYMENT_PROGRESS' ? message.deployment.step : 0));
    expect(steps).toEqual([1, 1, 2, 3, 4, 5, 6, 7, 8, 8]);
    expect(pushed[0]?.userIds).toEqual([owner.uid, superUser.uid]);
  });

  it('makes creatives and ads only for files with an ad size and asset key (SPEC §5)', async () => {
    const draftId = await approvedPaidDraft();
    const draft = (await store.repositories.preCampaigns.findById(draftId))!;
    await store.repositories.preCampaigns.update(draftId, {
      adFiles: draft.adFiles.map((file, index) =>
        index === 1 ? { ...file, amobeeCreativeAsset: { adSizeId: '', creativeAssetKey: 'k-1' } } : file,
      ),
    });
    const deployments = service();
    const { id } = await deployments.start(superUser, draftId);
    await deployments.runNext('worker-1');
    expect(await deployments.get(superUser, id)).toMatchObject({ status: 'succeeded', creatives: 1, ads: 1 });
    expect(await platformObjects()).toEqual({ insertionOrders: 1, lineItems: 1, creatives: 1, ads: 1 });
  });

  it.each([
    {
      name: 'no advertiser on the organization',
      change: () => store.repositories.organizations.update('org-1', { advertiserId: null }),
      message: 'Advertiser ID not found on existing organization',
    },
    {
      name: 'a deleted organization',
      change: () => store.repositories.organizations.softDelete('org-1'),
      message: 'Organization not found for ID org-1',
    },
  ])(
    'stops at step 1 with an error report for $name, answering its id instead of throwing',
    async ({ change, message }) => {
      const draftId = await approvedPaidDraft();
      await change();
      const deployments = service();
      const { id } = await deployments.start(superUser, draftId);
      await expect(deployments.runNext('worker-1')).resolves.toBe(true);
      const failed = await deployments.get(owner, id);
      expect(failed).toMatchObject({ status: 'failed', step: 1, lastError: message, canResume: true });
      expect(failed.errorReport).toMatchObject({ preCampaignId: draftId, step: 1, update: { error: message } });
      expect(await platformObjects()).toEqual({ insertionOrders: 0, lineItems: 0, creatives: 0, ads: 0 });
      expect(notified.map((n) => n.notification_userTo).sort()).toEqual([owner.uid, superUser.uid].sort());
      expect(notified[0]?.notification_message).toContain('stopped at step 1 of 8');
    },
  );

  const platformFaults = [
    { step: 2, method: 'createInsertionOrder', message: 'Insertion Order not created' },
    { step: 3, method: 'createLineItem', message: 'POST create lineItems error' },
    { step: 6, method: 'uploadCreativeAsset', message: 'Create Creative Assets Error' },
    { step: 6, method: 'createCreative', message: 'Create creative error' },
    { step: 7, method: 'createAd', message: 'Create ads error' },
    { step: 8, method: 'setStatus', message: 'Update status error' },
  ] as const;

  it.each(platformFaults)(
    'a failure of $method stops at step $step with its report; resuming finishes with exactly one of each',
    async ({ step, method, message }) => {
      const draftId = await approvedPaidDraft();
      const deployments = service();
      const { id } = await deployments.start(superUser, draftId);
      platform.failNext(method, 'The vendor said no');
      await deployments.runNext('worker-1');
      const failed = await deployments.get(superUser, id);
      expect(failed).toMatchObject({ status: 'failed', step });
      expect(failed.errorReport).toMatchObject({
        step,
        update: { error: `${message}: The vendor said no`, vendorMessage: 'The vendor said no' },
      });
      expect(published).toEqual([]);

      const resumed = await deployments.resume(owner, id);
      expect(resumed).toMatchObject({ status: 'queued', step });
      await deployments.runNext('worker-2');
      expect(await deployments.get(superUser, id)).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect(await platformObjects()).toEqual({ insertionOrders: 1, lineItems: 1, creatives: 2, ads: 2 });
      expect(published).toEqual([draftId]);
    },
  );

  /**
   * A platform whose `method` does its work and then never answers: the process dies with the object
   * made on the platform but its id never stored.
   */
  function dyingAfter(method: keyof AdPlatform): AdPlatform {
    let died = false;
    return new Proxy(platform, {
      get(target, property, receiver) {
        const real = Reflect.get(target, property, receiver) as unknown;
        if (property !== method || typeof real !== 'function') return real;
        return async (...args: unknown[]) => {
          const result = await (real as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          if (died) return result;
          died = true;
          return new Promise(() => undefined);
        };
      },
    });
  }

  it.each([
    { step: 2, method: 'createInsertionOrder' },
    { step: 3, method: 'createLineItem' },
    { step: 6, method: 'uploadCreativeAsset' },
    { step: 6, method: 'createCreative' },
    { step: 7, method: 'createAd' },
    { step: 8, method: 'setStatus' },
  ] as const)(
    'a worker killed right after $method (step $step) is replaced once its lease runs out, and nothing is made twice',
    async ({ method }) => {
      const draftId = await approvedPaidDraft();
      const { id } = await service().start(superUser, draftId);
      void service(dyingAfter(method)).runNext('worker-dies');
      // Let the first worker get as far as it can before it "dies".
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await service().runNext('worker-2')).toBe(false);

      clock.advance(LEASE_MS + 1);
      expect(await service().runNext('worker-2')).toBe(true);
      expect(await service().get(superUser, id)).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect(await platformObjects()).toEqual({ insertionOrders: 1, lineItems: 1, creatives: 2, ads: 2 });
      const campaign = await store.repositories.campaigns.findById('camp-1');
      expect(campaign?.adIds).toHaveLength(2);
    },
  );

  it('a worker killed right after saving the campaign (step 4) does not save it twice', async () => {
    const draftId = await approvedPaidDraft();
    const { id } = await service().start(superUser, draftId);
    const realCreate = store.repositories.campaigns.create.bind(store.repositories.campaigns);
    let died = false;
    store.repositories.campaigns.create = async (campaign) => {
      const created = await realCreate(campaign);
      if (died) return created;
      died = true;
      return new Promise(() => undefined);
    };
    void service().runNext('worker-dies');
    await new Promise((resolve) => setTimeout(resolve, 50));
    clock.advance(LEASE_MS + 1);
    await service().runNext('worker-2');
    expect(await service().get(superUser, id)).toMatchObject({ status: 'succeeded' });
    expect(await store.repositories.campaigns.list()).toHaveLength(1);
  });

  it('a worker that lost its lease records nothing more', async () => {
    const draftId = await approvedPaidDraft();
    const { id } = await service().start(superUser, draftId);
    let release: () => void = () => undefined;
    const slow = new Proxy(platform, {
      get(target, property, receiver) {
        const real = Reflect.get(target, property, receiver) as unknown;
        if (property !== 'createInsertionOrder' || typeof real !== 'function') return real;
        return async (...args: unknown[]) => {
          await new Promise<void>((resolve) => (release = resolve));
          return (real as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        };
      },
    });
    const first = service(slow).runNext('worker-slow');
    await new Promise((resolve) => setTimeout(resolve, 20));
    clock.advance(LEASE_MS + 1);
    await service().runNext('worker-2');
    release();
    await first;
    expect(logged.some((event) => event.kind === 'leaseLost' && event.worker === 'worker-slow')).toBe(true);
    // The job and the campaign keep what the worker holding the lease made.
    const done = await service().get(superUser, id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect((await store.repositories.campaigns.findById('camp-1'))?.insertionOrderId).toBe(done.insertionOrderId);
  });
});

describe('starting and resuming', () => {
  it.each([
    {
      name: 'not approved',
      overrides: { workflowstatus: 'Pending' },
      message: 'Only an approved campaign can be published; this one is Pending.',
    },
    { name: 'not paid', overrides: { isPaid: false }, message: 'The campaign’s ad budget is not paid yet.' },
    { name: 'published', overrides: { workflowstatus: 'Published' }, message: 'This campaign is already published.' },
  ])('refuses a campaign that is $name with a 409', async ({ overrides, message }) => {
    const draftId = await approvedPaidDraft('draft-1', overrides);
    await expect(service().start(superUser, draftId)).rejects.toMatchObject({ code: 'conflict', message });
  });

  it('lets only a super user start by hand', async () => {
    const draftId = await approvedPaidDraft();
    await expect(service().start(owner, draftId)).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('starts once after payment, however often the payment is confirmed', async () => {
    const draftId = await approvedPaidDraft();
    const first = await service().startAfterPayment(draftId);
    const second = await service().startAfterPayment(draftId);
    expect(second?.id).toBe(first?.id);
    await service().runNext('worker-1');
    expect(await service().startAfterPayment(draftId)).toBeNull();
    expect(await platformObjects()).toEqual({ insertionOrders: 1, lineItems: 1, creatives: 2, ads: 2 });
  });

  it('resumes only a failed deployment, for its own side or a super user', async () => {
    const draftId = await approvedPaidDraft();
    const { id } = await service().start(superUser, draftId);
    await expect(service().resume(owner, id)).rejects.toMatchObject({ code: 'conflict' });
    platform.failNext('createLineItem');
    await service().runNext('worker-1');
    await expect(service().resume(stranger, id)).rejects.toMatchObject({ code: 'forbidden' });
    expect((await service().get(owner, id)).canResume).toBe(true);
    await expect(service().start(superUser, draftId)).rejects.toMatchObject({
      message: 'The last attempt stopped with an error report: resume it instead of starting over.',
    });
    await service().resume(superUser, id);
    await expect(service().resume(superUser, id)).rejects.toMatchObject({ code: 'conflict' });
  });
});
