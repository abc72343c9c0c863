import type { z } from 'zod';
import type {
  NotificationListResponse,
  NotificationResponse,
  ReadAllResponse,
} from '@causeway/core/contracts/people.contract';
import type { Notification } from '@causeway/core/notifications/notification.entity';
import { apiRequest } from '@causeway/shells/shared/http';

export type NotificationList = z.infer<typeof NotificationListResponse>;

/** How many the bell shows. */
export const RECENT_LIMIT = 20;

export const STREAM_URL = '/api/notifications/stream';

export function fetchRecentNotifications(): Promise<NotificationList> {
  return apiRequest<NotificationList>('GET', `/api/notifications?limit=${RECENT_LIMIT}`);
}

export async function markNotificationRead(notificationId: string): Promise<Notification> {
  const { notification } = await apiRequest<z.infer<typeof NotificationResponse>>(
    'POST',
    `/api/notifications/${encodeURIComponent(notificationId)}/read`,
  );
  return notification;
}

export async function markAllNotificationsRead(): Promise<number> {
  const { updated } = await apiRequest<z.infer<typeof ReadAllResponse>>('POST', '/api/notifications/read-all');
  return updated;
}
