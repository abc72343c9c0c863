import { formatUsd } from '@causeway/core/budget/budget.rules';
import { PAYMENT_PATHS, type MyPayment } from '@causeway/core/contracts/payments.contract';

/** What a gift came to after refunds: the amount, less what was paid back. */
export const keptCents = (payment: Pick<MyPayment, 'amount' | 'refunded'>) =>
  Math.max(0, payment.amount - payment.refunded);

/** What a donor gave in all, refunds taken off, and to how many campaigns. */
export function givingSummary(payments: readonly Pick<MyPayment, 'amount' | 'refunded' | 'campaignId'>[]): {
  totalCents: number;
  campaigns: number;
} {
  const kept = payments.filter((payment) => keptCents(payment) > 0);
  return {
    totalCents: kept.reduce((total, payment) => total + keptCents(payment), 0),
    campaigns: new Set(kept.map((payment) => payment.campaignId)).size,
  };
}

/** The sentence over the list: "$35.00 given to 2 campaigns". */
export function givingSummaryText(payments: readonly Pick<MyPayment, 'amount' | 'refunded' | 'campaignId'>[]): string {
  const { totalCents, campaigns } = givingSummary(payments);
  if (campaigns === 0) return 'Nothing given yet';
  return `${formatUsd(totalCents)} given to ${campaigns} ${campaigns === 1 ? 'campaign' : 'campaigns'}`;
}

/** A gift's refund state, or null when none of it was paid back. */
export function refundLabel(payment: Pick<MyPayment, 'amount' | 'refunded'>): string | null {
  if (payment.refunded <= 0) return null;
  if (payment.refunded >= payment.amount) return 'Refunded';
  return `${formatUsd(payment.refunded)} refunded`;
}

/** The receipt page of a gift, when its checkout is known. */
export function receiptPath(payment: Pick<MyPayment, 'campaignId' | 'sessionId'>): string | null {
  if (!payment.sessionId) return null;
  return `${PAYMENT_PATHS.receipt(payment.campaignId)}?session_id=${encodeURIComponent(payment.sessionId)}`;
}
