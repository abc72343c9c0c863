import { invalid } from '@causeway/core/shared/errors';

/** The currencies the platform charges in, with the number of decimals of their smallest unit. */
const MINOR_UNIT_DECIMALS = { usd: 2 } as const;
export type StripeCurrency = keyof typeof MINOR_UNIT_DECIMALS;

/** Our money is integer cents (two decimals); a currency's smallest unit may have other decimals. */
const OUR_DECIMALS = 2;

/**
 * The one place our amounts become the provider's: integer cents to the currency's smallest unit
 * (for usd the same number). A fraction of a cent or a negative amount never reaches the provider.
 */
export function toSmallestUnit(amountCents: number, currency: StripeCurrency = 'usd'): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw invalid(`The amount must be a whole, non-negative number of cents (got ${amountCents}).`);
  }
  const shift = MINOR_UNIT_DECIMALS[currency] - OUR_DECIMALS;
  if (shift >= 0) return amountCents * 10 ** shift;
  const divisor = 10 ** -shift;
  if (amountCents % divisor !== 0) {
    throw invalid(`The amount of ${amountCents} cents cannot be charged in ${currency.toUpperCase()}.`);
  }
  return amountCents / divisor;
}

/** The provider's smallest unit back to our integer cents. */
export function fromSmallestUnit(amount: number, currency: StripeCurrency = 'usd'): number {
  const shift = MINOR_UNIT_DECIMALS[currency] - OUR_DECIMALS;
  return shift >= 0 ? Math.round(amount / 10 ** shift) : amount * 10 ** -shift;
}
