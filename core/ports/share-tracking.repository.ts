import type { ClickEvent, SharesClicks, Utm } from '../promotion/promotion.entity';

export interface ShareTrackingRepository {
  /** Creates the counters of a campaign at zero; does nothing when they exist. */
  ensureCounters(campaignId: string): Promise<SharesClicks>;
  /** Zero counters when none exist yet. */
  getCounters(campaignId: string): Promise<SharesClicks>;
  /** Records the click and adds one to its channel's counter atomically. */
  recordClick(event: ClickEvent): Promise<SharesClicks>;
  recordUtm(utm: Utm): Promise<Utm>;
  /** Newest first, optionally only a promoter's, optionally since an instant. */
  listClicks(campaignId: string, filter?: { promoterId?: string; since?: string }): Promise<ClickEvent[]>;
  listUtms(campaignId: string): Promise<Utm[]>;
}
