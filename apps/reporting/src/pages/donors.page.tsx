import type { DonorRow, RetentionCohort } from '@causeway/core/contracts/reporting.contract';
import { formatDateTime } from '@causeway/shells/shared/format';
import { useDonors } from '../api/reports.api';
import { count, dollars, monthName, percent } from '../model/format';
import type { ReportScope } from '../model/scope';
import { DataTable, Pager, type Column } from '../ui/data-table';
import { ExportButtons } from '../ui/export-buttons';
import { useTableSort } from '../ui/use-table-sort';
import { KpiGrid } from '../ui/kpis';
import { ErrorPanel, Freshness, LoadingSkeleton, NoFigures } from '../ui/states';
import { StatementsPanel } from './statements-panel';

type DonorSort = 'total' | 'gifts' | 'lastGiftAt' | 'firstGiftAt' | 'name';

const columns: Column<DonorRow, DonorSort>[] = [
  { header: 'Donor', sort: 'name', cell: (row) => row.name ?? <span className="cw-rep-muted">No name given</span> },
  { header: 'E-mail', wide: true, cell: (row) => row.email ?? '—' },
  { header: 'Gifts', sort: 'gifts', numeric: true, cell: (row) => count(row.gifts) },
  { header: 'Total', sort: 'total', numeric: true, cell: (row) => dollars(row.totalCents) },
  { header: 'First gift', sort: 'firstGiftAt', wide: true, cell: (row) => formatDateTime(row.firstGiftAt) },
  { header: 'Last gift', sort: 'lastGiftAt', cell: (row) => formatDateTime(row.lastGiftAt) },
];

/** Retention by month of first gift: each later month's share of the cohort that gave again. */
function RetentionTable({ cohorts }: { cohorts: readonly RetentionCohort[] }) {
  const months = Math.max(0, ...cohorts.map((cohort) => cohort.months.length));
  return (
    <section className="cw-rep-panel" aria-labelledby="donor-retention">
      <h2 id="donor-retention" className="cw-rep-panel__title">
        Retention by month of first gift
      </h2>
      <p className="cw-rep-chart__summary">
        Of the donors who first gave in a month, the share who gave again in each month after it.
      </p>
      <div className="cw-rep-table-wrap" tabIndex={0} role="region" aria-label="Retention by month of first gift">
        <table className="cw-rep-table">
          <thead>
            <tr>
              <th scope="col">First gift in</th>
              <th scope="col" className="is-numeric">
                Donors
              </th>
              {Array.from({ length: Math.max(0, months - 1) }, (_, index) => (
                <th key={index} scope="col" className="is-numeric">
                  Month {index + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cohorts.map((cohort) => (
              <tr key={cohort.cohort}>
                <th scope="row">{monthName(cohort.cohort)}</th>
                <td className="is-numeric">{count(cohort.donors)}</td>
                {Array.from({ length: Math.max(0, months - 1) }, (_, index) => {
                  const month = cohort.months[index + 1];
                  return (
                    <td key={index} className="is-numeric">
                      {month ? `${percent(month.rate, 0)} (${count(month.donors)})` : '—'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Who gives, how often, and whether they come back. */
export function DonorsPage({
  scope,
  statementsOf,
}: {
  scope: ReportScope;
  /** The organization whose year-end statements the reader may send (its admins, platform staff); null: none. */
  statementsOf: string | null;
}) {
  const { sort, onSort, page, setPage } = useTableSort<DonorSort>('total', 'name');
  const donors = useDonors(scope, { sort: sort.by, order: sort.order, page });
  return (
    <div className="cw-rep-page">
      <div className="cw-rep-page__head">
        <h1 className="cw-rep-page__title">Donors</h1>
        <ExportButtons table="donors" label="donors" scope={scope} extra={{ sort: sort.by, order: sort.order }} />
      </div>
      {statementsOf && <StatementsPanel key={statementsOf} organizationId={statementsOf} />}
      {donors.isPending ? (
        <LoadingSkeleton label="Loading the donors…" />
      ) : donors.isError ? (
        <ErrorPanel title="The donors could not be loaded" error={donors.error} onRetry={() => donors.refetch()} />
      ) : donors.data.summary.donors === 0 ? (
        <NoFigures what="donors" />
      ) : (
        <>
          <Freshness freshness={donors.data.freshness} />
          <KpiGrid
            label="Donor figures"
            items={[
              { label: 'Donors', value: count(donors.data.summary.donors) },
              {
                label: 'Repeat rate',
                value: percent(donors.data.summary.repeatRate, 0),
                hint: 'Donors with two gifts or more',
              },
            ]}
          />
          <DataTable
            caption="Donors"
            columns={columns}
            rows={donors.data.rows}
            rowKey={(row) => row.donorKey}
            sort={sort}
            onSort={onSort}
          />
          <Pager
            label="Donors"
            page={donors.data.page}
            pageSize={donors.data.pageSize}
            total={donors.data.total}
            onPage={setPage}
          />
          {donors.data.summary.retention.length > 0 && <RetentionTable cohorts={donors.data.summary.retention} />}
        </>
      )}
    </div>
  );
}
