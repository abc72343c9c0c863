import { decodeCursor, pageOf } from '../shared/paging';
import type { Actor } from '../auth/authorization';
import { authorize, can } from '../auth/authorization';
import type { BroadcastBody, LiveMessage } from '../contracts/people.contract';
import type { Clock } from '../ports/clock.port';
import type { EventBus } from '../ports/event-bus.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { NotificationRepository } from '../ports/notification.repository';
import { invalid, notFound } from '../shared/errors';
import type { NewNotification, Notification } from './notification.entity';

/** The event-bus topic of one user's live notifications: every instance serving that user listens on it. */
export const notificationTopic = (userId: string) => `notifications.${userId}`;

/** How many notifications a list answers when the caller does not say. */
export const DEFAULT_NOTIFICATION_LIMIT = 50;

/** What a caller says when notifying someone; the id, date and read state are the service's. */
export type NotifyInput = Omit<
  NewNotification,
  'notification_id' | 'notification_date' | 'notification_read' | 'notification_readdate' | 'userId'
>;

/** Why a live message did not go out (SPEC §8: a failed real-time notification is only logged). */
export interface LiveDeliveryFailure {
  userId: string;
  type: LiveMessage['type'];
  /** True when a smaller REFRESH_NOTIFICATIONS went out instead. */
  fellBack: boolean;
}

export type NotificationServiceDeps = {
  notifications: NotificationRepository;
  eventBus: Pick<EventBus, 'publish' | 'subscribe'>;
  clock: Clock;
  ids: IdGenerator;
  onDeliveryFailure: (error: unknown, failure: LiveDeliveryFailure) => void;
};

export type NotificationService = ReturnType<typeof notificationServiceFactory>;

const isLiveMessage = (payload: Record<string, unknown>): payload is LiveMessage =>
  (payload.type === 'NEW_NOTIFICATION' && typeof payload.notification === 'object' && payload.notification !== null) ||
  payload.type === 'REFRESH_NOTIFICATIONS' ||
  (payload.type === 'DEPLOYMENT_PROGRESS' && typeof payload.deployment === 'object' && payload.deployment !== null);

