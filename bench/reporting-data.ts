// The bench's mirror: donations, campaigns, donors, ad days, visits, checkouts, clicks and promotions
// written straight into the reporting tables with set-based SQL, then rolled up.
import { sql, type Kysely } from 'kysely';
import type { ReportingDatabase } from '@causeway/adapters/postgres/reporting/reporting.tables';
import { recomputeRollups } from '@causeway/tests/support/reporting-fixtures';

export interface MirrorSize {
  gifts: number;
  campaigns: number;
  donors: number;
  organizations: number;
  promoters: number;
}

/** Writes the mirror's facts with set-based SQL (random but shaped like the product's), then its rollups. */
export async function fillMirror(db: Kysely<ReportingDatabase>, size: MirrorSize): Promise<void> {
  const started = performance.now();
  const n = (value: number) => sql.raw(String(Math.round(value)));
  const gifts = n(size.gifts);
  const campaigns = n(size.campaigns);
  const donors = n(size.donors);
  const organizations = n(size.organizations);
  const promoters = n(size.promoters);
  const step = async (label: string, ...queries: ReturnType<typeof sql>[]) => {
    const at = performance.now();
    for (const query of queries) await query.execute(db);
    console.log(`  ${label}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
  };
  await step(
    'organizations, promoters, campaigns',
    sql`
      insert into reporting.organizations (organization_id, name)
        select 'o' || i, 'Organization ' || i from generate_series(0, ${n(size.organizations - 1)}) i`,
    sql`
      insert into reporting.people (user_id, organization_id, first_name, last_name, email, account_type, created_at)
        select 'p' || i, null, 'Promoter', i::text, 'p' || i || '@example.org', 'promoter', now() - interval '200 days'
        from generate_series(0, ${n(size.promoters - 1)}) i`,
    sql`
      insert into reporting.campaigns (campaign_id, organization_id, owner_id, name, title, goal_cents, deadline, created_at)
        select 'c' || i, 'o' || (i % ${organizations}), 'owner', 'Campaign ' || i, 'Help number ' || i,
          100000 + (i % 50) * 10000, case when i % 5 = 0 then now() - interval '3 days' end,
          now() - (interval '1 day' * (95 + (i % 60)))
        from generate_series(0, ${n(size.campaigns - 1)}) i`,
    sql`
      insert into reporting.promotions (promotion_id, promoter_id, campaign_id, organization_id, created_at)
        select 'pr' || i, 'p' || (i % ${promoters}), 'c' || (i * 7 % ${campaigns}), 'o' || ((i * 7 % ${campaigns}) % ${organizations}),
          now() - interval '90 days'
        from generate_series(0, ${n(size.campaigns * 2 - 1)}) i`,
  );
  // The gifts' secondary indexes are made once after the rows (as a restore would), not row by row.
  const indexes = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = 'reporting' and tablename = 'gifts' and indexname <> 'gifts_pkey'`.execute(db);
  for (const index of indexes.rows) await sql`drop index ${sql.raw(`reporting.${index.name}`)}`.execute(db);
  await step(
    `${size.gifts.toLocaleString('en-US')} gifts`,
    sql`
      insert into reporting.gifts (payment_intent_id, campaign_id, organization_id, occurred_at, day, amount_cents,
        refunded_cents, donor_key, donor_id, donor_name, donor_email, message, promoter_id, channel, card_brand,
        card_last4, receipt_url)
      select 'pi_' || i, 'c' || c, 'o' || (c % ${organizations}), t, (t at time zone 'UTC')::date, amount,
        case when i % 50 = 0 then amount when i % 97 = 0 then amount / 2 else 0 end,
        'email:d' || d || '@example.org', null, 'Donor ' || d, 'd' || d || '@example.org',
        case when i % 7 = 0 then 'Thank you for this!' end,
        case when r < 0.3 then 'p' || (i % ${promoters}) end,
        case when r < 0.3 then (array['x', 'linkedin', 'facebook', 'instagram'])[1 + (i % 4)] end,
        'visa', '4242', 'https://pay.example/receipts/pi_' || i
      from (
        select i, floor(random() * ${campaigns})::int as c, floor(random() * ${donors})::int as d,
          (500 + floor(random() * 20000))::bigint as amount, now() - random() * interval '90 days' as t, random() as r
        from generate_series(1, ${gifts}) i
      ) g`,
  );
  await step('gifts’ indexes', ...indexes.rows.map((index) => sql`${sql.raw(index.definition)}`));
  await step(
    'ad days and page visits',
    sql`
      insert into reporting.ad_days (campaign_id, day, organization_id, impressions, clicks, spend_cents)
        select 'c' || c, (now() at time zone 'UTC')::date - d, 'o' || (c % ${organizations}),
          1000 + (c * d) % 5000, 10 + (c + d) % 90, 500 + (c * 31 + d) % 4000
        from generate_series(0, ${n(size.campaigns - 1)}) c, generate_series(0, 89) d`,
    sql`
      insert into reporting.page_visits (campaign_id, day, organization_id, visits)
        select 'c' || c, (now() at time zone 'UTC')::date - d, 'o' || (c % ${organizations}), 20 + (c + d * 7) % 200
        from generate_series(0, ${n(size.campaigns - 1)}) c, generate_series(0, 89) d`,
  );
  await step(
    'checkouts and share clicks',
    sql`
      insert into reporting.checkouts (session_id, campaign_id, organization_id, occurred_at, day, amount_cents)
        select 'cs_' || i, 'c' || c, 'o' || (c % ${organizations}), t, (t at time zone 'UTC')::date, 2500
        from (select i, floor(random() * ${campaigns})::int as c, now() - random() * interval '90 days' as t
              from generate_series(1, ${n(size.gifts / 2)}) i) k`,
    sql`
      insert into reporting.share_clicks (click_id, campaign_id, organization_id, promoter_id, channel, occurred_at, day)
        select 'sc_' || i, 'c' || c, 'o' || (c % ${organizations}), 'p' || (i % ${promoters}),
          (array['x', 'linkedin', 'facebook', 'instagram'])[1 + (i % 4)], t, (t at time zone 'UTC')::date
        from (select i, floor(random() * ${campaigns})::int as c, now() - random() * interval '90 days' as t
              from generate_series(1, ${n(size.gifts * 0.3)}) i) s`,
  );
  const at = performance.now();
  await recomputeRollups(db);
  console.log(`  rollups: ${((performance.now() - at) / 1000).toFixed(1)} s`);
  // As autovacuum leaves a table that has settled: statistics and the visibility map (index-only scans).
  await sql`vacuum analyze`.execute(db);
  console.log(`  mirror written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
