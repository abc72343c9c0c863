import { z } from 'zod';
import { Cents, Id, Timestamp } from '../shared/primitives';

export const NotificationType = z.enum(['workflow', 'donation', 'promotion', 'deployment', 'system']);
export type NotificationType = z.infer<typeof NotificationType>;

/** A notification to one user, `notifications` collection (field names as stored). */
export const Notification = z.object({
  notification_id: Id,
  notification_type: NotificationType,
  notification_message: z.string().max(2000),
  notification_date: Timestamp,
  notification_read: z.boolean().default(false),
  notification_readdate: Timestamp.nullable().default(null),
  notification_url: z.string().max(2048).nullable().default(null),
  /** Who caused it. */
  notification_user_id: Id.nullable().default(null),
  /** Who receives it. */
  notification_userTo: Id,
  /** Kept equal to notification_userTo: the original queried by userId. */
  userId: Id,
  notification_campaign_id: Id.nullable().default(null),
  notification_campaign_name: z.string().max(200).nullable().default(null),
  notification_campaign_amount: Cents.nullable().default(null),
  notification_campaign_date: Timestamp.nullable().default(null),
  notification_campaign_status: z.string().max(50).nullable().default(null),
});
export type Notification = z.infer<typeof Notification>;
export type NewNotification = z.input<typeof Notification>;
