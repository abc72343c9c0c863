import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SHARE_CHANNELS } from '@causeway/core/campaigns/targeting.entity';
import { COUNTED_GIFT_PLACES } from './rollups.sql';
import pg from 'pg';
import type {
  CampaignReportRow,
  ChannelFigures,
  DonorRow,
  GiftPlaces,
  GiftRow,
  ListedCampaign,
  PaymentRow,
  PromoterRow,
  RefundState,
  ReportTotals,
  RetentionCohort,
  SeriesInterval,
  SeriesPoint,
} from '@causeway/core/contracts/reporting.contract';
import type {
  CampaignListOptions,
  DonorListOptions,
  ExportBatches,
  ReportingQueries,
  ReportWindow,
  SortOrder,
} from '@causeway/core/ports/reporting-queries.port';
import { monthlyCounts, retentionCohorts } from '@causeway/core/reporting/monthly-giving';
import type { ReportingDatabase } from './reporting.tables';

const CHANNELS = SHARE_CHANNELS;

/** Each channel's share clicks, gifts and raised, summed over campaign days. */
const channelSums = sql.join(
  CHANNELS.map((channel) =>
    sql.raw(
      `sum(share_clicks_${channel}) as share_clicks_${channel}, sum(gifts_${channel}) as gifts_${channel}, ` +
        `sum(raised_${channel}) as raised_${channel}`,
    ),
  ),
);

/** Rows a download reads per query: small enough to keep memory flat, large enough to be quick. */
const EXPORT_BATCH = 5_000;

type Row = Record<string, unknown>;

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString();
const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));
const ratio = (top: number, bottom: number): number | null => (bottom > 0 ? top / bottom : null);
const orderSql = (order: SortOrder) => sql.raw(order === 'asc' ? 'asc' : 'desc');

/** `and <alias>.organization_id = $1` when the window names an organization. */
function inOrganization(window: { organizationId: string | null }, column = 'organization_id'): RawBuilder<unknown> {
  return window.organizationId === null ? sql`` : sql`and ${sql.ref(column)} = ${window.organizationId}`;
}

const dayRange = (window: ReportWindow, column = 'day') =>
  sql`${sql.ref(column)} between ${window.from}::date and ${window.to}::date`;

/** The end of the window's last day, or now when that is earlier: when "live" is judged. */
function endOf(window: ReportWindow, now: Date): string {
  const end = new Date(`${window.to}T23:59:59.999Z`);
  return (end.getTime() < now.getTime() ? end : now).toISOString();
}

const formatDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function refundStateOf(amount: number, refunded: number): RefundState {
  if (refunded <= 0) return 'none';
  return refunded >= amount ? 'full' : 'partial';
}

const totalsOf = (row: Row, liveCampaigns: number): ReportTotals => {
  const raised = num(row.raised);
  const gifts = num(row.gifts);
  const spend = num(row.spend);
  const donors = num(row.donors);
  const newDonors = Math.min(num(row.new_donors), donors);
  return {
    raisedCents: raised,
    grossCents: num(row.gross),
    refundedCents: num(row.refunded),
    refunds: num(row.refunds),
    gifts,
    donors,
    newDonors,
    returningDonors: donors - newDonors,
    averageGiftCents: gifts > 0 ? Math.round(raised / gifts) : null,
    adSpendCents: spend,
    impressions: num(row.impressions),
    adClicks: num(row.ad_clicks),
    costPerDollarRaised: ratio(spend, raised),
    raisedPerAdDollar: ratio(raised, spend),
    liveCampaigns,
    pageVisits: num(row.page_visits),
    feeCoveredGifts: num(row.fee_gifts),
    feeCoveredShare: gifts > 0 ? Math.min(num(row.fee_gifts), gifts) / gifts : null,
    coveredFeesCents: num(row.covered_fees),
    channels: CHANNELS.map((channel) => ({
      channel,
      shareClicks: num(row[`share_clicks_${channel}`]),
      gifts: num(row[`gifts_${channel}`]),
      raisedCents: num(row[`raised_${channel}`]),
    })),
    places: placesOf(row, gifts, raised),
  };
};

/** Gifts made on fundraising pages and on donate forms, summed over campaign or scope days. */
const placeSums = sql.raw(
  COUNTED_GIFT_PLACES.map(
    (place) => `sum(gifts_on_${place}) as gifts_on_${place}, sum(raised_on_${place}) as raised_on_${place}`,
  ).join(', '),
);

/** Where the gifts summed in `row` were made: the counted places, and the campaign's page for the rest. */
function placesOf(row: Row, gifts: number, raised: number): GiftPlaces {
  const fundraiserPages = { gifts: num(row.gifts_on_fundraiser_page), raisedCents: num(row.raised_on_fundraiser_page) };
  const donateForm = { gifts: num(row.gifts_on_donate_form), raisedCents: num(row.raised_on_donate_form) };
  return {
    campaignPage: {
      gifts: Math.max(0, gifts - fundraiserPages.gifts - donateForm.gifts),
      raisedCents: Math.max(0, raised - fundraiserPages.raisedCents - donateForm.raisedCents),
    },
    fundraiserPages,
    donateForm,
  };
}

/** The rollups' scope of a window: the organization, or '/' for every organization. */
const scopeOf = (window: { organizationId: string | null }): string => window.organizationId ?? '/';

/**
 * Donors who gave in [from, to] (a gift not refunded in full), from the donors' days of the scope: a
 * donor's day counts when the donor's gift day before it is before `from`, or it is their first.
 */
function giversSql(window: ReportWindow): RawBuilder<Row> {
  return sql<Row>`select coalesce(sum(donors), 0) as donors from reporting.donor_day_counts
    where scope = ${scopeOf(window)} and ${dayRange(window)} and (since < ${window.from}::date or since = day)`;
}

/** Donors whose first gift (to the organization, or to any for every organization) is in [from, to]. */
function newDonorsSql(window: ReportWindow): RawBuilder<Row> {
  return sql<Row>`select coalesce(sum(donors), 0) as new_donors from reporting.donor_day_counts
    where scope = ${scopeOf(window)} and ${dayRange(window)} and since = day`;
}

/** The first day of each donor in scope, to bucket new donors by period. */
function firstDaysSql(window: ReportWindow): RawBuilder<Row> {
  if (window.organizationId !== null) {
    return sql<Row>`select first_day from reporting.donors
      where organization_id = ${window.organizationId} and first_day between ${window.from}::date and ${window.to}::date`;
  }
  return sql<Row>`select min(first_day) as first_day from reporting.donors group by donor_key
      having min(first_day) between ${window.from}::date and ${window.to}::date`;
}

// ── Campaign rows ───────────────────────────────────────────────────────────────────────────────

