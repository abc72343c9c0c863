import { HandCoins } from 'lucide-react';
import { useState } from 'react';
import type { GiftRow } from '@causeway/core/contracts/reporting.contract';
import { CHANNEL_LABELS } from '@causeway/core/promotion/share-links.rules';
import { EmptyState, ErrorPanel } from '@causeway/shells/shared/ui/states';
import { Section } from '@causeway/shells/shared/ui/page-header';
import { GIFTS_PAGE_SIZE, useCampaignGifts } from '../api/gifts.api';
import { formatMoment } from '../model/dates';
import { dollarsText } from '../model/live-figures';
import { ListSkeleton } from '../ui/states';

/** A gift's refund in words. */
export function refundStateText(gift: Pick<GiftRow, 'refundState' | 'refundedCents'>): string {
  if (gift.refundState === 'full') return 'Refunded';
  if (gift.refundState === 'partial') return `${dollarsText(gift.refundedCents)} refunded`;
  return 'Not refunded';
}

/** Who brought a gift: the promoter (and through which network), a network alone, or nobody. */
export function broughtByText(gift: Pick<GiftRow, 'promoterName' | 'channel'>): string {
  const channel = gift.channel ? CHANNEL_LABELS[gift.channel] : null;
  if (gift.promoterName) return channel ? `${gift.promoterName} (${channel})` : gift.promoterName;
  return channel ?? '—';
}

/** The campaign's gifts: when, how much, from whom, with what words, brought by whom, refunded or not. */
export function GiftsSection({ campaignId }: { campaignId: string }) {
  const [page, setPage] = useState(1);
  const gifts = useCampaignGifts(campaignId, page);
  const pages = gifts.data ? Math.max(1, Math.ceil(gifts.data.total / GIFTS_PAGE_SIZE)) : 1;
  return (
    <Section
      headingLevel={3}
      id="campaign-gifts"
      title="Gifts"
      description="Every gift, newest first, with the name and message the donor gave."
    >
      {gifts.isPending ? (
        <ListSkeleton label="Loading the gifts…" rows={2} />
      ) : gifts.isError ? (
        <ErrorPanel
          compact
          title="The gifts couldn't be loaded"
          error={gifts.error}
          onRetry={() => void gifts.refetch()}
        />
      ) : gifts.data.rows.length === 0 ? (
        <EmptyState
          layout="inline"
          icon={HandCoins}
          title="No gifts yet"
          text="Each gift shows here within seconds, with the donor's name and message."
        />
      ) : (
        <>
          <div className="cw-pub-gifts" tabIndex={0} role="region" aria-label="Gifts">
            <table className="cw-pub-gifts__table" data-testid="campaign-gifts">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col" className="is-numeric">
                    Amount
                  </th>
                  <th scope="col">Donor</th>
                  <th scope="col">Message</th>
                  <th scope="col">Brought by</th>
                  <th scope="col">Refund</th>
                </tr>
              </thead>
              <tbody>
                {gifts.data.rows.map((gift) => (
                  <tr key={gift.paymentId}>
                    <td className="cw-pub-gifts__date">{formatMoment(gift.date)}</td>
                    <td className="is-numeric">{dollarsText(gift.amountCents)}</td>
                    <td>{gift.donorName ?? 'Anonymous'}</td>
                    <td>{gift.message ?? ''}</td>
                    <td>{broughtByText(gift)}</td>
                    <td>{refundStateText(gift)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav className="cw-pub-gifts__pager" aria-label="Gift pages">
              <button
                type="button"
                className="cw-button cw-button--secondary"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Newer
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="cw-button cw-button--secondary"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Older
              </button>
            </nav>
          )}
        </>
      )}
    </Section>
  );
}
