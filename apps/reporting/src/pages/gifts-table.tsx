import { useState } from 'react';
import type { GiftRow } from '@causeway/core/contracts/reporting.contract';
import { formatDateTime } from '@causeway/shells/shared/format';
import { useCampaignGifts } from '../api/reports.api';
import { CHANNEL_LABELS } from '../model/charts';
import { dollars } from '../model/format';
import type { ReportScope } from '../model/scope';
import { DataTable, Pager, type Column } from '../ui/data-table';
import { ExportButtons } from '../ui/export-buttons';
import { ErrorPanel, LoadingSkeleton } from '../ui/states';

/** A gift's refund in words: none, part of it, or all of it. */
export function refundText(gift: Pick<GiftRow, 'refundState' | 'refundedCents'>): string {
  if (gift.refundState === 'full') return 'Refunded';
  if (gift.refundState === 'partial') return `${dollars(gift.refundedCents)} refunded`;
  return '—';
}

const columns: Column<GiftRow>[] = [
  { header: 'Date', cell: (gift) => <span className="cw-rep-nowrap">{formatDateTime(gift.date)}</span> },
  { header: 'Amount', numeric: true, cell: (gift) => dollars(gift.amountCents) },
  { header: 'Donor', cell: (gift) => gift.donorName ?? <span className="cw-rep-muted">Anonymous</span> },
  { header: 'Message', cell: (gift) => gift.message ?? '' },
  {
    header: 'Promoter',
    wide: true,
    cell: (gift) =>
      gift.promoterName
        ? `${gift.promoterName}${gift.channel ? ` (${CHANNEL_LABELS[gift.channel]})` : ''}`
        : gift.channel
          ? CHANNEL_LABELS[gift.channel]
          : '—',
  },
  { header: 'Refund', cell: refundText },
];

/** Who gave to a campaign in the range, with what words: newest first, a page at a time. */
export function GiftsSection({ campaignId, scope }: { campaignId: string; scope: ReportScope }) {
  const [page, setPage] = useState(1);
  const gifts = useCampaignGifts(campaignId, scope, page);
  return (
    <section className="cw-rep-panel" aria-labelledby="campaign-gifts">
      <div className="cw-rep-panel__head">
        <h2 id="campaign-gifts" className="cw-rep-panel__title">
          Gifts
        </h2>
        <ExportButtons table="gifts" label="the gifts" scope={scope} extra={{ campaignId }} />
      </div>
      {gifts.isPending ? (
        <LoadingSkeleton label="Loading the gifts…" />
      ) : gifts.isError ? (
        <ErrorPanel compact title="The gifts could not be loaded" error={gifts.error} onRetry={() => gifts.refetch()} />
      ) : gifts.data.rows.length === 0 ? (
        <p className="cw-rep-muted">No gifts in this range yet.</p>
      ) : (
        <>
          <DataTable caption="Gifts" columns={columns} rows={gifts.data.rows} rowKey={(gift) => gift.paymentId} />
          <Pager
            label="Gifts"
            page={gifts.data.page}
            pageSize={gifts.data.pageSize}
            total={gifts.data.total}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
