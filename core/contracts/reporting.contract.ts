/**
 * HTTP contracts of reports: what a nonprofit learns of its campaigns, gifts, donors, promoters and
 * ad dollars, read from the reporting mirror (never from the operational store). The API parses
 * with them; the reporting area types its calls and draws its charts from them.
 *
 * Money is in cents; days are UTC days (YYYY-MM-DD), both ends of a range inclusive.
 */
import { z } from 'zod';
import { ShareChannel } from '../campaigns/targeting.entity';
import { GiftPlace } from '../donations/donation.entity';
import { Cents, Id, Timestamp } from '../shared/primitives';

/** A UTC day, YYYY-MM-DD. */
export const ReportDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a day like 2026-05-01.');
export type ReportDay = z.infer<typeof ReportDay>;

/** Where the reporting area's pages live. */
export const REPORTING_PATHS = {
  overview: '/reports',
  campaigns: '/reports/campaigns',
  campaign: (campaignId: string) => `/reports/campaigns/${encodeURIComponent(campaignId)}`,
  promoters: '/reports/promoters',
  donors: '/reports/donors',
  payments: '/reports/payments',
  monthly: '/reports/monthly',
} as const;

/** The report endpoints of the API (GET; query strings per the contracts below). */
export const REPORTING_API = {
  overview: '/api/reporting/overview',
  campaigns: '/api/reporting/campaigns',
  campaign: (campaignId: string) => `/api/reporting/campaigns/${encodeURIComponent(campaignId)}`,
  gifts: (campaignId: string) => `/api/reporting/campaigns/${encodeURIComponent(campaignId)}/gifts`,
  promoters: '/api/reporting/promoters',
  donors: '/api/reporting/donors',
  payments: '/api/reporting/payments',
  monthlyGiving: '/api/reporting/monthly-giving',
  list: (list: string) => `/api/reporting/lists/${encodeURIComponent(list)}`,
  export: (table: string) => `/api/reporting/exports/${encodeURIComponent(table)}`,
  status: '/api/reporting/status',
  rebuild: '/api/reporting/rebuild',
} as const;

/** Date range presets the reporting area offers; `all` has no start. */
export const RANGE_PRESETS = [7, 30, 90, 'all'] as const;

// ── Query parameters every report takes ─────────────────────────────────────────────────────────

/**
 * The range and scope of a report. Without `from` the range starts at the first day anything
 * happened; without `to` it ends today. `organizationId` narrows platform-wide readers (platform staff,
 * platform analysts) to one organization; others always see their own organization and may not name
 * another.
 */
const scopeFields = {
  from: ReportDay.optional(),
  to: ReportDay.optional(),
  organizationId: Id.optional(),
};

/** The scope fields with a report's own parameters, checked as one query (a range must not run backwards). */
export function reportQuery<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...scopeFields, ...shape }).refine(
    (query) => {
      const { from, to } = query as { from?: string; to?: string };
      return !from || !to || from <= to;
    },
    { message: 'The range must start on or before its last day.', path: ['from'] },
  );
}

export const ReportScopeQuery = reportQuery({});
export type ReportScopeQuery = z.infer<typeof ReportScopeQuery>;

/** A series' step: one point a day, or a week (weeks start on Monday). */
export const SeriesInterval = z.enum(['day', 'week']);
export type SeriesInterval = z.infer<typeof SeriesInterval>;

const pageSize = z.coerce.number().int().min(1).max(200).default(25);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const order = z.enum(['asc', 'desc']).default('desc');

/** What a report covered: the range resolved to days, and the organization (null: every organization). */
export const ReportRange = z.object({
  from: ReportDay,
  to: ReportDay,
  organizationId: Id.nullable(),
  organizationName: z.string().nullable(),
});
export type ReportRange = z.infer<typeof ReportRange>;

/** How fresh the figures are: the mirror's last applied event and its lag behind the store. */
export const ReportFreshness = z.object({
  /** When the last change shown happened in the operational store; null when nothing has yet. */
  asOf: Timestamp.nullable(),
  /** Changes recorded but not yet in the reports. */
  backlog: z.number().int().nonnegative(),
  /** How far the reports are behind: the age of the oldest change not yet in them, in ms (0 with no backlog). */
  lagMs: z.number().int().nonnegative(),
});
export type ReportFreshness = z.infer<typeof ReportFreshness>;

