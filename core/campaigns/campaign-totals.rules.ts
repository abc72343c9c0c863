import { invalid } from '../shared/errors';
import { Cents } from '../shared/primitives';

/**
 * What every store checks before it adds gifts to a campaign's totals (`countDonations`): an amount of
 * whole cents and a whole number of donors, neither negative.
 */
export function checkGiftsCounted(amountCents: number, donors: number): void {
  if (!Cents.safeParse(amountCents).success)
    throw invalid('A donation amount is a whole, non-negative number of cents.');
  if (!Number.isSafeInteger(donors) || donors < 0) throw invalid('A number of donors is a whole, non-negative number.');
}

/** What every store checks before it takes a refund off a campaign's totals (`uncountDonation`). */
export function checkRefundUncounted(amountCents: number): void {
  if (!Cents.safeParse(amountCents).success) throw invalid('A refund amount is a whole, non-negative number of cents.');
}
