import type { ReportTotals } from '@causeway/core/contracts/reporting.contract';
import { useOverview } from '../api/reports.api';
import { channelRows, isFlat, moneyRows, type ChannelRow, type MoneyRow } from '../model/charts';
import { count, dollars, longDay, perDollar, percent } from '../model/format';
import { presetLabel, type ReportScope } from '../model/scope';
import { ChartFrame } from '../ui/chart-frame';
import { ChannelsChart, MoneyChart } from '../ui/charts';
import { ExportButtons } from '../ui/export-buttons';
import { KpiGrid, type Kpi } from '../ui/kpis';
import { ErrorPanel, Freshness, LoadingSkeleton, NoFigures } from '../ui/states';
import { PlacesFrame } from './places-frame';

function kpisOf(totals: ReportTotals, previous: ReportTotals | null): Kpi[] {
  return [
    {
      label: 'Raised',
      value: dollars(totals.raisedCents),
      current: totals.raisedCents,
      previous: previous?.raisedCents,
      hint: totals.refundedCents > 0 ? `${dollars(totals.refundedCents)} refunded` : undefined,
    },
    { label: 'Gifts', value: count(totals.gifts), current: totals.gifts, previous: previous?.gifts },
    {
      label: 'Donors',
      value: count(totals.donors),
      current: totals.donors,
      previous: previous?.donors,
      hint: `${count(totals.newDonors)} new, ${count(totals.returningDonors)} returning`,
    },
    {
      label: 'Average gift',
      value: totals.averageGiftCents === null ? '—' : dollars(Math.round(totals.averageGiftCents)),
    },
    { label: 'Refunds', value: count(totals.refunds), current: totals.refunds, previous: previous?.refunds },
    {
      label: 'Ad spend',
      value: dollars(totals.adSpendCents),
      current: totals.adSpendCents,
      previous: previous?.adSpendCents,
    },
    {
      label: 'Raised per ad dollar',
      value: perDollar(totals.raisedPerAdDollar),
      hint: `Each dollar raised cost ${perDollar(totals.costPerDollarRaised)} in ads`,
    },
    {
      label: 'Impressions',
      value: count(totals.impressions),
      hint: `${count(totals.adClicks)} ad clicks`,
    },
    {
      label: 'Page visits',
      value: count(totals.pageVisits),
      current: totals.pageVisits,
      previous: previous?.pageVisits,
    },
    { label: 'Live campaigns', value: count(totals.liveCampaigns) },
    {
      label: 'Covered the card fee',
      value: percent(totals.feeCoveredShare),
      current: totals.feeCoveredGifts,
      previous: previous?.feeCoveredGifts,
      hint: `${count(totals.feeCoveredGifts)} gifts, ${dollars(totals.coveredFeesCents)} in fees covered`,
    },
  ];
}

const channelColumns = [
  { header: 'Channel', cell: (row: ChannelRow) => row.channel },
  { header: 'Share clicks', numeric: true, cell: (row: ChannelRow) => count(row.shareClicks) },
  { header: 'Gifts', numeric: true, cell: (row: ChannelRow) => count(row.gifts) },
  { header: 'Raised', numeric: true, cell: (row: ChannelRow) => dollars(Math.round(row.raised * 100)) },
] as const;

export function moneyColumns() {
  return [
    { header: 'Period', cell: (row: MoneyRow) => longDay(row.period) },
    { header: 'Raised', cell: (row: MoneyRow) => dollars(Math.round(row.raised * 100)), numeric: true },
    { header: 'Ad spend', cell: (row: MoneyRow) => dollars(Math.round(row.spend * 100)), numeric: true },
    { header: 'Gifts', cell: (row: MoneyRow) => count(row.gifts), numeric: true },
    {
      header: 'Card fees covered',
      cell: (row: MoneyRow) => dollars(Math.round(row.coveredFees * 100)),
      numeric: true,
    },
  ] as const;
}

/** The organization's (or the platform's) headline figures and their course over the range. */
export function OverviewPage({ scope }: { scope: ReportScope }) {
  const overview = useOverview(scope);
  if (overview.isPending) return <LoadingSkeleton label="Loading the overview…" />;
  if (overview.isError) {
    return (
      <ErrorPanel title="The overview could not be loaded" error={overview.error} onRetry={() => overview.refetch()} />
    );
  }
  const { totals, previous, series, interval, range, freshness } = overview.data;
  const rows = moneyRows(series);
  const channels = channelRows(totals.channels);
  const shared = totals.channels.reduce((sum, channel) => sum + channel.gifts, 0);
  const empty = totals.gifts === 0 && totals.adSpendCents === 0 && totals.impressions === 0;
  return (
    <div className="cw-rep-page">
      <div className="cw-rep-page__head">
        <div>
          <h1 className="cw-rep-page__title">Overview</h1>
          <p className="cw-rep-page__range">
            {presetLabel(scope.preset)}: {longDay(range.from)} – {longDay(range.to)}
            {range.organizationName ? ` · ${range.organizationName}` : ''}
          </p>
        </div>
        <ExportButtons table="overview" label="the overview" scope={scope} />
      </div>
      <Freshness freshness={freshness} />
      {empty ? (
        <NoFigures what="gifts or ad delivery" />
      ) : (
        <>
          <KpiGrid label="Headline figures" items={kpisOf(totals, previous)} />
          <ChartFrame
            title={`Raised and ad spend by ${interval}`}
            summary={`${dollars(totals.raisedCents)} raised from ${count(totals.gifts)} gifts against ${dollars(totals.adSpendCents)} of ad spend.`}
            rows={rows}
            columns={moneyColumns()}
            rowKey={(row) => row.period}
          >
            {isFlat(rows) ? <NoFigures what="gifts or spend" /> : <MoneyChart rows={rows} />}
          </ChartFrame>
          <ChartFrame
            title="Gifts by share channel"
            summary={`${count(shared)} of ${count(totals.gifts)} gifts came through promoters' share links; ${count(totals.pageVisits)} page visits.`}
            rows={channels}
            columns={channelColumns}
            rowKey={(row) => row.channel}
          >
            {shared === 0 ? (
              <NoFigures what="gifts through share links" />
            ) : (
              <ChannelsChart rows={channels} measure="gifts" />
            )}
          </ChartFrame>
          <PlacesFrame places={totals.places} overAll />
        </>
      )}
    </div>
  );
}
