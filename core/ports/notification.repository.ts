import type { PageKey } from '../shared/paging';
import type { NewNotification, Notification } from '../notifications/notification.entity';

export interface NotificationRepository {
  /** Stores userId equal to notification_userTo; conflict when the notification_id is taken. */
  create(notification: NewNotification): Promise<Notification>;
  /** create for several at once, in one write: the stored notifications in their order. */
  createMany(notifications: NewNotification[]): Promise<Notification[]>;
  findById(notificationId: string): Promise<Notification | null>;
  /** A user's notifications, newest first (notification_date, then notification_id), strictly after `after`. */
  listForUser(
    userId: string,
    options?: { limit?: number; unreadOnly?: boolean; after?: PageKey },
  ): Promise<Notification[]>;
  countUnread(userId: string): Promise<number>;
  /** Marks one read with its read date; a second call keeps the first read date. Null when none. */
  markRead(notificationId: string, at: string): Promise<Notification | null>;
  /** Marks every unread notification of the user read; answers how many changed. */
  markAllRead(userId: string, at: string): Promise<number>;
}
