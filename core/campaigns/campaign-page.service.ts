import { CAMPAIGN_PATHS, type CampaignPage } from '../contracts/campaigns.contract';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { OrganizationRepository } from '../ports/organization.repository';
import { notFound } from '../shared/errors';
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

/** A campaign page's link preview: its headline and organization, the start of its story, its cover. */
export function linkPreviewOf(page: CampaignPage, url: string): LinkPreview {
  const by = page.organization ? ` · ${page.organization.name}` : '';
  return { title: `${page.title || page.name}${by}`, description: summaryOf(page.story), image: page.coverImage, url };
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

  interface Kept {
    /** The last read answered (null until the first read is done). */
    current: CampaignPageSnapshot | null;
    /** A read in flight, shared by everyone waiting on it. */
    reading: Promise<CampaignPageSnapshot> | null;
  }
  const kept = new Map<string, Kept>();

  const readInto = (campaignId: string, entry: Kept): Promise<CampaignPageSnapshot> => {
    if (entry.reading) return entry.reading;
    const startedAt = now();
    const reading = read(campaignId).then(
      (page) => {
        const previous = entry.current;
        // An unchanged page keeps its snapshot (and what was built from it); only its time moves on.
        const same = previous !== null && JSON.stringify(previous.page) === JSON.stringify(page);
        const snapshot = same
          ? Object.assign(previous, { readAt: startedAt })
          : { campaignId, page, readAt: startedAt };
        if (kept.get(campaignId) === entry) {
          entry.current = snapshot;
          entry.reading = null;
        }
        return snapshot;
      },
      (error: unknown) => {
        // A failed read is not kept: the next reader tries again.
        if (entry.reading === reading) entry.reading = null;
        throw error;
      },
    );
    entry.reading = reading;
    return reading;
  };

  const snapshot = (campaignId: string): Promise<CampaignPageSnapshot> => {
    if (cacheMs <= 0) return read(campaignId).then((page) => ({ campaignId, page, readAt: now() }));
    let entry = kept.get(campaignId);
    if (!entry) {
      entry = { current: null, reading: null };
      kept.set(campaignId, entry);
      if (kept.size > cacheSize) kept.delete(kept.keys().next().value!);
    }
    const current = entry.current;
    if (current === null) return readInto(campaignId, entry);
    const age = now() - current.readAt;
    if (age < cacheMs) return Promise.resolve(current);
    if (age < 2 * cacheMs) {
      // Answered as it is while it is read again; a failed read is tried again by the next reader.
      readInto(campaignId, entry).catch(() => undefined);
      return Promise.resolve(current);
    }
    return readInto(campaignId, entry);
  };

  /** Drops what is kept of these pages: the next reader reads them again. */
  const forget = (change: CampaignPageChange) => {
    const organizations = new Set(change.organizationIds);
    for (const campaignId of change.campaignIds) kept.delete(campaignId);
    if (organizations.size === 0) return;
    for (const [campaignId, entry] of kept) {
      const organizationId = entry.current?.page?.organization?.organizationId;
      // A page still being read may show the organization as it was: dropped too.
      if (entry.current === null || (organizationId !== undefined && organizations.has(organizationId)))
        kept.delete(campaignId);
    }
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
