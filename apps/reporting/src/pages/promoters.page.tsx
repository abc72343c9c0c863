import { useState } from 'react';
import type { PromoterRow } from '@causeway/core/contracts/reporting.contract';
import { usePromoters } from '../api/reports.api';
import { leaderRows } from '../model/charts';
import { change, count, dollars } from '../model/format';
import type { ReportScope } from '../model/scope';
import { ChartFrame } from '../ui/chart-frame';
import { LeaderboardChart } from '../ui/charts';
import { DataTable, Pager, type Column } from '../ui/data-table';
import { ExportButtons } from '../ui/export-buttons';
import { ErrorPanel, Freshness, LoadingSkeleton, NoFigures } from '../ui/states';

const week = (row: PromoterRow) => {
  const moved = change(row.thisWeek.gifts, row.lastWeek.gifts);
  return `${count(row.thisWeek.gifts)} gifts, ${count(row.thisWeek.clicks)} clicks${moved ? ` (${moved} gifts)` : ''}`;
};

const columns: Column<PromoterRow>[] = [
  { header: 'Rank', numeric: true, cell: (row) => count(row.rank) },
  { header: 'Promoter', cell: (row) => row.name },
  { header: 'Gifts brought', numeric: true, cell: (row) => count(row.gifts) },
  { header: 'Raised', numeric: true, cell: (row) => dollars(row.raisedCents) },
  { header: 'Campaigns', numeric: true, wide: true, cell: (row) => count(row.campaigns) },
  { header: 'X', numeric: true, wide: true, cell: (row) => count(row.clicks.x) },
  { header: 'LinkedIn', numeric: true, wide: true, cell: (row) => count(row.clicks.linkedin) },
  { header: 'Facebook', numeric: true, wide: true, cell: (row) => count(row.clicks.facebook) },
  { header: 'Instagram', numeric: true, wide: true, cell: (row) => count(row.clicks.instagram) },
  { header: 'QR code', numeric: true, wide: true, cell: (row) => count(row.clicks.qr) },
  { header: 'Clicks', numeric: true, cell: (row) => count(row.clicks.total) },
  { header: 'This week', wide: true, cell: week },
  {
    header: 'Week before',
    wide: true,
    cell: (row) => `${count(row.lastWeek.gifts)} gifts, ${count(row.lastWeek.clicks)} clicks`,
  },
];

/** The promoters' leaderboard: by gifts brought, then raised, with clicks by channel and their week. */
export function PromotersPage({ scope }: { scope: ReportScope }) {
  const [page, setPage] = useState(1);
  const promoters = usePromoters(scope, page);
  return (
    <div className="cw-rep-page">
      <div className="cw-rep-page__head">
        <h1 className="cw-rep-page__title">Promoters</h1>
        <ExportButtons table="promoters" label="promoters" scope={scope} />
      </div>
      {promoters.isPending ? (
        <LoadingSkeleton label="Loading the promoters…" />
      ) : promoters.isError ? (
        <ErrorPanel
          title="The promoters could not be loaded"
          error={promoters.error}
          onRetry={() => promoters.refetch()}
        />
      ) : promoters.data.rows.length === 0 ? (
        <NoFigures what="promoters" />
      ) : (
        <>
          <Freshness freshness={promoters.data.freshness} />
          {page === 1 && (
            <ChartFrame
              title="Leaderboard"
              summary={`${promoters.data.rows[0]!.name} leads with ${count(promoters.data.rows[0]!.gifts)} gifts brought.`}
              rows={leaderRows(promoters.data.rows)}
              columns={[
                { header: 'Promoter', cell: (row) => row.name },
                { header: 'Gifts brought', numeric: true, cell: (row) => count(row.gifts) },
                { header: 'Raised', numeric: true, cell: (row) => dollars(Math.round(row.raised * 100)) },
                { header: 'Clicks', numeric: true, cell: (row) => count(row.clicks) },
              ]}
              rowKey={(row) => row.promoterId}
            >
              <LeaderboardChart rows={leaderRows(promoters.data.rows)} />
            </ChartFrame>
          )}
          <DataTable
            caption="Promoters"
            columns={columns}
            rows={promoters.data.rows}
            rowKey={(row) => row.promoterId}
          />
          <Pager
            label="Promoters"
            page={promoters.data.page}
            pageSize={promoters.data.pageSize}
            total={promoters.data.total}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
