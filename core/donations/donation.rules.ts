/** Pure rules of donations: the smallest and largest gift, the split, the counts and refunds. */

/** The smallest gift: $1. */
export const MIN_DONATION_CENTS = 100;
/** The largest gift taken online in one payment: $100,000 (larger gifts are arranged with the organization). */
export const MAX_DONATION_CENTS = 10_000_000;

export interface DonationSplit {
  /** What goes to the organization. */
  organizationShare: number;
  /** What goes to the campaign's ad budget: the rest, so the two always add up to the amount. */
  adBudgetShare: number;
}

/**
 * Splits an amount by the organization's percentage (SPEC §9). The organization's share is rounded to
 * the nearest cent, halves up; the ad budget gets the rest. Percentages may have decimals: they are
 * taken to a hundredth of a percent and the arithmetic stays in whole numbers.
 */
export function splitDonation(amountCents: number, percentage: number): DonationSplit {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError('A donation amount is a whole, non-negative number of cents.');
  }
  if (!(percentage >= 0 && percentage <= 100)) throw new RangeError('A donation percentage is between 0 and 100.');
  const basisPoints = Math.round(percentage * 100);
  const organizationShare = Math.floor((amountCents * basisPoints + 5_000) / 10_000);
  return { organizationShare, adBudgetShare: amountCents - organizationShare };
}

/**
 * The donor count after a new donation (SPEC §5): a campaign without a count counts its first donor
 * as 1, otherwise one is added. Stores apply the same rule in place (`coalesce(donators, 0) + 1`).
 */
export function countedDonators(current: number | null | undefined): number {
  return (current ?? 0) + 1;
}

export interface RefundChange {
  /** What this refund adds to the refunds already applied: 0 for a repeat or an older, smaller report. */
  newlyRefunded: number;
  /** All refunded of the payment once this is applied (never more than the amount). */
  refunded: number;
  /** True when this refund is the one that makes the payment fully refunded: the donor is no longer counted. */
  becameFullyRefunded: boolean;
}

/**
 * A refund as the provider reports it (all refunded of the payment so far) applied to what is already
 * applied. Reports may come twice or out of order: only the part beyond what is applied counts, once.
 */
export function refundChange(amountCents: number, alreadyRefunded: number, reportedRefunded: number): RefundChange {
  const refunded = Math.min(amountCents, Math.max(alreadyRefunded, reportedRefunded));
  const newlyRefunded = refunded - alreadyRefunded;
  return {
    newlyRefunded,
    refunded,
    becameFullyRefunded: newlyRefunded > 0 && refunded === amountCents && alreadyRefunded < amountCents,
  };
}

/** The donor count after a donation is fully refunded: one fewer, never below zero. */
export function donatorsAfterFullRefund(current: number | null | undefined): number {
  return Math.max((current ?? 0) - 1, 0);
}
