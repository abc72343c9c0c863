import { z } from 'zod';
import { Cents, Id, Timestamp } from '../shared/primitives';

/** A UTC day, YYYY-MM-DD, as the platform's daily reports name them. */
export const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a day like 2026-05-01');

/** One day of a campaign's delivery on the ad platform. */
export const DeliveryDay = z.object({
  day: Day,
  impressions: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  spendCents: Cents,
});
export type DeliveryDay = z.infer<typeof DeliveryDay>;

/** The platform's status of the line item (SPEC §7 statuses: play, pause, stop, archived). */
export const LineItemStatus = z.enum(['play', 'pause', 'stop', 'archived']);
export type LineItemStatus = z.infer<typeof LineItemStatus>;

/**
 * The figures of one pull from the platform's reports: the summary of the whole flight, its daily
 * rows, and the line item's status at that time.
 */
export const DeliveryFigures = z.object({
  insertionOrderId: z.string().min(1).max(64),
  lineItemId: z.string().min(1).max(64),
  lineItemStatus: LineItemStatus.nullable(),
  /** The line item's flight, UTC days, both inclusive. */
  flightStart: Day,
  flightEnd: Day,
  impressions: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  spendCents: Cents,
  /** Oldest first, from the flight's first day to today (or the last day that delivered, if later). */
  daily: z.array(DeliveryDay),
  /** When the figures were pulled, by our clock: what freshness and the pull limits go by. */
  refreshedAt: Timestamp,
  /**
   * When the platform made the report, by its clock: the time the figures are for. Null when it did
   * not say; absent from figures pulled before it was kept.
   */
  reportedAt: Timestamp.nullable().optional(),
});
export type DeliveryFigures = z.infer<typeof DeliveryFigures>;

/** Why the platform stopped buying a campaign's ads. */
export const PauseReason = z.enum(['goalReached', 'deadlinePassed']);
export type PauseReason = z.infer<typeof PauseReason>;

/** A pause made by goal-aware pacing: once per campaign. */
export const DeliveryPause = z.object({
  reasons: z.array(PauseReason).min(1),
  /** The sentence the campaigner was sent. */
  message: z.string().max(2000),
  pausedAt: Timestamp,
});
export type DeliveryPause = z.infer<typeof DeliveryPause>;

/** The last pull that failed, with the SPEC §8 message ('Create report error', 'Error while fetching Report!'). */
export const DeliveryFailure = z.object({
  message: z.string().max(2000),
  at: Timestamp,
});
export type DeliveryFailure = z.infer<typeof DeliveryFailure>;

/**
 * A deployed campaign's delivery as last seen: its latest figures (null before the first good pull),
 * the pause pacing made, and the last failed pull (cleared by a newer good one).
 */
export const CampaignDelivery = z.object({
  campaignId: Id,
  figures: DeliveryFigures.nullable().default(null),
  pause: DeliveryPause.nullable().default(null),
  lastFailure: DeliveryFailure.nullable().default(null),
});
export type CampaignDelivery = z.infer<typeof CampaignDelivery>;
