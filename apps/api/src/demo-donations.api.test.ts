import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { TYPES } from './types';

describe('the demo data’s donations', () => {
  let app: TestApp;
  const repositories = () => app.server.container.get(TYPES.Repositories);

  beforeAll(async () => {
    app = await startTestApp({ env: { SEED_DEMO_DONATIONS: 'true' } });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('are paid on the payment sandbox and recorded from its webhooks before the app is ready', async () => {
    const live = await repositories().campaigns.list({ paidOnly: true });
    const winter = live.find((campaign) => campaign.campaignName === 'Winter meals')!;
    const van = live.find((campaign) => campaign.campaignName === 'Saturday pantry van')!;
    expect(winter).toMatchObject({ campaignRaised: 435_00, donators: 5 });
    expect(van).toMatchObject({ campaignRaised: 115_00, donators: 2 });
    const stats = await callApi(app, 'GET', `/api/campaigns/${winter.campaignUUID}/stats`);
    expect(stats.body).toMatchObject({ count: 5, totalRaised: 435_00, totalPromoters: 1 });
    // Each one is a real payment: its receipt answers.
    const [donation] = await repositories().donations.listDonationsByCampaign(winter.campaignUUID);
    const receipt = await callApi(app, 'GET', `/api/payments/${donation!.session_id}`);
    expect(receipt.status).toBe(200);
  });

  it('are given once: a second start gives nothing more', async () => {
    await app.restart();
    const winter = (await repositories().campaigns.list({ paidOnly: true })).find(
      (campaign) => campaign.campaignName === 'Winter meals',
    )!;
    expect(winter).toMatchObject({ campaignRaised: 435_00, donators: 5 });
  });
});