/** A page of rows. */
const paged = <Row extends z.ZodType>(row: Row) =>
  z.object({
    rows: z.array(row),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });

// ── Overview ───────────────────────────────────────────────────────────────────────────────────

/**
 * The headline figures of a range. Raised is net of refunds; a gift counts once it is not refunded in
 * full; a refund counts on the day of the gift it refunds. Ratios are null when their divisor is 0.
 */
/** Gifts made in one place (not refunded in full) and what they raised net of refunds, over the range. */
export const PlaceFigures = z.object({ gifts: z.number().int().nonnegative(), raisedCents: Cents });
export type PlaceFigures = z.infer<typeof PlaceFigures>;

/**
 * Where the gifts were made: promoters' fundraising pages, the donate form on the organization's own
 * site, and the campaign's page (every other gift, older ones included).
 */
export const GiftPlaces = z.object({
  campaignPage: PlaceFigures,
  fundraiserPages: PlaceFigures,
  donateForm: PlaceFigures,
});
export type GiftPlaces = z.infer<typeof GiftPlaces>;

export const ReportTotals = z.object({
  raisedCents: Cents,
  grossCents: Cents,
  refundedCents: Cents,
  refunds: z.number().int().nonnegative(),
  gifts: z.number().int().nonnegative(),
  donors: z.number().int().nonnegative(),
  /** Donors whose first gift (to the organization in scope, or to any for platform-wide) is in the range. */
  newDonors: z.number().int().nonnegative(),
  /** Donors who gave in the range and had given before it. */
  returningDonors: z.number().int().nonnegative(),
  averageGiftCents: Cents.nullable(),
  adSpendCents: Cents,
  impressions: z.number().int().nonnegative(),
  adClicks: z.number().int().nonnegative(),
  /** Ad spend ÷ raised: what each dollar raised cost in ads. */
  costPerDollarRaised: z.number().nonnegative().nullable(),
  /** Raised ÷ ad spend: what each ad dollar brought. */
  raisedPerAdDollar: z.number().nonnegative().nullable(),
  /** Campaigns live at the end of the range (published, not deleted, deadline not passed). */
  liveCampaigns: z.number().int().nonnegative(),
  /** Visits of the campaigns' public pages. */
  pageVisits: z.number().int().nonnegative(),
  /** Gifts (not refunded in full) whose donor covered the card fee. */
  feeCoveredGifts: z.number().int().nonnegative(),
  /** feeCoveredGifts ÷ gifts: the share of gifts that covered the fee. */
  feeCoveredShare: z.number().nonnegative().nullable(),
  /** The card fees donors covered on top of their gifts, net of refunds (not part of raised). */
  coveredFeesCents: Cents,
  /** Each share channel's clicks and the gifts it brought, in the order x, linkedin, facebook, instagram, qr. */
  channels: z.array(
    z.object({
      channel: ShareChannel,
      shareClicks: z.number().int().nonnegative(),
      gifts: z.number().int().nonnegative(),
      raisedCents: Cents,
    }),
  ),
  places: GiftPlaces,
});
export type ReportTotals = z.infer<typeof ReportTotals>;

/** One point of a series: the day (or the Monday of the week) it starts. */
export const SeriesPoint = z.object({
  period: ReportDay,
  raisedCents: Cents,
  refundedCents: Cents,
  gifts: z.number().int().nonnegative(),
  donors: z.number().int().nonnegative(),
  newDonors: z.number().int().nonnegative(),
  adSpendCents: Cents,
  impressions: z.number().int().nonnegative(),
  adClicks: z.number().int().nonnegative(),
  /** Gifts that covered the card fee, and the fees covered net of refunds. */
  feeCoveredGifts: z.number().int().nonnegative(),
  coveredFeesCents: Cents,
});
export type SeriesPoint = z.infer<typeof SeriesPoint>;

export const OverviewQuery = reportQuery({ interval: SeriesInterval.default('day') });
export type OverviewQuery = z.infer<typeof OverviewQuery>;

export const OverviewResponse = z.object({
  range: ReportRange,
  totals: ReportTotals,
  /** The same figures for the range of the same length just before, for comparison; null for `all`. */
  previous: ReportTotals.nullable(),
  interval: SeriesInterval,
  /** One point per day (or week) of the range, oldest first, zeros included. */
  series: z.array(SeriesPoint),
  freshness: ReportFreshness,
});
export type OverviewResponse = z.infer<typeof OverviewResponse>;

