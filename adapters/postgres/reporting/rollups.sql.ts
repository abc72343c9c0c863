import { sql, type RawBuilder } from 'kysely';
import { SHARE_CHANNELS } from '@causeway/core/campaigns/targeting.entity';

/**
 * The rollups, recomputed from the facts: for the keys a batch touched (a JSON array of key rows), or
 * for every fact (a rebuild). Both paths run the same statements, so a rebuilt mirror equals a live one.
 * campaign_days alone are kept by a batch's changes (applyCampaignDayDeltas), since a busy campaign's
 * day holds thousands of gifts; a rebuild sums them from the facts, and the contract suites hold both
 * to the same rows.
 *
 * campaign_days, per campaign and UTC day of each fact: gifts and donors count gifts not refunded in
 * full; gross is every gift's amount, refunded what was taken back of them (refunds: gifts with any
 * refund), raised = gross − refunded; gifts_<channel>/raised_<channel> by the channel of the link that
 * brought the gift; fee_gifts/covered_fee_cents the gifts not refunded in full whose donor covered the
 * card fee and the fees covered net of refunds; gifts_on_<place>/raised_on_<place> by where the gift was
 * made (a promoter's fundraising page, the donate form on the organization's site); ads, page visits, checkouts and share clicks of that day.
 * promoter_days, per promoter, campaign and day: clicks on their links by channel, gifts they brought
 * (not refunded in full) and what those raised net of refunds; page_gifts/page_raised_cents the same of
 * the gifts made on their fundraising page.
 * donors, per organization ('' without one) and donor: gifts not refunded in full, their net total,
 * first and last gift; the name and e-mail of the latest gift that gave them.
 */

const keysOf = (json: string | null, columns: string): RawBuilder<unknown> =>
  json === null
    ? sql``
    : sql`join jsonb_to_recordset(${json}::jsonb) as k(${sql.raw(columns)}) using (${sql.raw(columns.replace(/ (text|date)/g, ''))})`;

/** Deletes the rows of a rollup with the keys given (a JSON array of key rows), or every row (a rebuild). */
const eraseKeyed = (table: string, keysJson: string | null, columns: string): RawBuilder<unknown> => {
  if (keysJson === null) return sql.raw(`delete from reporting.${table}`);
  const matches = columns
    .split(',')
    .map((column) => column.trim().split(' ')[0])
    .map((name) => `t.${name} = k.${name}`)
    .join(' and ');
  return sql`delete from ${sql.raw(`reporting.${table}`)} t using jsonb_to_recordset(${keysJson}::jsonb) as k(${sql.raw(columns)})
    where ${sql.raw(matches)}`;
};

const channels = SHARE_CHANNELS;

/** The places a gift may be made that campaign_days count apart (the campaign's page is the rest). */
export const COUNTED_GIFT_PLACES = ['fundraiser_page', 'donate_form'] as const;
const places = COUNTED_GIFT_PLACES;
const placeColumns = places.flatMap((place) => [`gifts_on_${place}`, `raised_on_${place}`] as const);

/**
 * Every campaign_days row from the facts (a rebuild), with the live gifts per donor of each campaign's
 * day and of each campaign that count their donors.
 */
