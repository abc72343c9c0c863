/**
 * The card fee a donor may cover: the platform's rule (a percent of the charge plus a fixed amount) and
 * the extra that makes the organization receive the whole gift once the fee on the total is taken.
 * The donate panel shows this figure and the server charges it: one rule, here.
 */
import { z } from 'zod';
import { dollarsText, formatUsd } from '../budget/budget.rules';

export interface CardFeeRule {
  /** The percent of the charge, to a hundredth of a percent (2.2 is 2.2 %). */
  percent: number;
  /** The fixed part of the fee per charge, in cents. */
  fixedCents: number;
}

/**
 * Stripe's discounted card rate for US nonprofits, 2.2 % + $0.30
 * (https://support.stripe.com/questions/fee-discount-for-nonprofit-organizations).
 */
export const DEFAULT_CARD_FEE: CardFeeRule = { percent: 2.2, fixedCents: 30 };

/** The largest percent and fixed amount the rule may take. */
export const MAX_CARD_FEE_PERCENT = 10;
export const MAX_CARD_FEE_FIXED_CENTS = 500;

/** What an administrator is told of a rule that cannot be saved; each names its field. */
export const CARD_FEE_PROBLEMS = {
  percentRange: `The card fee percent is from 0 to ${MAX_CARD_FEE_PERCENT}, like 2.2.`,
  percentPrecision: 'The card fee percent takes at most two decimals, like 2.25.',
  fixedRange: `The card fee's fixed amount is from 0 to ${MAX_CARD_FEE_FIXED_CENTS} cents (${formatUsd(MAX_CARD_FEE_FIXED_CENTS)}).`,
  fixedWhole: "The card fee's fixed amount is in whole cents, like 30 for $0.30.",
} as const;

/** The rule's percent as settings keep it: 0 to 10, to a hundredth of a percent. */
export const CardFeePercent = z
  .number({ error: CARD_FEE_PROBLEMS.percentRange })
  .min(0, CARD_FEE_PROBLEMS.percentRange)
  .max(MAX_CARD_FEE_PERCENT, CARD_FEE_PROBLEMS.percentRange)
  .refine((percent) => hasPercentPrecision(percent), CARD_FEE_PROBLEMS.percentPrecision);

/** The rule's fixed amount as settings keep it: whole cents, 0 to $5. */
export const CardFeeFixed = z
  .number({ error: CARD_FEE_PROBLEMS.fixedRange })
  .int(CARD_FEE_PROBLEMS.fixedWhole)
  .min(0, CARD_FEE_PROBLEMS.fixedRange)
  .max(MAX_CARD_FEE_FIXED_CENTS, CARD_FEE_PROBLEMS.fixedRange);

/** The percent in hundredths of a percent (basis points), so the arithmetic stays in whole numbers. */
const basisPointsOf = (percent: number): number => Math.round(percent * 100);

/** True when the percent has at most two decimals (read as typed: 2.2 and 2.25 are, 2.255 is not). */
export const hasPercentPrecision = (percent: number): boolean =>
  Number.isFinite(percent) && Math.abs(percent * 100 - basisPointsOf(percent)) < 1e-6;

/**
 * The extra that covers the card fee of a gift of `amountCents`: the smallest whole number of cents
 * such that the organization receives at least the gift once the fee on the total is taken,
 * extra = ceil((amount + fixed) / (1 − percent) − amount). Computed in whole numbers:
 * (amount·bp + fixed·10000) / (10000 − bp), rounded up, with bp the percent in basis points.
 */
export function coveredFee(amountCents: number, rule: CardFeeRule): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError('A gift is a whole, non-negative number of cents.');
  }
  const basisPoints = basisPointsOf(rule.percent);
  if (!(basisPoints >= 0 && basisPoints <= MAX_CARD_FEE_PERCENT * 100)) {
    throw new RangeError(`A card fee percent is between 0 and ${MAX_CARD_FEE_PERCENT}.`);
  }
  if (!Number.isSafeInteger(rule.fixedCents) || rule.fixedCents < 0) {
    throw new RangeError('A card fee fixed amount is a whole, non-negative number of cents.');
  }
  const numerator = amountCents * basisPoints + rule.fixedCents * 10_000;
  const denominator = 10_000 - basisPoints;
  return Math.floor((numerator + denominator - 1) / denominator);
}

/** The donate panel's offer: "Add $0.87 so Harbor Light receives the full $25". */
export function coverFeeOffer(
  amountCents: number,
  rule: CardFeeRule,
  organizationName: string | null,
  /** A monthly gift: the fee is added to each month's charge. */
  monthly = false,
): string {
  const who = organizationName?.trim() || 'the campaign';
  const each = monthly ? ' a month' : '';
  return `Add ${formatUsd(coveredFee(amountCents, rule))}${each} so ${who} receives the full ${dollarsText(amountCents)}${each}`;
}
