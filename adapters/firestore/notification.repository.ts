import { Timestamp, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import { EventTypes } from '@causeway/core/events/domain-event';
import { Notification, type NewNotification } from '@causeway/core/notifications/notification.entity';
import type { NotificationRepository } from '@causeway/core/ports/notification.repository';
import { conflict } from '@causeway/core/shared/errors';
import {
  changeWithFirestoreEvent,
  createDocument,
  inUnit,
  type FirestoreContext,
  readIn,
  type FirestoreUnit,
} from './firestore-context';

/** Well under Firestore's 500 writes per batch, leaving room for the event. */
const UPDATES_PER_BATCH = 400;

const utc = (value: string): string => new Date(value).toISOString();
/** Documents written by the original product hold Firestore Timestamps where we write ISO strings. */
const instant = (value: unknown): unknown => (value instanceof Timestamp ? value.toDate().toISOString() : value);

/**
 * `notifications` collection, one document per notification_id. Queried by `userId`, as the original
 * did; it always equals notification_userTo.
 */
export function createFirestoreNotificationRepository(context: FirestoreContext): NotificationRepository {
  const collection = () => context.firestore.collection('notifications');
  const ofUser = (userId: string) => collection().where('userId', '==', userId);
  const unreadOf = (userId: string) => ofUser(userId).where('notification_read', '==', false);
  const findById = async (notificationId: string) =>
    fromSnapshot(await readIn(context, collection().doc(notificationId)));
  const repository: Omit<NotificationRepository, 'createMany'> = {
    async create(input) {
      const notification = normalize(input);
      return createDocument(
        context,
        collection().doc(notification.notification_id),
        notification,
        (created) => ({
          type: EventTypes.notificationCreated,
          aggregateType: 'notification',
          aggregateId: created.notification_id,
          payload: { notification: created },
        }),
        () => conflict(`A notification with id ${notification.notification_id} already exists.`),
      );
    },
    findById,
    async listForUser(userId, options = {}) {
      if (options.limit !== undefined && options.limit <= 0) return [];
      let query: Query = (options.unreadOnly ? unreadOf(userId) : ofUser(userId))
        .orderBy('notification_date', 'desc')
        .orderBy('notification_id', 'desc');
      if (options.after) query = query.startAfter(options.after.at, options.after.id);
      if (options.limit !== undefined) query = query.limit(options.limit);
      const snapshot = await readIn(context, query);
      return snapshot.docs.map((doc) => fromSnapshot(doc)!);
    },
    async countUnread(userId) {
      const snapshot = await readIn(context, unreadOf(userId).count());
      return snapshot.data().count;
    },
    async markRead(notificationId, at) {
      const existing = await findById(notificationId);
      if (!existing || existing.notification_read) return existing;
      const notification: Notification = { ...existing, notification_read: true, notification_readdate: utc(at) };
      return changeWithFirestoreEvent(
        context,
        (batch) => {
          batch.update(collection().doc(notificationId), {
            notification_read: true,
            notification_readdate: notification.notification_readdate,
          });
          return notification;
        },
        () => ({
          type: EventTypes.notificationRead,
          aggregateType: 'notification',
          aggregateId: notificationId,
          payload: { notificationId, userId: notification.userId, readAt: notification.notification_readdate },
        }),
      );
    },
    async markAllRead(userId, at) {
      const readAt = utc(at);
      const refs = (await readIn(context, unreadOf(userId))).docs.map((doc) => doc.ref);
      if (refs.length === 0) return 0;
      const update = (batch: FirestoreUnit, chunk: typeof refs) => {
        for (const ref of chunk) batch.update(ref, { notification_read: true, notification_readdate: readAt });
      };
      // Inside a unit of work every write joins its batch. Alone, a long list is written in several
      // batches; marking read is idempotent, and the event goes with the last one.
      const chunks = context.unit ? [refs] : chunked(refs, UPDATES_PER_BATCH);
      for (const chunk of chunks.slice(0, -1)) await inUnit(context, async (unit) => update(unit, chunk));
      await changeWithFirestoreEvent(
        context,
        (batch) => update(batch, chunks[chunks.length - 1]!),
        () => ({
          type: EventTypes.notificationsAllRead,
          aggregateType: 'notification',
          aggregateId: userId,
          payload: { userId, notificationIds: refs.map((ref) => ref.id).sort(), readAt },
        }),
      );
      return refs.length;
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
    notification_readdate: notification.notification_readdate === null ? null : utc(notification.notification_readdate),
    notification_campaign_date:
      notification.notification_campaign_date === null ? null : utc(notification.notification_campaign_date),
  };
}

function fromSnapshot(snapshot: DocumentSnapshot): Notification | null {
  const data = snapshot.data();
  if (!data) return null;
  return Notification.parse({
    ...data,
    notification_id: snapshot.id,
    userId: data.userId ?? data.notification_userTo,
    notification_date: instant(data.notification_date),
    notification_readdate: instant(data.notification_readdate),
    notification_campaign_date: instant(data.notification_campaign_date),
  });
}

function chunked<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
