import { formatUsd } from '@causeway/core/budget/budget.rules';
import type { DonorGift } from '@causeway/core/contracts/donor-gifts.contract';

/** What became of a gift, in words: "Paid", "$5.00 refunded", "Refunded". */
export function giftStatusLabel(gift: Pick<DonorGift, 'status' | 'refunded'>): string {
  if (gift.status === 'refunded') return 'Refunded';
  if (gift.status === 'partlyRefunded') return `${formatUsd(gift.refunded)} refunded`;
  return 'Paid';
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** "Jan 22, 2026": a gift's date in the reader's time zone. */
export const giftsDate = (iso: string): string => dateFormat.format(new Date(iso));

/** When the visit ends, said in the reader's time: "This page closes at 3:45 PM." */
export function visitEndText(endsAt: string, timeZone?: string): string {
  const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(
    new Date(endsAt),
  );
  return `For your privacy this page closes at ${time}; open a new link to see it again.`;
}
