import { authorize, can, readsEveryOrganizationsReports, type Actor } from '../auth/authorization';
import type {
  CampaignListName,
  CampaignListResponse,
  CampaignReportListQuery,
  CampaignReportListResponse,
  CampaignReportQuery,
  CampaignReportResponse,
  DonorListQuery,
  DonorListResponse,
  DonorRow,
  ExportQuery,
  ExportTable,
  GiftListQuery,
  GiftListResponse,
  MonthlyGivingQuery,
  MonthlyGivingResponse,
  OverviewQuery,
  OverviewResponse,
  PaymentListQuery,
  PaymentListResponse,
  PromoterListQuery,
  PromoterListResponse,
  ReportFreshness,
  ReportRange,
  ReportScopeQuery,
} from '../contracts/reporting.contract';
import { CampaignSort, DonorSort } from '../contracts/reporting.contract';
import type { Clock } from '../ports/clock.port';
import type { FundraiserPageRepository } from '../ports/fundraiser-page.repository';
import type { ReportingQueries, ReportWindow } from '../ports/reporting-queries.port';
import { liveSince } from '../promotion/live-campaigns.rules';
import { lagMsOf } from './mirror-events';
import { forbidden, notFound } from '../shared/errors';
import { keptReads } from '../shared/kept-reads';

export type ReportingServiceDeps = {
  queries: ReportingQueries;
  clock: Clock;
  /** Changes recorded in the store and not yet in the mirror, and the oldest one's time (none when not known here). */
  backlog?: () => Promise<{ count: number; oldestAt: string | null }>;
  /**
   * How long an overview (per organization, range and interval) is answered from memory after a read
   * (0: read every time): answered while it is read again after this, waited for after twice this (what
   * time alone changes, as a deadline passing, follows within that). A change the mirror applies drops the
   * overviews of the organizations it touched at once (`mirrorChanged`).
   */
  overviewCacheMs?: number;
  /** Overviews kept at most. */
  overviewCacheSize?: number;
  /** How long the reports' freshness (the mirror's last change, the backlog) is answered after a read. */
  freshnessMs?: number;
  /** Promoters' fundraising pages, to say which of a campaign's promoters brought gifts through one. */
  fundraiserPages?: Pick<FundraiserPageRepository, 'listByCampaign'>;
};

export type ReportingService = ReturnType<typeof reportingServiceFactory>;

/** Overviews are read again at most this often while the mirror does not change (what time alone changes lags at most twice this). */
export const REPORT_OVERVIEW_CACHE_MS = 1_000;

/** Overviews kept at most, by default: a few kilobytes each (a range's daily series). */
export const REPORT_OVERVIEW_CACHE_SIZE = 1_000;

/**
 * Every report says how fresh it is; the readers of a busy organization share one read of that every
 * this often (the projector drains no more often either).
 */
export const REPORT_FRESHNESS_MS = 100;

/**
 * What the reporting mirror changed, told once a batch is applied and its events pruned: the figures of
 * these organizations (every organization's figures too), or of every organization (`all`: a rebuild, a
 * record removed whose organization the batch no longer knows).
 */
export interface ReportChange {
  organizationIds: string[];
  all: boolean;
}

