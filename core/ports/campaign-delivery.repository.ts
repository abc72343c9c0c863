import type { CampaignDelivery, DeliveryFailure, DeliveryFigures, DeliveryPause } from '../delivery/delivery.entity';

/**
 * What is known of each deployed campaign's delivery on the ad platform. Every instance pulls the
 * figures on its schedule, so every write is safe to repeat and to race: newer figures win, and a
 * pause is recorded once.
 */
export interface CampaignDeliveryRepository {
  /** Null before anything was recorded for the campaign. */
  find(campaignId: string): Promise<CampaignDelivery | null>;
  /**
   * Stores a pull's figures unless figures pulled later are stored already; a failure recorded at or
   * before this pull is cleared. The pause is never touched. Answers the record as stored.
   */
  saveFigures(campaignId: string, figures: DeliveryFigures): Promise<CampaignDelivery>;
  /**
   * Records a failed pull unless good figures or a failure of a later time are stored. Figures and pause
   * are kept. Answers the record as stored.
   */
  recordFailure(campaignId: string, failure: DeliveryFailure): Promise<CampaignDelivery>;
  /**
   * Records the pause pacing made, unless one is recorded already: `recorded` is true only for the one
   * call that stored it (so the campaigner is told once, whichever instance paused first).
   */
  recordPause(campaignId: string, pause: DeliveryPause): Promise<{ recorded: boolean; delivery: CampaignDelivery }>;
  /**
   * Clears the pause recorded at `pausedAt` (pacing played the ads again): `cleared` is true only for
   * the one call that cleared it, so the campaigner is told once. Figures and failures are kept; a
   * later pause can then be recorded. Answers the record as stored (null when there is none).
   */
  clearPause(campaignId: string, pausedAt: string): Promise<{ cleared: boolean; delivery: CampaignDelivery | null }>;
}
