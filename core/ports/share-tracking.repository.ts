import type { ClickCounts, ClickEvent, PageVisits, ShareLink, SharesClicks, Utm } from '../promotion/promotion.entity';

export interface ShareTrackingRepository {
  /** Creates the counters of a campaign at zero; does nothing when they exist. */
  ensureCounters(campaignId: string): Promise<SharesClicks>;
  /** Zero counters when none exist yet. */
  getCounters(campaignId: string): Promise<SharesClicks>;
  /** Records the click and adds one to its channel's counter atomically. */
  recordClick(event: ClickEvent): Promise<SharesClicks>;
  recordUtm(utm: Utm): Promise<Utm>;
  /**
   * Adds one (or `visits`) to the visits of the campaign's public page on the UTC day of `at`, in place
   * (concurrent visits never lose one another), with its event for the reporting mirror.
   */
  recordPageVisit(campaignId: string, at: string, visits?: number): Promise<void>;
  /** A campaign's visits per day, oldest day first. */
  listPageVisits(campaignId: string): Promise<PageVisits[]>;
  /** Newest first, optionally only a promoter's, optionally since an instant. */
  listClicks(campaignId: string, filter?: { promoterId?: string; since?: string }): Promise<ClickEvent[]>;
  /** Clicks per channel, counted by the store (not listed), optionally only a promoter's, optionally since an instant. */
  countClicks(campaignId: string, filter?: { promoterId?: string; since?: string }): Promise<ClickCounts>;
  listUtms(campaignId: string): Promise<Utm[]>;
  /**
   * Stores each link unless its (campaign, promoter, channel) has one already, which is kept (even
   * when asked twice at once); answers the stored links in the order given. Conflict when a new
   * link's code is taken by another.
   */
  ensureShareLinks(links: ShareLink[]): Promise<ShareLink[]>;
  findShareLink(code: string): Promise<ShareLink | null>;
  /** A promoter's links, optionally of one campaign, in no particular order. */
  listShareLinks(promoterId: string, campaignId?: string): Promise<ShareLink[]>;
}