export function notificationServiceFactory({
  notifications,
  eventBus,
  clock,
  ids,
  onDeliveryFailure,
}: NotificationServiceDeps) {
  const send = (userId: string, message: LiveMessage) =>
    eventBus.publish({ topic: notificationTopic(userId), payload: message });

  /**
   * Pushes a live message to every open session of the user; answers whether it went out. A stored
   * notification that cannot travel whole (the bus refused it, e.g. too large) is replaced by a
   * REFRESH_NOTIFICATIONS, which makes the sessions fetch it themselves.
   */
  const deliver = async (userId: string, message: LiveMessage): Promise<boolean> => {
    try {
      await send(userId, message);
      return true;
    } catch (error) {
      if (message.type === 'NEW_NOTIFICATION') {
        try {
          await send(userId, { type: 'REFRESH_NOTIFICATIONS' });
          onDeliveryFailure(error, { userId, type: message.type, fellBack: true });
          return true;
        } catch {
          // Reported once below, with the original reason.
        }
      }
      onDeliveryFailure(error, { userId, type: message.type, fellBack: false });
      return false;
    }
  };

  /** The notification, when it exists and the actor may see it; a 404 otherwise, so ids are not probed. */
  const visibleNotification = async (actor: Actor, notificationId: string): Promise<Notification> => {
    const notification = await notifications.findById(notificationId);
    if (!notification || !can(actor, 'notification.broadcast', { uid: notification.notification_userTo }))
      throw notFound('That notification does not exist.');
    return notification;
  };

  return {
    /** The actor's own notifications, newest first, with how many are unread. */
    async list(
      actor: Actor,
      options: { unreadOnly?: boolean; limit?: number; cursor?: string } = {},
    ): Promise<{ notifications: Notification[]; unread: number; nextCursor: string | null }> {
      const limit = options.limit ?? DEFAULT_NOTIFICATION_LIMIT;
      const after = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
      const [found, unread] = await Promise.all([
        notifications.listForUser(actor.uid, {
          unreadOnly: options.unreadOnly ?? false,
          limit: limit + 1,
          ...(after ? { after } : {}),
        }),
        notifications.countUnread(actor.uid),
      ]);
      const page = pageOf(found, limit, (n) => ({ at: n.notification_date, id: n.notification_id }));
      return { notifications: page.items, unread, nextCursor: page.nextCursor };
    },

    async unreadCount(actor: Actor): Promise<{ unread: number }> {
      return { unread: await notifications.countUnread(actor.uid) };
    },

    /** Marks one of the actor's notifications read; reading it again keeps the first read date (SPEC §4). */
    async markRead(actor: Actor, notificationId: string): Promise<Notification> {
      const existing = await notifications.findById(notificationId);
      if (!existing) throw notFound('That notification does not exist.');
      authorize(actor, 'notification.read', { uid: existing.notification_userTo });
      const read = await notifications.markRead(notificationId, clock.now().toISOString());
      if (!read) throw notFound('That notification does not exist.');
      // The user's other tabs and devices update their unread count.
      if (!existing.notification_read) await deliver(actor.uid, { type: 'REFRESH_NOTIFICATIONS' });
      return read;
    },

    async markAllRead(actor: Actor): Promise<{ updated: number }> {
      const updated = await notifications.markAllRead(actor.uid, clock.now().toISOString());
      if (updated > 0) await deliver(actor.uid, { type: 'REFRESH_NOTIFICATIONS' });
      return { updated };
    },

    /**
     * The one way a notification is created: stores it for the recipient and pushes it live to their
     * open sessions. A failed push is reported and does not undo the stored notification.
     */
    async notify(input: NotifyInput): Promise<Notification> {
      const notification = await notifications.create({
        ...input,
        notification_id: ids.newId(),
        notification_date: clock.now().toISOString(),
        notification_read: false,
        notification_readdate: null,
        userId: input.notification_userTo,
      });
      await deliver(notification.notification_userTo, { type: 'NEW_NOTIFICATION', notification });
      return notification;
    },

    /** notify for several at once: stored in one write, then each pushed live to its recipient's sessions. */
    async notifyMany(inputs: NotifyInput[]): Promise<Notification[]> {
      if (inputs.length === 0) return [];
      const at = clock.now().toISOString();
      const created = await notifications.createMany(
        inputs.map((input) => ({
          ...input,
          notification_id: ids.newId(),
          notification_date: at,
          notification_read: false,
          notification_readdate: null,
          userId: input.notification_userTo,
        })),
      );
      await Promise.all(
        created.map((notification) =>
          deliver(notification.notification_userTo, { type: 'NEW_NOTIFICATION', notification }),
        ),
      );
      return created;
    },

    /** Pushes a live message (not stored) to every open session of each user; failures are reported only. */
    async push(userIds: readonly string[], message: LiveMessage): Promise<void> {
      await Promise.all([...new Set(userIds)].map((userId) => deliver(userId, message)));
    },

    /**
     * SPEC §7 broadcast: NEW_NOTIFICATION pushes the stored notification (it must exist and be addressed
     * to that user), REFRESH_NOTIFICATIONS tells the user's sessions to fetch again. `delivered` says
     * whether the message went out; a failure is only reported, never an error.
     */
    async broadcast(actor: Actor, body: BroadcastBody): Promise<{ delivered: boolean }> {
      authorize(actor, 'notification.broadcast', { uid: body.userId });
      if (body.type === 'REFRESH_NOTIFICATIONS') {
        return { delivered: await deliver(body.userId, { type: 'REFRESH_NOTIFICATIONS' }) };
      }
      const notification = await visibleNotification(actor, body.notification.notification_id);
      if (notification.notification_userTo !== body.userId) {
        throw invalid('That notification is addressed to someone else.', {
          userId: 'Use the id of the user the notification is addressed to.',
        });
      }
      return { delivered: await deliver(body.userId, { type: 'NEW_NOTIFICATION', notification }) };
    },

    /**
     * Follows the actor's live messages (every instance's) until the answered function is called.
     * Anything on the topic that is not a live message is ignored.
     */
    async follow(actor: Actor, onMessage: (message: LiveMessage) => void): Promise<() => Promise<void>> {
      return eventBus.subscribe(notificationTopic(actor.uid), ({ payload }) => {
        if (isLiveMessage(payload)) onMessage(payload);
      });
    },
  };
}
