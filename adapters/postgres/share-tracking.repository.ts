import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { ShareChannel } from '@causeway/core/campaigns/targeting.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { ShareTrackingRepository } from '@causeway/core/ports/share-tracking.repository';
import { ClickEvent, PageVisits, ShareLink, SharesClicks, Utm } from '@causeway/core/promotion/promotion.entity';
import { conflict } from '@causeway/core/shared/errors';
import type { ClickEventsTable, SharesClicksTable, UtmsTable } from './tables/money.tables';
import type { ShareLinksTable } from './tables/reach.tables';
import { appendEvent, changeWithEvent, conflictOn, inTransaction, iso, type PgContext } from './transaction';

export function createPostgresShareTrackingRepository(context: PgContext): ShareTrackingRepository {
  const { db } = context;
  return {
    ensureCounters(campaignId) {
      return changeWithEvent(
        context,
        async (trx) => {
          const inserted = await trx
            .insertInto('shares_clicks')
            .values({ campaign_id: campaignId })
            .onConflict((target) => target.column('campaign_id').doNothing())
            .returningAll()
            .executeTakeFirst();
          if (inserted) return { counters: toCounters(inserted), created: true };
          const existing = await trx
            .selectFrom('shares_clicks')
            .selectAll()
            .where('campaign_id', '=', campaignId)
            .executeTakeFirstOrThrow();
          return { counters: toCounters(existing), created: false };
        },
        ({ counters, created }) =>
          created
            ? {
                type: EventTypes.shareCountersCreated,
                aggregateType: 'shareTracking',
                aggregateId: campaignId,
                payload: { counters },
              }
            : null,
      ).then(({ counters }) => counters);
    },
    async getCounters(campaignId) {
      const row = await db
        .selectFrom('shares_clicks')
        .selectAll()
        .where('campaign_id', '=', campaignId)
        .executeTakeFirst();
      return row ? toCounters(row) : SharesClicks.parse({ campaignId });
    },
    recordClick(input) {
      const click = ClickEvent.parse(input);
      return changeWithEvent(
        context,
        async (trx) => {
          await trx
            .insertInto('click_events')
            .values({
              id: click.id,
              campaign_id: click.campaignId,
              channel: click.channel,
              promoter_id: click.promoterId,
              created_at: click.createdAt,
            })
            .execute();
          // Added in place by the database, so concurrent clicks never lose one another.
          const increment: Partial<Record<ShareChannel, RawBuilder<number>>> = {
            [click.channel]: sql<number>`${sql.ref(`shares_clicks.${click.channel}`)} + 1`,
          };
          const first: Partial<Record<ShareChannel, number>> = { [click.channel]: 1 };
          const row = await trx
            .insertInto('shares_clicks')
            .values({ campaign_id: click.campaignId, ...first })
            .onConflict((target) => target.column('campaign_id').doUpdateSet(increment))
            .returningAll()
            .executeTakeFirstOrThrow();
          return toCounters(row);
        },
        () => ({
          type: EventTypes.shareClickRecorded,
          aggregateType: 'shareTracking',
          aggregateId: click.campaignId,
          payload: { click },
        }),
      ).catch(conflictOn('A click with this id already exists.'));
    },
    async recordPageVisit(campaignId, at, visits = 1) {
      const day = new Date(at).toISOString().slice(0, 10);
      await changeWithEvent(
        context,
        async (trx) => {
          // Added in place by the database, so concurrent visits never lose one another.
          await trx
            .insertInto('campaign_page_visits')
            .values({ campaign_id: campaignId, day, visits })
            .onConflict((target) =>
              target
                .columns(['campaign_id', 'day'])
                .doUpdateSet({ visits: sql<number>`campaign_page_visits.visits + excluded.visits` }),
            )
            .execute();
        },
        () => ({
          type: EventTypes.pageVisitRecorded,
          aggregateType: 'shareTracking',
          aggregateId: campaignId,
          payload: { campaignId, day },
        }),
      );
    },
    async listPageVisits(campaignId) {
      const rows = await db
        .selectFrom('campaign_page_visits')
        .select(['campaign_id', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'visits'])
        .where('campaign_id', '=', campaignId)
        .orderBy('day')
        .execute();
      return rows.map((row) =>
        PageVisits.parse({ campaignId: row.campaign_id, day: row.day, visits: Number(row.visits) }),
      );
    },
    recordUtm(input) {
      const utm = Utm.parse(input);
      return changeWithEvent(
        context,
        async (trx) => {
          const row = await trx
            .insertInto('utms')
            .values({
              id: utm.id,
              campaign_id: utm.campaignId,
              utm_source: utm.utm_source,
              utm_medium: utm.utm_medium,
              utm_campaign: utm.utm_campaign,
              utm_content: utm.utm_content,
              utm_term: utm.utm_term,
              created_at: utm.createdAt,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return toUtm(row);
        },
        (saved) => ({
          type: EventTypes.utmRecorded,
          aggregateType: 'shareTracking',
          aggregateId: saved.campaignId,
          payload: { utm: saved },
        }),
      ).catch(conflictOn('A UTM record with this id already exists.'));
    },
    async listClicks(campaignId, filter = {}) {
      let query = db.selectFrom('click_events').selectAll().where('campaign_id', '=', campaignId);
      if (filter.promoterId !== undefined) query = query.where('promoter_id', '=', filter.promoterId);
      if (filter.since !== undefined) query = query.where('created_at', '>=', new Date(filter.since));
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(toClick);
    },
    async countClicks(campaignId, filter = {}) {
      let query = db
        .selectFrom('click_events')
        .select(['channel', (eb) => eb.fn.countAll<string>().as('clicks')])
        .where('campaign_id', '=', campaignId);
      if (filter.promoterId !== undefined) query = query.where('promoter_id', '=', filter.promoterId);
      if (filter.since !== undefined) query = query.where('created_at', '>=', new Date(filter.since));
      const rows = await query.groupBy('channel').execute();
      const counts = { x: 0, linkedin: 0, facebook: 0, instagram: 0, qr: 0 };
      for (const row of rows) counts[row.channel as ShareChannel] = Number(row.clicks);
      return counts;
    },
    async listUtms(campaignId) {
      const rows = await db
        .selectFrom('utms')
        .selectAll()
        .where('campaign_id', '=', campaignId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toUtm);
    },
    async ensureShareLinks(input) {
      const wanted = input.map((link) => ShareLink.parse(link));
      if (wanted.length === 0) return [];
      return inTransaction(db, async (trx) => {
        // Either unique key arbitrates: a link asked for twice at once is stored once, and the other
        // request reads the stored one below.
        const inserted = await trx
          .insertInto('share_links')
          .values(
            wanted.map((link) => ({
              code: link.code,
              campaign_id: link.campaignId,
              promoter_id: link.promoterId,
              channel: link.channel,
              created_at: link.createdAt,
            })),
          )
          .onConflict((target) => target.doNothing())
          .returningAll()
          .execute();
        for (const row of inserted) {
          const link = toShareLink(row);
          await appendEvent(context, trx, {
            type: EventTypes.shareLinkCreated,
            aggregateType: 'shareTracking',
            aggregateId: link.campaignId,
            payload: { link },
          });
        }
        const rows = await trx
          .selectFrom('share_links')
          .selectAll()
          .where('campaign_id', 'in', [...new Set(wanted.map((link) => link.campaignId))])
          .where('promoter_id', 'in', [...new Set(wanted.map((link) => link.promoterId))])
          .execute();
        return wanted.map((link) => {
          const row = rows.find(
            (candidate) =>
              candidate.campaign_id === link.campaignId &&
              candidate.promoter_id === link.promoterId &&
              candidate.channel === link.channel,
          );
          // Not inserted and not there: its code belongs to another link.
          if (!row) throw conflict('A share link with this code already exists.');
          return toShareLink(row);
        });
      });
    },
    async findShareLink(code) {
      const row = await db.selectFrom('share_links').selectAll().where('code', '=', code).executeTakeFirst();
      return row ? toShareLink(row) : null;
    },
    async listShareLinks(promoterId, campaignId) {
      let query = db.selectFrom('share_links').selectAll().where('promoter_id', '=', promoterId);
      if (campaignId !== undefined) query = query.where('campaign_id', '=', campaignId);
      return (await query.execute()).map(toShareLink);
    },
  };
}

function toShareLink(row: Selectable<ShareLinksTable>): ShareLink {
  return ShareLink.parse({
    code: row.code,
    campaignId: row.campaign_id,
    promoterId: row.promoter_id,
    channel: row.channel,
    createdAt: iso(row.created_at),
  });
}

function toCounters(row: Selectable<SharesClicksTable>): SharesClicks {
  return SharesClicks.parse({
    campaignId: row.campaign_id,
    x: Number(row.x),
    linkedin: Number(row.linkedin),
    facebook: Number(row.facebook),
    instagram: Number(row.instagram),
    qr: Number(row.qr),
  });
}

function toClick(row: Selectable<ClickEventsTable>): ClickEvent {
  return ClickEvent.parse({
    id: row.id,
    campaignId: row.campaign_id,
    channel: row.channel,
    promoterId: row.promoter_id,
    createdAt: iso(row.created_at),
  });
}

function toUtm(row: Selectable<UtmsTable>): Utm {
  return Utm.parse({
    id: row.id,
    campaignId: row.campaign_id,
    utm_source: row.utm_source,
    utm_medium: row.utm_medium,
    utm_campaign: row.utm_campaign,
    utm_content: row.utm_content,
    utm_term: row.utm_term,
    createdAt: iso(row.created_at),
  });
}
