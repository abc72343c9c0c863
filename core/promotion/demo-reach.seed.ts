import type { Actor } from '../auth/authorization';
import type { ShareChannel } from '../campaigns/targeting.entity';
import type { DemoCoverDesign, StoreDemoCover } from '../demo/demo-covers';
import type { PromoteResponse } from '../contracts/promotion.contract';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { ShareTrackingRepository } from '../ports/share-tracking.repository';
import { SHARE_UTM_MEDIUM } from './share-links.rules';

export type DemoReachSeedDeps = {
  campaigns: Pick<CampaignRepository, 'create'>;
  shareTracking: Pick<ShareTrackingRepository, 'ensureCounters' | 'recordClick' | 'recordUtm'>;
  /** The promotion use case: the demo promotion is made the way a promoter makes one. */
  promote: (actor: Actor, campaignId: string) => Promise<PromoteResponse>;
  clock: Clock;
  ids: IdGenerator;
  /** Each campaign's cover, stored through the file store (none without it). */
  storeCover?: StoreDemoCover;
};

/** Who the demo's reach belongs to. */
export interface DemoReachPeople {
  organizationId: string;
  campaigner: { uid: string };
  promoter: { uid: string; displayName: string };
}

const DAY_MS = 86_400_000;

/**
 * Clicks on the demo promoter's links, as days before now per channel: some this week, some older, so
 * the weekly figures differ from the totals.
 */
const DEMO_CLICKS: Record<ShareChannel, readonly number[]> = {
  x: [0.2, 0.5, 1, 1.5, 2, 3, 4, 6, 8, 9, 10],
  linkedin: [0.8, 2.5, 5, 9, 11],
  facebook: [0.3, 1.2, 3.5, 4.5, 7.5, 10.5, 11.5],
  instagram: [1.8, 6.5],
  qr: [0.7, 5.5, 12],
};

/**
 * Two live campaigns of the demo organization, as publishing leaves them, with their share counters;
 * the demo promoter promotes the first and their links have been clicked over the last days. Donations
 * are the payments' to make, not the seed's.
 */
export function demoReachSeeder(deps: DemoReachSeedDeps) {
  const { campaigns, shareTracking, clock, ids } = deps;
  return async (people: DemoReachPeople): Promise<void> => {
    const now = clock.now().getTime();
    const at = (daysFromNow: number) => new Date(now + daysFromNow * DAY_MS).toISOString();
    const live = {
      userId: people.campaigner.uid,
      organizationId: people.organizationId,
      isPaid: true,
      amobeeDeployed: true,
      workflowstatus: 'Published' as const,
      allowDonations: true,
      campaignCategory: 'Hunger and food security',
    };
    const winterMealsId = ids.newId();
    const pantryVanId = ids.newId();
    const cover = async (campaignId: string, design: DemoCoverDesign) =>
      (await deps.storeCover?.(campaignId, design)) ?? null;
    const winterMeals = await campaigns.create({
      ...live,
      campaignUUID: winterMealsId,
      campaignCoverImage: await cover(winterMealsId, 'winter-meals'),
      createdAt: at(-12),
      startDate: at(-11),
      endDate: at(48),
      campaignName: 'Winter meals',
      campaignTitle: 'Warm meals for 500 families this winter',
      campaignDescription:
        'Every week our volunteers cook and deliver warm meals to families across Portland.\n\n' +
        'This winter we want to reach 500 families: every $25 feeds a family of four for a week.',
      campaignTags: ['food', 'winter', 'families'],
      campaignRaiseGoal: 25_000_00,
      campaignRaiseGoalDeadline: at(48),
      budgetLifetime: 2_000_00,
    });
    const pantryVan = await campaigns.create({
      ...live,
      campaignUUID: pantryVanId,
      campaignCoverImage: await cover(pantryVanId, 'pantry-van'),
      createdAt: at(-4),
      startDate: at(-3),
      endDate: at(56),
      campaignName: 'Saturday pantry van',
      campaignTitle: 'A pantry on wheels for the islands',
      campaignDescription:
        'Families on Peaks and Cliff Island wait for the ferry to reach a food pantry. A refitted van on the ' +
        'Saturday boat brings fresh produce and staples to them instead.',
      campaignTags: ['food', 'islands'],
      campaignRaiseGoal: 12_000_00,
      campaignRaiseGoalDeadline: at(56),
      budgetLifetime: 1_000_00,
    });
    await shareTracking.ensureCounters(pantryVan.campaignUUID);

    const promoter: Actor = {
      uid: people.promoter.uid,
      role: 'promoter',
      organizationId: null,
      demoUser: false,
      displayName: people.promoter.displayName,
    };
    await deps.promote(promoter, winterMeals.campaignUUID);
    for (const [channel, daysAgo] of Object.entries(DEMO_CLICKS) as [ShareChannel, readonly number[]][]) {
      for (const days of daysAgo) {
        const clickedAt = at(-days);
        await shareTracking.recordClick({
          id: ids.newId(),
          campaignId: winterMeals.campaignUUID,
          channel,
          promoterId: promoter.uid,
          createdAt: clickedAt,
        });
        await shareTracking.recordUtm({
          id: ids.newId(),
          campaignId: winterMeals.campaignUUID,
          utm_source: channel,
          utm_medium: SHARE_UTM_MEDIUM,
          utm_campaign: winterMeals.campaignUUID,
          utm_content: null,
          utm_term: null,
          createdAt: clickedAt,
        });
      }
    }
  };
}