const CAMPAIGN_SORTS: Record<CampaignListOptions['sort'], string> = {
  raised: 'raised',
  percentOfGoal: 'percent_of_goal',
  gifts: 'gifts',
  donors: 'donors',
  promoters: 'promoters',
  impressions: 'impressions',
  adClicks: 'ad_clicks',
  ctr: 'ctr',
  spend: 'spend',
  costPerDollarRaised: 'cost_per_dollar',
  donationsPerThousandClicks: 'per_thousand_clicks',
  createdAt: 'created_at',
  title: 'lower(title)',
};

function campaignRowOf(row: Row): CampaignReportRow {
  const raised = num(row.raised);
  const impressions = num(row.impressions);
  const adClicks = num(row.ad_clicks);
  const spend = num(row.spend);
  const goal = num(row.goal_cents);
  const raisedToDate = num(row.raised_to_date);
  const gifts = num(row.gifts);
  const clicks = adClicks + num(row.share_clicks);
  return {
    campaignId: String(row.campaign_id),
    title: String(row.title),
    name: String(row.name),
    organizationId: (row.organization_id as string | null) ?? null,
    organizationName: (row.organization_name as string | null) ?? null,
    createdAt: iso(row.created_at),
    deadline: isoOrNull(row.deadline),
    live: Boolean(row.live),
    goalCents: goal,
    raisedToDateCents: raisedToDate,
    percentOfGoal: goal > 0 ? (raisedToDate * 100) / goal : null,
    raisedCents: raised,
    gifts,
    donors: num(row.donors),
    promoters: num(row.promoters),
    impressions,
    adClicks,
    ctr: ratio(adClicks, impressions),
    spendCents: spend,
    costPerDollarRaised: ratio(spend, raised),
    donationsPerThousandClicks: clicks > 0 ? (gifts * 1000) / clicks : null,
  };
}

/**
 * One row per campaign of the scope (not deleted) with its figures over the window; `only` narrows to
 * one campaign. Ordered and cut by the caller's clauses.
 */
function campaignRowsSql(
  window: ReportWindow,
  filters: { search?: string; liveOnly?: boolean; only?: string },
  now: Date,
  tail: RawBuilder<unknown>,
  whole = false,
): RawBuilder<Row> {
  const at = now.toISOString();
  const campaignFilter = sql`
    ${window.organizationId === null ? sql`` : sql`and c.organization_id = ${window.organizationId}`}
    ${filters.only === undefined ? sql`` : sql`and c.campaign_id = ${filters.only}`}
    ${filters.search ? sql`and (c.title ilike ${`%${filters.search}%`} or c.name ilike ${`%${filters.search}%`})` : sql``}
    ${filters.liveOnly ? sql`and (c.deadline is null or c.deadline > ${at}::timestamptz)` : sql``}`;
  const campaigns = sql`
    with c as (
      select c.campaign_id, c.organization_id, c.name, c.title, c.goal_cents, c.deadline, c.created_at,
        (c.deadline is null or c.deadline > ${at}::timestamptz) as live
      from reporting.campaigns c
      where not c.is_deleted ${campaignFilter}
    )`;
  // One campaign: named in every part, so each reads that campaign's rows by its index.
  const only = (alias: string) =>
    filters.only === undefined ? sql`` : sql`and ${sql.ref(`${alias}.campaign_id`)} = ${filters.only}`;
  if (whole) {
    // The range holds every day of the scope: each campaign's totals, kept by the projector.
    return sql<Row>`
      ${campaigns},
      rows as (
        select c.*, o.name as organization_name,
          coalesce(t.raised_cents, 0) as raised, coalesce(t.gifts, 0) as gifts, coalesce(t.impressions, 0) as impressions,
          coalesce(t.ad_clicks, 0) as ad_clicks, coalesce(t.spend_cents, 0) as spend,
          coalesce(t.share_clicks, 0) as share_clicks, coalesce(t.raised_cents, 0) as raised_to_date,
          coalesce(t.donors, 0) as donors, coalesce(t.promoters, 0) as promoters,
          case when c.goal_cents > 0 then coalesce(t.raised_cents, 0)::float8 / c.goal_cents end as percent_of_goal,
          case when coalesce(t.impressions, 0) > 0 then t.ad_clicks::float8 / t.impressions end as ctr,
          case when coalesce(t.raised_cents, 0) > 0 then t.spend_cents::float8 / t.raised_cents end as cost_per_dollar,
          case when coalesce(t.ad_clicks, 0) + coalesce(t.share_clicks, 0) > 0
            then t.gifts * 1000.0 / (t.ad_clicks + t.share_clicks) end as per_thousand_clicks
        from c
        left join reporting.campaign_totals t on t.campaign_id = c.campaign_id
        left join reporting.organizations o on o.organization_id = c.organization_id
      )
      select rows.*, count(*) over () as total_rows from rows ${tail}`;
  }
  return sql<Row>`
    ${campaigns},
    ranged as (
      select d.campaign_id, sum(d.raised_cents) as raised, sum(d.gifts) as gifts, sum(d.impressions) as impressions,
        sum(d.ad_clicks) as ad_clicks, sum(d.spend_cents) as spend,
        sum(d.share_clicks_x + d.share_clicks_linkedin + d.share_clicks_facebook + d.share_clicks_instagram + d.share_clicks_qr) as share_clicks
      from reporting.campaign_days d join c on c.campaign_id = d.campaign_id
      where ${dayRange(window, 'd.day')} ${only('d')}
      group by d.campaign_id
    ),
    to_date as (
      select d.campaign_id, sum(d.raised_cents) as raised_to_date
      from reporting.campaign_days d join c on c.campaign_id = d.campaign_id
      where true ${only('d')}
      group by d.campaign_id
    ),
    givers as (
      select campaign_id, count(*) as donors from (
        select distinct g.campaign_id, g.donor_key
        from reporting.gifts g join c on c.campaign_id = g.campaign_id
        where ${dayRange(window, 'g.day')} and g.refunded_cents < g.amount_cents ${only('g')}
      ) distinct_donors
      group by campaign_id
    ),
    promoting as (
      select p.campaign_id, count(distinct p.promoter_id) as promoters
      from reporting.promotions p join c on c.campaign_id = p.campaign_id
      where true ${only('p')}
      group by p.campaign_id
    ),
    rows as (
      select c.*, o.name as organization_name,
        coalesce(r.raised, 0) as raised, coalesce(r.gifts, 0) as gifts, coalesce(r.impressions, 0) as impressions,
        coalesce(r.ad_clicks, 0) as ad_clicks, coalesce(r.spend, 0) as spend, coalesce(r.share_clicks, 0) as share_clicks,
        coalesce(t.raised_to_date, 0) as raised_to_date, coalesce(v.donors, 0) as donors,
        coalesce(p.promoters, 0) as promoters,
        case when c.goal_cents > 0 then coalesce(t.raised_to_date, 0)::float8 / c.goal_cents end as percent_of_goal,
        case when coalesce(r.impressions, 0) > 0 then r.ad_clicks::float8 / r.impressions end as ctr,
        case when coalesce(r.raised, 0) > 0 then r.spend::float8 / r.raised end as cost_per_dollar,
        case when coalesce(r.ad_clicks, 0) + coalesce(r.share_clicks, 0) > 0
          then r.gifts * 1000.0 / (r.ad_clicks + r.share_clicks) end as per_thousand_clicks
      from c
      left join ranged r on r.campaign_id = c.campaign_id
      left join to_date t on t.campaign_id = c.campaign_id
      left join givers v on v.campaign_id = c.campaign_id
      left join promoting p on p.campaign_id = c.campaign_id
      left join reporting.organizations o on o.organization_id = c.organization_id
    )
    select rows.*, count(*) over () as total_rows from rows ${tail}`;
}

