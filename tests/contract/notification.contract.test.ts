import { expect, it } from 'vitest';
import type { NewNotification } from '@causeway/core/notifications/notification.entity';
import { describeContract } from '@causeway/tests/support/contract';

const notification = (
  id: string,
  userTo: string,
  date: string,
  extra: Partial<NewNotification> = {},
): NewNotification => ({
  notification_id: id,
  notification_type: 'workflow',
  notification_message: `Message ${id}`,
  notification_date: date,
  notification_userTo: userTo,
  userId: userTo,
  ...extra,
});

describeContract('NotificationRepository', (subject) => {
  it('creates an unread notification with its defaults and finds it by id', async () => {
    const { notifications } = subject().store.repositories;
    const created = await notifications.create(
      notification('n-1', 'u-1', '2026-01-01T10:00:00.000Z', {
        notification_user_id: 'u-admin',
        notification_campaign_id: 'c-1',
        notification_campaign_name: 'Clean water',
        notification_campaign_amount: 12_550,
        notification_campaign_date: '2026-01-01T09:00:00.000Z',
        notification_campaign_status: 'Approved',
      }),
    );
    expect(created).toEqual({
      notification_id: 'n-1',
      notification_type: 'workflow',
      notification_message: 'Message n-1',
      notification_date: '2026-01-01T10:00:00.000Z',
      notification_read: false,
      notification_readdate: null,
      notification_url: null,
      notification_user_id: 'u-admin',
      notification_userTo: 'u-1',
      userId: 'u-1',
      notification_campaign_id: 'c-1',
      notification_campaign_name: 'Clean water',
      notification_campaign_amount: 12_550,
      notification_campaign_date: '2026-01-01T09:00:00.000Z',
      notification_campaign_status: 'Approved',
    });
    expect(await notifications.findById('n-1')).toEqual(created);
    expect(await notifications.findById('n-missing')).toBeNull();
  });

  it('creates several notifications in one call, each as create would, in their order', async () => {
    const { store } = subject();
    const { notifications } = store.repositories;
    const created = await notifications.createMany([
      notification('n-2', 'u-1', '2026-01-01T11:00:00+01:00', { notification_campaign_amount: 500 }),
      notification('n-1', 'u-2', '2026-01-01T10:00:01.000Z', { userId: 'u-other' }),
    ]);
    expect(created.map((n) => [n.notification_id, n.userId, n.notification_date, n.notification_read])).toEqual([
      ['n-2', 'u-1', '2026-01-01T10:00:00.000Z', false],
      ['n-1', 'u-2', '2026-01-01T10:00:01.000Z', false],
    ]);
    expect(await notifications.findById('n-2')).toEqual(created[0]);
    expect(await notifications.countUnread('u-2')).toBe(1);
    expect(await notifications.createMany([])).toEqual([]);
    await expect(
      notifications.createMany([notification('n-1', 'u-3', '2026-01-02T10:00:00.000Z')]),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect((await notifications.findById('n-1'))?.notification_userTo).toBe('u-2');
    const events = (await store.outbox.pending(10)).filter((event) => event.type === 'notification.created');
    expect(events.map((event) => event.aggregateId).sort()).toEqual(['n-1', 'n-2']);
  });

  it('keeps userId equal to notification_userTo', async () => {
    const { notifications } = subject().store.repositories;
    const created = await notifications.create(
      notification('n-1', 'u-to', '2026-01-01T10:00:00.000Z', { userId: 'u-other' }),
    );
    expect(created.userId).toBe('u-to');
    expect((await notifications.findById('n-1'))?.userId).toBe('u-to');
    expect((await notifications.listForUser('u-to')).map((n) => n.notification_id)).toEqual(['n-1']);
    expect(await notifications.listForUser('u-other')).toEqual([]);
  });

  it('answers instants in UTC whatever offset they were given with', async () => {
    const { notifications } = subject().store.repositories;
    const created = await notifications.create(notification('n-1', 'u-1', '2026-01-01T11:00:00+01:00'));
    expect(created.notification_date).toBe('2026-01-01T10:00:00.000Z');
    expect((await notifications.findById('n-1'))?.notification_date).toBe('2026-01-01T10:00:00.000Z');
  });

  it('refuses a second notification with the same id with a conflict', async () => {
    const { notifications } = subject().store.repositories;
    await notifications.create(notification('n-1', 'u-1', '2026-01-01T10:00:00.000Z'));
    await expect(notifications.create(notification('n-1', 'u-2', '2026-01-02T10:00:00.000Z'))).rejects.toMatchObject({
      code: 'conflict',
    });
    expect((await notifications.findById('n-1'))?.notification_userTo).toBe('u-1');
  });

  it("lists only the user's notifications, newest first, ties by id, up to the limit", async () => {
    const { notifications } = subject().store.repositories;
    await notifications.create(notification('n-1', 'u-1', '2026-01-01T10:00:00.000Z'));
    await notifications.create(notification('n-2', 'u-1', '2026-01-03T10:00:00.000Z'));
    await notifications.create(notification('n-3', 'u-2', '2026-01-04T10:00:00.000Z'));
    await notifications.create(notification('n-4', 'u-1', '2026-01-02T10:00:00.000Z'));
    await notifications.create(notification('n-5', 'u-1', '2026-01-02T10:00:00.000Z'));
    expect((await notifications.listForUser('u-1')).map((n) => n.notification_id)).toEqual([
      'n-2',
      'n-5',
      'n-4',
      'n-1',
    ]);
    expect((await notifications.listForUser('u-1', { limit: 2 })).map((n) => n.notification_id)).toEqual([
      'n-2',
      'n-5',
    ]);
    expect(await notifications.listForUser('u-nobody')).toEqual([]);
  });

  it('lists only unread notifications when asked', async () => {
    const { notifications } = subject().store.repositories;
    await notifications.create(notification('n-1', 'u-1', '2026-01-01T10:00:00.000Z'));
    await notifications.create(notification('n-2', 'u-1', '2026-01-02T10:00:00.000Z'));
    await notifications.create(notification('n-3', 'u-1', '2026-01-03T10:00:00.000Z'));
    await notifications.markRead('n-2', '2026-01-05T00:00:00.000Z');
    const unread = await notifications.listForUser('u-1', { unreadOnly: true });
    expect(unread.map((n) => n.notification_id)).toEqual(['n-3', 'n-1']);
    expect(
      (await notifications.listForUser('u-1', { unreadOnly: true, limit: 1 })).map((n) => n.notification_id),
    ).toEqual(['n-3']);
  });

  it("counts the user's unread notifications only", async () => {
    const { notifications } = subject().store.repositories;
    await notifications.create(notification('n-1', 'u-1', '2026-01-01T10:00:00.000Z'));
    await notifications.create(notification('n-2', 'u-1', '2026-01-02T10:00:00.000Z'));
    await notifications.create(notification('n-3', 'u-1', '2026-01-03T10:00:00.000Z'));
    await notifications.create(notification('n-4', 'u-2', '2026-01-03T10:00:00.000Z'));
    await notifications.markRead('n-1', '2026-01-05T00:00:00.000Z');
    expect(await notifications.countUnread('u-1')).toBe(2);
    expect(await notifications.countUnread('u-2')).toBe(1);
    expect(await notifications.countUnread('u-nobody')).toBe(0);
  });

  it('marks one notification read with its read date, and a second call keeps the first date', async () => {
    const { notifications } = subject().store.repositories;
    await notifications.create(notification('n-1', 'u-1', '2026-01-01T10:00:00.000Z'));
    await notifications.create(notification('n-2', 'u-1', '2026-01-02T10:00:00.000Z'));
    const read = await notifications.markRead('n-1', '2026-01-05T00:00:00.000Z');
    expect(read).toMatchObject({
      notification_id: 'n-1',
      notification_read: true,
      notification_readdate: '2026-01-05T00:00:00.000Z',
    });
    const again = await notifications.markRead('n-1', '2026-01-06T00:00:00.000Z');
    expect(again).toMatchObject({ notification_read: true, notification_readdate: '2026-01-05T00:00:00.000Z' });
    expect(await notifications.findById('n-1')).toEqual(read);
    expect(await notifications.findById('n-2')).toMatchObject({
      notification_read: false,
      notification_readdate: null,
    });
  });

  it('answers null when marking a notification that does not exist', async () => {
    const { notifications } = subject().store.repositories;
    expect(await notifications.markRead('n-missing', '2026-01-05T00:00:00.000Z')).toBeNull();
    expect(await notifications.findById('n-missing')).toBeNull();
  });

  it("marks all of one user's unread notifications read, answers how many, and leaves the rest alone", async () => {
    const { notifications } = subject().store.repositories;
    await notifications.create(notification('n-1', 'u-1', '2026-01-01T10:00:00.000Z'));
    await notifications.create(notification('n-2', 'u-1', '2026-01-02T10:00:00.000Z'));
    await notifications.create(notification('n-3', 'u-1', '2026-01-03T10:00:00.000Z'));
    await notifications.create(notification('n-4', 'u-2', '2026-01-03T10:00:00.000Z'));
    await notifications.markRead('n-1', '2026-01-04T00:00:00.000Z');
    expect(await notifications.markAllRead('u-1', '2026-01-05T00:00:00.000Z')).toBe(2);
    expect(await notifications.findById('n-1')).toMatchObject({ notification_readdate: '2026-01-04T00:00:00.000Z' });
    for (const id of ['n-2', 'n-3']) {
      expect(await notifications.findById(id)).toMatchObject({
        notification_read: true,
        notification_readdate: '2026-01-05T00:00:00.000Z',
      });
    }
    expect(await notifications.findById('n-4')).toMatchObject({
      notification_read: false,
      notification_readdate: null,
    });
    expect(await notifications.countUnread('u-1')).toBe(0);
    expect(await notifications.markAllRead('u-1', '2026-01-06T00:00:00.000Z')).toBe(0);
  });

  it('writes notification.created, notification.read and notification.allRead events, and nothing on reads or repeats', async () => {
    const { store } = subject();
    const { notifications } = store.repositories;
    await notifications.create(notification('n-1', 'u-1', '2026-01-01T10:00:00.000Z'));
    await notifications.create(notification('n-2', 'u-1', '2026-01-02T10:00:00.000Z'));
    await notifications.create(notification('n-3', 'u-1', '2026-01-03T10:00:00.000Z'));
    await notifications.markRead('n-1', '2026-01-04T00:00:00.000Z');
    await notifications.markRead('n-1', '2026-01-05T00:00:00.000Z');
    await notifications.markRead('n-missing', '2026-01-05T00:00:00.000Z');
    await notifications.markAllRead('u-1', '2026-01-06T00:00:00.000Z');
    await notifications.markAllRead('u-1', '2026-01-07T00:00:00.000Z');
    await notifications.findById('n-1');
    await notifications.listForUser('u-1');
    await notifications.countUnread('u-1');
    const events = await store.outbox.pending(20);
    expect(events.map((event) => [event.type, event.aggregateType, event.aggregateId])).toEqual([
      ['notification.created', 'notification', 'n-1'],
      ['notification.created', 'notification', 'n-2'],
      ['notification.created', 'notification', 'n-3'],
      ['notification.read', 'notification', 'n-1'],
      ['notification.allRead', 'notification', 'u-1'],
    ]);
    expect(events[0]?.payload).toMatchObject({ notification: { notification_id: 'n-1', userId: 'u-1' } });
    expect(events[3]?.payload).toEqual({ notificationId: 'n-1', userId: 'u-1', readAt: '2026-01-04T00:00:00.000Z' });
    expect(events[4]?.payload).toEqual({
      userId: 'u-1',
      notificationIds: ['n-2', 'n-3'],
      readAt: '2026-01-06T00:00:00.000Z',
    });
  });
});
