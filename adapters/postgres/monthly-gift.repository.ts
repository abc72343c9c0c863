import type { Insertable, Selectable } from 'kysely';
import type { MonthlyGift } from '@causeway/core/monthly-gifts/monthly-gift.entity';
import type { MonthlyGiftRepository } from '@causeway/core/ports/monthly-gift.repository';
import type { RecurringGiftEndReason, RecurringGiftStatus } from '@causeway/core/ports/payment-gateway.port';
import { EventTypes } from '@causeway/core/events/domain-event';
import { normalizedGift } from '@causeway/core/monthly-gifts/monthly-gift.order';
import type { MonthlyGiftsTable } from './tables/monthly-gift.tables';
import { appendEvent, inTransaction, iso, isoOrNull, type PgContext } from './transaction';

export function createPostgresMonthlyGiftRepository(context: PgContext): MonthlyGiftRepository {
  const { db } = context;
  const select = () => db.selectFrom('monthly_gifts').selectAll();
  return {
    change(subscriptionId, change) {
      return inTransaction(db, async (trx) => {
        // The row is locked for the change; a gift not yet stored is locked by its insert (a concurrent
        // first insert waits on the key and then reads the winner's row on its retry below).
        const read = () =>
          trx
            .selectFrom('monthly_gifts')
            .selectAll()
            .where('subscription_id', '=', subscriptionId)
            .forUpdate()
            .executeTakeFirst();
        let row = await read();
        if (!row) {
          const proposed = change(null);
          if (!proposed) return null;
          const created = normalizedGift({ ...proposed, subscriptionId });
          const inserted = await trx
            .insertInto('monthly_gifts')
            .values(toRow(created))
            .onConflict((conflict) => conflict.column('subscription_id').doNothing())
            .returning('subscription_id')
            .executeTakeFirst();
          if (inserted) {
            await appendEvent(context, trx, changedEvent(created));
            return created;
          }
          row = await read();
          if (!row) return null;
        }
        const current = toGift(row);
        const proposed = change(current);
        if (!proposed) return current;
        const next = normalizedGift({ ...proposed, subscriptionId });
        const { subscription_id: _key, ...values } = toRow(next);
        await trx.updateTable('monthly_gifts').set(values).where('subscription_id', '=', subscriptionId).execute();
        await appendEvent(context, trx, changedEvent(next));
        return next;
      });
    },
    async findById(subscriptionId) {
      const row = await select().where('subscription_id', '=', subscriptionId).executeTakeFirst();
      return row ? toGift(row) : null;
    },
    async listByEmail(email) {
      const rows = await select()
        .where('donor_email', '=', email.trim().toLowerCase())
        .orderBy('started_at', 'desc')
        .orderBy('subscription_id', 'desc')
        .execute();
      return rows.map(toGift);
    },
    async listOpenByCampaign(campaignId) {
      const rows = await select()
        .where('campaign_id', '=', campaignId)
        .where('status', '<>', 'ended')
        .orderBy('started_at')
        .orderBy('subscription_id')
        .execute();
      return rows.map(toGift);
    },
    async listCampaignsWithOpenGifts() {
      const rows = await db
        .selectFrom('monthly_gifts')
        .select('campaign_id')
        .distinct()
        .where('status', '<>', 'ended')
        .where('ending_mailed', '=', false)
        .execute();
      return rows.map((row) => row.campaign_id);
    },
    async listFailedByOrganization(organizationId, limit) {
      const rows = await select()
        .where('organization_id', '=', organizationId)
        .where('failed_at', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'pastDue'),
            eb.and([eb('status', '=', 'ended'), eb('ended_reason', '=', 'paymentFailed')]),
          ]),
        )
        .orderBy('failed_at', 'desc')
        .orderBy('subscription_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toGift);
    },
  };
}

const changedEvent = (gift: MonthlyGift) => ({
  type: EventTypes.monthlyGiftChanged,
  aggregateType: 'monthlyGift' as const,
  aggregateId: gift.subscriptionId,
  payload: { ...gift },
});

function toRow(gift: MonthlyGift): Insertable<MonthlyGiftsTable> {
  return {
    subscription_id: gift.subscriptionId,
    customer_id: gift.customerId,
    campaign_id: gift.campaignId,
    organization_id: gift.organizationId,
    donor_email: gift.donorEmail?.toLowerCase() ?? null,
    promoter_id: gift.promoterId,
    amount_cents: gift.amountCents,
    status: gift.status,
    paused: gift.paused,
    cancel_at_period_end: gift.cancelAtPeriodEnd,
    current_period_end: gift.currentPeriodEnd,
    started_at: gift.startedAt,
    ended_at: gift.endedAt,
    ended_reason: gift.endedReason,
    failed_invoice_id: gift.failedInvoiceId,
    failed_attempts: gift.failedAttempts,
    failure_reason: gift.failureReason,
    failed_at: gift.failedAt,
    next_attempt_at: gift.nextAttemptAt,
    failures_mailed: gift.failuresMailed,
    reminder_sent_at: gift.reminderSentAt,
    ending_mailed: gift.endingMailed,
    changed_at: gift.changedAt,
  };
}

function toGift(row: Selectable<MonthlyGiftsTable>): MonthlyGift {
  return {
    subscriptionId: row.subscription_id,
    customerId: row.customer_id,
    campaignId: row.campaign_id,
    organizationId: row.organization_id,
    donorEmail: row.donor_email,
    promoterId: row.promoter_id,
    amountCents: row.amount_cents,
    status: row.status as RecurringGiftStatus,
    paused: row.paused,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    currentPeriodEnd: isoOrNull(row.current_period_end),
    startedAt: iso(row.started_at),
    endedAt: isoOrNull(row.ended_at),
    endedReason: row.ended_reason as RecurringGiftEndReason | null,
    failedInvoiceId: row.failed_invoice_id,
    failedAttempts: row.failed_attempts,
    failureReason: row.failure_reason,
    failedAt: isoOrNull(row.failed_at),
    nextAttemptAt: isoOrNull(row.next_attempt_at),
    failuresMailed: row.failures_mailed,
    reminderSentAt: isoOrNull(row.reminder_sent_at),
    endingMailed: row.ending_mailed,
    changedAt: iso(row.changed_at),
  };
}
