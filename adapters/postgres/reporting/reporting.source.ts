import { sql, type Kysely } from 'kysely';
import type { DeliveryDay } from '@causeway/core/delivery/delivery.entity';
import type { ReportingSource } from '@causeway/core/ports/reporting.port';
import { ShareChannel } from '@causeway/core/campaigns/targeting.entity';
import { GiftPlace } from '@causeway/core/donations/donation.entity';
import {
  emptyMirrorFacts,
  emptyMirrorKeys,
  type MirrorFacts,
  type MirrorGift,
  type MirrorKeys,
  type MirrorKind,
  type MirrorMonthlyGift,
} from '@causeway/core/reporting/mirror.entity';
import type { Database } from '../database';
import { iso, isoOrNull } from '../transaction';

const channel = (value: string | null): ShareChannel | null => {
  const parsed = ShareChannel.safeParse(value);
  return parsed.success ? parsed.data : null;
};

const giftPlace = (value: string | null): GiftPlace | null => {
  const parsed = GiftPlace.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * The Postgres store as the reporting mirror reads it. A kind is read by its keys (`ids`) or a page of
 * keys after a cursor, in key order. Page visits are keyed `${campaignId}/${day}`.
 */
export function createPostgresReportingSource(db: Kysely<Database>): ReportingSource {
  type Page = { ids?: string[]; after?: string | null; limit?: number };

  const readers: {
    [K in MirrorKind]: (page: Page) => Promise<{ items: MirrorFacts[K]; last: string | null; count: number }>;
  } = {
    async organizations({ ids, after, limit }) {
      let query = db.selectFrom('organizations').select(['organization_id', 'name', 'is_deleted']);
      if (ids) query = query.where('organization_id', 'in', ids);
      if (after) query = query.where('organization_id', '>', after);
      if (limit) query = query.orderBy('organization_id').limit(limit);
      const rows = await query.execute();
      return {
        items: rows.map((row) => ({ organizationId: row.organization_id, name: row.name, isDeleted: row.is_deleted })),
        last: rows.at(-1)?.organization_id ?? null,
        count: rows.length,
      };
    },
    async people({ ids, after, limit }) {
      let query = db
        .selectFrom('users')
        .select([
          'uid',
          'organization_id',
          'first_name',
          'last_name',
          'email',
          'account_type',
          'is_deleted',
          'created_at',
        ]);
      if (ids) query = query.where('uid', 'in', ids);
      if (after) query = query.where('uid', '>', after);
      if (limit) query = query.orderBy('uid').limit(limit);
      const rows = await query.execute();
      return {
        items: rows.map((row) => ({
          userId: row.uid,
          organizationId: row.organization_id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          accountType: row.account_type,
          isDeleted: row.is_deleted,
          createdAt: iso(row.created_at),
        })),
        last: rows.at(-1)?.uid ?? null,
        count: rows.length,
      };
    },
    async campaigns({ ids, after, limit }) {
      let query = db
        .selectFrom('campaigns')
        .select([
          'campaign_uuid',
          'organization_id',
          'user_id',
          'campaign_name',
          'campaign_title',
          'campaign_raise_goal',
          'campaign_raise_goal_deadline',
          'budget_lifetime',
          'budget_target_cpc',
          'created_at',
          'is_deleted',
          'campaign_cover_image',
        ]);
      if (ids) query = query.where('campaign_uuid', 'in', ids);
      if (after) query = query.where('campaign_uuid', '>', after);
      if (limit) query = query.orderBy('campaign_uuid').limit(limit);
      const rows = await query.execute();
      return {
        items: rows.map((row) => ({
          campaignId: row.campaign_uuid,
          organizationId: row.organization_id,
          ownerId: row.user_id,
          name: row.campaign_name,
          title: row.campaign_title,
          goalCents: Number(row.campaign_raise_goal),
          deadline: isoOrNull(row.campaign_raise_goal_deadline),
          budgetLifetimeCents: Number(row.budget_lifetime),
          targetCpcCents: Number(row.budget_target_cpc),
          createdAt: iso(row.created_at),
          isDeleted: row.is_deleted,
          coverImage: row.campaign_cover_image,
        })),
        last: rows.at(-1)?.campaign_uuid ?? null,
        count: rows.length,
      };
    },
    async gifts({ ids, after, limit }) {
      let query = db
        .selectFrom('donations as d')
        .leftJoin('campaigns as c', 'c.campaign_uuid', 'd.campaign_id')
        .leftJoin('users as u', 'u.uid', 'd.donor_id')
        .select([
          'd.payment_intent_id',
          'd.campaign_id',
          'c.organization_id',
          'd.date',
          'd.amount',
          'd.refunded',
          'd.donor_id',
          'd.donor_name',
          'u.email as donor_email',
          'd.message',
          'd.user_id',
          'd.channel',
          'd.given_on',
          'd.covered_fee',
          'd.covered_fee_refunded',
        ])
        .where('d.payment_intent_id', 'is not', null);
      if (ids) query = query.where('d.payment_intent_id', 'in', ids);
      if (after) query = query.where('d.payment_intent_id', '>', after);
      if (limit) query = query.orderBy('d.payment_intent_id').limit(limit);
      const rows = await query.execute();
      return {
        items: rows.map((row): MirrorGift => ({
          paymentIntentId: row.payment_intent_id!,
          campaignId: row.campaign_id,
          organizationId: row.organization_id ?? null,
          occurredAt: iso(row.date),
          amountCents: Number(row.amount),
          refundedCents: Math.min(Number(row.refunded), Number(row.amount)),
          donorId: row.donor_id,
          donorName: row.donor_name,
          donorEmail: row.donor_email ?? null,
          message: row.message,
          promoterId: row.user_id,
          channel: channel(row.channel),
          givenOn: giftPlace(row.given_on),
          cardBrand: null,
          cardLast4: null,
          receiptUrl: null,
          coveredFeeCents: Number(row.covered_fee),
          coveredFeeRefundedCents: Math.min(Number(row.covered_fee_refunded), Number(row.covered_fee)),
        })),
        last: rows.at(-1)?.payment_intent_id ?? null,
        count: rows.length,
      };
    },
    async checkouts({ ids, after, limit }) {
      let query = db
        .selectFrom('donation_checkouts as o')
        .leftJoin('campaigns as c', 'c.campaign_uuid', 'o.campaign_id')
        .select([
          'o.session_id',
          'o.campaign_id',
          'c.organization_id',
          'o.created_at',
          'o.amount',
          'o.promoter_id',
          'o.channel',
        ]);
      if (ids) query = query.where('o.session_id', 'in', ids);
      if (after) query = query.where('o.session_id', '>', after);
      if (limit) query = query.orderBy('o.session_id').limit(limit);
      const rows = await query.execute();
      return {
        items: rows.map((row) => ({
          sessionId: row.session_id,
          campaignId: row.campaign_id,
          organizationId: row.organization_id ?? null,
          occurredAt: iso(row.created_at),
          amountCents: Number(row.amount),
          promoterId: row.promoter_id,
          channel: channel(row.channel),
        })),
        last: rows.at(-1)?.session_id ?? null,
        count: rows.length,
      };
    },
    async shareClicks({ ids, after, limit }) {
      let query = db
        .selectFrom('click_events as e')
        .leftJoin('campaigns as c', 'c.campaign_uuid', 'e.campaign_id')
        .select(['e.id', 'e.campaign_id', 'c.organization_id', 'e.promoter_id', 'e.channel', 'e.created_at']);
      if (ids) query = query.where('e.id', 'in', ids);
      if (after) query = query.where('e.id', '>', after);
      if (limit) query = query.orderBy('e.id').limit(limit);
      const rows = await query.execute();
      return {
        items: rows.flatMap((row) => {
          const known = channel(row.channel);
          return known
            ? [
                {
                  clickId: row.id,
                  campaignId: row.campaign_id,
                  organizationId: row.organization_id ?? null,
                  promoterId: row.promoter_id,
                  channel: known,
                  occurredAt: iso(row.created_at),
                },
              ]
            : [];
        }),
        last: rows.at(-1)?.id ?? null,
        count: rows.length,
      };
    },
    async pageVisits({ ids, after, limit }) {
      const key = sql<string>`v.campaign_id || '/' || to_char(v.day, 'YYYY-MM-DD')`;
      let query = db
        .selectFrom('campaign_page_visits as v')
        .leftJoin('campaigns as c', 'c.campaign_uuid', 'v.campaign_id')
        .select([key.as('key'), 'v.campaign_id', 'c.organization_id', 'v.visits']);
      if (ids) query = query.where(key, 'in', ids);
      if (after) query = query.where(key, '>', after);
      if (limit) query = query.orderBy(key).limit(limit);
      const rows = await query.execute();
      return {
        items: rows.map((row) => ({
          campaignId: row.campaign_id,
          organizationId: row.organization_id ?? null,
          day: row.key.slice(-10),
          visits: Number(row.visits),
        })),
        last: rows.at(-1)?.key ?? null,
        count: rows.length,
      };
    },
    async adDays({ ids, after, limit }) {
      let query = db
        .selectFrom('campaign_deliveries as d')
        .leftJoin('campaigns as c', 'c.campaign_uuid', 'd.campaign_id')
        .select(['d.campaign_id', 'c.organization_id', 'd.daily']);
      if (ids) query = query.where('d.campaign_id', 'in', ids);
      if (after) query = query.where('d.campaign_id', '>', after);
      if (limit) query = query.orderBy('d.campaign_id').limit(limit);
      const rows = await query.execute();
      return {
        items: rows.flatMap((row) =>
          ((row.daily ?? []) as DeliveryDay[]).map((day) => ({
            campaignId: row.campaign_id,
            organizationId: row.organization_id ?? null,
            day: day.day,
            impressions: day.impressions,
            clicks: day.clicks,
            spendCents: day.spendCents,
          })),
        ),
        last: rows.at(-1)?.campaign_id ?? null,
        count: rows.length,
      };
    },
    async promotions({ ids, after, limit }) {
      let query = db
        .selectFrom('promotions as p')
        .leftJoin('campaigns as c', 'c.campaign_uuid', 'p.campaign_id')
        .select(['p.id', 'p.creator_id', 'p.campaign_id', 'c.organization_id', 'p.created_at']);
      if (ids) query = query.where('p.id', 'in', ids);
      if (after) query = query.where('p.id', '>', after);
      if (limit) query = query.orderBy('p.id').limit(limit);
      const rows = await query.execute();
      return {
        items: rows.map((row) => ({
          promotionId: row.id,
          promoterId: row.creator_id,
          campaignId: row.campaign_id,
          organizationId: row.organization_id ?? null,
          createdAt: iso(row.created_at),
        })),
        last: rows.at(-1)?.id ?? null,
        count: rows.length,
      };
    },
    async monthlyGifts({ ids, after, limit }) {
      let query = db
        .selectFrom('monthly_gifts')
        .select([
          'subscription_id',
          'campaign_id',
          'organization_id',
          'donor_email',
          'amount_cents',
          'status',
          'paused',
          'cancel_at_period_end',
          'started_at',
          'ended_at',
          'ended_reason',
          'failed_at',
          'failed_attempts',
          'changed_at',
        ]);
      if (ids) query = query.where('subscription_id', 'in', ids);
      if (after) query = query.where('subscription_id', '>', after);
      if (limit) query = query.orderBy('subscription_id').limit(limit);
      const rows = await query.execute();
      return {
        items: rows.map((row): MirrorMonthlyGift => ({
          subscriptionId: row.subscription_id,
          campaignId: row.campaign_id,
          organizationId: row.organization_id,
          donorEmail: row.donor_email,
          amountCents: Number(row.amount_cents),
          status: row.status as MirrorMonthlyGift['status'],
          paused: row.paused,
          cancelAtPeriodEnd: row.cancel_at_period_end,
          startedAt: iso(row.started_at),
          endedAt: isoOrNull(row.ended_at),
          endedReason: row.ended_reason as MirrorMonthlyGift['endedReason'],
          failedAt: isoOrNull(row.failed_at),
          failedAttempts: Number(row.failed_attempts),
          changedAt: iso(row.changed_at),
        })),
        last: rows.at(-1)?.subscription_id ?? null,
        count: rows.length,
      };
    },
  };

  return {
    async read(keys: MirrorKeys) {
      const facts = emptyMirrorFacts();
      const all = { ...emptyMirrorKeys(), ...keys };
      for (const kind of Object.keys(facts) as MirrorKind[]) {
        if (all[kind].length === 0) continue;
        for (let start = 0; start < all[kind].length; start += 1000) {
          const { items } = await readers[kind]({ ids: all[kind].slice(start, start + 1000) });
          (facts[kind] as unknown[]).push(...items);
        }
      }
      return facts;
    },
    async scan<K extends MirrorKind>(kind: K, cursor: string | null, limit: number) {
      const read = readers[kind] as (
        page: Page,
      ) => Promise<{ items: MirrorFacts[K]; last: string | null; count: number }>;
      const { items, last, count } = await read({ after: cursor, limit });
      // A short page is the last one (pages count rows read: an ad page holds every day of its campaigns).
      return { items, cursor: count >= limit && last !== null ? last : null };
    },
  };
}
