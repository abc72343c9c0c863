import { expect } from 'vitest';
import type { Repositories } from '@causeway/core/ports/unit-of-work.port';
import type { StormPlan } from './webhook-storm';

/** The campaign as a storm must leave it, read through these repositories: its totals, each payment once. */
export async function expectStormCounted(
  repositories: Repositories,
  campaignId: string,
  plan: StormPlan,
  payments: number,
): Promise<void> {
  expect(await repositories.campaigns.findById(campaignId)).toMatchObject({
    campaignRaised: plan.expected.raised,
    donators: plan.expected.donators,
  });
  expect(await repositories.donations.listByCampaign(campaignId)).toHaveLength(payments);
}

/** The donations' own figures match the plan, and every event the storm sent was kept and done. */
export async function expectStormSettled(
  repositories: Repositories,
  campaignId: string,
  plan: StormPlan,
): Promise<void> {
  expect(await repositories.donations.campaignStats(campaignId)).toEqual({
    count: plan.expected.donators,
    totalRaised: plan.expected.raised,
    totalPromoters: plan.expected.promoters,
  });
  expect(await repositories.donations.listUnprocessedRawEvents(10)).toEqual([]);
}
