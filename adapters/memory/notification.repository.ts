import { EventTypes } from '@causeway/core/events/domain-event';
import { isAfter } from '@causeway/core/shared/paging';
import { Notification, type NewNotification } from '@causeway/core/notifications/notification.entity';
import type { NotificationRepository } from '@causeway/core/ports/notification.repository';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithMemoryEvent, copy, insertRecord, newestFirstByCodeUnit, type MemoryContext } from './memory-state';

/** Instants are kept as Postgres gives them back: UTC, millisecond precision. */
const utc = (value: string): string => new Date(value).toISOString();
const utcOrNull = (value: string | null): string | null => (value === null ? null : utc(value));

const newestFirst = newestFirstByCodeUnit<Notification>(
  (notification) => notification.notification_date,
  (notification) => notification.notification_id,
);

export function createMemoryNotificationRepository(context: MemoryContext): NotificationRepository {
  const table = () => context.state().table<Notification>('notifications');
  const unreadOf = (userId: string) =>
    [...table().values()].filter((n) => n.notification_userTo === userId && !n.notification_read);
  const repository: Omit<NotificationRepository, 'createMany'> = {
    create(input) {
      return changeWithMemoryEvent(
        context,
        () => {
          const notification = normalize(input);
          return insertRecord(table(), notification.notification_id, notification, () =>
            conflict(`A notification with id ${notification.notification_id} already exists.`),
          );
        },
        (created) => ({
          type: EventTypes.notificationCreated,
          aggregateType: 'notification',
          aggregateId: created.notification_id,
          payload: { notification: created },
        }),
      );
    },
    async findById(notificationId) {
      const notification = table().get(notificationId);
      return notification ? copy(notification) : null;
    },
    async listForUser(userId, options = {}) {
      const found = [...table().values()]
        .filter(
          (n) =>
            n.notification_userTo === userId &&
            (!options.unreadOnly || !n.notification_read) &&
            isAfter({ at: n.notification_date, id: n.notification_id }, options.after),
        )
        .sort(newestFirst);
      return copy(options.limit === undefined ? found : found.slice(0, Math.max(0, options.limit)));
    },
    async countUnread(userId) {
      return unreadOf(userId).length;
    },
    async markRead(notificationId, at) {
      const result = await changeWithMemoryEvent(
        context,
        () => {
          const existing = table().get(notificationId);
          if (!existing || existing.notification_read) return { notification: existing ?? null, changed: false };
          const notification: Notification = { ...existing, notification_read: true, notification_readdate: utc(at) };
          table().set(notificationId, notification);
          return { notification, changed: true };
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
      return result.notification ? copy(result.notification) : null;
    },
    async markAllRead(userId, at) {
      const ids = await changeWithMemoryEvent(
        context,
        () => {
          const readAt = utc(at);
          const unread = unreadOf(userId);
          for (const n of unread) {
            table().set(n.notification_id, { ...n, notification_read: true, notification_readdate: readAt });
          }
          return unread.map((n) => n.notification_id).sort();
        },
        (notificationIds) =>
          notificationIds.length === 0
            ? null
            : {
                type: EventTypes.notificationsAllRead,
                aggregateType: 'notification',
                aggregateId: userId,
                payload: { userId, notificationIds, readAt: utc(at) },
              },
      );
      return ids.length;
    },
  };
  return {
    ...repository,
    // One after another: the same answers as create, a write each.
    async createMany(input) {
      const created: Notification[] = [];
      for (const one of input) created.push(await repository.create(one));
      return created;
    },
  };
}

function normalize(input: NewNotification): Notification {
  const notification = Notification.parse({ ...input, userId: input.notification_userTo });
  return {
    ...notification,
    notification_date: utc(notification.notification_date),
    notification_readdate: utcOrNull(notification.notification_readdate),
    notification_campaign_date: utcOrNull(notification.notification_campaign_date),
  };
}
