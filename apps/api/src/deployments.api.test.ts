import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { createCompleteDraft, approvedPaidDraft } from '@causeway/tests/support/campaigns';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { AMOBEE_SANDBOX } from './container';
import { TYPES } from './types';

let app: TestApp;
const cookies = { super: '', campaigner: '', promoter: '' };
let advertiserId: string;

const repositories = () => app.server.container.get(TYPES.Repositories);
const sandbox = () => app.server.container.get(AMOBEE_SANDBOX);
const api = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) });

/** Waits until the deployment stops running, and answers it. */
async function settled(deploymentId: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { body } = await api('GET', `/api/deployments/${deploymentId}`, cookies.super);
    if (body.deployment.status === 'succeeded' || body.deployment.status === 'failed') return body.deployment;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The deployment did not finish');
}

/** What the sandbox holds for the campaign, through the same port the app uses. */
async function platformObjects(campaignId: string) {
  const platform = app.server.container.get(TYPES.AdPlatform);
  const io = await platform.findInsertionOrderByExternalId(advertiserId, campaignId);
  const insertionOrders = (await platform.listInsertionOrders(advertiserId)).filter((order) =>
    order.name.startsWith(io?.name ?? '∅'),
  );
  const lineItems = io ? await platform.listLineItems(io.id) : [];
  const ads = (await Promise.all(lineItems.map((li) => platform.listAds(li.id)))).flat();
  const creatives = (await platform.listCreatives(advertiserId)).filter((creative) =>
    creative.name.includes(campaignId),
  );
  return {
    insertionOrders: insertionOrders.length,
    lineItems: lineItems.length,
    creatives: creatives.length,
    ads: ads.length,
  };
}

beforeAll(async () => {
  app = await startTestApp();
  for (const name of ['super', 'campaigner', 'promoter'] as const)
    cookies[name] = await signInAs(app, `${name}@demo.local`);
  const harbor = (await repositories().organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
  advertiserId = (await app.server.container.get(TYPES.AdPlatform).createAdvertiser({ name: harbor.name })).id;
  await repositories().organizations.update(harbor.organizationId, { advertiserId });
});

beforeEach(() => {
  sandbox().clearFaults();
});

afterAll(async () => {
  await app?.close();
});

describe('deploying a campaign on the DSP sandbox', () => {
  it('sets an approved, paid campaign up in 8 steps and publishes it', async () => {
    const id = await approvedPaidDraft(app, cookies, 'Deploy me');
    const started = await api('POST', `/api/pre-campaigns/${id}/deploy`, cookies.super);
    expect(started.status).toBe(202);
    expect(started.body.deployment).toMatchObject({ status: 'queued', step: 1, of: 8 });
    const done = await settled(started.body.deployment.id);
    expect(done).toMatchObject({ status: 'succeeded', step: 8, done: 8, creatives: 1, ads: 1, errorReport: null });

    const draft = await repositories().preCampaigns.findById(id);
    expect(draft).toMatchObject({ workflowstatus: 'Published', isPaid: true, amobeeDeployed: true });
    expect(draft?.workflow.at(-1)?.comments[0]?.comment).toBe('Your campaign had been published');
    const campaign = await repositories().campaigns.findById(draft!.campaignUUID);
    expect(campaign).toMatchObject({
      amobeeDeployed: true,
      insertionOrderId: done.insertionOrderId,
      adIds: [expect.any(String)],
    });
    expect(await platformObjects(draft!.campaignUUID)).toEqual({
      insertionOrders: 1,
      lineItems: 1,
      creatives: 1,
      ads: 1,
    });
    // The campaign page is public now.
    expect((await api('GET', `/api/campaigns/${draft!.campaignUUID}/page`)).status).toBe(200);
    const latest = await api('GET', `/api/pre-campaigns/${id}/deployment`, cookies.campaigner);
    expect(latest.body.deployment.id).toBe(done.id);
  });

  it.each([
    { step: 2, method: 'POST', path: '/campaign/v5/api/advertisers/*/insertionOrders' },
    { step: 3, method: 'POST', path: '/campaign/v5/api/insertionOrders/*/lineItems' },
    { step: 6, method: 'POST', path: '/campaign/v5/api/advertisers/*/creatives' },
    { step: 7, method: 'POST', path: '/campaign/v5/api/lineItems/*/ads' },
  ])(
    'when the answer to step $step is lost after the platform made the object, resuming makes no second one',
    async ({ step, method, path }) => {
      const id = await approvedPaidDraft(app, cookies, `Lost answer ${step}`);
      sandbox().addFault({ method, path, action: 'dropAfter', times: 1 });
      const started = await api('POST', `/api/pre-campaigns/${id}/deploy`, cookies.super);
      const failed = await settled(started.body.deployment.id);
      expect(failed).toMatchObject({ status: 'failed', step, canResume: true });
      expect(failed.errorReport).toMatchObject({ preCampaignId: id, step, update: { error: expect.any(String) } });

      const resumed = await api('POST', `/api/deployments/${failed.id}/resume`, cookies.campaigner);
      expect(resumed.status).toBe(202);
      expect(await settled(failed.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
      const { campaignUUID } = (await repositories().preCampaigns.findById(id))!;
      expect(await platformObjects(campaignUUID)).toEqual({ insertionOrders: 1, lineItems: 1, creatives: 1, ads: 1 });
    },
  );

  it('shows the vendor’s own message in the error report of a refused step', async () => {
    const id = await approvedPaidDraft(app, cookies, 'Refused');
    sandbox().addFault({
      method: 'POST',
      path: '/campaign/v5/api/insertionOrders/*/lineItems',
      status: 400,
      shape: 'service',
      message: 'budget.schedules[0].budget must be positive',
      times: 1,
    });
    const started = await api('POST', `/api/pre-campaigns/${id}/deploy`, cookies.super);
    const failed = await settled(started.body.deployment.id);
    expect(failed.errorReport.update).toMatchObject({
      error: 'POST create lineItems error: budget.schedules[0].budget must be positive',
      vendorMessage: 'budget.schedules[0].budget must be positive',
      status: 400,
    });
    const told = await repositories().notifications.listForUser(
      (await api('GET', '/api/auth/session', cookies.campaigner)).body.user.uid,
      { unreadOnly: false, limit: 5 },
    );
    expect(told[0]).toMatchObject({
      notification_type: 'deployment',
      notification_message: expect.stringContaining('step 3 of 8'),
    });
  });

  it('lets only a super user start, and refuses a campaign that is not approved and paid', async () => {
    const id = await approvedPaidDraft(app, cookies, 'Who starts');
    expect((await api('POST', `/api/pre-campaigns/${id}/deploy`, cookies.campaigner)).status).toBe(403);
    expect((await api('POST', `/api/pre-campaigns/${id}/deploy`)).status).toBe(401);
    const unpaid = await createCompleteDraft(app, cookies.campaigner, 'Unpaid');
    const refused = await api('POST', `/api/pre-campaigns/${unpaid}/deploy`, cookies.super);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Only an approved campaign can be published; this one is New.');
    expect((await api('GET', '/api/deployments/nothing', cookies.super)).status).toBe(404);
    expect((await api('GET', `/api/pre-campaigns/${id}/deployment`, cookies.promoter)).status).toBe(403);
  });
});