function campaignOrder(options: Pick<CampaignListOptions, 'sort' | 'order'>): RawBuilder<unknown> {
  const expression = sql.raw(CAMPAIGN_SORTS[options.sort]);
  return sql`order by ${expression} ${orderSql(options.order)} nulls last, campaign_id ${orderSql(options.order)}`;
}

// ── Gifts and payments ──────────────────────────────────────────────────────────────────────────

function giftRowOf(row: Row): GiftRow {
  const amount = num(row.amount_cents);
  const refunded = num(row.refunded_cents);
  return {
    paymentId: String(row.payment_intent_id),
    campaignId: String(row.campaign_id),
    campaignTitle: (row.campaign_title as string | null) ?? '',
    date: String(row.occurred_iso),
    amountCents: amount,
    refundedCents: refunded,
    refundState: refundStateOf(amount, refunded),
    donorName: (row.donor_name as string | null) ?? null,
    message: (row.message as string | null) ?? null,
    promoterId: (row.promoter_id as string | null) ?? null,
    promoterName: row.promoter_id ? (promoterNameOf(row) ?? null) : null,
    channel: (row.channel as GiftRow['channel']) ?? null,
    givenOn: (row.given_on as GiftRow['givenOn']) ?? null,
  };
}

function promoterNameOf(row: Row): string | null {
  if (row.promoter_first === null || row.promoter_first === undefined) return null;
  const name = `${String(row.promoter_first)} ${String(row.promoter_last ?? '')}`.trim();
  return name === '' ? null : name;
}

function paymentRowOf(row: Row): PaymentRow {
  const brand = row.card_brand as string | null;
  const last4 = row.card_last4 as string | null;
  const createdAt = String(row.occurred_iso);
  return {
    paymentId: String(row.payment_intent_id),
    formattedDate: formatDate.format(new Date(createdAt)),
    createdAt,
    amount: num(row.amount_cents),
    refundedCents: num(row.refunded_cents),
    card: brand && last4 ? { brand, last4 } : null,
    link: (row.receipt_url as string | null) ?? null,
    campaignId: String(row.campaign_id),
    campaignTitle: (row.campaign_title as string | null) ?? '',
  };
}

/** The gifts of a window (or of one campaign), newest or oldest first, after a keyset position. */
function giftsSql(
  window: ReportWindow,
  options: { campaignId?: string; order: SortOrder },
  after: { occurredAt: string; id: string } | null,
  limit: number | null,
  offset: number,
): RawBuilder<Row> {
  const direction = orderSql(options.order);
  const scope =
    options.campaignId === undefined
      ? inOrganization(window, 'g.organization_id')
      : sql`and g.campaign_id = ${options.campaignId}`;
  const keyset =
    after === null
      ? sql``
      : options.order === 'desc'
        ? sql`and (g.occurred_at, g.payment_intent_id) < (${after.occurredAt}::timestamptz, ${after.id})`
        : sql`and (g.occurred_at, g.payment_intent_id) > (${after.occurredAt}::timestamptz, ${after.id})`;
  // The range is on the gift's instant (the day is the same instant's UTC day): the (…, occurred_at)
  // indexes serve both the filter and the order.
  return sql<Row>`
    select g.payment_intent_id, g.campaign_id,
      to_char(g.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_iso,
      to_char(g.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as occurred_key, g.amount_cents, g.refunded_cents, g.donor_name,
      g.message, g.promoter_id, g.channel, g.given_on, g.card_brand, g.card_last4, g.receipt_url,
      c.title as campaign_title, p.first_name as promoter_first, p.last_name as promoter_last
    from reporting.gifts g
    left join reporting.campaigns c on c.campaign_id = g.campaign_id
    left join reporting.people p on p.user_id = g.promoter_id
    where g.occurred_at >= ${window.from}::date::timestamptz
      and g.occurred_at < (${window.to}::date + 1)::timestamptz
      ${scope} ${keyset}
    order by g.occurred_at ${direction}, g.payment_intent_id ${direction}
    ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}`;
}

function giftCountSql(window: ReportWindow, campaignId?: string): RawBuilder<Row> {
  const scope =
    campaignId === undefined ? inOrganization(window, 'organization_id') : sql`and campaign_id = ${campaignId}`;
  return sql<Row>`select count(*) as total from reporting.gifts
    where occurred_at >= ${window.from}::date::timestamptz and occurred_at < (${window.to}::date + 1)::timestamptz ${scope}`;
}

// ── Donors ──────────────────────────────────────────────────────────────────────────────────────

const DONOR_SORTS: Record<DonorListOptions['sort'], string> = {
  total: 'total_cents',
  gifts: 'gifts',
  lastGiftAt: 'last_gift_at',
  firstGiftAt: 'first_gift_at',
  name: 'lower(donor_name)',
};

/**
 * Donors who gave in the window (gifts not refunded in full), their figures within it; their name and
 * e-mail (the donor rollup's) are looked up for the rows kept only, unless the order is by name.
 */
function donorRowsSql(
  window: ReportWindow,
  options: Pick<DonorListOptions, 'sort' | 'order'>,
  tail: RawBuilder<unknown>,
  whole = false,
) {
  const direction = orderSql(options.order);
  const byName = options.sort === 'name';
  // As the donor rollup keeps them (by its key, or by donor_key across organizations).
  const latest = (column: string) => sql`(select ${sql.ref(`l.${column}`)} from reporting.donors l
      where l.donor_key = donors.donor_key and ${sql.ref(`l.${column}`)} is not null
        ${window.organizationId === null ? sql`` : sql`and l.organization_id = ${window.organizationId}`}
      order by l.last_gift_at desc limit 1)`;
  // Every day of one organization: its donors as the donor rollup keeps them (the same figures).
  const figures =
    whole && window.organizationId !== null
      ? sql`
      select d.donor_key, d.gifts, d.total_cents, d.first_gift_at, d.last_gift_at
      from reporting.donors d where d.organization_id = ${window.organizationId}`
      : sql`
      select g.donor_key, count(*) as gifts, sum(g.amount_cents - g.refunded_cents) as total_cents,
        min(g.occurred_at) as first_gift_at, max(g.occurred_at) as last_gift_at
      from reporting.gifts g
      where ${dayRange(window, 'g.day')} and g.refunded_cents < g.amount_cents ${inOrganization(window, 'g.organization_id')}
      group by g.donor_key`;
  if (byName) {
    return sql<Row>`
      with donors as (${figures}),
      named as (select donors.*, ${latest('donor_name')} as donor_name from donors)
      select donors.*, ${latest('donor_email')} as donor_email, count(*) over () as total_rows
      from named as donors
      order by lower(donor_name) ${direction} nulls last, donor_key ${direction}
      ${tail}`;
  }
  return sql<Row>`
    with donors as (${figures}),
    page as (
      select donors.*, count(*) over () as total_rows from donors
      order by ${sql.raw(DONOR_SORTS[options.sort])} ${direction} nulls last, donor_key ${direction}
      ${tail}
    )
    select donors.*, ${latest('donor_name')} as donor_name, ${latest('donor_email')} as donor_email
    from page as donors
    order by ${sql.raw(DONOR_SORTS[options.sort])} ${direction} nulls last, donor_key ${direction}`;
}

