import type { MonthlyRetentionCohort } from '@causeway/core/contracts/reporting.contract';
import { useMonthlyGiving } from '../api/reports.api';
import { monthlyGivingRows, type MonthlyGivingRow } from '../model/charts';
import { count, dollars, monthName, percent } from '../model/format';
import type { ReportScope } from '../model/scope';
import { ChartFrame, type TableColumn } from '../ui/chart-frame';
import { MonthlyGivingChart } from '../ui/charts';
import { ExportButtons } from '../ui/export-buttons';
import { KpiGrid } from '../ui/kpis';
import { ErrorPanel, Freshness, LoadingSkeleton, NoFigures } from '../ui/states';

const monthColumns: TableColumn<MonthlyGivingRow>[] = [
  { header: 'Month', cell: (row) => row.label },
  { header: 'New', numeric: true, cell: (row) => count(row.started) },
  { header: 'Cancelled', numeric: true, cell: (row) => count(row.cancelled) },
  { header: 'Failed', numeric: true, cell: (row) => count(row.failed) },
];

/** Retention by month of start: each later month's share of the cohort's gifts still giving. */
function MonthlyRetentionTable({ cohorts, scope }: { cohorts: readonly MonthlyRetentionCohort[]; scope: ReportScope }) {
  const months = Math.max(0, ...cohorts.map((cohort) => cohort.months.length));
  return (
    <section className="cw-rep-panel" aria-labelledby="monthly-retention">
      <div className="cw-rep-panel__head">
        <h2 id="monthly-retention" className="cw-rep-panel__title">
          Retention by month of start
        </h2>
        <ExportButtons table="monthlyRetention" label="monthly retention" scope={scope} />
      </div>
      <p className="cw-rep-chart__summary">
        Of the monthly gifts started in a month, the share still giving after each month (a gift that ended before that
        many months from its start no longer counts).
      </p>
      <div className="cw-rep-table-wrap" tabIndex={0} role="region" aria-label="Retention by month of start">
        <table className="cw-rep-table">
          <thead>
            <tr>
              <th scope="col">Started in</th>
              <th scope="col" className="is-numeric">
                Gifts
              </th>
              {Array.from({ length: months }, (_, index) => (
                <th key={index} scope="col" className="is-numeric">
                  After {index + 1} {index === 0 ? 'month' : 'months'}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cohorts.map((cohort) => (
              <tr key={cohort.cohort}>
                <th scope="row">{monthName(cohort.cohort)}</th>
                <td className="is-numeric">{count(cohort.gifts)}</td>
                {Array.from({ length: months }, (_, index) => {
                  const month = cohort.months[index];
                  return (
                    <td key={index} className="is-numeric">
                      {month ? `${percent(month.rate, 0)} (${count(month.gifts)})` : '—'}
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

/** Monthly gifts: who gives every month now, what it brings, and how the gifts start, stop and last. */
export function MonthlyGivingPage({ scope }: { scope: ReportScope }) {
  const monthly = useMonthlyGiving(scope);
  const data = monthly.data;
  const nothing =
    data !== undefined &&
    data.current.givingGifts === 0 &&
    data.current.pausedGifts === 0 &&
    data.retention.length === 0 &&
    data.months.every((row) => row.newGifts + row.cancelled + row.failed === 0);
  return (
    <div className="cw-rep-page">
      <div className="cw-rep-page__head">
        <h1 className="cw-rep-page__title">Monthly giving</h1>
        <ExportButtons table="monthlyGiving" label="monthly giving" scope={scope} />
      </div>
      {monthly.isPending ? (
        <LoadingSkeleton label="Loading monthly giving…" />
      ) : monthly.isError ? (
        <ErrorPanel
          title="Monthly giving could not be loaded"
          error={monthly.error}
          onRetry={() => monthly.refetch()}
        />
      ) : nothing ? (
        <NoFigures what="monthly gifts" />
      ) : (
        <>
          <Freshness freshness={monthly.data.freshness} />
          <KpiGrid
            label="Monthly giving now"
            items={[
              {
                label: 'Monthly donors',
                value: count(monthly.data.current.monthlyDonors),
                hint: 'Giving every month now (active or retrying a declined card, not paused)',
              },
              {
                label: 'Monthly recurring revenue',
                value: dollars(monthly.data.current.recurringRevenueCents),
                hint: `From ${count(monthly.data.current.givingGifts)} monthly ${
                  monthly.data.current.givingGifts === 1 ? 'gift' : 'gifts'
                }`,
              },
              { label: 'Retrying a declined card', value: count(monthly.data.current.retryingGifts) },
              { label: 'Paused', value: count(monthly.data.current.pausedGifts) },
            ]}
          />
          <ChartFrame
            title="New, cancelled and failed monthly gifts"
            summary="Each month of the range: monthly gifts started, ended by their donor or the platform, and ended after declined renewals."
            rows={monthlyGivingRows(monthly.data.months)}
            columns={monthColumns}
            rowKey={(row) => row.month}
          >
            <MonthlyGivingChart rows={monthlyGivingRows(monthly.data.months)} />
          </ChartFrame>
          {monthly.data.retention.length > 0 && (
            <MonthlyRetentionTable cohorts={monthly.data.retention} scope={scope} />
          )}
        </>
      )}
    </div>
  );
}
