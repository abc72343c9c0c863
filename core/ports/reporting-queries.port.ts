import type {
  CampaignReportResponse,
  CampaignReportRow,
  CampaignSort,
  DonorListResponse,
  DonorRow,
  GiftRow,
  ListedCampaign,
  MonthlyGivingResponse,
  PaymentRow,
  PromoterRow,
  ReportTotals,
  SeriesInterval,
  SeriesPoint,
} from '../contracts/reporting.contract';

/** What a report covers: UTC days, both ends inclusive, and one organization or (null) every one. */
export interface ReportWindow {
  from: string;
  to: string;
  organizationId: string | null;
}

export type SortOrder = 'asc' | 'desc';

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Paged<Row> {
  rows: Row[];
  total: number;
}

export interface CampaignListOptions extends PageRequest {
  sort: CampaignSort;
  order: SortOrder;
  search?: string;
  liveOnly?: boolean;
}

export type DonorSortKey = 'total' | 'gifts' | 'lastGiftAt' | 'firstGiftAt' | 'name';

export interface DonorListOptions extends PageRequest {
  sort: DonorSortKey;
  order: SortOrder;
}

export interface GiftListOptions extends PageRequest {
  order: SortOrder;
  /** One campaign's gifts; every gift of the window's scope otherwise. */
  campaignId?: string;
}

/** One campaign's report without its range and freshness (the service adds those). */
export type CampaignReportFigures = Pick<
  CampaignReportResponse,
  'campaign' | 'series' | 'funnel' | 'channels' | 'direct' | 'places' | 'promoters'
>;

/** A table's rows for a download, a batch at a time (never all of them in memory). */
export type ExportBatches<Row> = AsyncIterable<Row[]>;

/**
 * The reports, read from the reporting mirror (never from the operational store). Every figure is
 * over the window's days and scope; `now` is when "live" and "this week" are judged.
 */
export interface ReportingQueries {
  /** The first day anything happened in the scope (a gift, ad delivery, a campaign made); null when nothing has. */
  firstDay(organizationId: string | null): Promise<string | null>;
  organizationName(organizationId: string): Promise<string | null>;
  /** The campaign's organization, or null when the mirror does not hold it. */
  campaignScope(campaignId: string): Promise<{ organizationId: string | null } | null>;
  /** When the last change the mirror holds happened in the store; null before the first. */
  lastChangeAt(): Promise<string | null>;

  totals(window: ReportWindow, now: Date): Promise<ReportTotals>;
  series(window: ReportWindow, interval: SeriesInterval): Promise<SeriesPoint[]>;

  campaigns(window: ReportWindow, options: CampaignListOptions, now: Date): Promise<Paged<CampaignReportRow>>;
  campaignReport(
    window: ReportWindow,
    campaignId: string,
    interval: SeriesInterval,
    now: Date,
  ): Promise<CampaignReportFigures | null>;

  gifts(window: ReportWindow, options: GiftListOptions): Promise<Paged<GiftRow>>;
  /** The leaderboard: by gifts brought, then raised, then clicks; weeks are the 7 × 24 hours before `now`. */
  promoters(window: ReportWindow, options: PageRequest, now: Date): Promise<Paged<PromoterRow>>;
  /** Donors who gave in the window, e-mails whole (the service masks them for those who may not see them). */
  donors(window: ReportWindow, options: DonorListOptions): Promise<Paged<DonorRow>>;
  donorSummary(window: ReportWindow): Promise<DonorListResponse['summary']>;
  payments(window: ReportWindow, options: PageRequest & { order: SortOrder }): Promise<Paged<PaymentRow>>;
  /**
   * Monthly giving: the giving gifts as they are now, and the range's months and retention cohorts
   * (see MonthlyGivingResponse); `now` is when the cohorts' months are judged.
   */
  monthlyGiving(
    window: ReportWindow,
    now: Date,
  ): Promise<Pick<MonthlyGivingResponse, 'current' | 'months' | 'retention'>>;

  /** Campaigns not deleted, created at or after `since`, newest first. */
  campaignsCreatedSince(organizationId: string | null, since: string): Promise<ListedCampaign[]>;
  /** Campaigns not deleted, created in [from, to], newest first. */
  campaignsCreatedBetween(organizationId: string | null, from: string, to: string): Promise<ListedCampaign[]>;

  exportGifts(window: ReportWindow, options: { campaignId?: string; order: SortOrder }): ExportBatches<GiftRow>;
  /**
   * Where the database writes CSV itself (a Postgres server): the gifts of exportGifts as CSV text
   * under these headers, with the cells the download's gifts columns give (Date, Campaign, Amount ($),
   * Refunded ($), Refund, Donor, Message, Promoter, Channel, Payment).
   */
  exportGiftsCsv?(
    window: ReportWindow,
    options: { campaignId?: string; order: SortOrder },
    headers: string[],
  ): AsyncIterable<Uint8Array>;
  exportPayments(window: ReportWindow, options: { order: SortOrder }): ExportBatches<PaymentRow>;
  exportDonors(window: ReportWindow, options: Omit<DonorListOptions, 'page' | 'pageSize'>): ExportBatches<DonorRow>;
  exportCampaigns(
    window: ReportWindow,
    options: Omit<CampaignListOptions, 'page' | 'pageSize'>,
    now: Date,
  ): ExportBatches<CampaignReportRow>;
  exportPromoters(window: ReportWindow, now: Date): ExportBatches<PromoterRow>;
}