const donorRowOf = (row: Row): DonorRow => ({
  donorKey: String(row.donor_key),
  name: (row.donor_name as string | null) ?? null,
  email: (row.donor_email as string | null) ?? null,
  gifts: num(row.gifts),
  totalCents: num(row.total_cents),
  firstGiftAt: iso(row.first_gift_at),
  lastGiftAt: iso(row.last_gift_at),
});

// ── Promoters ───────────────────────────────────────────────────────────────────────────────────

function promoterRowsSql(window: ReportWindow, now: Date, tail: RawBuilder<unknown>, whole = false): RawBuilder<Row> {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const twoWeeksAgo = new Date(now.getTime() - 14 * 86_400_000).toISOString();
  const at = now.toISOString();
  const organization = inOrganization(window, 'organization_id');
  const board = sql`
      select d.promoter_id, count(distinct d.campaign_id) as campaigns, sum(d.gifts) as gifts,
        sum(d.raised_cents) as raised, sum(d.clicks_x) as clicks_x, sum(d.clicks_linkedin) as clicks_linkedin,
        sum(d.clicks_facebook) as clicks_facebook, sum(d.clicks_instagram) as clicks_instagram,
        sum(d.clicks_qr) as clicks_qr,
        sum(d.clicks_x + d.clicks_linkedin + d.clicks_facebook + d.clicks_instagram + d.clicks_qr) as clicks
      from reporting.promoter_days d
      where ${dayRange(window, 'd.day')} ${inOrganization(window, 'd.organization_id')}
      group by d.promoter_id`;
  // Every day in the range: the promoters' totals of the scope, kept by the projector, read in the
  // board's order from its index (only the rows up to the page's end); else summed from their days.
  const page = whole
    ? sql`
      select t.promoter_id, t.campaigns, t.gifts, t.raised_cents as raised, t.clicks_x, t.clicks_linkedin,
        t.clicks_facebook, t.clicks_instagram, t.clicks_qr, t.clicks,
        row_number() over (order by t.gifts desc, t.raised_cents desc, t.clicks desc, t.promoter_id) as rank,
        (select count(*) from reporting.promoter_totals c where c.scope = ${scopeOf(window)}) as total_rows
      from reporting.promoter_totals t where t.scope = ${scopeOf(window)}
      order by t.gifts desc, t.raised_cents desc, t.clicks desc, t.promoter_id ${tail}`
    : sql`
      with board as (${board}),
      ranked as (
        select board.*, count(*) over () as total_rows,
          row_number() over (order by gifts desc, raised desc, clicks desc, promoter_id) as rank
        from board
      )
      select * from ranked order by rank ${tail}`;
  return sql<Row>`
    with page as (${page})
    select page.*, p.first_name, p.last_name, w.week_gifts, w.week_raised, w.last_gifts, w.last_raised,
      k.week_clicks, k.last_clicks
    from page left join reporting.people p on p.user_id = page.promoter_id
    -- This week (the last 7 × 24 hours) and the week before, from one read of each promoter's two weeks.
    cross join lateral (
      select count(*) filter (where g.occurred_at > ${weekAgo}::timestamptz and g.refunded_cents < g.amount_cents) as week_gifts,
        coalesce(sum(g.amount_cents - g.refunded_cents) filter (where g.occurred_at > ${weekAgo}::timestamptz), 0) as week_raised,
        count(*) filter (where g.occurred_at <= ${weekAgo}::timestamptz and g.refunded_cents < g.amount_cents) as last_gifts,
        coalesce(sum(g.amount_cents - g.refunded_cents) filter (where g.occurred_at <= ${weekAgo}::timestamptz), 0) as last_raised
      from reporting.gifts g where g.promoter_id = page.promoter_id
        and g.day >= ${twoWeeksAgo}::timestamptz::date and g.occurred_at > ${twoWeeksAgo}::timestamptz
        and g.occurred_at <= ${at}::timestamptz ${organization}) w
    cross join lateral (
      select count(*) filter (where s.occurred_at > ${weekAgo}::timestamptz) as week_clicks,
        count(*) filter (where s.occurred_at <= ${weekAgo}::timestamptz) as last_clicks
      from reporting.share_clicks s where s.promoter_id = page.promoter_id
        and s.day >= ${twoWeeksAgo}::timestamptz::date and s.occurred_at > ${twoWeeksAgo}::timestamptz
        and s.occurred_at <= ${at}::timestamptz ${organization}) k
    order by page.rank`;
}

function promoterRowOf(row: Row): PromoterRow {
  const name = `${String(row.first_name ?? '')} ${String(row.last_name ?? '')}`.trim();
  return {
    rank: num(row.rank),
    promoterId: String(row.promoter_id),
    name: name === '' ? 'A promoter' : name,
    campaigns: num(row.campaigns),
    gifts: num(row.gifts),
    raisedCents: num(row.raised),
    clicks: {
      x: num(row.clicks_x),
      linkedin: num(row.clicks_linkedin),
      facebook: num(row.clicks_facebook),
      instagram: num(row.clicks_instagram),
      qr: num(row.clicks_qr),
      total: num(row.clicks),
    },
    thisWeek: { gifts: num(row.week_gifts), raisedCents: num(row.week_raised), clicks: num(row.week_clicks) },
    lastWeek: { gifts: num(row.last_gifts), raisedCents: num(row.last_raised), clicks: num(row.last_clicks) },
  };
}

// ── Series ──────────────────────────────────────────────────────────────────────────────────────

