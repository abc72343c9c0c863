import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { SHARE_CHANNELS } from '@causeway/core/campaigns/targeting.entity';
import type { MirrorBatch, MirrorLease, MirrorStatus, ReportingMirror } from '@causeway/core/ports/reporting.port';
import {
  emptyMirrorKeys,
  type MirrorAdDay,
  type MirrorFacts,
  type MirrorGift,
  type MirrorKeys,
  type MirrorKind,
  type MirrorMonthlyGift,
} from '@causeway/core/reporting/mirror.entity';
import { conflict } from '@causeway/core/shared/errors';
import { iso } from '../transaction';
import type { ReportingDatabase } from './reporting.tables';
import {
  applyCampaignDayDeltas,
  CAMPAIGN_DAY_SUMS,
  COUNTED_GIFT_PLACES,
  type CampaignDaySum,
  recomputeCampaignDays,
  recomputeCampaignTotals,
  recomputeDonorDays,
  recomputeDonors,
  recomputePromoterDays,
  recomputePromoterTotals,
} from './rollups.sql';

type Db = Kysely<ReportingDatabase> | Transaction<ReportingDatabase>;

/** Rows per insert: well under Postgres' 65,535 parameters for the widest table. */
const CHUNK = 500;

const dayOf = (at: string): string => new Date(at).toISOString().slice(0, 10);
const dayText = (value: Date | string): string => (value instanceof Date ? value.toISOString() : value).slice(0, 10);

/** Who gave, the same across gifts: the e-mail address, else the signed-in donor, else the payment. */
export function donorKey(gift: Pick<MirrorGift, 'donorEmail' | 'donorId' | 'paymentIntentId'>): string {
  const email = gift.donorEmail?.trim().toLowerCase();
  if (email) return `email:${email}`;
  if (gift.donorId) return `user:${gift.donorId}`;
  return `payment:${gift.paymentIntentId}`;
}

/** Who gives a monthly gift: the e-mail address (as for gifts), else the gift itself. */
export function monthlyDonorKey(gift: Pick<MirrorMonthlyGift, 'donorEmail' | 'subscriptionId'>): string {
  const email = gift.donorEmail?.trim().toLowerCase();
  return email ? `email:${email}` : `subscription:${gift.subscriptionId}`;
}

const CHANNELS = SHARE_CHANNELS;
const isChannel = (value: string | null): value is (typeof CHANNELS)[number] =>
  (CHANNELS as readonly (string | null)[]).includes(value);
const isCountedPlace = (value: string | null): value is (typeof COUNTED_GIFT_PLACES)[number] =>
  (COUNTED_GIFT_PLACES as readonly (string | null)[]).includes(value);

type DayDelta = { campaign_id: string; day: string; organization_id: string | null } & Record<CampaignDaySum, number>;

/** A gift as campaign_days count it. */
interface GiftFact {
  campaign_id: string;
  day: Date | string;
  organization_id: string | null;
  donor_key: string;
  amount_cents: number | string;
  refunded_cents: number | string;
  channel: string | null;
  given_on: string | null;
  covered_fee_cents: number | string;
  covered_fee_refunded_cents: number | string;
}

/**
 * The rollup rows a batch touches, before and after its writes, and what it changes in campaign_days:
 * each fact written adds to its campaign's day, each fact it replaces or removes takes off what it held.
 */
class Touched {
  readonly dayDeltas = new Map<string, DayDelta>();
  readonly donorDayDeltas = new Map<string, { campaign_id: string; day: string; donor_key: string; gifts: number }>();
  readonly donorDeltas = new Map<string, { campaign_id: string; donor_key: string; gifts: number }>();

  /** Adds (sign 1) or takes off (sign -1) one fact's figures on its campaign's day. */
  fact(
    campaignId: string,
    day: Date | string,
    organizationId: string | null,
    sign: 1 | -1,
    figures: Partial<Record<CampaignDaySum, number>>,
  ): void {
    const text = dayText(day);
    this.campaign(campaignId);
    const key = `${campaignId}|${text}`;
    let delta = this.dayDeltas.get(key);
    if (!delta) {
      delta = { campaign_id: campaignId, day: text, organization_id: null } as DayDelta;
      for (const name of CAMPAIGN_DAY_SUMS) delta[name] = 0;
      this.dayDeltas.set(key, delta);
    }
    if (
      sign > 0 &&
      organizationId !== null &&
      (delta.organization_id === null || organizationId > delta.organization_id)
    ) {
      delta.organization_id = organizationId;
    }
    delta.facts += sign;
    for (const [name, value] of Object.entries(figures) as [CampaignDaySum, number][]) delta[name] += sign * value;
  }

