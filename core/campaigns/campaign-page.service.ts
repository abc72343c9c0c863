import { CAMPAIGN_PATHS, type CampaignPage } from '../contracts/campaigns.contract';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { OrganizationRepository } from '../ports/organization.repository';
import { notFound } from '../shared/errors';
import { absoluteFileUrl } from '../shared/file-address';
import { keptReads, snapshotsOf, type KeptRead } from '../shared/kept-reads';
import { campaignPageOf } from './pre-campaign.service';

export type CampaignPageServiceDeps = {
  campaigns: Pick<CampaignRepository, 'findById'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  publicUrl: string;
  /**
   * How often a page read from the store is read again (0: never kept). Every ad click lands on this
   * page: on a giving day thousands of readers share one read. A page older than this is still answered
   * while it is read again; one older than twice this waits for the read, so the raised amount lags the
   * store by at most twice this. Changes to the campaign or its organization drop it at once
   * (`forget`).
   */
  cacheMs?: number;
  /** Pages kept at most (the oldest read is dropped first). */
  cacheSize?: number;
  now?: () => number;
};

/** Campaign pages are read again in the background this long after a read: the live figures lag at most twice this. */
export const CAMPAIGN_PAGE_CACHE_MS = 1_000;

/** What changed that a campaign page shows: these campaigns, and every page of these organizations. */
export interface CampaignPageChange {
  campaignIds: string[];
  organizationIds: string[];
  /**
   * Of `campaignIds`, those whose figures alone changed (gifts counted or refunded): a list of many
   * campaigns may follow them a moment later rather than be read again with every gift. Missing: none.
   */
  figuresOnly?: string[];
}

/** The topic every instance hears of page changes on (the event bus crosses instances). */
export const CAMPAIGN_PAGE_CHANGED_TOPIC = 'campaignPage.changed';

/**
 * One read of a campaign's page. The same object is answered until the page changes, so what is
 * built from it (its HTML, its compressed copies) can be kept beside it.
 */
export interface CampaignPageSnapshot {
  campaignId: string;
  /** Null when there is no such live campaign. */
  page: CampaignPage | null;
  /** When the store was read (the figures are as of then). */
  readAt: number;
}

export type CampaignPageService = ReturnType<typeof campaignPageServiceFactory>;

/** What a shared link shows before it is opened (Open Graph and Twitter cards). */
export interface LinkPreview {
  title: string;
  description: string;
  image: string | null;
  url: string;
}

const DESCRIPTION_LENGTH = 200;

/** The first words of the story, cut at a word, for a link preview. */
export function summaryOf(story: string, length = DESCRIPTION_LENGTH): string {
  const flat = story.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/**
 * A campaign page's link preview: its headline and organization, the start of its story, its cover (in
 * full, on the page's address: crawlers read the tags without a page to resolve a path against).
 */
export function linkPreviewOf(page: CampaignPage, url: string): LinkPreview {
  const by = page.organization ? ` · ${page.organization.name}` : '';
  const image = page.coverImage ? absoluteFileUrl(page.coverImage, url) : null;
  return { title: `${page.title || page.name}${by}`, description: summaryOf(page.story), image, url };
}

/** The public campaign page (SPEC §2): anyone may open a live campaign; deleted and unknown ones are gone. */
export function campaignPageServiceFactory({
  campaigns,
  organizations,
  publicUrl,
  cacheMs = CAMPAIGN_PAGE_CACHE_MS,
  cacheSize = 10_000,
  now = Date.now,
}: CampaignPageServiceDeps) {
  const pageUrl = (campaignId: string) => `${publicUrl}${CAMPAIGN_PATHS.page(campaignId)}`;

  const read = async (campaignId: string): Promise<CampaignPage | null> => {
    const campaign = await campaigns.findById(campaignId);
    if (!campaign || campaign.isDeleted) return null;
    const organization = campaign.organizationId ? await organizations.findById(campaign.organizationId) : null;
    return campaignPageOf(campaign, organization, { preview: false, pageUrl: pageUrl(campaignId) });
  };

  const reads = keptReads<string, CampaignPage | null>({
    read,
    cacheMs,
    size: cacheSize,
    // An unchanged page keeps its snapshot (and what was built from it); only its time moves on.
    same: (a, b) => JSON.stringify(a) === JSON.stringify(b),
    now,
  });
  /** One snapshot per kept read, so what is built from it can be kept beside it. */
  const snapshotOf = snapshotsOf((kept: KeptRead<CampaignPage | null>, campaignId: string): CampaignPageSnapshot => ({
    campaignId,
    get page() {
      return kept.value;
    },
    get readAt() {
      return kept.readAt;
    },
  }));

  const snapshot = async (campaignId: string): Promise<CampaignPageSnapshot> =>
    snapshotOf(await reads.get(campaignId, campaignId), campaignId);

  /** Drops what is kept of these pages: the next reader reads them again. */
  const forget = (change: CampaignPageChange) => {
    const campaigns = new Set(change.campaignIds);
    const organizations = new Set(change.organizationIds);
    reads.forget((campaignId, current) => {
      if (campaigns.has(campaignId)) return true;
      if (organizations.size === 0) return false;
      // A page still being read may show the organization as it was: dropped too.
      const organizationId = current?.organization?.organizationId;
      return current === null || (organizationId !== undefined && organizations.has(organizationId));
    });
  };

  const page = async (campaignId: string): Promise<CampaignPage | null> => (await snapshot(campaignId)).page;

  return {
    pageUrl,
    snapshot,
    forget,

    async page(campaignId: string): Promise<CampaignPage> {
      const found = await page(campaignId);
      if (!found) throw notFound('That campaign does not exist, or it has ended and been removed.');
      return found;
    },

    /** The link preview of a live campaign, or null when there is no such campaign (the page answers 404). */
    async linkPreview(campaignId: string): Promise<LinkPreview | null> {
      const found = await page(campaignId);
      return found ? linkPreviewOf(found, pageUrl(campaignId)) : null;
    },
  };
}
