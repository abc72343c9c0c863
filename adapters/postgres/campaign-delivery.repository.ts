import { sql, type Insertable, type Selectable } from 'kysely';
import {
  CampaignDelivery,
  DeliveryFailure,
  DeliveryFigures,
  DeliveryPause,
} from '@causeway/core/delivery/delivery.entity';
import type { CampaignDeliveryRepository } from '@causeway/core/ports/campaign-delivery.repository';
import type { CampaignDeliveriesTable } from './tables/delivery.tables';
import { deliverySyncedEvent } from '@causeway/core/reporting/mirror-events';
import { appendEvent, inTransaction, iso, type PgContext } from './transaction';

function toDelivery(row: Selectable<CampaignDeliveriesTable>): CampaignDelivery {
  return CampaignDelivery.parse({
    campaignId: row.campaign_id,
    figures:
      row.refreshed_at === null
        ? null
        : {
            insertionOrderId: row.insertion_order_id,
            lineItemId: row.line_item_id,
            lineItemStatus: row.line_item_status,
            flightStart: row.flight_start,
            flightEnd: row.flight_end,
            impressions: row.impressions,
            clicks: row.clicks,
            spendCents: row.spend_cents,
            daily: row.daily,
            refreshedAt: iso(row.refreshed_at),
            reportedAt: row.reported_at === null ? null : iso(row.reported_at),
          },
    pause:
      row.paused_at === null
        ? null
        : { reasons: row.pause_reasons, message: row.pause_message, pausedAt: iso(row.paused_at) },
    lastFailure:
      row.last_failure_at === null ? null : { message: row.last_failure_message, at: iso(row.last_failure_at) },
  });
}

/**
 * `campaign_deliveries`. Each write is one statement deciding in the database (an upsert with a
 * condition), so instances pulling at the same time cannot overwrite newer figures or pause twice.
 * The figures are a copy of the platform's reports, pulled again every few minutes: they write no
 * domain event (the pause tells the campaigner through a stored notification, which does).
 */
export function createPostgresCampaignDeliveryRepository(context: PgContext): CampaignDeliveryRepository {
  const { db } = context;
  const find = async (campaignId: string) => {
    const row = await db
      .selectFrom('campaign_deliveries')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .executeTakeFirst();
    return row ? toDelivery(row) : null;
  };
  const stored = async (campaignId: string) => (await find(campaignId))!;

  return {
    find,

    async saveFigures(campaignId, input) {
      const figures = DeliveryFigures.parse(input);
      const values: Insertable<CampaignDeliveriesTable> = {
        campaign_id: campaignId,
        insertion_order_id: figures.insertionOrderId,
        line_item_id: figures.lineItemId,
        line_item_status: figures.lineItemStatus,
        flight_start: figures.flightStart,
        flight_end: figures.flightEnd,
        impressions: figures.impressions,
        clicks: figures.clicks,
        spend_cents: figures.spendCents,
        daily: JSON.stringify(figures.daily),
        refreshed_at: figures.refreshedAt,
        reported_at: figures.reportedAt ?? null,
      };
      await inTransaction(db, async (trx) => {
        await trx
          .insertInto('campaign_deliveries')
          .values(values)
          .onConflict((conflict) =>
            conflict
              .column('campaign_id')
              .doUpdateSet((eb) => ({
                insertion_order_id: eb.ref('excluded.insertion_order_id'),
                line_item_id: eb.ref('excluded.line_item_id'),
                line_item_status: eb.ref('excluded.line_item_status'),
                flight_start: eb.ref('excluded.flight_start'),
                flight_end: eb.ref('excluded.flight_end'),
                impressions: eb.ref('excluded.impressions'),
                clicks: eb.ref('excluded.clicks'),
                spend_cents: eb.ref('excluded.spend_cents'),
                daily: eb.ref('excluded.daily'),
                refreshed_at: eb.ref('excluded.refreshed_at'),
                reported_at: eb.ref('excluded.reported_at'),
                // A failure at or before these figures is over.
                last_failure_message: sql<
                  string | null
                >`case when campaign_deliveries.last_failure_at <= excluded.refreshed_at then null else campaign_deliveries.last_failure_message end`,
                last_failure_at: sql<Date | null>`case when campaign_deliveries.last_failure_at <= excluded.refreshed_at then null else campaign_deliveries.last_failure_at end`,
              }))
              .where((eb) =>
                eb.or([
                  eb('campaign_deliveries.refreshed_at', 'is', null),
                  eb('campaign_deliveries.refreshed_at', '<=', eb.ref('excluded.refreshed_at')),
                ]),
              ),
          )
          .execute();
        await appendEvent(context, trx, deliverySyncedEvent(campaignId, figures));
      });
      return stored(campaignId);
    },

    async recordFailure(campaignId, input) {
      const failure = DeliveryFailure.parse(input);
      await db
        .insertInto('campaign_deliveries')
        .values({ campaign_id: campaignId, last_failure_message: failure.message, last_failure_at: failure.at })
        .onConflict((conflict) =>
          conflict
            .column('campaign_id')
            .doUpdateSet((eb) => ({
              last_failure_message: eb.ref('excluded.last_failure_message'),
              last_failure_at: eb.ref('excluded.last_failure_at'),
            }))
            .where((eb) =>
              eb.and([
                eb.or([
                  eb('campaign_deliveries.refreshed_at', 'is', null),
                  eb('campaign_deliveries.refreshed_at', '<', eb.ref('excluded.last_failure_at')),
                ]),
                eb.or([
                  eb('campaign_deliveries.last_failure_at', 'is', null),
                  eb('campaign_deliveries.last_failure_at', '<=', eb.ref('excluded.last_failure_at')),
                ]),
              ]),
            ),
        )
        .execute();
      return stored(campaignId);
    },

    async recordPause(campaignId, input) {
      const pause = DeliveryPause.parse(input);
      // RETURNING answers a row only for the insert or update that happened: the one that recorded it.
      const written = await db
        .insertInto('campaign_deliveries')
        .values({
          campaign_id: campaignId,
          pause_reasons: JSON.stringify(pause.reasons),
          pause_message: pause.message,
          paused_at: pause.pausedAt,
        })
        .onConflict((conflict) =>
          conflict
            .column('campaign_id')
            .doUpdateSet((eb) => ({
              pause_reasons: eb.ref('excluded.pause_reasons'),
              pause_message: eb.ref('excluded.pause_message'),
              paused_at: eb.ref('excluded.paused_at'),
            }))
            .where('campaign_deliveries.paused_at', 'is', null),
        )
        .returning('campaign_id')
        .executeTakeFirst();
      return { recorded: written !== undefined, delivery: await stored(campaignId) };
    },

    async clearPause(campaignId, pausedAt) {
      // Only the call that finds the pause of that instant clears it, and RETURNING says so.
      const cleared = await db
        .updateTable('campaign_deliveries')
        .set({ pause_reasons: null, pause_message: null, paused_at: null })
        .where('campaign_id', '=', campaignId)
        .where('paused_at', '=', new Date(pausedAt))
        .returning('campaign_id')
        .executeTakeFirst();
      const delivery = await find(campaignId);
      return { cleared: cleared !== undefined, delivery };
    },
  };
}
