/** HTTP contracts of a deployed campaign's delivery on the ad platform. */
import { z } from 'zod';
import { Day, DeliveryFailure, DeliveryPause, LineItemStatus } from '../delivery/delivery.entity';
import { Cents, Id, Timestamp } from '../shared/primitives';

const counts = {
  impressions: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  spendCents: Cents,
  /** clicks / impressions (0.001 is 0.1%); null without impressions. */
  ctr: z.number().nonnegative().nullable(),
  /** spendCents / clicks, rounded to a whole cent; null without clicks. */
  cpcCents: Cents.nullable(),
};

export const DeliveryDayView = z.object({ day: Day, ...counts });
export type DeliveryDayView = z.infer<typeof DeliveryDayView>;

export const DeliveryView = z.object({
  campaignId: Id,
  insertionOrderId: z.string(),
  lineItemId: z.string(),
  /** The line item's status on the platform at the last pull (after a pacing pause, `pause`). */
  lineItemStatus: LineItemStatus.nullable(),
  flight: z.object({ startDate: Day, endDate: Day }),
  /** The whole flight so far. */
  totals: z.object(counts),
  /** The campaign's target cost per click, set with its budget: what the delivered one is read against. */
  targetCpcCents: Cents,
  /** From the flight's first day to today, oldest first; a day without delivery counts zero. */
  daily: z.array(DeliveryDayView),
  /** When these figures were pulled from the platform, by our clock. */
  refreshedAt: Timestamp,
  /**
   * The time the figures are for, by the ad platform's clock (when it made its report): what "figures as
   * of" shows. The pull's time when the platform did not say.
   */
  reportedAt: Timestamp,
  /** Set once goal-aware pacing paused the ads: why, the sentence the campaigner was sent, and when. */
  pause: DeliveryPause.nullable(),
  /** A pull that failed after these figures were pulled (they are the latest there are), else null. */
  lastFailure: DeliveryFailure.nullable(),
});
export type DeliveryView = z.infer<typeof DeliveryView>;

export const DeliveryResponse = z.object({ delivery: DeliveryView });

export const DeliveryQuery = z.object({
  /** Pull now rather than answer figures up to a few minutes old (at most once a minute per campaign). */
  refresh: z.enum(['true', 'false']).optional(),
});
