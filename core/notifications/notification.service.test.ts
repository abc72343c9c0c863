import { beforeEach, describe, expect, it } from 'vitest';
import { createInProcessEventBus } from '@causeway/adapters/memory/event-bus.fake';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import type { Actor } from '../auth/authorization';
import type { LiveMessage } from '../contracts/people.contract';
import type { BusMessage, EventBus } from '../ports/event-bus.port';
import type { DataStore } from '../ports/unit-of-work.port';
import {
  notificationServiceFactory,
  notificationTopic,
  type LiveDeliveryFailure,
  type NotificationService,
  type NotifyInput,
} from './notification.service';

const actor = (uid: string, role: Actor['role'] = 'campaigner', organizationId: string | null = 'org-1'): Actor => ({
  uid,
  role,
  organizationId,
  demoUser: false,
  displayName: uid,
});
const casey = actor('casey');
const priya = actor('priya', 'promoter', null);
const sam = actor('sam', 'superUser', null);
const orgAdmin = actor('olive', 'admin', 'org-1');

const toCasey = (message: string, extra: Partial<NotifyInput> = {}): NotifyInput => ({
  notification_type: 'workflow',
  notification_message: message,
  notification_userTo: 'casey',
  ...extra,
});

/** A bus that refuses what it is told to, as Postgres NOTIFY refuses an oversized payload. */
function refusingBus(inner: EventBus, refuses: (message: BusMessage) => boolean): EventBus {
  return {
    ...inner,
    async publish(message) {
      if (refuses(message)) throw new Error('The message is too large for the bus.');
      return inner.publish(message);
    },
  };
}

let clock: ManualClock;
let store: DataStore;
let bus: EventBus;
let failures: { error: unknown; failure: LiveDeliveryFailure }[];
let live: LiveMessage[];

const serviceWith = (eventBus: EventBus) =>
  notificationServiceFactory({
    notifications: store.repositories.notifications,
    eventBus,
    clock,
    ids: new SequentialIds('n'),
    onDeliveryFailure: (error, failure) => failures.push({ error, failure }),
  });

let service: NotificationService;

beforeEach(async () => {
  clock = new ManualClock('2026-05-01T08:00:00.000Z');
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
  bus = createInProcessEventBus();
  failures = [];
  live = [];
  service = serviceWith(bus);
  await service.follow(casey, (message) => live.push(message));
});

describe('notify', () => {
  it('stores an unread notification for the recipient and pushes it to their sessions', async () => {
    const created = await service.notify(
      toCasey('Your campaign was approved', {
        notification_campaign_name: 'Winter meals',
        notification_user_id: 'sam',
      }),
    );
    expect(created).toMatchObject({
      notification_id: 'n-1',
      notification_date: '2026-05-01T08:00:00.000Z',
      notification_read: false,
      notification_readdate: null,
      notification_userTo: 'casey',
      userId: 'casey',
      notification_user_id: 'sam',
      notification_campaign_name: 'Winter meals',
    });
    expect(await store.repositories.notifications.findById('n-1')).toEqual(created);
    expect(live).toEqual([{ type: 'NEW_NOTIFICATION', notification: created }]);
  });

  it('keeps the notification and reports, without failing, when the push cannot go out at all', async () => {
    service = serviceWith(refusingBus(bus, () => true));
    const created = await service.notify(toCasey('Donation received'));
    expect(await store.repositories.notifications.findById(created.notification_id)).toEqual(created);
    expect(failures.map(({ failure }) => failure)).toEqual([
      { userId: 'casey', type: 'NEW_NOTIFICATION', fellBack: false },
    ]);
    expect(live).toEqual([]);
  });

  it('tells the sessions to refresh instead when the full notification is refused', async () => {
    service = serviceWith(refusingBus(bus, (message) => message.payload.type === 'NEW_NOTIFICATION'));
    await service.notify(toCasey('x'.repeat(2000)));
    expect(live).toEqual([{ type: 'REFRESH_NOTIFICATIONS' }]);
    expect(failures.map(({ failure }) => failure)).toEqual([
      { userId: 'casey', type: 'NEW_NOTIFICATION', fellBack: true },
    ]);
  });
});

describe('list and unread count', () => {
  beforeEach(async () => {
    for (const message of ['first', 'second', 'third']) {
      await service.notify(toCasey(message));
      clock.advance(60_000);
    }
    await service.notify({ ...toCasey('for someone else'), notification_userTo: 'priya' });
    await service.markRead(casey, 'n-1');
  });

  it('lists only the actor’s own, newest first, with the unread count', async () => {
    const { notifications, unread } = await service.list(casey);
    expect(notifications.map((n) => n.notification_message)).toEqual(['third', 'second', 'first']);
    expect(unread).toBe(2);
    expect((await service.list(priya)).notifications.map((n) => n.notification_message)).toEqual(['for someone else']);
  });

  it('lists only unread ones, and at most `limit`', async () => {
    const unreadOnly = await service.list(casey, { unreadOnly: true });
    expect(unreadOnly.notifications.map((n) => n.notification_message)).toEqual(['third', 'second']);
    const limited = await service.list(casey, { limit: 1 });
    expect(limited.notifications.map((n) => n.notification_message)).toEqual(['third']);
    expect(limited.unread).toBe(2);
  });

  it('counts unread', async () => {
    expect(await service.unreadCount(casey)).toEqual({ unread: 2 });
    expect(await service.unreadCount(sam)).toEqual({ unread: 0 });
  });
});

