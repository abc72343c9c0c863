import { describe, expect, it, test } from 'vitest';
import type { Notification } from '@causeway/core/notifications/notification.entity';
import { liveMessageOf, notificationTarget, withAllRead, withNotification, withReadState } from './notification-cache';
import { RECENT_LIMIT, type NotificationList } from './notifications.api';

const notification = (id: string, read = false): Notification => ({
  notification_id: id,
  notification_type: 'workflow',
  notification_message: `Message ${id}`,
  notification_date: '2026-05-01T08:00:00.000Z',
  notification_read: read,
  notification_readdate: read ? '2026-05-01T08:30:00.000Z' : null,
  notification_url: null,
  notification_user_id: null,
  notification_userTo: 'casey',
  userId: 'casey',
  notification_campaign_id: null,
  notification_campaign_name: null,
  notification_campaign_amount: null,
  notification_campaign_date: null,
  notification_campaign_status: null,
});

const list = (...notifications: Notification[]): NotificationList => ({
  notifications,
  unread: notifications.filter((n) => !n.notification_read).length,
  nextCursor: null,
});

describe('withNotification', () => {
  it('puts a new one on top and counts it unread', () => {
    const next = withNotification(list(notification('a', true), notification('b')), notification('c'));
    expect(next.notifications.map((n) => n.notification_id)).toEqual(['c', 'a', 'b']);
    expect(next.unread).toBe(2);
  });

  it('does not list or count the same notification twice (a push and a refetch can cross)', () => {
    const next = withNotification(list(notification('a')), notification('a'));
    expect(next).toEqual(list(notification('a')));
  });

  it('keeps only the most recent the bell shows', () => {
    const full = list(...Array.from({ length: RECENT_LIMIT }, (_, i) => notification(`n${i}`, true)));
    const next = withNotification(full, notification('newest'));
    expect(next.notifications).toHaveLength(RECENT_LIMIT);
    expect(next.notifications[0]?.notification_id).toBe('newest');
  });
});

describe('withReadState', () => {
  it('replaces the listed notification and lowers the count once', () => {
    const before = list(notification('a'), notification('b'));
    const once = withReadState(before, notification('a', true));
    expect(once.unread).toBe(1);
    expect(once.notifications[0]?.notification_read).toBe(true);
    expect(withReadState(once, notification('a', true)).unread).toBe(1);
  });

  it('leaves the list alone for a notification it does not hold', () => {
    const before = list(notification('a'));
    expect(withReadState(before, notification('z', true))).toEqual(before);
  });
});

describe('withAllRead', () => {
  it('marks every unread one read at that time and keeps earlier read dates', () => {
    const next = withAllRead(list(notification('a'), notification('b', true)), '2026-05-02T09:00:00.000Z');
    expect(next.unread).toBe(0);
    expect(next.notifications.map((n) => n.notification_readdate)).toEqual([
      '2026-05-02T09:00:00.000Z',
      '2026-05-01T08:30:00.000Z',
    ]);
  });
});

describe('liveMessageOf', () => {
  test.each([
    ['{"type":"REFRESH_NOTIFICATIONS"}', { type: 'REFRESH_NOTIFICATIONS' }],
    [
      JSON.stringify({ type: 'NEW_NOTIFICATION', notification: notification('a') }),
      { type: 'NEW_NOTIFICATION', notification: notification('a') },
    ],
    ['{"type":"NEW_NOTIFICATION"}', null],
    ['{"type":"SOMETHING_NEW"}', null],
    ['null', null],
    ['not json', null],
  ])('reads %s', (data, expected) => {
    expect(liveMessageOf(data)).toEqual(expected);
  });
});

describe('notificationTarget', () => {
  test.each([
    [null, null],
    ['', null],
    ['/campaigner/campaigns/c-1', { kind: 'page', href: '/campaigner/campaigns/c-1' }],
    ['https://example.org/report', { kind: 'web', href: 'https://example.org/report' }],
    ['//evil.example/x', null],
    ['javascript:alert(1)', null],
    ['mailto:someone@example.org', null],
  ])('%j leads to %j', (url, expected) => {
    expect(notificationTarget(url)).toEqual(expected);
  });
});
