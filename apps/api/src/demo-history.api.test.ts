import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { REPORTING_API, type CampaignReportResponse } from '@causeway/core/contracts/reporting.contract';
import { DEMO_HISTORY_CAMPAIGNS } from '@causeway/core/demo/demo-history.seed';
import { TYPES } from './types';

describe('the demo history', () => {
  let app: TestApp;
  const repositories = () => app.server.container.get(TYPES.Repositories);

  beforeAll(async () => {
    app = await startTestApp({ env: { SEED_DEMO_HISTORY: 'true' } });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('is written before the app says it is ready, through the store, with gifts, refunds and ad delivery per day', async () => {
    const names = DEMO_HISTORY_CAMPAIGNS.map((plan) => plan.name);
    // Nothing is still being written once the start is done: every campaign with its delivery is there.
    const campaigns = (await repositories().campaigns.list({})).filter((campaign) =>
      names.includes(campaign.campaignName as (typeof names)[number]),
    );
    expect(campaigns.map((campaign) => campaign.campaignName).sort()).toEqual([...names].sort());
    const deliveries = await Promise.all(
      campaigns.map((campaign) => repositories().campaignDeliveries.find(campaign.campaignUUID)),
    );
    expect(deliveries.every((delivery) => delivery?.figures)).toBe(true);
    let refunded = 0;
    for (const campaign of campaigns) {
      const donations = await repositories().donations.listDonationsByCampaign(campaign.campaignUUID);
      expect(donations.length).toBeGreaterThan(5);
      refunded += donations.filter((donation) => donation.refunded > 0).length;
      expect(campaign.campaignRaised).toBe(donations.reduce((sum, gift) => sum + gift.amount - gift.refunded, 0));
      const days = (await repositories().campaignDeliveries.find(campaign.campaignUUID))!.figures!.daily;
      expect(days.length).toBeGreaterThan(50);
      const visits = await repositories().shareTracking.listPageVisits(campaign.campaignUUID);
      expect(visits.length).toBeGreaterThan(50);
      expect(donations.filter((gift) => gift.user_id !== null).every((gift) => gift.channel !== null)).toBe(true);
      // Its own cover, stored through the file store, serves an image.
      expect(campaign.campaignCoverImage).toMatch(new RegExp(`/files/campaigns/${campaign.campaignUUID}-cover\\.jpg$`));
      const cover = await fetch(new URL(campaign.campaignCoverImage!, app.url));
      expect(cover.status).toBe(200);
      expect(cover.headers.get('content-type')).toBe('image/jpeg');
      expect(new Uint8Array(await cover.arrayBuffer()).subarray(0, 3)).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    }
    expect(refunded).toBeGreaterThan(0);

    // The campaigner's first look at a campaign's report, at once: the whole history, a funnel with page
    // visits, gifts by channel.
    const cookie = await signInAs(app, 'campaigner@demo.local');
    const live = campaigns.find((campaign) => campaign.campaignName === 'Holiday food boxes')!;
    const { body: report } = await callApi<CampaignReportResponse>(
      app,
      'GET',
      REPORTING_API.campaign(live.campaignUUID),
      { cookie },
    );
    const gifts = (await repositories().donations.listDonationsByCampaign(live.campaignUUID)).filter(
      (gift) => gift.refunded < gift.amount,
    );
    expect(report.funnel.gifts).toBe(gifts.length);
    expect(report.funnel.pageVisits).toBeGreaterThan(report.funnel.checkoutsStarted);
    expect(report.funnel.checkoutsStarted).toBeGreaterThan(report.funnel.gifts);
    expect(report.funnel.gifts).toBeGreaterThan(0);
    expect(report.channels.filter((channel) => channel.gifts > 0).length).toBeGreaterThan(1);
  }, 150_000);
});
