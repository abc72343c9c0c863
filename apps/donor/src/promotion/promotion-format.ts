import { formatUsd } from '@causeway/core/budget/budget.rules';
import type { ClickCountsView, DonationTotals } from '@causeway/core/contracts/promotion.contract';
import type { ShareChannel } from '@causeway/core/campaigns/targeting.entity';
import { CHANNEL_LABELS, CHANNEL_ORDER } from '@causeway/core/promotion/share-links.rules';

/** Pure wording of the promotion screens. */

export function totalClicks(clicks: ClickCountsView): number {
  return CHANNEL_ORDER.reduce((sum, channel) => sum + clicks[channel], 0);
}

export function clicksLabel(count: number): string {
  return count === 1 ? '1 click' : `${count.toLocaleString('en-US')} clicks`;
}

export function donationsLabel(count: number): string {
  if (count === 0) return 'No donations yet';
  return count === 1 ? '1 donation' : `${count.toLocaleString('en-US')} donations`;
}

/** This week's donations in a few words: "None this week" or "$25.00 from 1 donation this week". */
export function donationsThisWeek(totals: DonationTotals): string {
  if (totals.count === 0) return 'None this week';
  return `${formatUsd(totals.amountCents)} from ${donationsLabel(totals.count).toLowerCase()} this week`;
}

/** "X 4 · LinkedIn 1" — the channels that had clicks, in the channels' order; "No clicks yet" otherwise. */
export function channelBreakdown(clicks: ClickCountsView): string {
  const parts = CHANNEL_ORDER.filter((channel) => clicks[channel] > 0).map(
    (channel: ShareChannel) => `${CHANNEL_LABELS[channel]} ${clicks[channel].toLocaleString('en-US')}`,
  );
  return parts.length > 0 ? parts.join(' · ') : 'No clicks yet';
}

/** What the share button of a channel says. */
export function shareButtonLabel(channel: ShareChannel): string {
  return channel === 'instagram' ? 'Copy for Instagram' : `Share on ${CHANNEL_LABELS[channel]}`;
}
