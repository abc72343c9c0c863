import { useState } from 'react';
import { REPORTING_PATHS, type PaymentRow } from '@causeway/core/contracts/reporting.contract';
import { Link } from '@causeway/shells/shared/router';
import { usePayments } from '../api/reports.api';
import { dollars } from '../model/format';
import { withScope, type ReportScope } from '../model/scope';
import { DataTable, Pager, type Column } from '../ui/data-table';
import { ExportButtons } from '../ui/export-buttons';
import { ErrorPanel, Freshness, LoadingSkeleton, NoFigures } from '../ui/states';

const columnsOf = (scope: ReportScope): Column<PaymentRow>[] => [
  { header: 'Date', cell: (row) => row.formattedDate },
  {
    header: 'Amount',
    numeric: true,
    cell: (row) =>
      row.refundedCents > 0 ? `${dollars(row.amount)} (${dollars(row.refundedCents)} refunded)` : dollars(row.amount),
  },
  {
    header: 'Campaign',
    cell: (row) => (
      <Link to={withScope(REPORTING_PATHS.campaign(row.campaignId), scope)} className="cw-rep-link">
        {row.campaignTitle}
      </Link>
    ),
  },
  { header: 'Card', wide: true, cell: (row) => (row.card ? `${row.card.brand} •••• ${row.card.last4}` : '—') },
  { header: 'Payment', wide: true, cell: (row) => <code className="cw-rep-code">{row.paymentId}</code> },
  {
    header: 'Receipt',
    cell: (row) =>
      row.link ? (
        <a href={row.link} target="_blank" rel="noreferrer" className="cw-rep-link">
          Receipt
          <span className="cw-visually-hidden">
            {' '}
            of {row.formattedDate}, {dollars(row.amount)}
          </span>
        </a>
      ) : (
        '—'
      ),
  },
];

/** Every payment of the range (SPEC §3 Results): date, amount, card and receipt. */
export function PaymentsPage({ scope }: { scope: ReportScope }) {
  const [page, setPage] = useState(1);
  const payments = usePayments(scope, page);
  return (
    <div className="cw-rep-page">
      <div className="cw-rep-page__head">
        <h1 className="cw-rep-page__title">Payments</h1>
        <ExportButtons table="payments" label="payments" scope={scope} />
      </div>
      {payments.isPending ? (
        <LoadingSkeleton label="Loading the payments…" />
      ) : payments.isError ? (
        <ErrorPanel
          title="The payments could not be loaded"
          error={payments.error}
          onRetry={() => payments.refetch()}
        />
      ) : payments.data.rows.length === 0 ? (
        <NoFigures what="payments" />
      ) : (
        <>
          <Freshness freshness={payments.data.freshness} />
          <DataTable
            caption="Payments"
            columns={columnsOf(scope)}
            rows={payments.data.rows}
            rowKey={(row) => row.paymentId}
          />
          <Pager
            label="Payments"
            page={payments.data.page}
            pageSize={payments.data.pageSize}
            total={payments.data.total}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
