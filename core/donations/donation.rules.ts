/** Pure rules of donations: the smallest and largest gift, the split, the counts and refunds. */
import { formatUsd } from '../budget/budget.rules';

/** The smallest gift: $1. */
export const MIN_DONATION_CENTS = 100;
/** The largest gift taken online in one payment: $100,000 (larger gifts are arranged with the organization). */
export const MAX_DONATION_CENTS = 10_000_000;

/** The amounts offered with one click, in cents (the donate panel and the donate form for other sites). */
export const PRESET_AMOUNTS = [1_000, 2_500, 5_000, 10_000] as const;

/** The preset chosen when a donate form opens. */
export const DEFAULT_AMOUNT = 2_500;

/** The longest name and message a donor leaves with a gift. */
export const DONOR_NAME_MAX_LENGTH = 100;
export const DONATION_MESSAGE_MAX_LENGTH = 500;

/** What a donor is told of an amount that cannot be given (the API's DonationAmount says the same). */
export const DONATION_AMOUNT_PROBLEMS = {
  missing: 'Enter an amount to give.',
  notWholeCents: 'Use whole cents, like 25.50.',
  tooSmall: `The smallest gift is ${formatUsd(MIN_DONATION_CENTS)}.`,
  tooLarge: `Gifts online can be at most ${formatUsd(MAX_DONATION_CENTS)}.`,
} as const;

/**
 * Why a gift of `cents` cannot be given, or null when it can: whole cents from $1 to $100,000. The
 * donate panel checks with it before the API does (without the schema library on the public page).
 */
export function donationAmountProblem(cents: number): string | null {
  if (!Number.isFinite(cents)) return DONATION_AMOUNT_PROBLEMS.missing;
  if (!Number.isSafeInteger(cents)) return DONATION_AMOUNT_PROBLEMS.notWholeCents;
  if (cents < MIN_DONATION_CENTS) return DONATION_AMOUNT_PROBLEMS.tooSmall;
  if (cents > MAX_DONATION_CENTS) return DONATION_AMOUNT_PROBLEMS.tooLarge;
  return null;
}

/**
 * Dollars as typed (`25`, `25.5`, `$1,000.00`) in cents, or null when it is not an amount of dollars
 * and cents. The cents are then checked with donationAmountProblem (the API's DonationAmount).
 */
export function centsFromDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(cleaned) ?? /^()\.(\d{1,2})$/.exec(cleaned);
  if (!match) return null;
  const dollars = match[1] === '' ? 0 : Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return dollars * 100 + cents;
}

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

/** What a refund changes of a donation: the gift's refund, the covered fee's, and the split of what is left. */
export interface RefundableDonation {
  amount: number;
  refunded: number;
  covered_fee: number;
  covered_fee_refunded: number;
  donation_percentage: number;
  organization_share: number;
  ad_budget_share: number;
}

export interface RefundedDonation<T extends RefundableDonation> {
  /** The donation with the refund applied and its shares split again (the same figures when nothing is new). */
  donation: T;
  /** The gift's part of the refund: what the campaign's figures lose. */
  change: RefundChange;
  /** What this refund newly takes off the covered fee. */
  feeNewlyRefunded: number;
}

/**
 * A refund as the provider reports it, all refunded of the payment so far (the gift and the fee the
 * donor covered on top of it), applied to its donation. The gift is refunded first and the covered fee
 * with the last of it, so a whole refund returns both while the campaign's figures lose only the gift;
 * what is left of the gift is split again by the donation's own percentage. Repeated and out-of-order
 * reports apply once, as refundChange does.
 */
export function refundedDonation<T extends RefundableDonation>(
  donation: T,
  reportedRefunded: number,
): RefundedDonation<T> {
  const change = refundChange(donation.amount, donation.refunded, reportedRefunded);
  const feeRefunded = Math.min(
    donation.covered_fee,
    Math.max(donation.covered_fee_refunded, reportedRefunded - donation.amount),
  );
  const feeNewlyRefunded = feeRefunded - donation.covered_fee_refunded;
  const split = splitDonation(donation.amount - change.refunded, donation.donation_percentage);
  return {
    donation: {
      ...donation,
      refunded: change.refunded,
      covered_fee_refunded: feeRefunded,
      organization_share: split.organizationShare,
      ad_budget_share: split.adBudgetShare,
    },
    change,
    feeNewlyRefunded,
  };
}

/**
 * A payment of `paidCents` taken by a checkout whose donor chose to cover `coveredFee`: the gift and the
 * fee. The fee is counted only when the payment holds it and more (a payment that does not match is all
 * gift), so the two always add up to what was paid.
 */
export function giftAndFeeOf(paidCents: number, coveredFee: number): { gift: number; fee: number } {
  const fee = coveredFee > 0 && paidCents > coveredFee ? coveredFee : 0;
  return { gift: paidCents - fee, fee };
}

/** The donor count after a donation is fully refunded: one fewer, never below zero. */
export function donatorsAfterFullRefund(current: number | null | undefined): number {
  return Math.max((current ?? 0) - 1, 0);
}
