import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { deployedCampaign } from '@causeway/tests/support/campaigns';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { AMOBEE_SANDBOX, STRIPE_SANDBOX } from './container';
import { startServer } from './server';
import { TYPES } from './types';

/**
 * The embedded mode's second start: the DSP and Stripe sandboxes keep their state under DATA_DIR, so
 * what was deployed and paid before is still served, and the demo organization is ready to publish.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The app's time (the sandboxes run on it too), moved by the tests. */
const clock = new ManualClock(new Date());

let app: TestApp;
const cookies = { super: '', campaigner: '' };

const container = () => app.server.container;
const repositories = () => container().get(TYPES.Repositories);
const platform = () => container().get(TYPES.AdPlatform);
const dataDir = () => container().get(TYPES.Config).DATA_DIR;
const api = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) });

const harbor = async () =>
  (await repositories().organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
const demoLiveCampaigns = async () =>
  (await repositories().campaigns.list({ organizationId: (await harbor()).organizationId })).filter(
    (campaign) => campaign.workflowstatus === 'Published',
  );

/** A donation paid on the Stripe sandbox's hosted page; answers its checkout session id. */
async function donation(campaignId: string, amount: number): Promise<string> {
  const opened = await api('POST', `/api/campaigns/${campaignId}/donations/checkout`, undefined, {
    amount,
    donorName: 'Dana',
  });
  expect(opened.status).toBe(201);
  expect((await submitCheckoutForm(opened.body.url, { number: '4242 4242 4242 4242' })).status).toBe(303);
  await container().get(STRIPE_SANDBOX).webhooks.drain();
  return opened.body.sessionId;
}

/** Figures pulled from the platform now (the last pull made older than its minute). */
async function freshDelivery(campaignId: string) {
  clock.advance(2 * MINUTE);
  const answer = await api('GET', `/api/campaigns/${campaignId}/delivery?refresh=true`, cookies.campaigner);
  expect(answer.status).toBe(200);
  expect(answer.body.delivery).toMatchObject({ refreshedAt: clock.now().toISOString(), lastFailure: null });
  return answer.body.delivery;
}

async function signIn() {
  cookies.super = await signInAs(app, 'super@demo.local');
  cookies.campaigner = await signInAs(app, 'campaigner@demo.local');
}

beforeAll(async () => {
  app = await startTestApp({ env: { DELIVERY_SYNC_MINUTES: '0' }, overrides: { clock } });
  await signIn();
});

afterAll(async () => {
  await app?.close();
});

describe('the demo organization on the embedded DSP sandbox', () => {
  it('has its advertiser from the first start, and its live campaigns deliver', async () => {
    const organization = await harbor();
    expect(organization.advertiserId).toMatch(/^\d+$/);
    expect(await platform().listAdvertisers()).toEqual([
      { id: organization.advertiserId, name: `Harbor Light Food Bank [${organization.organizationId}]` },
    ]);
    const live = await demoLiveCampaigns();
    expect(live.map((campaign) => campaign.campaignName).sort()).toEqual(['Saturday pantry van', 'Winter meals']);
    for (const campaign of live) {
      expect(campaign).toMatchObject({ insertionOrderId: expect.any(String), lineItemId: expect.any(String) });
      expect(campaign.adIds).toHaveLength(1);
      const [ad] = await platform().listAds(campaign.lineItemId!);
      expect(ad).toMatchObject({ id: campaign.adIds[0], status: 'play' });
    }
    container().get(AMOBEE_SANDBOX).advance(DAY);
    const delivery = await freshDelivery(live[0]!.campaignUUID);
    expect(delivery).toMatchObject({ lineItemStatus: 'play', insertionOrderId: live[0]!.insertionOrderId });
    expect(delivery.totals.impressions).toBeGreaterThan(1000);
  });
});

describe('a second start on the same DATA_DIR', () => {
  it('still serves what was deployed and paid before, and makes no second advertiser or campaign', async () => {
    const deployed = await deployedCampaign(app, cookies, 'Kept across starts');
    const [winterMeals] = (await demoLiveCampaigns()).filter((campaign) => campaign.campaignName === 'Winter meals');
    const sessionId = await donation(winterMeals!.campaignUUID, 2_500);
    const receipt = await api('GET', `/api/payments/${sessionId}`);
    expect(receipt.status).toBe(200);
    container()
      .get(AMOBEE_SANDBOX)
      .advance(2 * DAY);
    const before = await freshDelivery(deployed);
    expect(before.totals.impressions).toBeGreaterThan(0);
    const advertiserId = (await harbor()).advertiserId!;
    const ordersBefore = await platform().listInsertionOrders(advertiserId);
    const demoBefore = await demoLiveCampaigns();
    const sandboxTime = container().get(AMOBEE_SANDBOX).now().getTime();

    await app.restart();

    expect(existsSync(join(dataDir(), 'sandboxes', 'amobee.json'))).toBe(true);
    expect(existsSync(join(dataDir(), 'sandboxes', 'stripe.json'))).toBe(true);
    // The sandbox's clock goes on from where it was (its own offset kept).
    expect(container().get(AMOBEE_SANDBOX).now().getTime()).toBeGreaterThanOrEqual(sandboxTime);

    // The paid session's receipt, and the payment provider's own receipt page.
    const after = await api('GET', `/api/payments/${sessionId}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(receipt.body);
    expect((await fetch(after.body.payment.link)).status).toBe(200);

    // The deployed campaign's figures are pulled again from the objects the platform still has.
    const pulled = await freshDelivery(deployed);
    expect(pulled).toMatchObject({ insertionOrderId: before.insertionOrderId, lineItemStatus: 'play' });
    expect(pulled.totals.impressions).toBeGreaterThan(before.totals.impressions);

    // The demo was ready already: the same advertiser, insertion orders and campaigns' ids.
    expect((await harbor()).advertiserId).toBe(advertiserId);
    expect(await platform().listAdvertisers()).toHaveLength(1);
    expect(await platform().listInsertionOrders(advertiserId)).toEqual(ordersBefore);
    expect(await demoLiveCampaigns()).toEqual(demoBefore);

    // New work goes on after it: a second donation, the platform's ids continuing.
    expect((await api('GET', `/api/payments/${await donation(winterMeals!.campaignUUID, 1_000)}`)).status).toBe(200);
    const next = await platform().createAdvertiser({ name: 'Valley Pantry' });
    const highest = Math.max(...ordersBefore.map((order) => Number(order.id)));
    expect(Number(next.id)).toBeGreaterThan(highest);
  });

  it('sets unreadable sandbox files aside, starts with empty sandboxes, and readies the demo again', async () => {
    const oldAdvertiserId = (await harbor()).advertiserId;
    const config = container().get(TYPES.Config);
    await app.server.close();
    const folder = join(dataDir(), 'sandboxes');
    writeFileSync(join(folder, 'amobee.json'), '{"format":"causeway.amobee-sandbox","advertisers":[');
    writeFileSync(join(folder, 'stripe.json'), 'not json at all');
    app.server = await startServer(config, { overrides: { clock } });
    app.url = app.server.url;

    const setAside = readdirSync(folder).filter((name) => name.includes('.unreadable-'));
    expect(setAside).toEqual([
      expect.stringMatching(/^amobee\.json\.unreadable-/),
      expect.stringMatching(/^stripe\.json\.unreadable-/),
    ]);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

    // The empty DSP sandbox did not know the demo's advertiser: it got a new one, and its campaigns new ads.
    const organization = await harbor();
    expect(organization.advertiserId).not.toBe(oldAdvertiserId);
    expect(await platform().listAdvertisers()).toEqual([
      { id: organization.advertiserId, name: `Harbor Light Food Bank [${organization.organizationId}]` },
    ]);
    // The seeded ones, that is: a deployed campaign is set up again by deploying it again.
    const seeded = (await demoLiveCampaigns()).filter((campaign) => campaign.campaignAdsFiles.length === 0);
    expect(seeded).toHaveLength(2);
    for (const campaign of seeded) {
      expect(await platform().getInsertionOrder(campaign.insertionOrderId!)).toMatchObject({
        advertiserId: organization.advertiserId,
      });
    }
    // Payments go on from an empty Stripe sandbox.
    const [winterMeals] = (await demoLiveCampaigns()).filter((campaign) => campaign.campaignName === 'Winter meals');
    expect((await api('GET', `/api/payments/${await donation(winterMeals!.campaignUUID, 1_500)}`)).status).toBe(200);
  });
});