// ── Campaigns ──────────────────────────────────────────────────────────────────────────────────

/** One campaign's figures over a range (goal progress counts everything raised to date). */
export const CampaignReportRow = z.object({
  campaignId: Id,
  /** The public headline donors see. */
  title: z.string(),
  /** The internal name the campaign's team gave it. */
  name: z.string(),
  organizationId: Id.nullable(),
  organizationName: z.string().nullable(),
  createdAt: Timestamp,
  deadline: Timestamp.nullable(),
  live: z.boolean(),
  goalCents: Cents,
  raisedToDateCents: Cents,
  /** raisedToDate ÷ goal × 100; null without a goal. */
  percentOfGoal: z.number().nonnegative().nullable(),
  raisedCents: Cents,
  gifts: z.number().int().nonnegative(),
  donors: z.number().int().nonnegative(),
  promoters: z.number().int().nonnegative(),
  impressions: z.number().int().nonnegative(),
  adClicks: z.number().int().nonnegative(),
  /** adClicks ÷ impressions (a fraction, 0.012 = 1.2%); null without impressions. */
  ctr: z.number().nonnegative().nullable(),
  spendCents: Cents,
  costPerDollarRaised: z.number().nonnegative().nullable(),
  /** Gifts per 1,000 ad and share clicks; null without clicks. */
  donationsPerThousandClicks: z.number().nonnegative().nullable(),
});
export type CampaignReportRow = z.infer<typeof CampaignReportRow>;

export const CampaignSort = z.enum([
  'raised',
  'percentOfGoal',
  'gifts',
  'donors',
  'promoters',
  'impressions',
  'adClicks',
  'ctr',
  'spend',
  'costPerDollarRaised',
  'donationsPerThousandClicks',
  'createdAt',
  'title',
]);
export type CampaignSort = z.infer<typeof CampaignSort>;

export const CampaignReportListQuery = reportQuery({
  sort: CampaignSort.default('raised'),
  order,
  page,
  pageSize,
  /** Words of the title or name. */
  search: z.string().trim().max(200).optional(),
  /** Only campaigns live now. */
  liveOnly: z.enum(['true', 'false']).optional(),
});
export type CampaignReportListQuery = z.infer<typeof CampaignReportListQuery>;

export const CampaignReportListResponse = paged(CampaignReportRow).extend({
  range: ReportRange,
  freshness: ReportFreshness,
});
export type CampaignReportListResponse = z.infer<typeof CampaignReportListResponse>;

/** From seeing an ad to giving: each stage over the range. */
export const Funnel = z.object({
  impressions: z.number().int().nonnegative(),
  adClicks: z.number().int().nonnegative(),
  pageVisits: z.number().int().nonnegative(),
  checkoutsStarted: z.number().int().nonnegative(),
  gifts: z.number().int().nonnegative(),
});
export type Funnel = z.infer<typeof Funnel>;

/** One share channel's reach over the range. */
export const ChannelFigures = z.object({
  channel: ShareChannel,
  shareClicks: z.number().int().nonnegative(),
  gifts: z.number().int().nonnegative(),
  raisedCents: Cents,
});
export type ChannelFigures = z.infer<typeof ChannelFigures>;

/** A promoter's figures for one campaign over the range. */
export const CampaignPromoterFigures = z.object({
  promoterId: Id,
  name: z.string(),
  shareClicks: z.number().int().nonnegative(),
  gifts: z.number().int().nonnegative(),
  raisedCents: Cents,
  /** True when the promoter has a fundraising page for the campaign (its gifts are among theirs). */
  fundraisingPage: z.boolean().optional(),
  /** Of their gifts, those made on their fundraising page, and what those raised net of refunds. */
  pageGifts: z.number().int().nonnegative(),
  pageRaisedCents: Cents,
});
export type CampaignPromoterFigures = z.infer<typeof CampaignPromoterFigures>;

export const CampaignReportQuery = reportQuery({ interval: SeriesInterval.default('day') });
export type CampaignReportQuery = z.infer<typeof CampaignReportQuery>;

