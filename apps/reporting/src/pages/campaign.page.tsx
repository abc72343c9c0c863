import { ArrowLeft } from 'lucide-react';
import { REPORTING_PATHS } from '@causeway/core/contracts/reporting.contract';
import { ApiError } from '@causeway/shells/shared/http';
import { Link } from '@causeway/shells/shared/router';
import { useCampaignReport } from '../api/reports.api';
import {
  channelRows,
  funnelRows,
  isFlat,
  leaderRows,
  moneyRows,
  type ChannelRow,
  type FunnelRow,
  type LeaderRow,
} from '../model/charts';
import { count, dollars, longDay, percent, perDollar } from '../model/format';
import { presetLabel, withScope, type ReportScope } from '../model/scope';
import { ChartFrame } from '../ui/chart-frame';
import { ChannelsChart, FunnelChart, LeaderboardChart, MoneyChart } from '../ui/charts';
import { KpiGrid } from '../ui/kpis';
import { ErrorPanel, Freshness, LoadingSkeleton, NoFigures } from '../ui/states';
import { GiftsSection } from './gifts-table';
import { PlacesFrame } from './places-frame';
import { moneyColumns } from './overview.page';

const funnelColumns = [
  { header: 'Stage', cell: (row: FunnelRow) => row.stage },
  { header: 'Count', numeric: true, cell: (row: FunnelRow) => count(row.value) },
  { header: 'Of the stage before', numeric: true, cell: (row: FunnelRow) => percent(row.rate) },
] as const;

const channelColumns = [
  { header: 'Channel', cell: (row: ChannelRow) => row.channel },
  { header: 'Share clicks', numeric: true, cell: (row: ChannelRow) => count(row.shareClicks) },
  { header: 'Gifts', numeric: true, cell: (row: ChannelRow) => count(row.gifts) },
  { header: 'Raised', numeric: true, cell: (row: ChannelRow) => dollars(Math.round(row.raised * 100)) },
] as const;

/** A promoter's fundraising page and what was given on it: "No page", or its gifts and what they raised. */
function onTheirPage(row: LeaderRow): string {
  if (!row.fundraisingPage && row.pageGifts === 0) return 'No page';
  return `${count(row.pageGifts)} ${row.pageGifts === 1 ? 'gift' : 'gifts'}, ${dollars(Math.round(row.pageRaised * 100))}`;
}

/** One campaign: its course, from ad to gift, the channels and promoters that brought gifts, and who gave. */
export function CampaignReportPage({ campaignId, scope }: { campaignId: string; scope: ReportScope }) {
  const report = useCampaignReport(campaignId, scope);
  const back = (
    <Link to={withScope(REPORTING_PATHS.campaigns, scope)} className="cw-rep-back">
      <ArrowLeft size={16} aria-hidden="true" />
      All campaigns
    </Link>
  );
  if (report.isPending) return <LoadingSkeleton label="Loading the campaign’s report…" />;
  if (report.isError) {
    const missing = report.error instanceof ApiError && report.error.status === 404;
    return (
      <div className="cw-rep-page">
        {back}
        <ErrorPanel
          title={missing ? 'No report for this campaign' : 'The campaign’s report could not be loaded'}
          error={report.error}
          onRetry={missing ? undefined : () => report.refetch()}
        />
      </div>
    );
  }
  const { campaign, series, funnel, channels, direct, places, promoters, range, interval, freshness } = report.data;
  const rows = moneyRows(series);
  const funnelData = funnelRows(funnel);
  const channelData = channelRows(channels);
  const leaders = leaderRows(promoters);
  return (
    <div className="cw-rep-page">
      {back}
      <div className="cw-rep-page__head">
        <div>
          <h1 className="cw-rep-page__title">{campaign.title || campaign.name}</h1>
          <p className="cw-rep-page__range">
            {campaign.live ? 'Live' : 'Ended'} · {presetLabel(scope.preset)}: {longDay(range.from)} –{' '}
            {longDay(range.to)}
          </p>
        </div>
      </div>
      <Freshness freshness={freshness} />
      <KpiGrid
        label="The campaign’s figures"
        items={[
          {
            label: 'Raised to date',
            value: dollars(campaign.raisedToDateCents),
            hint:
              campaign.goalCents > 0
                ? `${percent(campaign.percentOfGoal === null ? null : campaign.percentOfGoal / 100, 0)} of ${dollars(campaign.goalCents)}`
                : undefined,
          },
          { label: 'Raised in range', value: dollars(campaign.raisedCents) },
          { label: 'Gifts', value: count(campaign.gifts), hint: `${count(campaign.donors)} donors` },
          { label: 'Promoters', value: count(campaign.promoters) },
          { label: 'Ad spend', value: dollars(campaign.spendCents) },
          {
            label: 'Click-through rate',
            value: percent(campaign.ctr, 2),
            hint: `${count(campaign.adClicks)} ad clicks`,
          },
          { label: 'Cost per dollar raised', value: perDollar(campaign.costPerDollarRaised) },
        ]}
      />
      <ChartFrame
        title={`Raised and ad spend by ${interval}`}
        summary={`${dollars(campaign.raisedCents)} raised against ${dollars(campaign.spendCents)} of ad spend in the range.`}
        rows={rows}
        columns={moneyColumns()}
        rowKey={(row) => row.period}
      >
        {isFlat(rows) ? <NoFigures what="gifts or spend" /> : <MoneyChart rows={rows} />}
      </ChartFrame>
      <div className="cw-rep-columns">
        <ChartFrame
          title="From ad to gift"
          summary={`${count(funnel.impressions)} impressions, ${count(funnel.adClicks)} ad clicks, ${count(funnel.pageVisits)} page visits, ${count(funnel.checkoutsStarted)} checkouts started and ${count(funnel.gifts)} gifts.`}
          rows={funnelData}
          columns={funnelColumns}
          rowKey={(row) => row.stage}
        >
          <FunnelChart rows={funnelData} />
        </ChartFrame>
        <ChartFrame
          title="Share clicks by channel"
          summary={`${count(channels.reduce((sum, channel) => sum + channel.shareClicks, 0))} share clicks; ${count(direct.gifts)} gifts (${dollars(direct.raisedCents)}) came without a share link.`}
          rows={channelData}
          columns={channelColumns}
          rowKey={(row) => row.channel}
        >
          <ChannelsChart rows={channelData} measure="shareClicks" />
        </ChartFrame>
      </div>
      <PlacesFrame places={places} />
      <ChartFrame
        title="Promoters"
        summary={
          leaders.length === 0
            ? 'No promoter brought a gift or a click in this range.'
            : `${leaders[0]!.name} brought the most gifts: ${count(leaders[0]!.gifts)}.`
        }
        rows={leaders}
        columns={[
          { header: 'Promoter', cell: (row) => row.name },
          { header: 'Gifts brought', numeric: true, cell: (row) => count(row.gifts) },
          { header: 'Raised', numeric: true, cell: (row) => dollars(Math.round(row.raised * 100)) },
          { header: 'Share clicks', numeric: true, cell: (row) => count(row.clicks) },
          { header: 'On their fundraising page', cell: onTheirPage },
        ]}
        rowKey={(row) => row.promoterId}
      >
        {leaders.length === 0 ? <NoFigures what="promoters" /> : <LeaderboardChart rows={leaders} />}
      </ChartFrame>
      <GiftsSection campaignId={campaignId} scope={scope} />
    </div>
  );
}