describe('markRead and markAllRead', () => {
  it('marks one read, keeps its first read date when read again, and tells the other sessions once', async () => {
    const { notification_id } = await service.notify(toCasey('Approved'));
    live = [];
    clock.advance(5_000);
    const read = await service.markRead(casey, notification_id);
    expect(read).toMatchObject({ notification_read: true, notification_readdate: '2026-05-01T08:00:05.000Z' });
    clock.advance(5_000);
    const again = await service.markRead(casey, notification_id);
    expect(again.notification_readdate).toBe('2026-05-01T08:00:05.000Z');
    expect(live).toEqual([{ type: 'REFRESH_NOTIFICATIONS' }]);
  });

  it('refuses another user’s notification (403), even to platform staff, and an unknown one (404)', async () => {
    const { notification_id } = await service.notify(toCasey('Approved'));
    await expect(service.markRead(priya, notification_id)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(service.markRead(sam, notification_id)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(service.markRead(casey, 'no-such-id')).rejects.toMatchObject({ code: 'not_found' });
    expect((await store.repositories.notifications.findById(notification_id))?.notification_read).toBe(false);
  });

  it('marks all of the actor’s unread read, answers how many, and leaves others’ alone', async () => {
    await service.notify(toCasey('one'));
    await service.notify(toCasey('two'));
    const other = await service.notify({ ...toCasey('three'), notification_userTo: 'priya' });
    live = [];
    expect(await service.markAllRead(casey)).toEqual({ updated: 2 });
    expect(await service.markAllRead(casey)).toEqual({ updated: 0 });
    expect(live).toEqual([{ type: 'REFRESH_NOTIFICATIONS' }]);
    expect(await service.unreadCount(casey)).toEqual({ unread: 0 });
    expect((await store.repositories.notifications.findById(other.notification_id))?.notification_read).toBe(false);
  });
});

describe('broadcast', () => {
  it('pushes the stored copy of a notification, not what the caller sent', async () => {
    const created = await service.notify(toCasey('Approved'));
    live = [];
    const result = await service.broadcast(sam, {
      userId: 'casey',
      type: 'NEW_NOTIFICATION',
      notification: { notification_id: created.notification_id, notification_message: 'forged' },
    });
    expect(result).toEqual({ delivered: true });
    expect(live).toEqual([{ type: 'NEW_NOTIFICATION', notification: created }]);
  });

  it('tells the user’s sessions to refresh', async () => {
    expect(await service.broadcast(casey, { userId: 'casey', type: 'REFRESH_NOTIFICATIONS' })).toEqual({
      delivered: true,
    });
    expect(live).toEqual([{ type: 'REFRESH_NOTIFICATIONS' }]);
  });

  it.each([
    ['a campaigner', casey, 'priya'],
    ['an organization admin', orgAdmin, 'casey'],
  ])('refuses %s pushing to another user (403)', async (_who, sender, userId) => {
    await expect(service.broadcast(sender, { userId, type: 'REFRESH_NOTIFICATIONS' })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('answers 404 for an unknown notification, or one the sender may not see', async () => {
    const priyas = await service.notify({ ...toCasey('hers'), notification_userTo: 'priya' });
    await expect(
      service.broadcast(sam, { userId: 'casey', type: 'NEW_NOTIFICATION', notification: { notification_id: 'nope' } }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      service.broadcast(casey, {
        userId: 'casey',
        type: 'NEW_NOTIFICATION',
        notification: { notification_id: priyas.notification_id },
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('answers 400 when the notification is addressed to someone other than userId', async () => {
    const priyas = await service.notify({ ...toCasey('hers'), notification_userTo: 'priya' });
    await expect(
      service.broadcast(sam, {
        userId: 'casey',
        type: 'NEW_NOTIFICATION',
        notification: { notification_id: priyas.notification_id },
      }),
    ).rejects.toMatchObject({ code: 'invalid', fields: { userId: expect.any(String) } });
  });

  it('answers delivered: false and reports, never throws, when the bus fails', async () => {
    service = serviceWith(refusingBus(bus, () => true));
    expect(await service.broadcast(casey, { userId: 'casey', type: 'REFRESH_NOTIFICATIONS' })).toEqual({
      delivered: false,
    });
    expect(failures).toHaveLength(1);
    expect(failures[0]?.failure).toEqual({ userId: 'casey', type: 'REFRESH_NOTIFICATIONS', fellBack: false });
  });
});

describe('follow', () => {
  it('hears only the actor’s topic, ignores what is not a live message, and stops when told', async () => {
    const heard: LiveMessage[] = [];
    const stop = await service.follow(priya, (message) => heard.push(message));
    await bus.publish({ topic: notificationTopic('priya'), payload: { type: 'SOMETHING_ELSE' } });
    await bus.publish({ topic: notificationTopic('priya'), payload: { type: 'REFRESH_NOTIFICATIONS' } });
    await bus.publish({ topic: notificationTopic('casey'), payload: { type: 'REFRESH_NOTIFICATIONS' } });
    await stop();
    await bus.publish({ topic: notificationTopic('priya'), payload: { type: 'REFRESH_NOTIFICATIONS' } });
    expect(heard).toEqual([{ type: 'REFRESH_NOTIFICATIONS' }]);
  });
});