export function recomputeCampaignDays(): RawBuilder<unknown>[] {
  const zeroChannels = (prefix: string) => channels.map((channel) => `0 as ${prefix}_${channel}`).join(', ');
  const shareZero = zeroChannels('share_clicks');
  const giftsZero = zeroChannels('gifts');
  const raisedZero = zeroChannels('raised');
  const placesZero = placeColumns.map((column) => `0 as ${column}`).join(', ');
  const live = sql.raw('g.refunded_cents < g.amount_cents');
  const insert = sql`
    with fresh as (insert into reporting.campaign_days (
      campaign_id, day, organization_id, gifts, gross_cents, refunded_cents, refunds, raised_cents, donors,
      impressions, ad_clicks, spend_cents, page_visits, checkouts,
      ${sql.raw(['share_clicks', 'gifts', 'raised'].flatMap((prefix) => channels.map((c) => `${prefix}_${c}`)).join(', '))},
      fee_gifts, covered_fee_cents, ${sql.raw(placeColumns.join(', '))}, facts)
    select campaign_id, day, max(organization_id), sum(gifts), sum(gross_cents), sum(refunded_cents), sum(refunds),
      sum(raised_cents), sum(donors), sum(impressions), sum(ad_clicks), sum(spend_cents), sum(page_visits),
      sum(checkouts),
      ${sql.raw(['share_clicks', 'gifts', 'raised'].flatMap((prefix) => channels.map((c) => `sum(${prefix}_${c})`)).join(', '))},
      sum(fee_gifts),
      sum(covered_fee_cents), ${sql.raw(placeColumns.map((c) => `sum(${c})`).join(', '))}, sum(facts)
    from (
      select g.campaign_id, g.day, max(g.organization_id) as organization_id,
        count(*) filter (where ${live}) as gifts, sum(g.amount_cents) as gross_cents,
        sum(g.refunded_cents) as refunded_cents, count(*) filter (where g.refunded_cents > 0) as refunds,
        sum(g.amount_cents - g.refunded_cents) as raised_cents,
        count(distinct g.donor_key) filter (where ${live}) as donors,
        0 as impressions, 0 as ad_clicks, 0 as spend_cents, 0 as page_visits, 0 as checkouts, ${sql.raw(shareZero)},
        ${sql.raw(channels.map((c) => `count(*) filter (where g.channel = '${c}' and g.refunded_cents < g.amount_cents) as gifts_${c}`).join(', '))},
        ${sql.raw(channels.map((c) => `coalesce(sum(g.amount_cents - g.refunded_cents) filter (where g.channel = '${c}'), 0) as raised_${c}`).join(', '))},
        count(*) filter (where g.covered_fee_cents > 0 and ${live}) as fee_gifts,
        sum(g.covered_fee_cents - g.covered_fee_refunded_cents) as covered_fee_cents,
        ${sql.raw(places.map((p) => `count(*) filter (where g.given_on = '${p}' and g.refunded_cents < g.amount_cents) as gifts_on_${p}, coalesce(sum(g.amount_cents - g.refunded_cents) filter (where g.given_on = '${p}'), 0) as raised_on_${p}`).join(', '))},
        count(*) as facts
      from reporting.gifts g group by g.campaign_id, g.day
      union all
      select a.campaign_id, a.day, a.organization_id, 0, 0, 0, 0, 0, 0, a.impressions, a.clicks, a.spend_cents, 0, 0,
        ${sql.raw(shareZero)}, ${sql.raw(giftsZero)}, ${sql.raw(raisedZero)}, 0, 0, ${sql.raw(placesZero)}, 1
      from reporting.ad_days a
      union all
      select v.campaign_id, v.day, v.organization_id, 0, 0, 0, 0, 0, 0, 0, 0, 0, v.visits, 0,
        ${sql.raw(shareZero)}, ${sql.raw(giftsZero)}, ${sql.raw(raisedZero)}, 0, 0, ${sql.raw(placesZero)}, 1
      from reporting.page_visits v
      union all
      select o.campaign_id, o.day, max(o.organization_id), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, count(*),
        ${sql.raw(shareZero)}, ${sql.raw(giftsZero)}, ${sql.raw(raisedZero)}, 0, 0, ${sql.raw(placesZero)}, count(*)
      from reporting.checkouts o group by o.campaign_id, o.day
      union all
      select s.campaign_id, s.day, max(s.organization_id), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ${sql.raw(channels.map((c) => `count(*) filter (where s.channel = '${c}')`).join(', '))},
        ${sql.raw(giftsZero)}, ${sql.raw(raisedZero)}, 0, 0, ${sql.raw(placesZero)}, count(*)
      from reporting.share_clicks s group by s.campaign_id, s.day
    ) parts
    group by campaign_id, day
    returning *)
    ${scopeDaysOf('fresh', '+')}`;
  return [
    sql`delete from reporting.campaign_days`,
    sql`delete from reporting.scope_days`,
    sql`delete from reporting.campaign_day_donors`,
    sql`delete from reporting.campaign_donors`,
    insert,
    sql`delete from reporting.scope_days where campaign_days = 0`,
    sql`insert into reporting.campaign_day_donors (campaign_id, day, donor_key, gifts)
      select g.campaign_id, g.day, g.donor_key, count(*) from reporting.gifts g where ${live}
      group by g.campaign_id, g.day, g.donor_key`,
    sql`insert into reporting.campaign_donors (campaign_id, donor_key, gifts)
      select g.campaign_id, g.donor_key, count(*) from reporting.gifts g where ${live}
      group by g.campaign_id, g.donor_key`,
  ];
}

