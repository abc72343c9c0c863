import type { LiveMessage } from '@causeway/core/contracts/people.contract';
import type { Notification } from '@causeway/core/notifications/notification.entity';
import { RECENT_LIMIT, type NotificationList } from './notifications.api';

/*
 * How the bell's cached list changes on what happens, without asking the server again. Pure, so the
 * live stream and the buttons share one reading of it.
 */

/** A new notification goes on top and counts as unread; one already listed is only updated. */
export function withNotification(list: NotificationList, notification: Notification): NotificationList {
  const existing = list.notifications.find((n) => n.notification_id === notification.notification_id);
  if (existing) return withReadState(list, notification);
  return {
    ...list,
    notifications: [notification, ...list.notifications].slice(0, RECENT_LIMIT),
    unread: list.unread + (notification.notification_read ? 0 : 1),
  };
}

/** A notification's new state (read, usually) replaces the listed one; the count follows. */
export function withReadState(list: NotificationList, notification: Notification): NotificationList {
  const existing = list.notifications.find((n) => n.notification_id === notification.notification_id);
  const becameRead = existing !== undefined && !existing.notification_read && notification.notification_read;
  const becameUnread = existing !== undefined && existing.notification_read && !notification.notification_read;
  return {
    ...list,
    notifications: list.notifications.map((n) =>
      n.notification_id === notification.notification_id ? notification : n,
    ),
    unread: Math.max(0, list.unread - (becameRead ? 1 : 0) + (becameUnread ? 1 : 0)),
  };
}

/** Everything read at `readAt`; those read before keep their first read date. */
export function withAllRead(list: NotificationList, readAt: string): NotificationList {
  return {
    ...list,
    notifications: list.notifications.map((n) =>
      n.notification_read ? n : { ...n, notification_read: true, notification_readdate: readAt },
    ),
    unread: 0,
  };
}

/** A message off the stream, if it is one this version of the shell understands. */
export function liveMessageOf(data: string): LiveMessage | null {
  try {
    const message = JSON.parse(data) as Partial<LiveMessage> | null;
    if (message?.type === 'REFRESH_NOTIFICATIONS') return { type: 'REFRESH_NOTIFICATIONS' };
    if (message?.type === 'DEPLOYMENT_PROGRESS' && typeof message.deployment?.id === 'string') {
      return { type: 'DEPLOYMENT_PROGRESS', deployment: message.deployment };
    }
    if (
      message?.type === 'NEW_NOTIFICATION' &&
      typeof message.notification === 'object' &&
      message.notification !== null &&
      typeof message.notification.notification_id === 'string'
    )
      return { type: 'NEW_NOTIFICATION', notification: message.notification };
    return null;
  } catch {
    return null;
  }
}

/** Where a notification leads: a page of the product, or a web address; nothing else is followed. */
export function notificationTarget(url: string | null): { kind: 'page' | 'web'; href: string } | null {
  const value = url?.trim();
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return { kind: 'page', href: value };
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    if (typeof window !== 'undefined' && parsed.origin === window.location.origin)
      return { kind: 'page', href: `${parsed.pathname}${parsed.search}${parsed.hash}` };
    return { kind: 'web', href: parsed.href };
  } catch {
    return null;
  }
}
