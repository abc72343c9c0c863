import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { PostgresConnection } from '@causeway/adapters/postgres/connection';
import { openTemplatePglite } from './pglite-template';
import { migrate } from '@causeway/adapters/postgres/migrator';
import type { ReportingDatabase } from '@causeway/adapters/postgres/reporting/reporting.tables';
import { freshServerDatabase } from './test-stores';

export const REPORTING_MIGRATIONS = fileURLToPath(new URL('../../migrations/reporting', import.meta.url));

/** A migrated reporting mirror on PGlite or a fresh database of the TEST_DATABASE_URL server. */
export interface MirrorDatabase {
  db: Kysely<ReportingDatabase>;
  connection: PostgresConnection;
  /** Empties every fact, dimension and rollup. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface MirrorFactory {
  name: string;
  open(): Promise<MirrorDatabase>;
}

async function opened(connection: PostgresConnection, drop?: () => Promise<void>): Promise<MirrorDatabase> {
  await migrate(connection, REPORTING_MIGRATIONS, { table: 'reporting_migrations', lockKey: 7_301_995 });
  const db = connection.db as unknown as Kysely<ReportingDatabase>;
  return {
    db,
    connection,
    async reset() {
      await connection.execScript(`truncate reporting.organizations, reporting.people, reporting.campaigns,
        reporting.gifts, reporting.checkouts, reporting.share_clicks, reporting.page_visits, reporting.ad_days,
        reporting.promotions, reporting.campaign_days, reporting.promoter_days, reporting.donors,
        reporting.scope_days, reporting.donor_days, reporting.donor_day_counts, reporting.campaign_totals,
        reporting.promoter_totals;`);
    },
    async close() {
      await connection.close();
      await drop?.();
    },
  };
}

/** PGlite always; the Postgres server with TEST_DATABASE_URL. */
export function mirrorFactories(): MirrorFactory[] {
  const factories: MirrorFactory[] = [{ name: 'pglite', open: async () => opened(await openTemplatePglite()) }];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    factories.push({
      name: 'postgres',
      async open() {
        const fresh = await freshServerDatabase(serverUrl);
        return opened(fresh.connection, fresh.drop);
      },
    });
  }
  return factories;
}

// ── Fixture rows ──────────────────────────────────────────────────────────────────────────────────

export interface FixtureGift {
  id: string;
  campaignId: string;
  at: string;
  amount: number;
  refunded?: number;
  donor: string;
  name?: string | null;
  message?: string | null;
  promoterId?: string | null;
  channel?: 'x' | 'linkedin' | 'facebook' | 'instagram' | 'qr' | null;
  givenOn?: 'campaign_page' | 'fundraiser_page' | 'donate_form' | null;
  /** The card fee the donor covered on top of the gift, and what refunds took back of it. */
  coveredFee?: number;
  coveredFeeRefunded?: number;
}

export interface MirrorFixture {
  organizations: { id: string; name: string }[];
  people: { id: string; organizationId: string | null; first: string; last: string; email: string; type: string }[];
  campaigns: {
    id: string;
    organizationId: string | null;
    name: string;
    title: string;
    goal: number;
    createdAt: string;
    deadline?: string | null;
    deleted?: boolean;
  }[];
  gifts: FixtureGift[];
  shareClicks: { id: string; campaignId: string; promoterId: string | null; channel: string; at: string }[];
  checkouts: { id: string; campaignId: string; at: string; amount: number }[];
  pageVisits: { campaignId: string; day: string; visits: number }[];
  adDays: { campaignId: string; day: string; impressions: number; clicks: number; spend: number }[];
  promotions: { id: string; promoterId: string; campaignId: string; createdAt: string }[];
}

