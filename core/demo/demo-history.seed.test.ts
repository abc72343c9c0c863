import { describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { DEMO_HISTORY_CAMPAIGNS, demoHistorySeeder } from './demo-history.seed';

const NOW = '2026-05-01T12:00:00.000Z';
const DAY_MS = 86_400_000;

async function seeded() {
  const clock = new ManualClock(NOW);
  const ids = new SequentialIds();
  const store = createMemoryDataStore({ clock, ids });
  const seed = demoHistorySeeder({ unitOfWork: store.unitOfWork, clock, ids });
  const report = await seed({
    organizationId: 'org-1',
    campaigner: { uid: 'campaigner-1' },
    promoter: { uid: 'promoter-1' },
    donationPercentage: 80,
  });
  return { store, report };
}

describe('the demo history', () => {
  it('gives the organization campaigns with ninety days of gifts, refunds, clicks, checkouts and ad delivery', async () => {
    const { store, report } = await seeded();
    const campaigns = await store.repositories.campaigns.list({ organizationId: 'org-1' });
    expect(campaigns.map((campaign) => campaign.campaignName).sort()).toEqual(
      DEMO_HISTORY_CAMPAIGNS.map((plan) => plan.name).sort(),
    );
    expect(report.gifts).toBeGreaterThan(80);
    expect(report.refunds).toBeGreaterThan(0);
    expect(report.checkouts).toBeGreaterThan(report.gifts);
    expect(report.promoters).toBe(3);

    let gifts = 0;
    let refunded = 0;
    let pageVisits = 0;
    let oldest = Infinity;
    for (const campaign of campaigns) {
      const donations = await store.repositories.donations.listDonationsByCampaign(campaign.campaignUUID);
      gifts += donations.length;
      refunded += donations.filter((donation) => donation.refunded > 0).length;
      for (const donation of donations) {
        expect(Date.parse(donation.date)).toBeLessThanOrEqual(Date.parse(NOW));
        oldest = Math.min(oldest, Date.parse(donation.date));
      }
      // The campaign's totals are those of its gifts, net of refunds.
      const net = donations.reduce((sum, donation) => sum + donation.amount - donation.refunded, 0);
      expect(campaign.campaignRaised).toBe(net);
      // Donors' names and messages are kept as given.
      expect(donations.some((donation) => donation.donor_name && donation.message)).toBe(true);
      expect(donations.some((donation) => donation.user_id !== null)).toBe(true);

      const delivery = await store.repositories.campaignDeliveries.find(campaign.campaignUUID);
      expect(delivery!.figures!.daily.length).toBeGreaterThan(50);
      expect(delivery!.figures!.spendCents).toBe(
        delivery!.figures!.daily.reduce((sum, day) => sum + day.spendCents, 0),
      );

      // Gifts a promoter brought came by one of the share networks; the page had its visits each day.
      const promoted = donations.filter((donation) => donation.user_id !== null);
      expect(promoted.every((donation) => donation.channel !== null)).toBe(true);
      expect(new Set(promoted.map((donation) => donation.channel)).size).toBeGreaterThan(1);
      expect(donations.filter((donation) => donation.user_id === null).every((donation) => !donation.channel)).toBe(
        true,
      );
      // Given on the campaign's page or on the organization's own site; a promoter's donor on the campaign's page.
      expect(new Set(donations.map((donation) => donation.given_on))).toEqual(
        new Set(['campaign_page', 'donate_form']),
      );
      expect(promoted.every((donation) => donation.given_on === 'campaign_page')).toBe(true);
      const visits = await store.repositories.shareTracking.listPageVisits(campaign.campaignUUID);
      expect(visits.length).toBeGreaterThan(50);
      const visited = visits.reduce((sum, day) => sum + day.visits, 0);
      pageVisits += visited;
      expect(visited).toBeGreaterThan(donations.length);

      const clicks = await store.repositories.shareTracking.countClicks(campaign.campaignUUID);
      expect(clicks.x + clicks.linkedin + clicks.facebook + clicks.instagram).toBeGreaterThan(10);
      expect((await store.repositories.promotions.listByCampaign(campaign.campaignUUID)).length).toBe(3);
    }
    expect(gifts).toBe(report.gifts);
    expect(pageVisits).toBe(report.pageVisits);
    // Some donors gave signed in, and some of them more than once.
    const byDonor = new Map<string, number>();
    for (const campaign of campaigns) {
      for (const donation of await store.repositories.donations.listDonationsByCampaign(campaign.campaignUUID)) {
        if (donation.donor_id) byDonor.set(donation.donor_id, (byDonor.get(donation.donor_id) ?? 0) + 1);
      }
    }
    expect([...byDonor.values()].filter((given) => given > 1).length).toBeGreaterThan(5);
    expect(refunded).toBe(report.refunds);
    expect(Date.parse(NOW) - oldest).toBeGreaterThan(90 * DAY_MS);
    // One campaign is still live, the others ended.
    expect(
      campaigns.filter((campaign) => Date.parse(campaign.campaignRaiseGoalDeadline!) > Date.parse(NOW)),
    ).toHaveLength(1);
  }, 30_000);

  it('is the same history at every seed', async () => {
    const first = await seeded();
    const second = await seeded();
    expect(second.report).toEqual(first.report);
    const raised = async (store: typeof first.store) =>
      (await store.repositories.campaigns.list({ organizationId: 'org-1' }))
        .map((campaign) => `${campaign.campaignName}:${campaign.campaignRaised}:${campaign.donators}`)
        .sort();
    expect(await raised(second.store)).toEqual(await raised(first.store));
  }, 30_000);
});
