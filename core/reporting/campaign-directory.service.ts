import { pageOf, pageRequest, type Page, type PageRequest } from '../shared/paging';
import type { Campaign } from '../campaigns/campaign.entity';
import { isGeneralFund } from '../campaigns/general-fund';
import { CAMPAIGN_PAGE_CACHE_MS, summaryOf, type CampaignPageChange } from '../campaigns/campaign-page.service';
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
import { keptReads, type KeptRead } from '../shared/kept-reads';
import type { CampaignStats } from './results.entity';

export type CampaignDirectoryServiceDeps = {
  campaigns: Pick<CampaignRepository, 'list' | 'findById'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  donations: Pick<DonationRepository, 'campaignStats'>;
  clock: Clock;
  /**
   * How long a page of the live list is answered from memory after a read (0: read every time), as the
   * campaign page: answered while it is read again after this, waited for after twice this. A change to
   * a campaign or an organization drops every page kept at once (`forget`); a gift marks the pages
   * listing its campaign to be read again by their next reader, at most every `CAMPAIGN_LIST_FIGURES_MS`.
   */
  cacheMs?: number;
  /** Pages of the list kept at most (distinct organizations, sizes and cursors asked for). */
  cacheSize?: number;
  now?: () => number;
};

export type CampaignDirectoryService = ReturnType<typeof campaignDirectoryServiceFactory>;

/** Pages of the live list kept at most, by default: each is a few tens of kilobytes with its compressed copies. */
export const CAMPAIGN_LIST_CACHE_SIZE = 200;

/**
 * A page of the live list that shows a campaign given to is read again at most this often: on a giving
 * day every gift to any listed campaign changes the list, so its figures follow them a moment later
 * rather than the list being read again (and waited for) with each one.
 */
export const CAMPAIGN_LIST_FIGURES_MS = 250;

const NOT_FOUND_MESSAGE = 'That campaign does not exist, or it has ended and been removed.';

/** A page of the live list: what the API answers for one organization (or every one), size and cursor. */
export interface LiveListQuery {
  organizationId?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** The one key of every way of asking for the same page (the default size named or not, a cursor's spelling). */
function listKeyOf(organizationId: string | undefined, request: PageRequest): string {
  const after = request.after ? `${request.after.at}\n${request.after.id}` : '';
  return JSON.stringify([organizationId ?? null, request.limit, after]);
}

/** Live campaigns as anyone sees them, and their figures: open to everyone, signed in or not. */
export function campaignDirectoryServiceFactory({
  campaigns,
  organizations,
  donations,
  clock,
  cacheMs = CAMPAIGN_PAGE_CACHE_MS,
  cacheSize = CAMPAIGN_LIST_CACHE_SIZE,
  now = Date.now,
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

  /** A page of the live list as the store has it now. */
  const readLive = async (
    organizationId: string | undefined,
    limit: number,
    request: PageRequest,
  ): Promise<Page<PublicCampaign>> => {
    const now = clock.now();
    const filter = {
      createdSince: liveSince(now),
      ...(organizationId === undefined ? {} : { organizationId }),
    };
    // An organization's general fund takes gifts but is no campaign to show: left out before paging, and
    // read on past it, so a page is full whenever more campaigns follow (one fund per organization).
    const shown: Campaign[] = [];
    for (let after = request.after; ;) {
      const rows = await campaigns.list(filter, { ...request, ...(after ? { after } : {}) });
      shown.push(...rows.filter((campaign) => !isGeneralFund(campaign)));
      const last = rows.at(-1);
      if (shown.length >= request.limit || rows.length < request.limit || !last) break;
      after = { at: last.createdAt, id: last.campaignUUID };
    }
    const page = pageOf(shown, limit, (campaign) => ({ at: campaign.createdAt, id: campaign.campaignUUID }));
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
  };

  type ListQuery = { organizationId: string | undefined; limit: number; request: PageRequest };
  const pages = keptReads<ListQuery, Page<PublicCampaign>>({
    read: ({ organizationId, limit, request }) => readLive(organizationId, limit, request),
    cacheMs,
    size: cacheSize,
    refreshGapMs: CAMPAIGN_LIST_FIGURES_MS,
    same: (a, b) => JSON.stringify(a) === JSON.stringify(b),
    now,
  });

  /**
   * A page of the live list as kept (the same object until it changes, so what is built from it can be
   * kept beside it). A cursor no list answered is a 400 naming `cursor`.
   */
  const liveSnapshot = (query: LiveListQuery = {}): Promise<KeptRead<Page<PublicCampaign>>> => {
    const { limit, request } = pageRequest(query);
    const { organizationId } = query;
    return pages.get(listKeyOf(organizationId, request), { organizationId, limit, request });
  };

  return {
    liveSnapshot,

    /** Campaigns not deleted, created in the last 6 months (SPEC §9), newest first. */
    async listLive(query: LiveListQuery = {}): Promise<Page<PublicCampaign>> {
      return (await liveSnapshot(query)).value;
    },

    /**
     * A change a campaign page shows, here or on another instance: a campaign made, edited or deleted,
     * or an organization changed, drops every page kept; a gift marks the pages listing its campaign.
     */
    forget(change: CampaignPageChange) {
      const figuresOnly = new Set(change.figuresOnly ?? []);
      if (change.organizationIds.length > 0 || change.campaignIds.some((id) => !figuresOnly.has(id))) {
        pages.forget();
        return;
      }
      if (figuresOnly.size === 0) return;
      pages.refreshSoon((page) => page.items.some((item) => figuresOnly.has(item.campaignId)));
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