/** Writes the facts and dimensions of a fixture, then its rollups, as the projector would. */
export async function writeFixture(db: Kysely<ReportingDatabase>, fixture: MirrorFixture): Promise<void> {
  const organizationOf = new Map(fixture.campaigns.map((campaign) => [campaign.id, campaign.organizationId]));
  const org = (campaignId: string) => organizationOf.get(campaignId) ?? null;
  if (fixture.organizations.length > 0)
    await db
      .insertInto('reporting.organizations')
      .values(fixture.organizations.map((o) => ({ organization_id: o.id, name: o.name })))
      // The projector may have mirrored them already (organizations made over the API).
      .onConflict((conflict) =>
        conflict.column('organization_id').doUpdateSet({ name: (eb) => eb.ref('excluded.name') }),
      )
      .execute();
  if (fixture.people.length > 0)
    await db
      .insertInto('reporting.people')
      .values(
        fixture.people.map((p) => ({
          user_id: p.id,
          organization_id: p.organizationId,
          first_name: p.first,
          last_name: p.last,
          email: p.email,
          account_type: p.type,
          created_at: '2026-01-01T00:00:00Z',
        })),
      )
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
  if (fixture.campaigns.length > 0)
    await db
      .insertInto('reporting.campaigns')
      .values(
        fixture.campaigns.map((c) => ({
          campaign_id: c.id,
          organization_id: c.organizationId,
          owner_id: 'owner',
          name: c.name,
          title: c.title,
          goal_cents: c.goal,
          deadline: c.deadline ?? null,
          created_at: c.createdAt,
          is_deleted: c.deleted ?? false,
          cover_image: null,
        })),
      )
      .execute();
  if (fixture.gifts.length > 0)
    await db
      .insertInto('reporting.gifts')
      .values(
        fixture.gifts.map((g) => ({
          payment_intent_id: g.id,
          campaign_id: g.campaignId,
          organization_id: org(g.campaignId),
          occurred_at: g.at,
          day: g.at.slice(0, 10),
          amount_cents: g.amount,
          refunded_cents: g.refunded ?? 0,
          donor_key: `email:${g.donor}`,
          donor_id: null,
          donor_name: g.name ?? null,
          donor_email: g.donor,
          message: g.message ?? null,
          promoter_id: g.promoterId ?? null,
          channel: g.channel ?? null,
          given_on: g.givenOn ?? null,
          card_brand: 'visa',
          card_last4: '4242',
          receipt_url: `https://pay.example/receipts/${g.id}`,
          covered_fee_cents: g.coveredFee ?? 0,
          covered_fee_refunded_cents: g.coveredFeeRefunded ?? 0,
        })),
      )
      .execute();
  if (fixture.shareClicks.length > 0)
    await db
      .insertInto('reporting.share_clicks')
      .values(
        fixture.shareClicks.map((s) => ({
          click_id: s.id,
          campaign_id: s.campaignId,
          organization_id: org(s.campaignId),
          promoter_id: s.promoterId,
          channel: s.channel,
          occurred_at: s.at,
          day: s.at.slice(0, 10),
        })),
      )
      .execute();
  if (fixture.checkouts.length > 0)
    await db
      .insertInto('reporting.checkouts')
      .values(
        fixture.checkouts.map((k) => ({
          session_id: k.id,
          campaign_id: k.campaignId,
          organization_id: org(k.campaignId),
          occurred_at: k.at,
          day: k.at.slice(0, 10),
          amount_cents: k.amount,
          promoter_id: null,
          channel: null,
        })),
      )
      .execute();
  if (fixture.pageVisits.length > 0)
    await db
      .insertInto('reporting.page_visits')
      .values(
        fixture.pageVisits.map((v) => ({
          campaign_id: v.campaignId,
          day: v.day,
          organization_id: org(v.campaignId),
          visits: v.visits,
        })),
      )
      .execute();
  if (fixture.adDays.length > 0)
    await db
      .insertInto('reporting.ad_days')
      .values(
        fixture.adDays.map((a) => ({
          campaign_id: a.campaignId,
          day: a.day,
          organization_id: org(a.campaignId),
          impressions: a.impressions,
          clicks: a.clicks,
          spend_cents: a.spend,
        })),
      )
      .execute();
  if (fixture.promotions.length > 0)
    await db
      .insertInto('reporting.promotions')
      .values(
        fixture.promotions.map((p) => ({
          promotion_id: p.id,
          promoter_id: p.promoterId,
          campaign_id: p.campaignId,
          organization_id: org(p.campaignId),
          created_at: p.createdAt,
        })),
      )
      .execute();
  await recomputeRollups(db);
}