/** The figures of a campaign's day that are sums of its facts (its donors are counted apart). */
export const CAMPAIGN_DAY_SUMS = [
  'gifts',
  'gross_cents',
  'refunded_cents',
  'refunds',
  'raised_cents',
  'impressions',
  'ad_clicks',
  'spend_cents',
  'page_visits',
  'checkouts',
  'fee_gifts',
  'covered_fee_cents',
  ...placeColumns,
  ...channels.flatMap((channel) => [`share_clicks_${channel}`, `gifts_${channel}`, `raised_${channel}`] as const),
  'facts',
] as const;
export type CampaignDaySum = (typeof CAMPAIGN_DAY_SUMS)[number];

/**
 * Applies a batch's changes to campaign_days: `deltasJson` holds per campaign and day what the facts
 * written add less what the facts they replace held (CAMPAIGN_DAY_SUMS, and the organization of the
 * facts written); `donorDaysJson` and `donorsJson` the change in live gifts per donor of a campaign's
 * day and of a campaign. The rows touched leave scope_days as they were and come back as they are;
 * a row left with no fact is removed. Every statement reads only the keys of the batch.
 */
export function applyCampaignDayDeltas(
  deltasJson: string,
  donorDaysJson: string,
  donorsJson: string,
): RawBuilder<unknown>[] {
  const keys = sql`jsonb_to_recordset(${deltasJson}::jsonb) as k(campaign_id text, day date)`;
  const columns = CAMPAIGN_DAY_SUMS.map((name) => `${name} bigint`).join(', ');
  return [
    sql`insert into reporting.campaign_day_donors as t (campaign_id, day, donor_key, gifts)
      select campaign_id, day, donor_key, gifts from jsonb_to_recordset(${donorDaysJson}::jsonb)
        as k(campaign_id text, day date, donor_key text, gifts integer)
      on conflict (campaign_id, day, donor_key) do update set gifts = t.gifts + excluded.gifts`,
    sql`delete from reporting.campaign_day_donors t using jsonb_to_recordset(${donorDaysJson}::jsonb)
        as k(campaign_id text, day date, donor_key text)
      where t.campaign_id = k.campaign_id and t.day = k.day and t.donor_key = k.donor_key and t.gifts <= 0`,
    sql`insert into reporting.campaign_donors as t (campaign_id, donor_key, gifts)
      select campaign_id, donor_key, gifts from jsonb_to_recordset(${donorsJson}::jsonb)
        as k(campaign_id text, donor_key text, gifts integer)
      on conflict (campaign_id, donor_key) do update set gifts = t.gifts + excluded.gifts`,
    sql`delete from reporting.campaign_donors t using jsonb_to_recordset(${donorsJson}::jsonb)
        as k(campaign_id text, donor_key text)
      where t.campaign_id = k.campaign_id and t.donor_key = k.donor_key and t.gifts <= 0`,
    sql`with old as (select d.* from reporting.campaign_days d join ${keys} using (campaign_id, day))
      ${scopeDaysOf('old', '-')}`,
    sql`insert into reporting.campaign_days as t (campaign_id, day, organization_id, donors, ${sql.raw(CAMPAIGN_DAY_SUMS.join(', '))})
      select k.campaign_id, k.day, k.organization_id,
        (select count(*) from reporting.campaign_day_donors x where x.campaign_id = k.campaign_id and x.day = k.day),
        ${sql.raw(CAMPAIGN_DAY_SUMS.map((name) => `k.${name}`).join(', '))}
      from jsonb_to_recordset(${deltasJson}::jsonb) as k(campaign_id text, day date, organization_id text, ${sql.raw(columns)})
      on conflict (campaign_id, day) do update set
        organization_id = greatest(t.organization_id, excluded.organization_id), donors = excluded.donors,
        ${sql.raw(CAMPAIGN_DAY_SUMS.map((name) => `${name} = t.${name} + excluded.${name}`).join(', '))}`,
    sql`delete from reporting.campaign_days d using ${keys}
      where d.campaign_id = k.campaign_id and d.day = k.day and d.facts <= 0`,
    sql`with fresh as (select d.* from reporting.campaign_days d join ${keys} using (campaign_id, day))
      ${scopeDaysOf('fresh', '+')}`,
    sql`delete from reporting.scope_days where campaign_days = 0`,
  ];
}