/** A series of the window (one campaign's when `campaignId` is given), zeros included. */
function seriesSql(window: ReportWindow, interval: SeriesInterval, campaignId?: string): RawBuilder<Row> {
  const unit = sql.lit(interval);
  const step = sql.lit(interval === 'week' ? '1 week' : '1 day');
  const newDonors =
    campaignId === undefined
      ? sql`select date_trunc(${unit}, day)::date as period, sum(donors) as new_donors
          from reporting.donor_day_counts
          where scope = ${scopeOf(window)} and ${dayRange(window)} and since = day group by 1`
      : // A campaign's new donors: those whose first gift to its organization was a gift to it, that day.
        sql`select date_trunc(${unit}, g.day)::date as period, count(distinct g.donor_key) as new_donors
          from reporting.gifts g
          join reporting.donors dn on dn.organization_id = coalesce(g.organization_id, '') and dn.donor_key = g.donor_key
            and dn.first_gift_at = g.occurred_at
          where g.campaign_id = ${campaignId} and ${dayRange(window, 'g.day')} and g.refunded_cents < g.amount_cents
          group by 1`;
  return sql<Row>`
    with periods as (
      select generate_series(date_trunc(${unit}, ${window.from}::date), ${window.to}::date, ${step}::interval)::date as period
    ),
    days as (
      select date_trunc(${unit}, d.day)::date as period, sum(d.raised_cents) as raised, sum(d.refunded_cents) as refunded,
        sum(d.gifts) as gifts, sum(d.spend_cents) as spend, sum(d.impressions) as impressions,
        sum(d.ad_clicks) as ad_clicks, sum(d.fee_gifts) as fee_gifts, sum(d.covered_fee_cents) as covered_fees
      from ${
        campaignId === undefined
          ? sql`reporting.scope_days d where d.scope = ${scopeOf(window)} and ${dayRange(window, 'd.day')}`
          : sql`reporting.campaign_days d where d.campaign_id = ${campaignId} and ${dayRange(window, 'd.day')}`
      }
      group by 1
    ),
    givers as (${
      campaignId === undefined
        ? // Each period's donors from the scope's donor days: within the period (and the range), a donor's
          // day counts when their gift day before it is before the period's start, or it is their first.
          sql`select p.period, sum(c.donors) as donors
            from periods p
            join reporting.donor_day_counts c on c.scope = ${scopeOf(window)}
              and c.day between greatest(p.period, ${window.from}::date)
                and least((p.period + ${step}::interval)::date - 1, ${window.to}::date)
              and (c.since = c.day or c.since < greatest(p.period, ${window.from}::date))
            group by p.period`
        : sql`select period, count(*) as donors from (
            select distinct date_trunc(${unit}, g.day)::date as period, g.donor_key
            from reporting.gifts g
            where ${dayRange(window, 'g.day')} and g.refunded_cents < g.amount_cents and g.campaign_id = ${campaignId}
          ) distinct_donors
          group by period`
    }),
    firsts as (${newDonors})
    select to_char(periods.period, 'YYYY-MM-DD') as period, days.raised, days.refunded, days.gifts, days.spend,
      days.impressions, days.ad_clicks, days.fee_gifts, days.covered_fees, givers.donors, firsts.new_donors
    from periods
    left join days on days.period = periods.period
    left join givers on givers.period = periods.period
    left join firsts on firsts.period = periods.period
    order by periods.period`;
}

const seriesPointOf = (row: Row): SeriesPoint => ({
  period: String(row.period),
  raisedCents: num(row.raised),
  refundedCents: num(row.refunded),
  gifts: num(row.gifts),
  donors: num(row.donors),
  newDonors: Math.min(num(row.new_donors), num(row.donors)),
  adSpendCents: num(row.spend),
  impressions: num(row.impressions),
  adClicks: num(row.ad_clicks),
  feeCoveredGifts: num(row.fee_gifts),
  coveredFeesCents: num(row.covered_fees),
});

// ── Lists ───────────────────────────────────────────────────────────────────────────────────────

function listedSql(filter: RawBuilder<unknown>): RawBuilder<Row> {
  return sql<Row>`
    select c.campaign_id, c.title, c.name, c.organization_id, o.name as organization_name, c.created_at, c.goal_cents,
      coalesce((select sum(d.raised_cents) from reporting.campaign_days d where d.campaign_id = c.campaign_id), 0)
        as raised_to_date
    from reporting.campaigns c left join reporting.organizations o on o.organization_id = c.organization_id
    where not c.is_deleted ${filter}
    order by c.created_at desc, c.campaign_id desc`;
}

const listedOf = (row: Row): ListedCampaign => ({
  campaignId: String(row.campaign_id),
  title: String(row.title),
  name: String(row.name),
  organizationId: (row.organization_id as string | null) ?? null,
  organizationName: (row.organization_name as string | null) ?? null,
  createdAt: iso(row.created_at),
  raisedToDateCents: num(row.raised_to_date),
  goalCents: num(row.goal_cents),
});

// ── Retention ───────────────────────────────────────────────────────────────────────────────────

function cohortsOf(rows: Row[], lastMonth: string): RetentionCohort[] {
  const byCohort = new Map<string, { donors: number; months: Map<number, number> }>();
  for (const row of rows) {
    const cohort = String(row.cohort);
    const entry = byCohort.get(cohort) ?? { donors: 0, months: new Map<number, number>() };
    const offset = num(row.month_offset);
    entry.months.set(offset, num(row.donors));
    if (offset === 0) entry.donors = num(row.donors);
    byCohort.set(cohort, entry);
  }
  const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
  return [...byCohort.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([cohort, entry]) => {
      const span = Math.max(0, monthIndex(lastMonth) - monthIndex(cohort));
      const months = Array.from({ length: span + 1 }, (_, k) => {
        const donors = k === 0 ? entry.donors : (entry.months.get(k) ?? 0);
        return { donors, rate: entry.donors > 0 ? Math.min(1, donors / entry.donors) : 0 };
      });
      return { cohort, donors: entry.donors, months };
    });
}

// ── The adapter ─────────────────────────────────────────────────────────────────────────────────

async function rowsOf(db: Kysely<ReportingDatabase>, query: RawBuilder<Row>): Promise<Row[]> {
  return (await query.execute(db)).rows;
}

/** Pages of an ordered query by offset, for downloads of aggregated tables (each page re-reads its groups). */
async function* offsetBatches<T>(
  db: Kysely<ReportingDatabase>,
  query: (tail: RawBuilder<unknown>) => RawBuilder<Row>,
  map: (row: Row) => T,
): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await rowsOf(db, query(sql`limit ${EXPORT_BATCH} offset ${offset}`));
    if (rows.length > 0) yield rows.map(map);
    if (rows.length < EXPORT_BATCH) return;
  }
}

export interface ReportingQueriesOptions {
  /**
   * A Postgres server (opened with a cursor): downloads run as one query whose rows arrive a chunk at a
   * time. Otherwise (PGlite, which would load a whole result) they read keyset batches.
   */
  cursor?: boolean;
  /**
   * A range holding every day of its scope reads the campaigns' and promoters' all-time totals (the
   * default); false sums their days as for any range.
   */
  allTimeTotals?: boolean;
  /** A Postgres server's `COPY (…) TO STDOUT`: the gifts' CSV download is written by the database. */
  copyOut?: (statement: string) => AsyncIterable<Buffer>;
}

/** A text cell as the downloads write it: '' as nothing, and one a spreadsheet would run as a formula as text. */
const cellText = (expression: string) =>
  `nullif(case when ${expression} ~ '^[=+@\\t\\r-]' then '''' || ${expression} else ${expression} end, '')`;