export const CampaignReportResponse = z.object({
  range: ReportRange,
  campaign: CampaignReportRow,
  interval: SeriesInterval,
  series: z.array(SeriesPoint),
  funnel: Funnel,
  /** Every channel, zeros included, in the order x, linkedin, facebook, instagram, qr. */
  channels: z.array(ChannelFigures),
  /** Gifts that came through no share link (ads, direct visits). */
  direct: z.object({ gifts: z.number().int().nonnegative(), raisedCents: Cents }),
  /** Where the gifts were made. */
  places: GiftPlaces,
  /** By gifts brought, then raised. */
  promoters: z.array(CampaignPromoterFigures),
  freshness: ReportFreshness,
});
export type CampaignReportResponse = z.infer<typeof CampaignReportResponse>;

// ── Gifts (who gave, with what words) ──────────────────────────────────────────────────────────

export const RefundState = z.enum(['none', 'partial', 'full']);
export type RefundState = z.infer<typeof RefundState>;

/** One gift as the campaign's team sees it. */
export const GiftRow = z.object({
  paymentId: z.string(),
  campaignId: Id,
  campaignTitle: z.string(),
  date: Timestamp,
  amountCents: Cents,
  refundedCents: Cents,
  refundState: RefundState,
  /** The name as the donor gave it; null when they gave none. */
  donorName: z.string().nullable(),
  message: z.string().nullable(),
  promoterId: Id.nullable(),
  promoterName: z.string().nullable(),
  channel: ShareChannel.nullable(),
  /** Where the donor gave: the campaign's page, a promoter's fundraising page, the donate form; null when not said. */
  givenOn: GiftPlace.nullable(),
});
export type GiftRow = z.infer<typeof GiftRow>;

export const GiftListQuery = reportQuery({ page, pageSize, order });
export type GiftListQuery = z.infer<typeof GiftListQuery>;

export const GiftListResponse = paged(GiftRow).extend({ range: ReportRange, freshness: ReportFreshness });
export type GiftListResponse = z.infer<typeof GiftListResponse>;

// ── Promoters ──────────────────────────────────────────────────────────────────────────────────

