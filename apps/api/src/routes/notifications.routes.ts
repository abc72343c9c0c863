import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ErrorResponse } from '@causeway/core/contracts/auth.contract';
import {
  BroadcastBody,
  BroadcastResponse,
  IdParams,
  NotificationListQuery,
  NotificationListResponse,
  NotificationResponse,
  ReadAllResponse,
  UnreadCountResponse,
} from '@causeway/core/contracts/people.contract';
import type { NotificationService } from '@causeway/core/notifications/notification.service';
import { DEFAULT_NOTIFICATION_LIMIT } from '@causeway/core/notifications/notification.service';
import { DomainError } from '@causeway/core/shared/errors';
import { requireActor } from '../http/actor';
import type { EventStream, EventStreams } from '../http/event-streams';
import { defineRoute } from '../http/route';

export interface NotificationRoutesOptions {
  notifications: NotificationService;
  streams: EventStreams;
  registry: OpenAPIRegistry;
  logger: Logger;
}

const STREAM_PATH = '/api/notifications/stream';

export function notificationRoutes({ notifications, streams, registry, logger }: NotificationRoutesOptions): Router {
  const router = Router();
  const signedIn = { 401: ErrorResponse };

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/notifications',
    tag: 'Notifications',
    summary: 'Your notifications, newest first',
    description:
      `At most \`limit\` of them (${DEFAULT_NOTIFICATION_LIMIT} unless said), with the number still unread; ` +
      'the next page with the `cursor` this one answered as `nextCursor`.',
    query: NotificationListQuery,
    responses: { 200: NotificationListResponse, ...signedIn },
    async handler({ query, res }) {
      return notifications.list(requireActor(res), {
        unreadOnly: query.unreadOnly === 'true',
        ...(query.limit === undefined ? {} : { limit: query.limit }),
        ...(query.cursor === undefined ? {} : { cursor: query.cursor }),
      });
    },
  });

  defineRoute(router, registry, {
    method: 'get',
    path: '/api/notifications/unread-count',
    tag: 'Notifications',
    summary: 'How many of your notifications are unread',
    responses: { 200: UnreadCountResponse, ...signedIn },
    async handler({ res }) {
      return notifications.unreadCount(requireActor(res));
    },
  });

  // Declared before /{id}/read so "read-all" is never taken for an id.
  defineRoute(router, registry, {
    method: 'post',
    path: '/api/notifications/read-all',
    tag: 'Notifications',
    summary: 'Mark all your notifications read',
    description: 'Answers how many were unread. Your other open sessions are told to refresh.',
    responses: { 200: ReadAllResponse, ...signedIn },
    async handler({ res }) {
      return notifications.markAllRead(requireActor(res));
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/notifications/broadcast',
    tag: 'Notifications',
    summary: 'Push to every open session of a user',
    description:
      '`NEW_NOTIFICATION` pushes the stored notification (it must be addressed to `userId`); ' +
      '`REFRESH_NOTIFICATIONS` makes the sessions fetch their notifications again. Platform staff may push ' +
      'to anyone, everyone else only to themselves. `delivered: false` means the live push failed; the ' +
      'failure is logged and the stored notifications are unaffected.',
    body: BroadcastBody,
    responses: { 200: BroadcastResponse, ...signedIn, 403: ErrorResponse, 404: ErrorResponse },
    async handler({ body, res }) {
      return notifications.broadcast(requireActor(res), body);
    },
  });

  defineRoute(router, registry, {
    method: 'post',
    path: '/api/notifications/{id}/read',
    tag: 'Notifications',
    summary: 'Mark one of your notifications read',
    description: 'Reading it again keeps the first read date.',
    params: IdParams,
    responses: { 200: NotificationResponse, ...signedIn, 403: ErrorResponse, 404: ErrorResponse },
    async handler({ params, res }) {
      return { notification: await notifications.markRead(requireActor(res), params.id) };
    },
  });

  registry.registerPath({
    method: 'get',
    path: STREAM_PATH,
    tags: ['Notifications'],
    summary: 'Your live notifications (server-sent events)',
    description:
      'A `text/event-stream` that stays open. Each message is `event: notification` with a JSON ' +
      '`LiveMessage` as its data: `NEW_NOTIFICATION` with the notification, or `REFRESH_NOTIFICATIONS`. ' +
      'A comment line is sent every 25 seconds. Every open session of the user gets every message.',
    responses: {
      200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
      401: { description: 'Signed out', content: { 'application/json': { schema: ErrorResponse } } },
      503: {
        description: 'Live delivery is down for now',
        content: { 'application/json': { schema: ErrorResponse } },
      },
    },
  });

  router.get(STREAM_PATH, async (req, res) => {
    const actor = requireActor(res);
    // Subscribed before the first byte goes out: once the client sees the stream open, nothing is missed.
    const opened: { stream?: EventStream } = {};
    const unsubscribe = await notifications
      .follow(actor, (message) => opened.stream?.send('notification', message))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'Could not follow live notifications');
        throw new DomainError(
          'unavailable',
          'Live notifications are unavailable right now. Your notifications are still kept; try again in a moment.',
        );
      });
    if (req.socket.destroyed) {
      await unsubscribe();
      return;
    }
    opened.stream = streams.open(req, res);
    opened.stream.onClose(() => {
      unsubscribe().catch((error: unknown) => logger.warn({ err: error }, 'Could not stop following notifications'));
    });
  });

  return router;
}