/** The topic every instance hears of the mirror's changes on (the event bus crosses instances). */
export const REPORTS_CHANGED_TOPIC = 'reports.changed';

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** "jane@example.org" → "j•••@example.org": enough to tell donors apart, not to write to them. */
export function maskEmail(email: string | null): string | null {
  if (email === null) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.charAt(0)}•••${email.slice(at)}`;
}

/** A column of a download: its header and how a row gives its cell. */
export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null;
}

/** A table to download: its name, columns and rows a batch at a time. */
export interface ExportTableRows {
  filename: string;
  sheet: string;
  headers: string[];
  batches: AsyncIterable<(string | number | boolean | null)[][]>;
  /** For a CSV download, its text whole (header included) when the store writes it: then `batches` is not read. */
  csv?: AsyncIterable<Uint8Array>;
}

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

async function* cells<Row>(
  batches: AsyncIterable<Row[]>,
  columns: ExportColumn<Row>[],
): AsyncGenerator<(string | number | boolean | null)[][]> {
  for await (const batch of batches) yield batch.map((row) => columns.map((column) => column.value(row)));
}

/**
 * Reports of the reporting mirror, with who may read what: an organization's campaigners, admins and
 * analysts their own organization's; platform staff and analysts granted it every organization's
 * (one at a time with `organizationId`). Promoters and donors none.
 */
export function reportingServiceFactory({
  queries,
  clock,
  backlog,
  overviewCacheMs = REPORT_OVERVIEW_CACHE_MS,
  overviewCacheSize = REPORT_OVERVIEW_CACHE_SIZE,
  freshnessMs = REPORT_FRESHNESS_MS,
  fundraiserPages,
}: ReportingServiceDeps) {
  /** The organization a report covers (null: every organization), refusing what the actor may not read. */
  function organizationOf(actor: Actor, requested: string | undefined): string | null {
    if (readsEveryOrganizationsReports(actor)) return requested ?? null;
    if (requested !== undefined && requested !== actor.organizationId)
      authorize(actor, 'report.read', { organizationId: requested });
    authorize(actor, 'report.read', { organizationId: actor.organizationId });
    return actor.organizationId;
  }

  async function windowOf(
    organizationId: string | null,
    query: Pick<ReportScopeQuery, 'from' | 'to'>,
  ): Promise<{ window: ReportWindow; range: ReportRange }> {
    const to = query.to ?? dayOf(clock.now());
    const [firstDay, organizationName] = await Promise.all([
      query.from === undefined ? queries.firstDay(organizationId) : Promise.resolve(query.from),
      organizationId === null ? Promise.resolve(null) : queries.organizationName(organizationId),
    ]);
    const first = firstDay ?? to;
    const from = first > to ? to : first;
    return {
      window: { from, to, organizationId },
      range: { from, to, organizationId, organizationName },
    };
  }

  /** The mirror's last change and the backlog, one read shared by the reports asked for meanwhile. */
  const freshnessReads = keptReads<null, { asOf: string | null; count: number; oldestAt: string | null }>({
    read: async () => {
      const [asOf, waiting] = await Promise.all([
        queries.lastChangeAt(),
        backlog ? backlog() : Promise.resolve({ count: 0, oldestAt: null }),
      ]);
      return { asOf, ...waiting };
    },
    cacheMs: freshnessMs,
    size: 1,
  });

  async function freshness(): Promise<ReportFreshness> {
    const { asOf, count, oldestAt } = (await freshnessReads.get('', null)).value;
    // The lag is counted now, from the oldest change waiting when it was read.
    return { asOf, backlog: count, lagMs: lagMsOf(oldestAt, clock.now()) };
  }

  type OverviewFigures = Omit<OverviewResponse, 'freshness'>;
  type OverviewKey = { organizationId: string | null; query: OverviewQuery };

  async function readOverview({ organizationId, query }: OverviewKey): Promise<OverviewFigures> {
    const { window, range } = await windowOf(organizationId, query);
    const now = clock.now();
    const length = daysBetween(window.from, window.to) + 1;
    const previousWindow: ReportWindow | null =
      query.from === undefined
        ? null
        : { organizationId, from: addDays(window.from, -length), to: addDays(window.from, -1) };
    const [totals, previous, series] = await Promise.all([
      queries.totals(window, now),
      previousWindow ? queries.totals(previousWindow, now) : Promise.resolve(null),
      queries.series(window, query.interval),
    ]);
    return { range, totals, previous, interval: query.interval, series };
  }

  /** Overviews by organization, range (the last day named or today) and interval. */
  const overviews = keptReads<OverviewKey, OverviewFigures>({
    read: readOverview,
    cacheMs: overviewCacheMs,
    size: overviewCacheSize,
  });

  /** The campaign's organization, once the actor may read its reports. */
  async function campaignOrganization(actor: Actor, campaignId: string): Promise<string | null> {
    const scope = await queries.campaignScope(campaignId);
    if (!scope) throw notFound('That campaign has no report: it does not exist or was deleted.');
    authorize(actor, 'report.read', { organizationId: scope.organizationId });
    return scope.organizationId;
  }

  /** Donors' e-mails whole for those who may see them (organization admins, platform staff), masked for others. */
  const maskedFor = (actor: Actor, organizationId: string | null) => (rows: DonorRow[]) =>
    can(actor, 'report.donorEmails', { organizationId })
      ? rows
      : rows.map((row) => ({ ...row, email: maskEmail(row.email) }));

  return {
    /**
     * Headline figures of a range, the range before and their series, answered from memory until the
     * mirror changes the organization's figures (see `overviewCacheMs`); its freshness is read as every
     * report's.
     */
    async overview(actor: Actor, query: OverviewQuery): Promise<OverviewResponse> {
      const organizationId = organizationOf(actor, query.organizationId);
      // Every way of asking for the same overview is one key: the range's last day is today unless named.
      const asked: OverviewQuery = {
        ...(query.from === undefined ? {} : { from: query.from }),
        to: query.to ?? dayOf(clock.now()),
        interval: query.interval,
      };
      const key = JSON.stringify([organizationId, asked.from ?? null, asked.to, asked.interval]);
      const [figures, fresh] = await Promise.all([overviews.get(key, { organizationId, query: asked }), freshness()]);
      return { ...figures.value, freshness: fresh };
    },

    /**
     * The mirror applied a change (here or on another instance): the overviews it touched are read
     * again by their next reader, and so is the freshness every report shows.
     */
    mirrorChanged(change: ReportChange) {
      freshnessReads.forget();
      if (change.all) {
        overviews.forget();
        return;
      }
      const touched = new Set(change.organizationIds);
      // Every organization's overview sums every organization's figures.
      overviews.forget(({ organizationId }) => organizationId === null || touched.has(organizationId));
    },

    async campaigns(actor: Actor, query: CampaignReportListQuery): Promise<CampaignReportListResponse> {
      const organizationId = organizationOf(actor, query.organizationId);
      const { window, range } = await windowOf(organizationId, query);
      const [page, fresh] = await Promise.all([
        queries.campaigns(
          window,
          {
            sort: query.sort,
            order: query.order,
            page: query.page,
            pageSize: query.pageSize,
            ...(query.search ? { search: query.search } : {}),
            liveOnly: query.liveOnly === 'true',
          },
          clock.now(),
        ),
        freshness(),
      ]);
      return { ...page, page: query.page, pageSize: query.pageSize, range, freshness: fresh };
    },

    async campaign(actor: Actor, campaignId: string, query: CampaignReportQuery): Promise<CampaignReportResponse> {
      const organizationId = await campaignOrganization(actor, campaignId);
      const { window, range } = await windowOf(organizationId, query);
      const [figures, fresh, pages] = await Promise.all([
        queries.campaignReport(window, campaignId, query.interval, clock.now()),
        freshness(),
        fundraiserPages?.listByCampaign(campaignId) ?? [],
      ]);
      if (!figures) throw notFound('That campaign has no report: it does not exist or was deleted.');
      const withPage = new Set(pages.map((page) => page.promoterId));
      const promoters = figures.promoters.map((row) => ({ ...row, fundraisingPage: withPage.has(row.promoterId) }));
      return { range, interval: query.interval, ...figures, promoters, freshness: fresh };
    },

    async gifts(actor: Actor, campaignId: string, query: GiftListQuery): Promise<GiftListResponse> {
      const organizationId = await campaignOrganization(actor, campaignId);
      const { window, range } = await windowOf(organizationId, query);
      const [page, fresh] = await Promise.all([
        queries.gifts(window, { campaignId, order: query.order, page: query.page, pageSize: query.pageSize }),
        freshness(),
      ]);
      return { ...page, page: query.page, pageSize: query.pageSize, range, freshness: fresh };
    },

    async promoters(actor: Actor, query: PromoterListQuery): Promise<PromoterListResponse> {
      const organizationId = organizationOf(actor, query.organizationId);
      const { window, range } = await windowOf(organizationId, query);
      const [page, fresh] = await Promise.all([
        queries.promoters(window, { page: query.page, pageSize: query.pageSize }, clock.now()),
        freshness(),
      ]);
      return { ...page, page: query.page, pageSize: query.pageSize, range, freshness: fresh };
    },

    async donors(actor: Actor, query: DonorListQuery): Promise<DonorListResponse> {
      const organizationId = organizationOf(actor, query.organizationId);
      const { window, range } = await windowOf(organizationId, query);
      const [page, summary, fresh] = await Promise.all([
        queries.donors(window, { sort: query.sort, order: query.order, page: query.page, pageSize: query.pageSize }),
        queries.donorSummary(window),
        freshness(),
      ]);
      return {
        rows: maskedFor(actor, organizationId)(page.rows),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
        range,
        summary,
        freshness: fresh,
      };
    },

    async payments(actor: Actor, query: PaymentListQuery): Promise<PaymentListResponse> {
      const organizationId = organizationOf(actor, query.organizationId);
      const { window, range } = await windowOf(organizationId, query);
      const [page, fresh] = await Promise.all([
        queries.payments(window, { order: query.order, page: query.page, pageSize: query.pageSize }),
        freshness(),
      ]);
      return { ...page, page: query.page, pageSize: query.pageSize, range, freshness: fresh };
    },

    /** Monthly giving: monthly donors and recurring revenue now, the range's months and retention cohorts. */
    async monthlyGiving(actor: Actor, query: MonthlyGivingQuery): Promise<MonthlyGivingResponse> {
      const organizationId = organizationOf(actor, query.organizationId);
      const { window, range } = await windowOf(organizationId, query);
      const [figures, fresh] = await Promise.all([queries.monthlyGiving(window, clock.now()), freshness()]);
      return { range, ...figures, freshness: fresh };
    },

    /**
     * SPEC §9 lists: `live`, the campaigns created in the last 6 months; `newSinceLastVisit`, those
     * created within the 2 days before the reader's last sign-in.
     */
    async list(
      actor: Actor,
      list: CampaignListName,
      query: { organizationId?: string | undefined },
      lastLogin: string,
    ): Promise<CampaignListResponse> {
      const organizationId = organizationOf(actor, query.organizationId);
      if (list === 'live') {
        return { campaigns: await queries.campaignsCreatedSince(organizationId, liveSince(clock.now())) };
      }
      const until = new Date(lastLogin);
      const since = new Date(until.getTime() - 2 * DAY_MS);
      return {
        campaigns: await queries.campaignsCreatedBetween(organizationId, since.toISOString(), until.toISOString()),
      };
    },

    /** A table of the reporting area to download, with the filters of its screen, read a batch at a time. */
    async exportTable(actor: Actor, table: ExportTable, query: ExportQuery): Promise<ExportTableRows> {
      const requested = query.campaignId;
      const organizationId =
        table === 'gifts' && requested !== undefined
          ? await campaignOrganization(actor, requested)
          : organizationOf(actor, query.organizationId);
      const { window } = await windowOf(organizationId, query);
      const now = clock.now();
      const order = query.order ?? 'desc';
      const filename = `${table}-${window.from}-to-${window.to}`;
      const rows = <Row>(sheet: string, columns: ExportColumn<Row>[], batches: AsyncIterable<Row[]>) => ({
        filename,
        sheet,
        headers: columns.map((column) => column.header),
        batches: cells(batches, columns),
      });
      switch (table) {
        case 'overview': {
          const series = await queries.series(window, 'day');
          return rows(
            'Overview',
            [
              { header: 'Day', value: (point) => point.period },
              { header: 'Raised ($)', value: (point) => dollars(point.raisedCents) },
              { header: 'Refunded ($)', value: (point) => dollars(point.refundedCents) },
              { header: 'Gifts', value: (point) => point.gifts },
              { header: 'Donors', value: (point) => point.donors },
              { header: 'New donors', value: (point) => point.newDonors },
              { header: 'Ad spend ($)', value: (point) => dollars(point.adSpendCents) },
              { header: 'Impressions', value: (point) => point.impressions },
              { header: 'Ad clicks', value: (point) => point.adClicks },
              { header: 'Gifts covering the card fee', value: (point) => point.feeCoveredGifts },
              {
                header: 'Share covering the card fee',
                value: (point) =>
                  point.gifts > 0
                    ? Math.round((Math.min(point.feeCoveredGifts, point.gifts) / point.gifts) * 10_000) / 10_000
                    : null,
              },
              { header: 'Card fees covered ($)', value: (point) => dollars(point.coveredFeesCents) },
            ],
            (async function* () {
              yield series;
            })(),
          );
        }
        case 'campaigns': {
          const sort = CampaignSort.safeParse(query.sort);
          return rows(
            'Campaigns',
            [
              { header: 'Campaign', value: (row) => row.title },
              { header: 'Name', value: (row) => row.name },
              { header: 'Organization', value: (row) => row.organizationName },
              { header: 'Created', value: (row) => row.createdAt },
              { header: 'Live', value: (row) => (row.live ? 'yes' : 'no') },
              { header: 'Goal ($)', value: (row) => dollars(row.goalCents) },
              { header: 'Raised to date ($)', value: (row) => dollars(row.raisedToDateCents) },
              { header: '% of goal', value: (row) => row.percentOfGoal },
              { header: 'Raised ($)', value: (row) => dollars(row.raisedCents) },
              { header: 'Gifts', value: (row) => row.gifts },
              { header: 'Donors', value: (row) => row.donors },
              { header: 'Promoters', value: (row) => row.promoters },
              { header: 'Impressions', value: (row) => row.impressions },
              { header: 'Ad clicks', value: (row) => row.adClicks },
              { header: 'CTR', value: (row) => row.ctr },
              { header: 'Spend ($)', value: (row) => dollars(row.spendCents) },
              { header: 'Cost per dollar raised', value: (row) => row.costPerDollarRaised },
              { header: 'Gifts per 1,000 clicks', value: (row) => row.donationsPerThousandClicks },
            ],
            queries.exportCampaigns(window, { sort: sort.success ? sort.data : 'raised', order }, now),
          );
        }
        case 'gifts': {
          const filter = { ...(requested === undefined ? {} : { campaignId: requested }), order };
          const gifts = rows(
            'Gifts',
            [
              { header: 'Date', value: (row) => row.date },
              { header: 'Campaign', value: (row) => row.campaignTitle },
              { header: 'Amount ($)', value: (row) => dollars(row.amountCents) },
              { header: 'Refunded ($)', value: (row) => dollars(row.refundedCents) },
              { header: 'Refund', value: (row) => row.refundState },
              { header: 'Donor', value: (row) => row.donorName },
              { header: 'Message', value: (row) => row.message },
              { header: 'Promoter', value: (row) => row.promoterName },
              { header: 'Channel', value: (row) => row.channel },
              { header: 'Given on', value: (row) => row.givenOn },
              { header: 'Payment', value: (row) => row.paymentId },
            ],
            queries.exportGifts(window, filter),
          );
          // Written by the database where it can (a Postgres server), the same cells.
          return query.format === 'csv' && queries.exportGiftsCsv
            ? { ...gifts, csv: queries.exportGiftsCsv(window, filter, gifts.headers) }
            : gifts;
        }
        case 'promoters':
          return rows(
            'Promoters',
            [
              { header: 'Rank', value: (row) => row.rank },
              { header: 'Promoter', value: (row) => row.name },
              { header: 'Campaigns', value: (row) => row.campaigns },
              { header: 'Gifts', value: (row) => row.gifts },
              { header: 'Raised ($)', value: (row) => dollars(row.raisedCents) },
              { header: 'Clicks on X', value: (row) => row.clicks.x },
              { header: 'Clicks on LinkedIn', value: (row) => row.clicks.linkedin },
              { header: 'Clicks on Facebook', value: (row) => row.clicks.facebook },
              { header: 'Clicks on Instagram', value: (row) => row.clicks.instagram },
              { header: 'QR code scans', value: (row) => row.clicks.qr },
              { header: 'Clicks', value: (row) => row.clicks.total },
              { header: 'Gifts this week', value: (row) => row.thisWeek.gifts },
              { header: 'Gifts the week before', value: (row) => row.lastWeek.gifts },
            ],
            queries.exportPromoters(window, now),
          );
        case 'donors': {
          const sort = DonorSort.safeParse(query.sort);
          const mask = maskedFor(actor, organizationId);
          return rows(
            'Donors',
            [
              { header: 'Donor', value: (row) => row.name },
              { header: 'E-mail', value: (row) => row.email },
              { header: 'Gifts', value: (row) => row.gifts },
              { header: 'Total ($)', value: (row) => dollars(row.totalCents) },
              { header: 'First gift', value: (row) => row.firstGiftAt },
              { header: 'Last gift', value: (row) => row.lastGiftAt },
            ],
            (async function* () {
              for await (const batch of queries.exportDonors(window, {
                sort: sort.success ? sort.data : 'total',
                order,
              }))
                yield mask(batch);
            })(),
          );
        }
        case 'payments':
          return rows(
            'Payments',
            [
              { header: 'Payment', value: (row) => row.paymentId },
              { header: 'Date', value: (row) => row.formattedDate },
              { header: 'Campaign', value: (row) => row.campaignTitle },
              { header: 'Amount ($)', value: (row) => dollars(row.amount) },
              { header: 'Refunded ($)', value: (row) => dollars(row.refundedCents) },
              { header: 'Card', value: (row) => (row.card ? `${row.card.brand} •••• ${row.card.last4}` : null) },
              { header: 'Receipt', value: (row) => row.link },
            ],
            queries.exportPayments(window, { order }),
          );
        case 'monthlyGiving': {
          const { months } = await queries.monthlyGiving(window, now);
          return rows(
            'Monthly giving',
            [
              { header: 'Month', value: (row) => row.month },
              { header: 'New monthly gifts', value: (row) => row.newGifts },
              { header: 'Cancelled', value: (row) => row.cancelled },
              { header: 'Failed', value: (row) => row.failed },
            ],
            (async function* () {
              yield months;
            })(),
          );
        }
        case 'monthlyRetention': {
          const { retention } = await queries.monthlyGiving(window, now);
          const longest = Math.max(0, ...retention.map((cohort) => cohort.months.length));
          const afterColumns = Array.from(
            { length: longest },
            (_, index): ExportColumn<(typeof retention)[number]> => ({
              header: `After ${index + 1} month${index === 0 ? '' : 's'}`,
              value: (cohort) => {
                const cell = cohort.months[index];
                return cell ? Math.round(cell.rate * 10_000) / 10_000 : null;
              },
            }),
          );
          return rows(
            'Retention',
            [
              { header: 'Started', value: (cohort) => cohort.cohort },
              { header: 'Monthly gifts', value: (cohort) => cohort.gifts },
              ...afterColumns,
            ],
            (async function* () {
              yield retention;
            })(),
          );
        }
        default:
          throw forbidden('That table cannot be downloaded.');
      }
    },
  };
}
