import type { ClickCountsView } from '@causeway/core/contracts/promotion.contract';
import { CHANNEL_LABELS, CHANNEL_ORDER } from '@causeway/core/promotion/share-links.rules';

/** "X 4 · LinkedIn 1": the channels that had clicks, in the channels' order; "No clicks yet" otherwise. */
export function channelBreakdown(clicks: ClickCountsView): string {
  const parts = CHANNEL_ORDER.filter((channel) => clicks[channel] > 0).map(
    (channel) => `${CHANNEL_LABELS[channel]} ${clicks[channel].toLocaleString('en-US')}`,
  );
  return parts.length > 0 ? parts.join(' · ') : 'No clicks yet';
}

export function countLabel(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

export const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