/**
 * The gifts of a window as `COPY … TO STDOUT (format csv, header)`, with the cells of the gifts
 * download (dollars as the app writes a number; the refund's state; the promoter's name). COPY takes
 * no parameters: the values are quoted as literals.
 */
function giftsCopySql(
  window: ReportWindow,
  options: { campaignId?: string; order: SortOrder },
  headers: string[],
): string {
  const literal = (value: string) => pg.escapeLiteral(value);
  const direction = options.order === 'asc' ? 'asc' : 'desc';
  const scope =
    options.campaignId !== undefined
      ? `and g.campaign_id = ${literal(options.campaignId)}`
      : window.organizationId !== null
        ? `and g.organization_id = ${literal(window.organizationId)}`
        : '';
  const promoter = `regexp_replace(p.first_name || ' ' || coalesce(p.last_name, ''), '^\\s+|\\s+$', '', 'g')`;
  const cells = [
    `to_char(g.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    cellText(`coalesce(c.title, '')`),
    `g.amount_cents::float8 / 100`,
    `g.refunded_cents::float8 / 100`,
    `case when g.refunded_cents <= 0 then 'none' when g.refunded_cents >= g.amount_cents then 'full' else 'partial' end`,
    cellText('g.donor_name'),
    cellText('g.message'),
    `case when g.promoter_id is not null and p.first_name is not null then ${cellText(promoter)} end`,
    'g.channel',
    'g.given_on',
    cellText('g.payment_intent_id'),
  ];
  if (headers.length !== cells.length) throw new Error('The gifts download has eleven columns.');
  return `copy (
    select ${cells.map((cell, index) => `${cell} as ${pg.escapeIdentifier(headers[index]!)}`).join(',\n      ')}
    from reporting.gifts g
    left join reporting.campaigns c on c.campaign_id = g.campaign_id
    left join reporting.people p on p.user_id = g.promoter_id
    where g.occurred_at >= ${literal(window.from)}::date::timestamptz
      and g.occurred_at < (${literal(window.to)}::date + 1)::timestamptz ${scope}
    order by g.occurred_at ${direction}, g.payment_intent_id ${direction}
  ) to stdout with (format csv, header)`;
}

/** The report queries over the mirror's tables (PGlite or a Postgres server). */
export function createPostgresReportingQueries(
  db: Kysely<ReportingDatabase>,
  options: ReportingQueriesOptions = {},
): ReportingQueries {
  /** One query's rows through a server-side cursor, EXPORT_BATCH at a time, the next asked for while one is written. */
  async function* streamed(query: RawBuilder<Row>): AsyncGenerator<Row[]> {
    const chunks = db.getExecutor().stream(query.compile(db), EXPORT_BATCH);
    try {
      let next = chunks.next();
      for (;;) {
        const chunk = await next;
        if (chunk.done) return;
        next = chunks.next();
        // A reader who stops early leaves the chunk read ahead unread: its failure is not unhandled.
        next.catch(() => undefined);
        yield chunk.value.rows as Row[];
      }
    } finally {
      await chunks.return?.();
    }
  }

  /** An aggregated table's rows: one streamed query on a server, offset pages elsewhere. */
  async function* aggregated<T>(
    query: (tail: RawBuilder<unknown>) => RawBuilder<Row>,
    map: (row: Row) => T,
  ): AsyncGenerator<T[]> {
    if (options.cursor) {
      for await (const rows of streamed(query(sql``))) yield rows.map(map);
      return;
    }
    yield* offsetBatches(db, query, map);
  }

  /**
   * Every gift of a window by keyset (the exact instant and the id of the last row read), each batch
   * asked for while the one before is being written.
   */
  async function* giftBatches(window: ReportWindow, filter: { campaignId?: string; order: SortOrder }) {
    if (options.cursor) {
      yield* streamed(giftsSql(window, filter, null, null, 0));
      return;
    }
    const batchAfter = (after: { occurredAt: string; id: string } | null) => {
      const batch = rowsOf(db, giftsSql(window, filter, after, EXPORT_BATCH, 0));
      // A reader who stops early leaves the batch read ahead unread: its failure is not unhandled.
      batch.catch(() => undefined);
      return batch;
    };
    let pending = batchAfter(null);
    for (;;) {
      const rows = await pending;
      if (rows.length === 0) return;
      const last = rows[rows.length - 1]!;
      const full = rows.length === EXPORT_BATCH;
      if (full) pending = batchAfter({ occurredAt: String(last.occurred_key), id: String(last.payment_intent_id) });
      yield rows;
      if (!full) return;
    }
  }

  /** Whether the window holds every day the scope has figures on (then the all-time totals answer). */
  async function holdsEveryDay(window: ReportWindow): Promise<boolean> {
    if (options.allTimeTotals === false) return false;
    const [span] = await rowsOf(
      db,
      sql<Row>`select to_char(min(day), 'YYYY-MM-DD') as first, to_char(max(day), 'YYYY-MM-DD') as last
        from reporting.scope_days where scope = ${scopeOf(window)}`,
    );
    if (!span || span.first === null || span.last === null) return true;
    return window.from <= String(span.first) && window.to >= String(span.last);
  }

  return {
    async firstDay(organizationId) {
      const scope = organizationId === null ? sql`` : sql`where organization_id = ${organizationId}`;
      const [row] = await rowsOf(
        db,
        sql<Row>`select to_char(least(
            (select min(day) from reporting.campaign_days ${scope}),
            (select min(created_at)::date from reporting.campaigns ${scope})), 'YYYY-MM-DD') as first_day`,
      );
      return (row?.first_day as string | null) ?? null;
    },

    async organizationName(organizationId) {
      const row = await db
        .selectFrom('reporting.organizations')
        .select('name')
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      return row?.name ?? null;
    },

    async campaignScope(campaignId) {
      const row = await db
        .selectFrom('reporting.campaigns')
        .select('organization_id')
        .where('campaign_id', '=', campaignId)
        .where('is_deleted', '=', false)
        .executeTakeFirst();
      return row ? { organizationId: row.organization_id } : null;
    },

    async lastChangeAt() {
      const row = await db.selectFrom('reporting.projector_state').select('last_event_at').executeTakeFirst();
      return isoOrNull(row?.last_event_at);
    },

    async totals(window, now) {
      const [row] = await rowsOf(
        db,
        sql<Row>`
          with ranged as (
            select sum(gifts) as gifts, sum(gross_cents) as gross, sum(refunded_cents) as refunded,
              sum(refunds) as refunds, sum(raised_cents) as raised, sum(impressions) as impressions,
              sum(ad_clicks) as ad_clicks, sum(spend_cents) as spend, sum(page_visits) as page_visits,
              sum(fee_gifts) as fee_gifts, sum(covered_fee_cents) as covered_fees,
              ${channelSums}, ${placeSums}
            from reporting.scope_days where scope = ${scopeOf(window)} and ${dayRange(window)}
          ),
          givers as (${giversSql(window)}),
          firsts as (${newDonorsSql(window)}),
          live as (
            select count(*) as live_campaigns from reporting.campaigns
            where not is_deleted and created_at <= ${endOf(window, now)}::timestamptz
              and (deadline is null or deadline > ${endOf(window, now)}::timestamptz) ${inOrganization(window)}
          )
          select * from ranged, givers, firsts, live`,
      );
      return totalsOf(row ?? {}, num(row?.live_campaigns));
    },

    async series(window, interval) {
      return (await rowsOf(db, seriesSql(window, interval))).map(seriesPointOf);
    },

    async campaigns(window, options, now) {
      const tail = sql`${campaignOrder(options)} limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`;
      const whole = await holdsEveryDay(window);
      const rows = await rowsOf(db, campaignRowsSql(window, options, now, tail, whole));
      let total = num(rows[0]?.total_rows);
      if (rows.length === 0 && options.page > 1) {
        const [count] = await rowsOf(db, campaignRowsSql(window, options, now, sql`limit 1`, whole));
        total = num(count?.total_rows);
      }
      return { rows: rows.map(campaignRowOf), total };
    },

    async campaignReport(window, campaignId, interval, now) {
      const scoped = { ...window, organizationId: null };
      const whole = await holdsEveryDay(scoped);
      const [campaignRows, series, figures, promoters] = await Promise.all([
        rowsOf(db, campaignRowsSql(scoped, { only: campaignId }, now, sql``, whole)),
        rowsOf(db, seriesSql(scoped, interval, campaignId)),
        rowsOf(
          db,
          sql<Row>`
            select sum(impressions) as impressions, sum(ad_clicks) as ad_clicks, sum(page_visits) as page_visits,
              sum(checkouts) as checkouts, sum(gifts) as gifts, sum(raised_cents) as raised,
              ${sql.join(
                CHANNELS.map(
                  (channel) =>
                    sql`sum(${sql.ref(`share_clicks_${channel}`)}) as ${sql.ref(`share_clicks_${channel}`)}, sum(${sql.ref(`gifts_${channel}`)}) as ${sql.ref(`gifts_${channel}`)}, sum(${sql.ref(`raised_${channel}`)}) as ${sql.ref(`raised_${channel}`)}`,
                ),
              )}
              , ${placeSums}
            from reporting.campaign_days where campaign_id = ${campaignId} and ${dayRange(window)}`,
        ),
        rowsOf(
          db,
          sql<Row>`
            with promoters as (
              select distinct promoter_id from reporting.promotions where campaign_id = ${campaignId}
            ),
            -- Its promoters are those who promoted it (their links are made then): each one's days by the key.
            figures as (
              select d.promoter_id, sum(d.clicks_x + d.clicks_linkedin + d.clicks_facebook + d.clicks_instagram + d.clicks_qr) as clicks,
                sum(d.gifts) as gifts, sum(d.raised_cents) as raised, sum(d.page_gifts) as page_gifts,
                sum(d.page_raised_cents) as page_raised
              from promoters join reporting.promoter_days d on d.promoter_id = promoters.promoter_id
                and d.campaign_id = ${campaignId} and ${dayRange(window, 'd.day')}
              group by d.promoter_id
            )
            select promoters.promoter_id, p.first_name, p.last_name, f.clicks, f.gifts, f.raised, f.page_gifts,
              f.page_raised
            from promoters
            left join figures f on f.promoter_id = promoters.promoter_id
            left join reporting.people p on p.user_id = promoters.promoter_id
            order by coalesce(f.gifts, 0) desc, coalesce(f.raised, 0) desc, coalesce(f.clicks, 0) desc,
              promoters.promoter_id`,
        ),
      ]);
      const campaignRow = campaignRows[0];
      if (!campaignRow) return null;
      const sums = figures[0] ?? {};
      const channels: ChannelFigures[] = CHANNELS.map((channel) => ({
        channel,
        shareClicks: num(sums[`share_clicks_${channel}`]),
        gifts: num(sums[`gifts_${channel}`]),
        raisedCents: num(sums[`raised_${channel}`]),
      }));
      const gifts = num(sums.gifts);
      const raised = num(sums.raised);
      return {
        campaign: campaignRowOf(campaignRow),
        series: series.map(seriesPointOf),
        funnel: {
          impressions: num(sums.impressions),
          adClicks: num(sums.ad_clicks),
          pageVisits: num(sums.page_visits),
          checkoutsStarted: num(sums.checkouts),
          gifts,
        },
        channels,
        direct: {
          gifts: Math.max(0, gifts - channels.reduce((sum, channel) => sum + channel.gifts, 0)),
          raisedCents: Math.max(0, raised - channels.reduce((sum, channel) => sum + channel.raisedCents, 0)),
        },
        places: placesOf(sums, gifts, raised),
        promoters: promoters.map((row) => {
          const name = `${String(row.first_name ?? '')} ${String(row.last_name ?? '')}`.trim();
          return {
            promoterId: String(row.promoter_id),
            name: name === '' ? 'A promoter' : name,
            shareClicks: num(row.clicks),
            gifts: num(row.gifts),
            raisedCents: num(row.raised),
            pageGifts: num(row.page_gifts),
            pageRaisedCents: num(row.page_raised),
          };
        }),
      };
    },

    async gifts(window, options) {
      const [rows, count] = await Promise.all([
        rowsOf(db, giftsSql(window, options, null, options.pageSize, (options.page - 1) * options.pageSize)),
        rowsOf(db, giftCountSql(window, options.campaignId)),
      ]);
      return { rows: rows.map(giftRowOf), total: num(count[0]?.total) };
    },

    async promoters(window, options, now) {
      const tail = sql`limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`;
      const rows = await rowsOf(db, promoterRowsSql(window, now, tail, await holdsEveryDay(window)));
      let total = num(rows[0]?.total_rows);
      if (rows.length === 0 && options.page > 1) {
        const [count] = await rowsOf(
          db,
          sql<Row>`select count(distinct promoter_id) as total from reporting.promoter_days d
            where ${dayRange(window, 'd.day')} ${inOrganization(window, 'd.organization_id')}`,
        );
        total = num(count?.total);
      }
      return { rows: rows.map(promoterRowOf), total };
    },

    async donors(window, options) {
      const tail = sql`limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`;
      const whole = window.organizationId !== null && (await holdsEveryDay(window));
      const rows = await rowsOf(db, donorRowsSql(window, options, tail, whole));
      let total = num(rows[0]?.total_rows);
      if (rows.length === 0 && options.page > 1) {
        const [count] = await rowsOf(
          db,
          sql<Row>`select count(distinct donor_key) as total from reporting.gifts g
            where ${dayRange(window, 'g.day')} and g.refunded_cents < g.amount_cents ${inOrganization(window, 'g.organization_id')}`,
        );
        total = num(count?.total);
      }
      return { rows: rows.map(donorRowOf), total };
    },

    async donorSummary(window) {
      const organization = inOrganization(window, 'g.organization_id');
      const whole = window.organizationId !== null && (await holdsEveryDay(window));
      const [[summary], cohorts] = await Promise.all([
        rowsOf(
          db,
          whole
            ? sql<Row>`select count(*) as donors, count(*) filter (where gifts > 1) as repeat_donors
                from reporting.donors where organization_id = ${window.organizationId}`
            : sql<Row>`select count(*) as donors, count(*) filter (where gifts > 1) as repeat_donors from (
              select g.donor_key, count(*) as gifts from reporting.gifts g
              where ${dayRange(window, 'g.day')} and g.refunded_cents < g.amount_cents ${organization}
              group by g.donor_key) givers`,
        ),
        rowsOf(
          db,
          sql<Row>`
            with firsts as (${firstDaysSql(window)}),
            cohort_donors as (
              ${
                window.organizationId === null
                  ? sql`select donor_key, date_trunc('month', min(first_day))::date as cohort from reporting.donors
                      group by donor_key having min(first_day) between ${window.from}::date and ${window.to}::date`
                  : sql`select donor_key, date_trunc('month', first_day)::date as cohort from reporting.donors
                      where organization_id = ${window.organizationId}
                        and first_day between ${window.from}::date and ${window.to}::date`
              }
            ),
            months as (
              select distinct c.cohort, c.donor_key, date_trunc('month', g.day)::date as month
              from cohort_donors c
              join reporting.gifts g on g.donor_key = c.donor_key and g.refunded_cents < g.amount_cents
                ${organization}
              where g.day >= c.cohort and g.day <= ${window.to}::date
            )
            select to_char(cohort, 'YYYY-MM') as cohort,
              ((extract(year from month) - extract(year from cohort)) * 12
                + extract(month from month) - extract(month from cohort))::int as month_offset,
              count(*) as donors
            from months group by 1, 2 order by 1, 2`,
        ),
      ]);
      const donors = num(summary?.donors);
      return {
        donors,
        repeatRate: donors > 0 ? num(summary?.repeat_donors) / donors : null,
        retention: cohortsOf(cohorts, window.to.slice(0, 7)),
      };
    },

    async monthlyGiving(window, now) {
      const organization = inOrganization(window, 'm.organization_id');
      const utcDay = (column: string) => sql`(${sql.ref(column)} at time zone 'UTC')::date`;
      const inRange = (column: string) => sql`${utcDay(column)} between ${window.from}::date and ${window.to}::date`;
      const giving = sql`m.status in ('active', 'pastDue') and not m.paused`;
      const [[current], counts, starts] = await Promise.all([
        rowsOf(
          db,
          sql<Row>`select count(distinct m.donor_key) filter (where ${giving}) as donors,
              count(*) filter (where ${giving}) as gifts,
              coalesce(sum(m.amount_cents) filter (where ${giving}), 0) as revenue,
              count(*) filter (where ${giving} and m.status = 'pastDue') as retrying,
              count(*) filter (where m.paused and m.status in ('active', 'pastDue')) as paused
            from reporting.monthly_gifts m where true ${organization}`,
        ),
        rowsOf(
          db,
          sql<Row>`select to_char(${utcDay('m.started_at')}, 'YYYY-MM') as month, 'new' as kind, count(*) as count
              from reporting.monthly_gifts m
              where m.status <> 'incomplete' and ${inRange('m.started_at')} ${organization} group by 1
            union all
            select to_char(${utcDay('m.ended_at')}, 'YYYY-MM'),
                case when m.ended_reason = 'paymentFailed' then 'failed' else 'cancelled' end, count(*)
              from reporting.monthly_gifts m
              where m.status = 'ended' and m.ended_at is not null and ${inRange('m.ended_at')} ${organization}
              group by 1, 2`,
        ),
        rowsOf(
          db,
          sql<Row>`select m.started_at, m.ended_at from reporting.monthly_gifts m
            where m.status <> 'incomplete' and ${inRange('m.started_at')} ${organization}`,
        ),
      ]);
      return {
        current: {
          monthlyDonors: num(current?.donors),
          givingGifts: num(current?.gifts),
          recurringRevenueCents: num(current?.revenue),
          retryingGifts: num(current?.retrying),
          pausedGifts: num(current?.paused),
        },
        months: monthlyCounts(
          window.from,
          window.to,
          counts.map((row) => ({
            month: String(row.month),
            kind: row.kind as 'new' | 'cancelled' | 'failed',
            count: num(row.count),
          })),
        ),
        retention: retentionCohorts(
          starts.map((row) => ({ startedAt: iso(row.started_at), endedAt: isoOrNull(row.ended_at) })),
          now,
        ),
      };
    },

    async payments(window, options) {
      const [rows, count] = await Promise.all([
        rowsOf(db, giftsSql(window, options, null, options.pageSize, (options.page - 1) * options.pageSize)),
        rowsOf(db, giftCountSql(window)),
      ]);
      return { rows: rows.map(paymentRowOf), total: num(count[0]?.total) };
    },

    async campaignsCreatedSince(organizationId, since) {
      const rows = await rowsOf(
        db,
        listedSql(
          sql`and c.created_at >= ${since}::timestamptz ${inOrganization({ organizationId }, 'c.organization_id')}`,
        ),
      );
      return rows.map(listedOf);
    },

    async campaignsCreatedBetween(organizationId, from, to) {
      const rows = await rowsOf(
        db,
        listedSql(
          sql`and c.created_at >= ${from}::timestamptz and c.created_at <= ${to}::timestamptz
            ${inOrganization({ organizationId }, 'c.organization_id')}`,
        ),
      );
      return rows.map(listedOf);
    },

    async *exportGifts(window, options) {
      for await (const rows of giftBatches(window, options)) yield rows.map(giftRowOf);
    },

    ...(options.copyOut
      ? {
          exportGiftsCsv: (
            window: ReportWindow,
            filter: { campaignId?: string; order: SortOrder },
            headers: string[],
          ) => options.copyOut!(giftsCopySql(window, filter, headers)),
        }
      : {}),

    async *exportPayments(window, options) {
      for await (const rows of giftBatches(window, options)) yield rows.map(paymentRowOf);
    },

    exportDonors(window, sorting): ExportBatches<DonorRow> {
      return aggregated((tail) => donorRowsSql(window, sorting, tail), donorRowOf);
    },

    async *exportCampaigns(window, sorting, now): ExportBatches<CampaignReportRow> {
      const whole = await holdsEveryDay(window);
      yield* aggregated(
        (tail) => campaignRowsSql(window, sorting, now, sql`${campaignOrder(sorting)} ${tail}`, whole),
        campaignRowOf,
      );
    },

    async *exportPromoters(window, now): ExportBatches<PromoterRow> {
      const whole = await holdsEveryDay(window);
      yield* aggregated((tail) => promoterRowsSql(window, now, tail, whole), promoterRowOf);
    },
  };
}