const ChannelClicks = z.object({
  x: z.number().int().nonnegative(),
  linkedin: z.number().int().nonnegative(),
  facebook: z.number().int().nonnegative(),
  instagram: z.number().int().nonnegative(),
  qr: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

/** A promoter's week (SPEC §9: the last 7 × 24 hours, and the 7 days before those). */
export const PromoterWeek = z.object({
  gifts: z.number().int().nonnegative(),
  raisedCents: Cents,
  clicks: z.number().int().nonnegative(),
});

export const PromoterRow = z.object({
  rank: z.number().int().positive(),
  promoterId: Id,
  name: z.string(),
  campaigns: z.number().int().nonnegative(),
  gifts: z.number().int().nonnegative(),
  raisedCents: Cents,
  clicks: ChannelClicks,
  thisWeek: PromoterWeek,
  lastWeek: PromoterWeek,
});
export type PromoterRow = z.infer<typeof PromoterRow>;

export const PromoterListQuery = reportQuery({ page, pageSize });
export type PromoterListQuery = z.infer<typeof PromoterListQuery>;

/** The leaderboard: by gifts brought, then raised, then clicks. */
export const PromoterListResponse = paged(PromoterRow).extend({ range: ReportRange, freshness: ReportFreshness });
export type PromoterListResponse = z.infer<typeof PromoterListResponse>;

// ── Donors ─────────────────────────────────────────────────────────────────────────────────────

export const DonorRow = z.object({
  /** Opaque and stable: the same donor has the same key in every report. */
  donorKey: z.string(),
  name: z.string().nullable(),
  /** Masked (j•••@example.org) for campaigners; whole for organization admins and platform staff. */
  email: z.string().nullable(),
  gifts: z.number().int().nonnegative(),
  totalCents: Cents,
  firstGiftAt: Timestamp,
  lastGiftAt: Timestamp,
});
export type DonorRow = z.infer<typeof DonorRow>;

/** Donors whose first gift was in a month, and how many of them gave again in each later month. */
export const RetentionCohort = z.object({
  /** YYYY-MM */
  cohort: z.string().regex(/^\d{4}-\d{2}$/),
  donors: z.number().int().nonnegative(),
  /** months[0] is the cohort's own month (every donor), months[k] the k-th month after it. */
  months: z.array(z.object({ donors: z.number().int().nonnegative(), rate: z.number().min(0).max(1) })),
});
export type RetentionCohort = z.infer<typeof RetentionCohort>;

export const DonorSort = z.enum(['total', 'gifts', 'lastGiftAt', 'firstGiftAt', 'name']);

export const DonorListQuery = reportQuery({ sort: DonorSort.default('total'), order, page, pageSize });
export type DonorListQuery = z.infer<typeof DonorListQuery>;

export const DonorListResponse = paged(DonorRow).extend({
  range: ReportRange,
  summary: z.object({
    donors: z.number().int().nonnegative(),
    /** Donors with two gifts or more ÷ donors; null without donors. */
    repeatRate: z.number().min(0).max(1).nullable(),
    /** Cohorts by month of first gift, oldest first, within the range. */
    retention: z.array(RetentionCohort),
  }),
  freshness: ReportFreshness,
});
export type DonorListResponse = z.infer<typeof DonorListResponse>;

// ── Payments (SPEC §3 Results: payment detail) ──────────────────────────────────────────────────

export const PaymentRow = z.object({
  paymentId: z.string(),
  /** The date as people read it, e.g. "May 1, 2026". */
  formattedDate: z.string(),
  createdAt: Timestamp,
  amount: Cents,
  refundedCents: Cents,
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** The payment provider's receipt; null when it gave none. */
  link: z.string().nullable(),
  campaignId: Id,
  campaignTitle: z.string(),
});
export type PaymentRow = z.infer<typeof PaymentRow>;

export const PaymentListQuery = reportQuery({ page, pageSize, order });
export type PaymentListQuery = z.infer<typeof PaymentListQuery>;

export const PaymentListResponse = paged(PaymentRow).extend({ range: ReportRange, freshness: ReportFreshness });
export type PaymentListResponse = z.infer<typeof PaymentListResponse>;

// ── Monthly giving ─────────────────────────────────────────────────────────────────────────────

/**
 * Monthly gifts (the card provider's subscriptions) of the scope. A gift whose first month was never
 * paid (still `incomplete`) counts nowhere. Each paid month is also an ordinary gift, so the other
 * reports already count monthly money; these figures follow the gifts themselves.
 */
export const MonthlyGivingQuery = reportQuery({});
export type MonthlyGivingQuery = z.infer<typeof MonthlyGivingQuery>;

/** Monthly giving as it is now, whatever the range. */
export const MonthlyGivingNow = z.object({
  /**
   * Distinct donors (by e-mail address, else the gift) with a giving gift: one active or whose declined
   * renewal is being retried (`pastDue`), and not paused. A gift ending at the end of its paid period
   * still gives until then.
   */
  monthlyDonors: z.number().int().nonnegative(),
  /** Giving gifts (as for monthlyDonors): a donor may give more than one. */
  givingGifts: z.number().int().nonnegative(),
  /** Monthly recurring revenue: the sum of the giving gifts' monthly amounts (what their next month charges). */
  recurringRevenueCents: Cents,
  /** Of the giving gifts, those whose declined renewal is being retried. */
  retryingGifts: z.number().int().nonnegative(),
  /** Gifts paused by their donor (active or retried otherwise): not in monthlyDonors nor the revenue. */
  pausedGifts: z.number().int().nonnegative(),
});
export type MonthlyGivingNow = z.infer<typeof MonthlyGivingNow>;

/** One month of the range; only its days within the range count (the first and last may be partial). */
export const MonthlyGivingMonth = z.object({
  /** YYYY-MM */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Gifts that started (their first month paid) in the month. */
  newGifts: z.number().int().nonnegative(),
  /** Gifts that ended in the month because their donor cancelled, or the platform ended them (e.g. their campaign closed). */
  cancelled: z.number().int().nonnegative(),
  /** Gifts that ended in the month after their renewal kept being declined. */
  failed: z.number().int().nonnegative(),
});
export type MonthlyGivingMonth = z.infer<typeof MonthlyGivingMonth>;

/**
 * Gifts that started in a month of the range, and how many still gave k months later: a gift still gives
 * after k months when it did not end before the k-th monthly anniversary of its start (a gift that has
 * not ended counts). `months[k - 1]` is "after k months", for k = 1 up to 12 while the calendar month
 * k months after the cohort's has begun (today's month at the latest).
 */
export const MonthlyRetentionCohort = z.object({
  /** YYYY-MM */
  cohort: z.string().regex(/^\d{4}-\d{2}$/),
  gifts: z.number().int().nonnegative(),
  months: z.array(
    z.object({
      after: z.number().int().min(1).max(12),
      gifts: z.number().int().nonnegative(),
      /** gifts ÷ the cohort's gifts. */
      rate: z.number().min(0).max(1),
    }),
  ),
});
export type MonthlyRetentionCohort = z.infer<typeof MonthlyRetentionCohort>;

export const MonthlyGivingResponse = z.object({
  range: ReportRange,
  current: MonthlyGivingNow,
  /** Every month of the range, oldest first (months with nothing are zeros). */
  months: z.array(MonthlyGivingMonth),
  /** Cohorts by month of start within the range, oldest first (months without a start are left out). */
  retention: z.array(MonthlyRetentionCohort),
  freshness: ReportFreshness,
});
export type MonthlyGivingResponse = z.infer<typeof MonthlyGivingResponse>;

// ── SPEC §9 lists ──────────────────────────────────────────────────────────────────────────────

/** A campaign in one of the SPEC §9 lists. */
export const ListedCampaign = CampaignReportRow.pick({
  campaignId: true,
  title: true,
  name: true,
  organizationId: true,
  organizationName: true,
  createdAt: true,
  raisedToDateCents: true,
  goalCents: true,
});
export type ListedCampaign = z.infer<typeof ListedCampaign>;

export const CampaignListName = z.enum([
  /** Live campaigns created in the last 6 months. */
  'live',
  /** Campaigns created within the 2 days before the reader's last sign-in. */
  'newSinceLastVisit',
]);
export type CampaignListName = z.infer<typeof CampaignListName>;

export const CampaignListParams = z.object({ list: CampaignListName });
export const CampaignListQuery = z.object({ organizationId: Id.optional() });
export const CampaignListResponse = z.object({ campaigns: z.array(ListedCampaign) });
export type CampaignListResponse = z.infer<typeof CampaignListResponse>;

// ── Exports ────────────────────────────────────────────────────────────────────────────────────

/** Every table of the reporting area downloads as CSV or XLSX, with the filters of its screen. */
export const ExportTable = z.enum([
  'overview',
  'campaigns',
  'gifts',
  'promoters',
  'donors',
  'payments',
  /** Monthly giving by month: new, cancelled and failed gifts. */
  'monthlyGiving',
  /** Monthly gifts' retention by month of start. */
  'monthlyRetention',
]);
export type ExportTable = z.infer<typeof ExportTable>;
export const ExportFormat = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof ExportFormat>;

export const ExportParams = z.object({ table: ExportTable });
export const ExportQuery = reportQuery({
  format: ExportFormat.default('csv'),
  /** For `gifts`: one campaign's gifts (all of the scope's otherwise). */
  campaignId: Id.optional(),
  sort: z.string().max(40).optional(),
  order: order.optional(),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

// ── The mirror's health (platform staff) ───────────────────────────────────────────────────────

export const ReportingStatusResponse = z.object({
  /** The last event applied to the mirror; nulls before the first. */
  lastEvent: z
    .object({ id: z.string(), position: z.number().int().nonnegative(), occurredAt: Timestamp, appliedAt: Timestamp })
    .nullable(),
  /** Events written to the outbox and not yet applied. */
  backlog: z.number().int().nonnegative(),
  /** How far the mirror is behind: now − the oldest unapplied event's time (0 with no backlog). */
  lagMs: z.number().int().nonnegative(),
  eventsApplied: z.number().int().nonnegative(),
  /** Where the mirror lives: the operational database's `reporting` schema, or its own database. */
  mirror: z.enum(['same-database', 'own-database', 'embedded']),
  lastRebuildAt: Timestamp.nullable(),
});
export type ReportingStatusResponse = z.infer<typeof ReportingStatusResponse>;

export const ReportingRebuildResponse = z.object({
  rebuiltAt: Timestamp,
  rows: z.record(z.string(), z.number().int().nonnegative()),
  durationMs: z.number().int().nonnegative(),
});
export type ReportingRebuildResponse = z.infer<typeof ReportingRebuildResponse>;