const CHANNELS = ['x', 'linkedin', 'facebook', 'instagram', 'qr'] as const;
/** Where gifts are made that the day rollups count apart (the campaign's page is the rest). */
const PLACES = ['fundraiser_page', 'donate_form'] as const;

/**
 * The rollups from the facts: a gift counts once it is not refunded in full, raised is net of refunds,
 * both on the gift's day; donors are per organization ('' without one).
 */
export async function recomputeRollups(db: Kysely<ReportingDatabase>): Promise<void> {
  const kept = sql.raw('refunded_cents < amount_cents');
  await sql`delete from reporting.campaign_days`.execute(db);
  await sql`delete from reporting.promoter_days`.execute(db);
  await sql`delete from reporting.donors`.execute(db);
  await sql`
    insert into reporting.campaign_days (campaign_id, day, organization_id, gifts, gross_cents, refunded_cents, refunds,
      raised_cents, donors, impressions, ad_clicks, spend_cents, page_visits, checkouts, fee_gifts, covered_fee_cents,
      ${sql.raw(CHANNELS.map((c) => `share_clicks_${c}, gifts_${c}, raised_${c}`).join(', '))},
      ${sql.raw(PLACES.map((p) => `gifts_on_${p}, raised_on_${p}`).join(', '))})
    select k.campaign_id, k.day, c.organization_id, coalesce(g.gifts, 0), coalesce(g.gross, 0), coalesce(g.refunded, 0),
      coalesce(g.refunds, 0), coalesce(g.raised, 0), coalesce(g.donors, 0), coalesce(a.impressions, 0),
      coalesce(a.clicks, 0), coalesce(a.spend_cents, 0), coalesce(v.visits, 0), coalesce(k2.checkouts, 0),
      coalesce(g.fee_gifts, 0), coalesce(g.covered_fees, 0),
      ${sql.raw(
        CHANNELS.map((c) => `coalesce(s.clicks_${c}, 0), coalesce(g.gifts_${c}, 0), coalesce(g.raised_${c}, 0)`).join(
          ', ',
        ),
      )},
      ${sql.raw(PLACES.map((p) => `coalesce(g.gifts_on_${p}, 0), coalesce(g.raised_on_${p}, 0)`).join(', '))}
    from (
      select campaign_id, day from reporting.gifts union select campaign_id, day from reporting.ad_days
      union select campaign_id, day from reporting.page_visits union select campaign_id, day from reporting.checkouts
      union select campaign_id, day from reporting.share_clicks
    ) k
    left join reporting.campaigns c on c.campaign_id = k.campaign_id
    left join (
      select campaign_id, day, count(*) filter (where ${kept}) as gifts, sum(amount_cents) as gross,
        sum(refunded_cents) as refunded, count(*) filter (where refunded_cents > 0) as refunds,
        sum(amount_cents - refunded_cents) as raised, count(distinct donor_key) filter (where ${kept}) as donors,
        count(*) filter (where covered_fee_cents > 0 and ${kept}) as fee_gifts,
        sum(covered_fee_cents - covered_fee_refunded_cents) as covered_fees,
        ${sql.raw(
          CHANNELS.map(
            (c) =>
              `count(*) filter (where channel = '${c}' and refunded_cents < amount_cents) as gifts_${c}, ` +
              `coalesce(sum(amount_cents - refunded_cents) filter (where channel = '${c}'), 0) as raised_${c}`,
          ).join(', '),
        )},
        ${sql.raw(
          PLACES.map(
            (p) =>
              `count(*) filter (where given_on = '${p}' and refunded_cents < amount_cents) as gifts_on_${p}, ` +
              `sum(amount_cents - refunded_cents) filter (where given_on = '${p}') as raised_on_${p}`,
          ).join(', '),
        )}
      from reporting.gifts group by campaign_id, day
    ) g on g.campaign_id = k.campaign_id and g.day = k.day
    left join reporting.ad_days a on a.campaign_id = k.campaign_id and a.day = k.day
    left join reporting.page_visits v on v.campaign_id = k.campaign_id and v.day = k.day
    left join (select campaign_id, day, count(*) as checkouts from reporting.checkouts group by 1, 2) k2
      on k2.campaign_id = k.campaign_id and k2.day = k.day
    left join (
      select campaign_id, day,
        ${sql.raw(CHANNELS.map((c) => `count(*) filter (where channel = '${c}') as clicks_${c}`).join(', '))}
      from reporting.share_clicks group by 1, 2
    ) s on s.campaign_id = k.campaign_id and s.day = k.day`.execute(db);
  await sql`
    insert into reporting.promoter_days (promoter_id, campaign_id, day, organization_id, clicks_x, clicks_linkedin,
      clicks_facebook, clicks_instagram, clicks_qr, gifts, raised_cents, page_gifts, page_raised_cents)
    select k.promoter_id, k.campaign_id, k.day, c.organization_id, coalesce(s.x, 0), coalesce(s.linkedin, 0),
      coalesce(s.facebook, 0), coalesce(s.instagram, 0), coalesce(s.qr, 0), coalesce(g.gifts, 0), coalesce(g.raised, 0),
      coalesce(g.page_gifts, 0), coalesce(g.page_raised, 0)
    from (
      select promoter_id, campaign_id, day from reporting.gifts where promoter_id is not null
      union select promoter_id, campaign_id, day from reporting.share_clicks where promoter_id is not null
    ) k
    left join reporting.campaigns c on c.campaign_id = k.campaign_id
    left join (
      select promoter_id, campaign_id, day, count(*) filter (where ${kept}) as gifts,
        sum(amount_cents - refunded_cents) as raised,
        count(*) filter (where given_on = 'fundraiser_page' and ${kept}) as page_gifts,
        sum(amount_cents - refunded_cents) filter (where given_on = 'fundraiser_page') as page_raised
      from reporting.gifts where promoter_id is not null group by 1, 2, 3
    ) g on g.promoter_id = k.promoter_id and g.campaign_id = k.campaign_id and g.day = k.day
    left join (
      select promoter_id, campaign_id, day,
        ${sql.raw(CHANNELS.map((c) => `count(*) filter (where channel = '${c}') as ${c}`).join(', '))}
      from reporting.share_clicks where promoter_id is not null group by 1, 2, 3
    ) s on s.promoter_id = k.promoter_id and s.campaign_id = k.campaign_id and s.day = k.day`.execute(db);
  await sql`
    insert into reporting.donors (organization_id, donor_key, donor_name, donor_email, first_gift_at, last_gift_at,
      first_day, gifts, total_cents)
    select coalesce(organization_id, ''), donor_key, max(donor_name), max(donor_email), min(occurred_at),
      max(occurred_at), min(day), count(*), sum(amount_cents - refunded_cents)
    from reporting.gifts where ${kept}
    group by 1, 2`.execute(db);
  await recomputeReadRollups(db);
}