/** A scope's day sums its campaigns' days, all but their checkouts (and `campaign_days` counts the rows). */
const SCOPE_DAY_FIGURES = CAMPAIGN_DAY_SUMS.filter((name) => name !== 'checkouts' && name !== 'facts');

/**
 * Adds (or subtracts) campaign_days rows to the days of their organization's scope and of every
 * organization's ('/'): one multi-row upsert.
 */
function scopeDaysOf(rows: string, sign: '+' | '-'): RawBuilder<unknown> {
  return sql.raw(`insert into reporting.scope_days (scope, day, campaign_days, ${SCOPE_DAY_FIGURES.join(', ')})
    select s.scope, r.day, ${sign}count(*), ${SCOPE_DAY_FIGURES.map((f) => `${sign}sum(r.${f})`).join(', ')}
    from ${rows} r cross join lateral (values (coalesce(r.organization_id, '')), ('/')) as s(scope)
    group by s.scope, r.day
    on conflict (scope, day) do update set campaign_days = scope_days.campaign_days + excluded.campaign_days,
      ${SCOPE_DAY_FIGURES.map((f) => `${f} = scope_days.${f} + excluded.${f}`).join(', ')}`);
}

/** Donor keys as (scope, donor_key) rows: each donor's organization ('' without one) and '/'. */
const donorScopes = (keysJson: string) => sql`
  select distinct s.scope, k.donor_key
  from jsonb_to_recordset(${keysJson}::jsonb) as k(organization_id text, donor_key text)
  cross join lateral (values (k.organization_id), ('/')) as s(scope)`;

const countDonorDays = (rows: string, sign: '+' | '-') =>
  sql.raw(`insert into reporting.donor_day_counts (scope, day, since, donors)
    select scope, day, since, ${sign}count(*) from ${rows} group by scope, day, since
    on conflict (scope, day, since) do update set donors = donor_day_counts.donors + excluded.donors`);

/**
 * donor_days of the donors touched (or of every donor), and donor_day_counts by what the days replaced
 * held and what the days written hold.
 */
