import { pageOf, pageRequest, type Page } from '../shared/paging';
import type { Campaign } from '../campaigns/campaign.entity';
import { summaryOf } from '../campaigns/campaign-page.service';
import { CAMPAIGN_PATHS } from '../contracts/campaigns.contract';
import type { PublicCampaign } from '../contracts/payments.contract';
import { donationsClosedReason } from '../donations/donation-checkout.service';
import type { Organization } from '../organizations/organization.entity';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { Clock } from '../ports/clock.port';
import type { DonationRepository } from '../ports/donation.repository';
import type { OrganizationRepository } from '../ports/organization.repository';
import { liveSince } from '../promotion/live-campaigns.rules';
import { notFound } from '../shared/errors';
import type { CampaignStats } from './results.entity';

export type CampaignDirectoryServiceDeps = {
  campaigns: Pick<CampaignRepository, 'list' | 'findById'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  donations: Pick<DonationRepository, 'campaignStats'>;
  clock: Clock;
};

export type CampaignDirectoryService = ReturnType<typeof campaignDirectoryServiceFactory>;

const NOT_FOUND_MESSAGE = 'That campaign does not exist, or it has ended and been removed.';

/** Live campaigns as anyone sees them, and their figures: open to everyone, signed in or not. */
export function campaignDirectoryServiceFactory({
  campaigns,
  organizations,
  donations,
  clock,
}: CampaignDirectoryServiceDeps) {
  const publicView = (campaign: Campaign, organization: Organization | null, now: Date): PublicCampaign => ({
    campaignId: campaign.campaignUUID,
    name: campaign.campaignName,
    title: campaign.campaignTitle,
    summary: summaryOf(campaign.campaignDescription),
    category: campaign.campaignCategory,
    coverImage: campaign.campaignCoverImage,
    goalCents: campaign.campaignRaiseGoal,
    raisedCents: campaign.campaignRaised,
    donators: campaign.donators ?? 0,
    deadline: campaign.campaignRaiseGoalDeadline,
    acceptingDonations: donationsClosedReason(campaign, now) === null,
    createdAt: campaign.createdAt,
    organization:
      organization && !organization.isDeleted
        ? { organizationId: organization.organizationId, name: organization.name, logo: organization.logo }
        : null,
    pagePath: CAMPAIGN_PATHS.page(campaign.campaignUUID),
  });

  const live = async (campaignId: string): Promise<Campaign> => {
    const campaign = await campaigns.findById(campaignId);
    if (!campaign || campaign.isDeleted) throw notFound(NOT_FOUND_MESSAGE);
    return campaign;
  };

  return {
    /** Campaigns not deleted, created in the last 6 months (SPEC §9), newest first. */
    async listLive(
      query: { organizationId?: string; limit?: number; cursor?: string } = {},
    ): Promise<Page<PublicCampaign>> {
      const now = clock.now();
      const { limit, request } = pageRequest(query);
      const filter = {
        createdSince: liveSince(now),
        ...(query.organizationId === undefined ? {} : { organizationId: query.organizationId }),
      };
      const page = pageOf(await campaigns.list(filter, request), limit, (campaign) => ({
        at: campaign.createdAt,
        id: campaign.campaignUUID,
      }));
      const listed = page.items;
      // Each organization is read once, however many of its campaigns are listed.
      const organizationIds = [...new Set(listed.flatMap((campaign) => campaign.organizationId ?? []))];
      const found = await Promise.all(organizationIds.map((id) => organizations.findById(id)));
      const byId = new Map(
        found.flatMap((organization) => (organization ? [[organization.organizationId, organization]] : [])),
      );
      const items = listed.map((campaign) =>
        publicView(campaign, campaign.organizationId ? (byId.get(campaign.organizationId) ?? null) : null, now),
      );
      return { items, nextCursor: page.nextCursor };
    },

    async view(campaignId: string): Promise<PublicCampaign> {
      const campaign = await live(campaignId);
      const organization = campaign.organizationId ? await organizations.findById(campaign.organizationId) : null;
      return publicView(campaign, organization, clock.now());
    },

    /** SPEC §3 Results: counted from the donations table, net of refunds. */
    async stats(campaignId: string): Promise<CampaignStats> {
      await live(campaignId);
      return donations.campaignStats(campaignId);
    },
  };
}