  gift(row: GiftFact, sign: 1 | -1): void {
    const amount = Number(row.amount_cents);
    const refunded = Number(row.refunded_cents);
    const live = refunded < amount;
    const figures: Partial<Record<CampaignDaySum, number>> = {
      gifts: live ? 1 : 0,
      gross_cents: amount,
      refunded_cents: refunded,
      refunds: refunded > 0 ? 1 : 0,
      raised_cents: amount - refunded,
      fee_gifts: live && Number(row.covered_fee_cents) > 0 ? 1 : 0,
      covered_fee_cents: Number(row.covered_fee_cents) - Number(row.covered_fee_refunded_cents),
    };
    if (isChannel(row.channel)) {
      figures[`gifts_${row.channel}`] = live ? 1 : 0;
      figures[`raised_${row.channel}`] = amount - refunded;
    }
    if (isCountedPlace(row.given_on)) {
      figures[`gifts_on_${row.given_on}`] = live ? 1 : 0;
      figures[`raised_on_${row.given_on}`] = amount - refunded;
    }
    this.fact(row.campaign_id, row.day, row.organization_id, sign, figures);
    if (!live) return;
    const day = dayText(row.day);
    const dayKey = `${row.campaign_id}|${day}|${row.donor_key}`;
    const dayDelta = this.donorDayDeltas.get(dayKey) ?? {
      campaign_id: row.campaign_id,
      day,
      donor_key: row.donor_key,
      gifts: 0,
    };
    dayDelta.gifts += sign;
    this.donorDayDeltas.set(dayKey, dayDelta);
    const campaignKey = `${row.campaign_id}|${row.donor_key}`;
    const campaignDelta = this.donorDeltas.get(campaignKey) ?? {
      campaign_id: row.campaign_id,
      donor_key: row.donor_key,
      gifts: 0,
    };
    campaignDelta.gifts += sign;
    this.donorDeltas.set(campaignKey, campaignDelta);
  }

  shareClick(
    row: { campaign_id: string; day: Date | string; organization_id: string | null; channel: string | null },
    sign: 1 | -1,
  ): void {
    this.fact(
      row.campaign_id,
      row.day,
      row.organization_id,
      sign,
      isChannel(row.channel) ? { [`share_clicks_${row.channel}`]: 1 } : {},
    );
  }

  readonly promoterDays = new Map<string, { promoter_id: string; campaign_id: string; day: string }>();
  readonly donors = new Map<string, { organization_id: string; donor_key: string }>();
  readonly campaigns = new Map<string, { campaign_id: string }>();
  readonly promoters = new Map<string, { promoter_id: string }>();

  campaign(campaignId: string): void {
    this.campaigns.set(campaignId, { campaign_id: campaignId });
  }
  promoterDay(promoterId: string | null, campaignId: string, day: Date | string): void {
    if (!promoterId) return;
    this.promoters.set(promoterId, { promoter_id: promoterId });
    const text = dayText(day);
    this.promoterDays.set(`${promoterId}|${campaignId}|${text}`, {
      promoter_id: promoterId,
      campaign_id: campaignId,
      day: text,
    });
  }
  donor(organizationId: string | null, key: string): void {
    const organization = organizationId ?? '';
    this.donors.set(`${organization}|${key}`, { organization_id: organization, donor_key: key });
  }
}

const chunks = <T>(items: T[]): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
};

/** The mirror's facts and rollups: what a rebuild empties and must reproduce. */
export const MIRROR_TABLES = [
  'organizations',
  'people',
  'campaigns',
  'gifts',
  'checkouts',
  'share_clicks',
  'page_visits',
  'ad_days',
  'promotions',
  'monthly_gifts',
  'campaign_days',
  'campaign_day_donors',
  'campaign_donors',
  'promoter_days',
  'donors',
  'scope_days',
  'donor_days',
  'donor_day_counts',
  'campaign_totals',
  'promoter_totals',
] as const;