/** The rollups the reports read whole, from the facts and the day rollups (scopes: organization, '', '/'). */
async function recomputeReadRollups(db: Kysely<ReportingDatabase>): Promise<void> {
  const kept = sql.raw('refunded_cents < amount_cents');
  for (const table of ['scope_days', 'donor_days', 'donor_day_counts', 'campaign_totals', 'promoter_totals']) {
    await sql`delete from ${sql.table(`reporting.${table}`)}`.execute(db);
  }
  const figures = [
    'gifts, gross_cents, refunded_cents, refunds, raised_cents, impressions, ad_clicks, spend_cents, page_visits',
    'fee_gifts, covered_fee_cents',
    ...CHANNELS.map((c) => `share_clicks_${c}, gifts_${c}, raised_${c}`),
    ...PLACES.map((p) => `gifts_on_${p}, raised_on_${p}`),
  ].join(', ');
  const sums = figures
    .split(', ')
    .map((f) => `sum(${f})`)
    .join(', ');
  await sql`
    insert into reporting.scope_days (scope, day, campaign_days, ${sql.raw(figures)})
    select coalesce(organization_id, ''), day, count(*), ${sql.raw(sums)} from reporting.campaign_days group by 1, 2
    union all
    select '/', day, count(*), ${sql.raw(sums)} from reporting.campaign_days group by 2`.execute(db);
  await sql`
    insert into reporting.donor_days (scope, donor_key, day, since)
    select scope, donor_key, day, coalesce(lag(day) over (partition by scope, donor_key order by day), day)
    from (
      select distinct coalesce(organization_id, '') as scope, donor_key, day from reporting.gifts where ${kept}
      union select distinct '/', donor_key, day from reporting.gifts where ${kept}
    ) given`.execute(db);
  await sql`
    insert into reporting.donor_day_counts (scope, day, since, donors)
    select scope, day, since, count(*) from reporting.donor_days group by 1, 2, 3`.execute(db);
  await sql`
    insert into reporting.campaign_totals (campaign_id, gifts, raised_cents, impressions, ad_clicks, spend_cents,
      share_clicks, donors, promoters)
    select k.campaign_id, coalesce(d.gifts, 0), coalesce(d.raised, 0), coalesce(d.impressions, 0),
      coalesce(d.ad_clicks, 0), coalesce(d.spend, 0), coalesce(d.share_clicks, 0), coalesce(g.donors, 0),
      coalesce(p.promoters, 0)
    from (select campaign_id from reporting.campaign_days union select campaign_id from reporting.promotions) k
    left join (
      select campaign_id, sum(gifts) as gifts, sum(raised_cents) as raised, sum(impressions) as impressions,
        sum(ad_clicks) as ad_clicks, sum(spend_cents) as spend,
        sum(${sql.raw(CHANNELS.map((c) => `share_clicks_${c}`).join(' + '))}) as share_clicks
      from reporting.campaign_days group by 1
    ) d on d.campaign_id = k.campaign_id
    left join (
      select campaign_id, count(distinct donor_key) as donors from reporting.gifts where ${kept} group by 1
    ) g on g.campaign_id = k.campaign_id
    left join (
      select campaign_id, count(distinct promoter_id) as promoters from reporting.promotions group by 1
    ) p on p.campaign_id = k.campaign_id`.execute(db);
  const clicks = CHANNELS.map((c) => `sum(clicks_${c})`).join(', ');
  const total = `sum(${CHANNELS.map((c) => `clicks_${c}`).join(' + ')})`;
  await sql`
    insert into reporting.promoter_totals (scope, promoter_id, campaigns, gifts, raised_cents,
      clicks_x, clicks_linkedin, clicks_facebook, clicks_instagram, clicks_qr, clicks)
    select coalesce(organization_id, ''), promoter_id, count(distinct campaign_id), sum(gifts), sum(raised_cents),
      ${sql.raw(clicks)}, ${sql.raw(total)}
    from reporting.promoter_days group by 1, 2
    union all
    select '/', promoter_id, count(distinct campaign_id), sum(gifts), sum(raised_cents), ${sql.raw(clicks)}, ${sql.raw(total)}
    from reporting.promoter_days group by 2`.execute(db);
}
