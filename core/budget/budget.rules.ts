/**
 * Budget rules and the ad platform's fixed figures (SPEC §9). Amounts are cents unless a name says
 * dollars: the platform counts in dollars, the product in cents.
 */

/** The share of the lifetime budget that buys ads (SPEC §9 budget share). */
export const AD_BUDGET_SHARE = 0.65;
/** Cost-per-click goal when the campaign sets none: one dollar (SPEC §9). */
export const DEFAULT_CPC_GOAL_CENTS = 100;

/** Line item settings the platform gets for every campaign (SPEC §9). */
export const LINE_ITEM_DEFAULTS = {
  maxAvgBid: 5,
  optimizationWindowInDays: 7,
  viewabilityRate: 50,
  thirdPartyCpmCost: 0.5,
  creativeWeight: 100,
} as const;

/** The part of a lifetime budget that is spent on ads, in whole cents (rounded down: never more than paid). */
export function adSpendCents(budgetLifetimeCents: number): number {
  return Math.floor(budgetLifetimeCents * AD_BUDGET_SHARE);
}

/** Cents as the platform's dollars. */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100;

// Made once: a formatter costs far more to make than to use, and amounts are formatted per payment.
const usdFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeUsdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** Cents shown to people: "$1,234.50" (SPEC §9: amounts are shown divided by 100, currency usd). */
export function formatUsd(cents: number): string {
  return usdFormat.format(cents / 100);
}

/** Cents in a sentence: "$100" for whole dollars, "$0.10" otherwise, thousands separated. */
export function dollarsText(cents: number): string {
  return (cents % 100 === 0 ? wholeUsdFormat : usdFormat).format(cents / 100);
}

/** Whole days between two instants, counting a started day (a campaign of one afternoon runs one day). */
export function daysBetween(start: Date, end: Date): number {
  return Math.max(1, Math.ceil((end.getTime() - start.getTime()) / 86_400_000));
}

/**
 * The daily budget that spends the ad share evenly over the campaign's days, in whole cents, when the
 * campaigner leaves the daily budget to the platform.
 */
export function evenDailyBudgetCents(budgetLifetimeCents: number, days: number): number {
  return Math.floor(adSpendCents(budgetLifetimeCents) / Math.max(1, days));
}