export function recomputeDonorDays(keysJson: string | null): RawBuilder<unknown>[] {
  const live = sql.raw('g.refunded_cents < g.amount_cents');
  const given =
    keysJson === null
      ? sql`select coalesce(g.organization_id, '') as scope, g.donor_key, g.day from reporting.gifts g where ${live}
          union select '/', g.donor_key, g.day from reporting.gifts g where ${live}`
      : sql`select k.scope, g.donor_key, g.day from k join reporting.gifts g on g.donor_key = k.donor_key
            and k.scope <> '/' and coalesce(g.organization_id, '') = k.scope where ${live}
          union select k.scope, g.donor_key, g.day from k join reporting.gifts g on g.donor_key = k.donor_key
            and k.scope = '/' where ${live}`;
  const keys = keysJson === null ? sql`` : sql`k as (${donorScopes(keysJson)}),`;
  const erase =
    keysJson === null
      ? [sql`delete from reporting.donor_days`, sql`delete from reporting.donor_day_counts`]
      : [
          sql`with ${keys} old as (
              delete from reporting.donor_days d using k where d.scope = k.scope and d.donor_key = k.donor_key
              returning d.scope, d.day, d.since)
            ${countDonorDays('old', '-')}`,
        ];
  const insert = sql`
    with ${keys} given as (${given}),
    fresh as (
      insert into reporting.donor_days (scope, donor_key, day, since)
      select scope, donor_key, day, coalesce(lag(day) over (partition by scope, donor_key order by day), day) from given
      returning scope, day, since)
    ${countDonorDays('fresh', '+')}`;
  return [...erase, insert, sql`delete from reporting.donor_day_counts where donors = 0`];
}

/** campaign_totals of the campaigns touched (or of all): every day of a campaign, its donors, its promoters. */
export function recomputeCampaignTotals(keysJson: string | null): RawBuilder<unknown>[] {
  const join = keysOf(keysJson, 'campaign_id text');
  const erase = eraseKeyed('campaign_totals', keysJson, 'campaign_id text');
  const insert = sql`
    insert into reporting.campaign_totals (campaign_id, gifts, raised_cents, impressions, ad_clicks, spend_cents,
      share_clicks, donors, promoters)
    select c.campaign_id, coalesce(d.gifts, 0), coalesce(d.raised_cents, 0), coalesce(d.impressions, 0),
      coalesce(d.ad_clicks, 0), coalesce(d.spend_cents, 0), coalesce(d.share_clicks, 0), v.donors, p.promoters
    from (select d.campaign_id from reporting.campaign_days d ${join}
          union select p.campaign_id from reporting.promotions p ${join}) c
    left join lateral (
      select sum(d.gifts) as gifts, sum(d.raised_cents) as raised_cents, sum(d.impressions) as impressions,
        sum(d.ad_clicks) as ad_clicks, sum(d.spend_cents) as spend_cents,
        sum(${sql.raw(channels.map((c) => `d.share_clicks_${c}`).join(' + '))}) as share_clicks
      from reporting.campaign_days d where d.campaign_id = c.campaign_id) d on true
    cross join lateral (
      select count(*) as donors from reporting.campaign_donors x where x.campaign_id = c.campaign_id) v
    cross join lateral (
      select count(distinct p.promoter_id) as promoters from reporting.promotions p where p.campaign_id = c.campaign_id) p`;
  return [erase, insert];
}

/** promoter_totals of the promoters touched (or of all), per organization and for every organization. */
export function recomputePromoterTotals(keysJson: string | null): RawBuilder<unknown>[] {
  const join = keysOf(keysJson, 'promoter_id text');
  const erase = eraseKeyed('promoter_totals', keysJson, 'promoter_id text');
  const clicks = channels.map((c) => `sum(d.clicks_${c})`).join(', ');
  const insert = sql`
    insert into reporting.promoter_totals (scope, promoter_id, campaigns, gifts, raised_cents,
      ${sql.raw(channels.map((c) => `clicks_${c}`).join(', '))}, clicks)
    select s.scope, d.promoter_id, count(distinct d.campaign_id), sum(d.gifts), sum(d.raised_cents), ${sql.raw(clicks)},
      sum(${sql.raw(channels.map((c) => `d.clicks_${c}`).join(' + '))})
    from reporting.promoter_days d ${join}
    cross join lateral (values (coalesce(d.organization_id, '')), ('/')) as s(scope)
    group by s.scope, d.promoter_id`;
  return [erase, insert];
}

