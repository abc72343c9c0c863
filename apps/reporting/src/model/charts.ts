import type {
  CampaignPromoterFigures,
  CampaignReportResponse,
  ChannelFigures,
  Funnel,
  MonthlyGivingMonth,
  PlaceFigures,
  PromoterRow,
  SeriesPoint,
} from '@causeway/core/contracts/reporting.contract';
import { monthName, shortDay } from './format';

/** One point of the money chart, in dollars (recharts draws numbers; the table shows the same rows). */
export interface MoneyRow {
  period: string;
  label: string;
  raised: number;
  spend: number;
  gifts: number;
  /** Card fees donors covered on top of their gifts, in dollars. */
  coveredFees: number;
}

export function moneyRows(series: readonly SeriesPoint[]): MoneyRow[] {
  return series.map((point) => ({
    period: point.period,
    label: shortDay(point.period),
    raised: point.raisedCents / 100,
    spend: point.adSpendCents / 100,
    gifts: point.gifts,
    coveredFees: point.coveredFeesCents / 100,
  }));
}

export interface FunnelRow {
  stage: string;
  value: number;
  /** Of the stage before (null for the first, or when the one before is 0). */
  rate: number | null;
}

/** The funnel's stages in order, each with its rate from the stage before. */
export function funnelRows(funnel: Funnel): FunnelRow[] {
  const stages: [string, number][] = [
    ['Impressions', funnel.impressions],
    ['Ad clicks', funnel.adClicks],
    ['Page visits', funnel.pageVisits],
    ['Checkouts started', funnel.checkoutsStarted],
    ['Gifts', funnel.gifts],
  ];
  return stages.map(([stage, value], index) => {
    const before = index === 0 ? null : stages[index - 1]![1];
    return { stage, value, rate: before ? value / before : null };
  });
}

export const CHANNEL_LABELS: Record<ChannelFigures['channel'], string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  qr: 'QR code',
};

export interface ChannelRow {
  channel: string;
  shareClicks: number;
  gifts: number;
  raised: number;
}

export function channelRows(channels: readonly ChannelFigures[]): ChannelRow[] {
  return channels.map((channel) => ({
    channel: CHANNEL_LABELS[channel.channel],
    shareClicks: channel.shareClicks,
    gifts: channel.gifts,
    raised: channel.raisedCents / 100,
  }));
}

export interface LeaderRow {
  promoterId: string;
  name: string;
  gifts: number;
  raised: number;
  clicks: number;
  /** The promoter has a fundraising page for the campaign (a campaign's report says). */
  fundraisingPage: boolean;
  /** Of their gifts, those made on their fundraising page and what those raised (a campaign's report says). */
  pageGifts: number;
  pageRaised: number;
}

/** The leaderboard's first rows, in its order (by gifts brought, then raised). */
export function leaderRows(rows: readonly (PromoterRow | CampaignPromoterFigures)[], limit = 10): LeaderRow[] {
  return rows.slice(0, limit).map((row) => ({
    promoterId: row.promoterId,
    name: row.name,
    gifts: row.gifts,
    raised: row.raisedCents / 100,
    clicks: 'clicks' in row ? row.clicks.total : row.shareClicks,
    fundraisingPage: 'fundraisingPage' in row && row.fundraisingPage === true,
    pageGifts: 'pageGifts' in row ? row.pageGifts : 0,
    pageRaised: 'pageRaisedCents' in row ? row.pageRaisedCents / 100 : 0,
  }));
}

/** Where a campaign's gifts were made, one row a place, in the order the report names them. */
export interface PlaceRow {
  place: string;
  gifts: number;
  raised: number;
}

export function placeRows(places: CampaignReportResponse['places'], campaignPage = 'Campaign page'): PlaceRow[] {
  return [
    { place: campaignPage, ...placeFigures(places.campaignPage) },
    { place: 'Fundraising pages', ...placeFigures(places.fundraiserPages) },
    { place: 'Donate form on your site', ...placeFigures(places.donateForm) },
  ];
}

const placeFigures = (figures: PlaceFigures) => ({ gifts: figures.gifts, raised: figures.raisedCents / 100 });

/** True when a series has nothing to draw. */
export function isFlat(rows: readonly { raised: number; spend: number; gifts: number }[]): boolean {
  return rows.every((row) => row.raised === 0 && row.spend === 0 && row.gifts === 0);
}

/** One month of the monthly giving chart: gifts started, cancelled and failed. */
export interface MonthlyGivingRow {
  month: string;
  label: string;
  started: number;
  cancelled: number;
  failed: number;
}

export function monthlyGivingRows(months: readonly MonthlyGivingMonth[]): MonthlyGivingRow[] {
  return months.map((row) => ({
    month: row.month,
    label: monthName(row.month),
    started: row.newGifts,
    cancelled: row.cancelled,
    failed: row.failed,
  }));
}
