import type { Insertable, Selectable } from 'kysely';
import { EventTypes } from '@causeway/core/events/domain-event';
import { Notification } from '@causeway/core/notifications/notification.entity';
import type { NotificationRepository } from '@causeway/core/ports/notification.repository';
import type { NotificationsTable } from './tables/activity.tables';
import { afterKey } from './paging';
import {
  appendEvents,
  changeWithEvent,
  conflictOn,
  inTransaction,
  iso,
  isoOrNull,
  type PgContext,
} from './transaction';

export function createPostgresNotificationRepository(context: PgContext): NotificationRepository {
  const { db } = context;
  return {
    async create(input) {
      const notification = Notification.parse({ ...input, userId: input.notification_userTo });
      return changeWithEvent(
        context,
        async (trx) => {
          const row = await trx
            .insertInto('notifications')
            .values(toRow(notification))
            .returningAll()
            .executeTakeFirstOrThrow();
          return toNotification(row);
        },
        (created) => ({
          type: EventTypes.notificationCreated,
          aggregateType: 'notification',
          aggregateId: created.notification_id,
          payload: { notification: created },
        }),
      ).catch(conflictOn(`A notification with id ${notification.notification_id} already exists.`));
    },
    async createMany(input) {
      if (input.length === 0) return [];
      const parsed = input.map((one) => Notification.parse({ ...one, userId: one.notification_userTo }));
      return inTransaction(db, async (trx) => {
        const rows = await trx.insertInto('notifications').values(parsed.map(toRow)).returningAll().execute();
        const byId = new Map(rows.map((row) => [row.notification_id, toNotification(row)]));
        const created = parsed.map((one) => byId.get(one.notification_id)!);
        await appendEvents(
          context,
          trx,
          created.map((notification) => ({
            type: EventTypes.notificationCreated,
            aggregateType: 'notification',
            aggregateId: notification.notification_id,
            payload: { notification },
          })),
        );
        return created;
      }).catch(conflictOn('A notification with one of these ids already exists.'));
    },
    async findById(notificationId) {
      const row = await db
        .selectFrom('notifications')
        .selectAll()
        .where('notification_id', '=', notificationId)
        .executeTakeFirst();
      return row ? toNotification(row) : null;
    },
    async listForUser(userId, options = {}) {
      let query = db
        .selectFrom('notifications')
        .selectAll()
        .where('user_to', '=', userId)
        .orderBy('notification_date', 'desc')
        .orderBy('notification_id', 'desc');
      if (options.unreadOnly) query = query.where('is_read', '=', false);
      if (options.after) query = query.where(afterKey('notification_date', 'notification_id', options.after));
      if (options.limit !== undefined) query = query.limit(Math.max(0, options.limit));
      const rows = await query.execute();
      return rows.map(toNotification);
    },
    async countUnread(userId) {
      const { count } = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_to', '=', userId)
        .where('is_read', '=', false)
        .executeTakeFirstOrThrow();
      return Number(count);
    },
    async markRead(notificationId, at) {
      const { notification } = await changeWithEvent(
        context,
        async (trx) => {
          const changed = await trx
            .updateTable('notifications')
            .set({ is_read: true, read_date: at })
            .where('notification_id', '=', notificationId)
            .where('is_read', '=', false)
            .returningAll()
            .executeTakeFirst();
          if (changed) return { notification: toNotification(changed), changed: true };
          // Already read (its first read date stays) or no such notification.
          const existing = await trx
            .selectFrom('notifications')
            .selectAll()
            .where('notification_id', '=', notificationId)
            .executeTakeFirst();
          return { notification: existing ? toNotification(existing) : null, changed: false };
        },
        ({ notification, changed }) =>
          changed && notification
            ? {
                type: EventTypes.notificationRead,
                aggregateType: 'notification',
                aggregateId: notificationId,
                payload: { notificationId, userId: notification.userId, readAt: notification.notification_readdate },
              }
            : null,
      );
      return notification;
    },
    async markAllRead(userId, at) {
      const ids = await changeWithEvent(
        context,
        async (trx) => {
          const rows = await trx
            .updateTable('notifications')
            .set({ is_read: true, read_date: at })
            .where('user_to', '=', userId)
            .where('is_read', '=', false)
            .returning('notification_id')
            .execute();
          return rows.map((row) => row.notification_id).sort();
        },
        (notificationIds) =>
          notificationIds.length === 0
            ? null
            : {
                type: EventTypes.notificationsAllRead,
                aggregateType: 'notification',
                aggregateId: userId,
                payload: { userId, notificationIds, readAt: iso(at) },
              },
      );
      return ids.length;
    },
  };
}

function toRow(notification: Notification): Insertable<NotificationsTable> {
  return {
    notification_id: notification.notification_id,
    type: notification.notification_type,
    message: notification.notification_message,
    notification_date: notification.notification_date,
    is_read: notification.notification_read,
    read_date: notification.notification_readdate,
    url: notification.notification_url,
    from_user_id: notification.notification_user_id,
    user_to: notification.notification_userTo,
    campaign_id: notification.notification_campaign_id,
    campaign_name: notification.notification_campaign_name,
    campaign_amount: notification.notification_campaign_amount,
    campaign_date: notification.notification_campaign_date,
    campaign_status: notification.notification_campaign_status,
  };
}

function toNotification(row: Selectable<NotificationsTable>): Notification {
  return Notification.parse({
    notification_id: row.notification_id,
    notification_type: row.type,
    notification_message: row.message,
    notification_date: iso(row.notification_date),
    notification_read: row.is_read,
    notification_readdate: isoOrNull(row.read_date),
    notification_url: row.url,
    notification_user_id: row.from_user_id,
    notification_userTo: row.user_to,
    userId: row.user_to,
    notification_campaign_id: row.campaign_id,
    notification_campaign_name: row.campaign_name,
    notification_campaign_amount: row.campaign_amount,
    notification_campaign_date: isoOrNull(row.campaign_date),
    notification_campaign_status: row.campaign_status,
  });
}