export function recomputePromoterDays(keysJson: string | null): RawBuilder<unknown>[] {
  const join = keysOf(keysJson, 'promoter_id text, campaign_id text, day date');
  const erase = eraseKeyed('promoter_days', keysJson, 'promoter_id text, campaign_id text, day date');
  const insert = sql`
    insert into reporting.promoter_days (promoter_id, campaign_id, day, organization_id,
      ${sql.raw(channels.map((c) => `clicks_${c}`).join(', '))}, gifts, raised_cents, page_gifts, page_raised_cents)
    select promoter_id, campaign_id, day, max(organization_id),
      ${sql.raw(channels.map((c) => `sum(clicks_${c})`).join(', '))}, sum(gifts), sum(raised_cents), sum(page_gifts),
      sum(page_raised_cents)
    from (
      select s.promoter_id, s.campaign_id, s.day, max(s.organization_id) as organization_id,
        ${sql.raw(channels.map((c) => `count(*) filter (where s.channel = '${c}') as clicks_${c}`).join(', '))},
        0 as gifts, 0 as raised_cents, 0 as page_gifts, 0 as page_raised_cents
      from reporting.share_clicks s ${join} where s.promoter_id is not null group by s.promoter_id, s.campaign_id, s.day
      union all
      select g.promoter_id, g.campaign_id, g.day, max(g.organization_id), ${sql.raw(channels.map(() => '0').join(', '))},
        count(*) filter (where g.refunded_cents < g.amount_cents), sum(g.amount_cents - g.refunded_cents),
        count(*) filter (where g.given_on = 'fundraiser_page' and g.refunded_cents < g.amount_cents),
        coalesce(sum(g.amount_cents - g.refunded_cents) filter (where g.given_on = 'fundraiser_page'), 0)
      from reporting.gifts g ${join} where g.promoter_id is not null group by g.promoter_id, g.campaign_id, g.day
    ) parts
    group by promoter_id, campaign_id, day`;
  return [erase, insert];
}

export function recomputeDonors(keysJson: string | null): RawBuilder<unknown>[] {
  // Gifts without an organization are keyed '' : matched by `is null`, so both halves use the
  // (organization_id, donor_key) index.
  const gifts =
    keysJson === null
      ? sql`reporting.gifts`
      : sql`(select g.* from reporting.gifts g
               join jsonb_to_recordset(${keysJson}::jsonb) as k(organization_id text, donor_key text)
                 on g.organization_id = k.organization_id and g.donor_key = k.donor_key
             union all
             select g.* from reporting.gifts g
               join jsonb_to_recordset(${keysJson}::jsonb) as k(organization_id text, donor_key text)
                 on k.organization_id = '' and g.organization_id is null and g.donor_key = k.donor_key)`;
  const erase = eraseKeyed('donors', keysJson, 'organization_id text, donor_key text');
  const insert = sql`
    insert into reporting.donors (organization_id, donor_key, donor_name, donor_email, first_gift_at, last_gift_at,
      first_day, gifts, total_cents)
    select coalesce(g.organization_id, ''), g.donor_key,
      (array_agg(g.donor_name order by g.occurred_at desc, g.payment_intent_id desc) filter (where g.donor_name is not null))[1],
      (array_agg(g.donor_email order by g.occurred_at desc, g.payment_intent_id desc) filter (where g.donor_email is not null))[1],
      min(g.occurred_at), max(g.occurred_at), min(g.day), count(*), sum(g.amount_cents - g.refunded_cents)
    from ${gifts} g
    where g.refunded_cents < g.amount_cents
    group by coalesce(g.organization_id, ''), g.donor_key`;
  return [erase, insert];
}