/** The reporting mirror in schema `reporting` of a Postgres (server or PGlite). */
export function createPostgresReportingMirror(db: Kysely<ReportingDatabase>): ReportingMirror {
  const state = (trx: Db) => trx.selectFrom('reporting.projector_state').where('id', '=', 1);

  /**
   * Locks the projector's row and refuses a lease that is no longer held (taken over, or expired at
   * `now` when given). Answers the checkpoint's position.
   */
  async function holdLease(
    trx: Transaction<ReportingDatabase>,
    lease: MirrorLease,
    now?: Date,
  ): Promise<{ lastPosition: number | null }> {
    const row = await state(trx)
      .select(['lease_token', 'lease_until', 'last_position'])
      .forUpdate()
      .executeTakeFirstOrThrow();
    const expired = now !== undefined && (row.lease_until === null || new Date(row.lease_until) <= now);
    if (row.lease_token !== lease.token || expired) {
      throw conflict('The reporting mirror lease was lost; another instance applies the events.');
    }
    return { lastPosition: row.last_position === null ? null : Number(row.last_position) };
  }

  /**
   * Notes the rollup rows the present facts of these keys count in, and takes what they hold off their
   * campaigns' days (they are removed, and written again as they are now).
   */
  async function noteTouched(trx: Db, keys: MirrorKeys, touched: Touched): Promise<void> {
    for (const part of chunks(keys.gifts)) {
      const rows = await trx
        .selectFrom('reporting.gifts')
        .select([
          'campaign_id',
          'day',
          'promoter_id',
          'organization_id',
          'donor_key',
          'amount_cents',
          'refunded_cents',
          'channel',
          'given_on',
          'covered_fee_cents',
          'covered_fee_refunded_cents',
        ])
        .where('payment_intent_id', 'in', part)
        .execute();
      for (const row of rows) {
        touched.gift(row, -1);
        touched.promoterDay(row.promoter_id, row.campaign_id, row.day);
        touched.donor(row.organization_id, row.donor_key);
      }
    }
    for (const part of chunks(keys.checkouts)) {
      const rows = await trx
        .selectFrom('reporting.checkouts')
        .select(['campaign_id', 'day', 'organization_id'])
        .where('session_id', 'in', part)
        .execute();
      for (const row of rows) touched.fact(row.campaign_id, row.day, row.organization_id, -1, { checkouts: 1 });
    }
    for (const part of chunks(keys.shareClicks)) {
      const rows = await trx
        .selectFrom('reporting.share_clicks')
        .select(['campaign_id', 'day', 'organization_id', 'channel', 'promoter_id'])
        .where('click_id', 'in', part)
        .execute();
      for (const row of rows) {
        touched.shareClick(row, -1);
        touched.promoterDay(row.promoter_id, row.campaign_id, row.day);
      }
    }
    for (const part of chunks(keys.adDays)) {
      const rows = await trx
        .selectFrom('reporting.ad_days')
        .select(['campaign_id', 'day', 'organization_id', 'impressions', 'clicks', 'spend_cents'])
        .where('campaign_id', 'in', part)
        .execute();
      for (const row of rows) {
        touched.fact(row.campaign_id, row.day, row.organization_id, -1, {
          impressions: Number(row.impressions),
          ad_clicks: Number(row.clicks),
          spend_cents: Number(row.spend_cents),
        });
      }
    }
    const visitKeys = keys.pageVisits.flatMap((key) => {
      const [campaignId, day] = key.split('/');
      return campaignId && day ? [{ campaign_id: campaignId, day }] : [];
    });
    for (const part of chunks(visitKeys)) {
      const rows = await sql<{
        campaign_id: string;
        day: Date | string;
        organization_id: string | null;
        visits: number | string;
      }>`
        select v.campaign_id, v.day, v.organization_id, v.visits from reporting.page_visits v
        join jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as k(campaign_id text, day date) using (campaign_id, day)`.execute(
        trx,
      );
      for (const row of rows.rows) {
        touched.fact(row.campaign_id, row.day, row.organization_id, -1, { page_visits: Number(row.visits) });
      }
    }
    for (const part of chunks(keys.promotions)) {
      const rows = await trx
        .selectFrom('reporting.promotions')
        .select(['campaign_id'])
        .where('promotion_id', 'in', part)
        .execute();
      for (const row of rows) touched.campaign(row.campaign_id);
    }
  }

  /** The keys of the records written (the same keys as events name). */
  function keysOfFacts(facts: Partial<MirrorFacts>): MirrorKeys {
    const keys = emptyMirrorKeys();
    keys.organizations = (facts.organizations ?? []).map((item) => item.organizationId);
    keys.people = (facts.people ?? []).map((item) => item.userId);
    keys.campaigns = (facts.campaigns ?? []).map((item) => item.campaignId);
    keys.gifts = (facts.gifts ?? []).map((item) => item.paymentIntentId);
    keys.checkouts = (facts.checkouts ?? []).map((item) => item.sessionId);
    keys.shareClicks = (facts.shareClicks ?? []).map((item) => item.clickId);
    keys.pageVisits = (facts.pageVisits ?? []).map((item) => `${item.campaignId}/${item.day}`);
    keys.adDays = [...new Set((facts.adDays ?? []).map((item) => item.campaignId))];
    keys.promotions = (facts.promotions ?? []).map((item) => item.promotionId);
    // Monthly gifts are written over (never older over newer, see `insert`): removed only when gone.
    return keys;
  }

  const union = (a: MirrorKeys, b: MirrorKeys): MirrorKeys => {
    const keys = emptyMirrorKeys();
    for (const kind of Object.keys(keys) as MirrorKind[]) keys[kind] = [...new Set([...a[kind], ...b[kind]])];
    return keys;
  };

  /** Removes the records of these keys (to be written again, or gone from the store). */
  async function remove(trx: Db, keys: MirrorKeys): Promise<void> {
    const del = async (table: keyof ReportingDatabase, column: string, ids: string[]) => {
      for (const part of chunks(ids)) {
        await sql`delete from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(part)})`.execute(trx);
      }
    };
    await del('reporting.organizations', 'organization_id', keys.organizations);
    await del('reporting.people', 'user_id', keys.people);
    await del('reporting.campaigns', 'campaign_id', keys.campaigns);
    await del('reporting.gifts', 'payment_intent_id', keys.gifts);
    await del('reporting.checkouts', 'session_id', keys.checkouts);
    await del('reporting.share_clicks', 'click_id', keys.shareClicks);
    await del('reporting.ad_days', 'campaign_id', keys.adDays);
    await del('reporting.promotions', 'promotion_id', keys.promotions);
    await del('reporting.monthly_gifts', 'subscription_id', keys.monthlyGifts);
    for (const key of keys.pageVisits) {
      const [campaignId, day] = key.split('/');
      if (!campaignId || !day) continue;
      await trx
        .deleteFrom('reporting.page_visits')
        .where('campaign_id', '=', campaignId)
        .where('day', '=', day)
        .execute();
    }
  }

  /** Inserts records (their keys removed before). */
  async function insert(trx: Db, facts: Partial<MirrorFacts>, touched: Touched | null): Promise<void> {
    for (const part of chunks(facts.organizations ?? [])) {
      await trx
        .insertInto('reporting.organizations')
        .values(part.map((o) => ({ organization_id: o.organizationId, name: o.name, is_deleted: o.isDeleted })))
        .execute();
    }
    for (const part of chunks(facts.people ?? [])) {
      await trx
        .insertInto('reporting.people')
        .values(
          part.map((p) => ({
            user_id: p.userId,
            organization_id: p.organizationId,
            first_name: p.firstName,
            last_name: p.lastName,
            email: p.email,
            account_type: p.accountType,
            is_deleted: p.isDeleted,
            created_at: p.createdAt,
          })),
        )
        .execute();
    }
    for (const part of chunks(facts.campaigns ?? [])) {
      await trx
        .insertInto('reporting.campaigns')
        .values(
          part.map((c) => ({
            campaign_id: c.campaignId,
            organization_id: c.organizationId,
            owner_id: c.ownerId,
            name: c.name,
            title: c.title,
            goal_cents: c.goalCents,
            deadline: c.deadline,
            budget_lifetime_cents: c.budgetLifetimeCents,
            target_cpc_cents: c.targetCpcCents,
            created_at: c.createdAt,
            is_deleted: c.isDeleted,
            cover_image: c.coverImage,
          })),
        )
        .execute();
    }
    for (const part of chunks(facts.gifts ?? [])) {
      const rows = part.map((g) => ({
        payment_intent_id: g.paymentIntentId,
        campaign_id: g.campaignId,
        organization_id: g.organizationId,
        occurred_at: g.occurredAt,
        day: dayOf(g.occurredAt),
        amount_cents: g.amountCents,
        refunded_cents: Math.min(g.refundedCents, g.amountCents),
        donor_key: donorKey(g),
        donor_id: g.donorId,
        donor_name: g.donorName,
        donor_email: g.donorEmail,
        message: g.message,
        promoter_id: g.promoterId,
        channel: g.channel,
        given_on: g.givenOn,
        card_brand: g.cardBrand,
        card_last4: g.cardLast4,
        receipt_url: g.receiptUrl,
        covered_fee_cents: g.coveredFeeCents,
        covered_fee_refunded_cents: Math.min(g.coveredFeeRefundedCents, g.coveredFeeCents),
      }));
      await trx.insertInto('reporting.gifts').values(rows).execute();
      for (const row of rows) {
        touched?.gift(row, 1);
        touched?.promoterDay(row.promoter_id, row.campaign_id, row.day);
        touched?.donor(row.organization_id, row.donor_key);
      }
    }
    for (const part of chunks(facts.checkouts ?? [])) {
      const rows = part.map((c) => ({
        session_id: c.sessionId,
        campaign_id: c.campaignId,
        organization_id: c.organizationId,
        occurred_at: c.occurredAt,
        day: dayOf(c.occurredAt),
        amount_cents: c.amountCents,
        promoter_id: c.promoterId,
        channel: c.channel,
      }));
      await trx.insertInto('reporting.checkouts').values(rows).execute();
      for (const row of rows) touched?.fact(row.campaign_id, row.day, row.organization_id, 1, { checkouts: 1 });
    }
    for (const part of chunks(facts.shareClicks ?? [])) {
      const rows = part.map((s) => ({
        click_id: s.clickId,
        campaign_id: s.campaignId,
        organization_id: s.organizationId,
        promoter_id: s.promoterId,
        channel: s.channel,
        occurred_at: s.occurredAt,
        day: dayOf(s.occurredAt),
      }));
      await trx.insertInto('reporting.share_clicks').values(rows).execute();
      for (const row of rows) {
        touched?.shareClick(row, 1);
        touched?.promoterDay(row.promoter_id, row.campaign_id, row.day);
      }
    }
    for (const part of chunks(facts.pageVisits ?? [])) {
      await trx
        .insertInto('reporting.page_visits')
        .values(
          part.map((v) => ({
            campaign_id: v.campaignId,
            day: v.day,
            organization_id: v.organizationId,
            visits: v.visits,
          })),
        )
        .execute();
      for (const v of part) touched?.fact(v.campaignId, v.day, v.organizationId, 1, { page_visits: v.visits });
    }
    for (const part of chunks(facts.adDays ?? [])) {
      await trx
        .insertInto('reporting.ad_days')
        .values(
          part.map((a: MirrorAdDay) => ({
            campaign_id: a.campaignId,
            day: a.day,
            organization_id: a.organizationId,
            impressions: a.impressions,
            clicks: a.clicks,
            spend_cents: a.spendCents,
          })),
        )
        .execute();
      for (const a of part) {
        touched?.fact(a.campaignId, a.day, a.organizationId, 1, {
          impressions: a.impressions,
          ad_clicks: a.clicks,
          spend_cents: a.spendCents,
        });
      }
    }
    for (const part of chunks(facts.promotions ?? [])) {
      await trx
        .insertInto('reporting.promotions')
        .values(
          part.map((p) => ({
            promotion_id: p.promotionId,
            promoter_id: p.promoterId,
            campaign_id: p.campaignId,
            organization_id: p.organizationId,
            created_at: p.createdAt,
          })),
        )
        .execute();
      for (const p of part) touched?.campaign(p.campaignId);
    }
    for (const part of chunks(facts.monthlyGifts ?? [])) {
      await trx
        .insertInto('reporting.monthly_gifts')
        .values(
          part.map((m) => ({
            subscription_id: m.subscriptionId,
            campaign_id: m.campaignId,
            organization_id: m.organizationId,
            donor_key: monthlyDonorKey(m),
            amount_cents: m.amountCents,
            status: m.status,
            paused: m.paused,
            cancel_at_period_end: m.cancelAtPeriodEnd,
            started_at: m.startedAt,
            ended_at: m.endedAt,
            ended_reason: m.endedReason,
            failed_at: m.failedAt,
            failed_attempts: m.failedAttempts,
            changed_at: m.changedAt,
          })),
        )
        // A gift read with an older change than the mirror holds (a late or replayed batch) leaves it as it is.
        .onConflict((oc) =>
          oc.column('subscription_id').doUpdateSet((eb) => ({
            campaign_id: eb.ref('excluded.campaign_id'),
            organization_id: eb.ref('excluded.organization_id'),
            donor_key: eb.ref('excluded.donor_key'),
            amount_cents: eb.ref('excluded.amount_cents'),
            status: eb.ref('excluded.status'),
            paused: eb.ref('excluded.paused'),
            cancel_at_period_end: eb.ref('excluded.cancel_at_period_end'),
            started_at: eb.ref('excluded.started_at'),
            ended_at: eb.ref('excluded.ended_at'),
            ended_reason: eb.ref('excluded.ended_reason'),
            failed_at: eb.ref('excluded.failed_at'),
            failed_attempts: eb.ref('excluded.failed_attempts'),
            changed_at: eb.ref('excluded.changed_at'),
          })).where(sql<boolean>`reporting.monthly_gifts.changed_at <= excluded.changed_at and (
              reporting.monthly_gifts.status <> 'ended' or excluded.status = 'ended')`),
        )
        .execute();
    }
  }

  async function recompute(trx: Db, touched: Touched | null): Promise<void> {
    const json = (map: Map<string, unknown> | undefined) =>
      map === undefined ? null : map.size === 0 ? undefined : JSON.stringify([...map.values()]);
    const campaignDays = json(touched?.dayDeltas);
    const promoterDays = json(touched?.promoterDays);
    const donors = json(touched?.donors);
    const campaigns = json(touched?.campaigns);
    const promoters = json(touched?.promoters);
    // The totals read the day rollups: after them.
    const statements = [
      ...(campaignDays === undefined
        ? []
        : campaignDays === null || !touched
          ? recomputeCampaignDays()
          : applyCampaignDayDeltas(
              campaignDays,
              JSON.stringify([...touched.donorDayDeltas.values()]),
              JSON.stringify([...touched.donorDeltas.values()]),
            )),
      ...(promoterDays === undefined ? [] : recomputePromoterDays(promoterDays)),
      ...(donors === undefined ? [] : recomputeDonors(donors)),
      ...(donors === undefined ? [] : recomputeDonorDays(donors)),
      ...(campaigns === undefined ? [] : recomputeCampaignTotals(campaigns)),
      ...(promoters === undefined ? [] : recomputePromoterTotals(promoters)),
    ];
    for (const statement of statements) await statement.execute(trx);
  }

  return {
    async claim(holder, leaseMs, now) {
      const until = new Date(now.getTime() + leaseMs).toISOString();
      const row = await db
        .updateTable('reporting.projector_state')
        .set({
          lease_holder: holder,
          // The holder keeps its token while its lease runs, so a batch it is applying stays valid.
          lease_token: sql<string>`case when lease_holder = ${holder} and lease_until > ${now.toISOString()}::timestamptz
            then lease_token else ${randomUUID()} end`,
          lease_until: until,
        })
        .where('id', '=', 1)
        .where((eb) =>
          eb.or([
            eb('lease_holder', 'is', null),
            eb('lease_until', 'is', null),
            eb('lease_until', '<=', now),
            eb('lease_holder', '=', holder),
          ]),
        )
        .returning(['lease_holder', 'lease_token', 'lease_until'])
        .executeTakeFirst();
      if (!row?.lease_token || !row.lease_holder || !row.lease_until) return null;
      return { holder: row.lease_holder, token: row.lease_token, until: iso(row.lease_until) };
    },

    async release(lease) {
      await db
        .updateTable('reporting.projector_state')
        .set({ lease_holder: null, lease_token: null, lease_until: null })
        .where('id', '=', 1)
        .where('lease_token', '=', lease.token)
        .execute();
    },

    async applied(eventIds) {
      const found = new Set<string>();
      for (const part of chunks(eventIds)) {
        const rows = await db
          .selectFrom('reporting.applied_events')
          .select('event_id')
          .where('event_id', 'in', part)
          .execute();
        for (const row of rows) found.add(row.event_id);
      }
      return found;
    },

    apply(lease, batch: MirrorBatch, now) {
      return db.transaction().execute(async (trx) => {
        const { lastPosition } = await holdLease(trx, lease, now);
        let fresh = 0;
        for (const part of chunks(batch.events)) {
          const inserted = await trx
            .insertInto('reporting.applied_events')
            .values(part.map((e) => ({ event_id: e.id, position: e.position, applied_at: now.toISOString() })))
            .onConflict((oc) => oc.column('event_id').doNothing())
            .returning('event_id')
            .execute();
          fresh += inserted.length;
        }
        const keys = union(keysOfFacts(batch.facts), batch.gone);
        const touched = new Touched();
        await noteTouched(trx, keys, touched);
        await remove(trx, keys);
        await insert(trx, batch.facts, touched);
        await recompute(trx, touched);
        const last = batch.events.reduce<MirrorBatch['events'][number] | null>(
          (latest, e) => (latest === null || e.position > latest.position ? e : latest),
          null,
        );
        await trx
          .updateTable('reporting.projector_state')
          .set((eb) => ({
            events_applied: eb('events_applied', '+', fresh),
            // The checkpoint only moves forward (an event replayed late leaves it where it is).
            ...(last && (lastPosition === null || last.position > lastPosition)
              ? {
                  last_event_id: last.id,
                  last_position: last.position,
                  last_event_at: last.occurredAt,
                  last_applied_at: now.toISOString(),
                }
              : {}),
          }))
          .where('id', '=', 1)
          .execute();
        return { applied: fresh };
      });
    },

    clear(lease) {
      return db.transaction().execute(async (trx) => {
        await holdLease(trx, lease);
        await sql
          .raw(`truncate ${[...MIRROR_TABLES, 'applied_events'].map((table) => `reporting.${table}`).join(', ')}`)
          .execute(trx);
        await trx
          .updateTable('reporting.projector_state')
          .set({
            last_event_id: null,
            last_position: null,
            last_event_at: null,
            last_applied_at: null,
            events_applied: 0,
          })
          .where('id', '=', 1)
          .execute();
      });
    },

    load(lease, facts) {
      return db.transaction().execute(async (trx) => {
        await holdLease(trx, lease);
        await remove(trx, keysOfFacts(facts));
        await insert(trx, facts, null);
      });
    },

    finishRebuild(lease, now) {
      return db.transaction().execute(async (trx) => {
        await holdLease(trx, lease, now);
        await recompute(trx, null);
        await trx
          .updateTable('reporting.projector_state')
          .set({ last_rebuild_at: now.toISOString() })
          .where('id', '=', 1)
          .execute();
      });
    },

    async forgetAppliedBefore(at) {
      const result = await db
        .deleteFrom('reporting.applied_events')
        .where('applied_at', '<', new Date(at))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async status(): Promise<MirrorStatus> {
      const row = await state(db).selectAll().executeTakeFirstOrThrow();
      return {
        lastEvent:
          row.last_event_id !== null && row.last_position !== null && row.last_event_at && row.last_applied_at
            ? {
                id: row.last_event_id,
                position: Number(row.last_position),
                occurredAt: iso(row.last_event_at),
                appliedAt: iso(row.last_applied_at),
              }
            : null,
        eventsApplied: Number(row.events_applied),
        lastRebuildAt: row.last_rebuild_at ? iso(row.last_rebuild_at) : null,
      };
    },
  };
}
