import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotifyInput } from '@causeway/core/notifications/notification.service';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { openEventStream, quietPeriod, type OpenEventStream } from '@causeway/tests/support/event-stream';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { TYPES } from './types';

let app: TestApp;
const cookies: Record<'campaigner' | 'promoter' | 'super' | 'admin', string> = {
  campaigner: '',
  promoter: '',
  super: '',
  admin: '',
};
const uids: Record<keyof typeof cookies, string> = { campaigner: '', promoter: '', super: '', admin: '' };
const openStreams: OpenEventStream[] = [];

/** Notifications are made the way the product makes them: through the running app's service. */
const notify = (userTo: string, message: string, extra: Partial<NotifyInput> = {}) =>
  app.server.container.get(TYPES.NotificationService).notify({
    notification_type: 'workflow',
    notification_message: message,
    notification_userTo: userTo,
    ...extra,
  });

const stream = async (cookie?: string) => {
  const opened = await openEventStream(app, '/api/notifications/stream', cookie);
  openStreams.push(opened);
  return opened;
};

const openStreamCount = () => app.server.container.get(TYPES.EventStreams).size;

const waitUntil = async (done: () => boolean, what: string, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

beforeAll(async () => {
  app = await startTestApp();
  for (const [who, email] of [
    ['campaigner', 'campaigner@demo.local'],
    ['promoter', 'promoter@demo.local'],
    ['super', 'super@demo.local'],
    ['admin', 'admin@demo.local'],
  ] as const) {
    cookies[who] = await signInAs(app, email);
    uids[who] = (await callApi(app, 'GET', '/api/auth/session', { cookie: cookies[who] })).body.user.uid;
  }
});

afterAll(async () => {
  for (const opened of openStreams) opened.close();
  await app?.close();
});

describe('reading your notifications', () => {
  it('lists your own newest first with the unread count, marks one read keeping its first read date, then all', async () => {
    const first = await notify(uids.promoter, 'Casey shared a new campaign', {
      notification_type: 'promotion',
      notification_campaign_name: 'Winter meals',
      notification_url: '/donor/campaigns/winter-meals',
    });
    await quietPeriod(5);
    const second = await notify(uids.promoter, 'Your promotion brought a donation', {
      notification_type: 'donation',
      notification_campaign_amount: 2500,
    });
    await quietPeriod(5);
    const third = await notify(uids.promoter, 'Welcome to Causeway', { notification_type: 'system' });
    await notify(uids.campaigner, 'Someone else’s');

    const list = await callApi(app, 'GET', '/api/notifications', { cookie: cookies.promoter });
    expect(list.status).toBe(200);
    expect(list.body.unread).toBe(3);
    expect(list.body.notifications.map((n: { notification_id: string }) => n.notification_id)).toEqual([
      third.notification_id,
      second.notification_id,
      first.notification_id,
    ]);
    expect(list.body.notifications[2]).toMatchObject({
      notification_campaign_name: 'Winter meals',
      notification_url: '/donor/campaigns/winter-meals',
      notification_read: false,
      userId: uids.promoter,
    });

    const limited = await callApi(app, 'GET', '/api/notifications?limit=2', { cookie: cookies.promoter });
    expect(limited.body.notifications).toHaveLength(2);
    expect(limited.body.unread).toBe(3);

    const read = await callApi(app, 'POST', `/api/notifications/${second.notification_id}/read`, {
      cookie: cookies.promoter,
    });
    expect(read.status).toBe(200);
    expect(read.body.notification).toMatchObject({ notification_id: second.notification_id, notification_read: true });
    const readAt = read.body.notification.notification_readdate;
    expect(typeof readAt).toBe('string');
    await quietPeriod(20);
    const again = await callApi(app, 'POST', `/api/notifications/${second.notification_id}/read`, {
      cookie: cookies.promoter,
    });
    expect(again.status).toBe(200);
    expect(again.body.notification.notification_readdate).toBe(readAt);

    const unreadOnly = await callApi(app, 'GET', '/api/notifications?unreadOnly=true', { cookie: cookies.promoter });
    expect(unreadOnly.body.notifications.map((n: { notification_id: string }) => n.notification_id)).toEqual([
      third.notification_id,
      first.notification_id,
    ]);
    expect((await callApi(app, 'GET', '/api/notifications/unread-count', { cookie: cookies.promoter })).body).toEqual({
      unread: 2,
    });

    const all = await callApi(app, 'POST', '/api/notifications/read-all', { cookie: cookies.promoter });
    expect(all).toMatchObject({ status: 200, body: { updated: 2 } });
    expect((await callApi(app, 'GET', '/api/notifications/unread-count', { cookie: cookies.promoter })).body).toEqual({
      unread: 0,
    });
    // The other user's notification was left alone.
    expect(
      (await callApi(app, 'GET', '/api/notifications/unread-count', { cookie: cookies.campaigner })).body.unread,
    ).toBeGreaterThan(0);
  });

  it('answers 404 for a notification that does not exist', async () => {
    const response = await callApi(app, 'POST', '/api/notifications/no-such-notification/read', {
      cookie: cookies.campaigner,
    });
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe('That notification does not exist.');
  });
});

describe('bad input is answered 400 naming the field', () => {
  it.each([
    ['an unknown broadcast type', { userId: 'u-1', type: 'SHOUT' }, 'type'],
    ['a broadcast without userId', { type: 'REFRESH_NOTIFICATIONS' }, 'userId'],
    [
      'a NEW_NOTIFICATION broadcast without the notification',
      { userId: 'u-1', type: 'NEW_NOTIFICATION' },
      'notification',
    ],
  ])('%s', async (_case, body, field) => {
    const response = await callApi(app, 'POST', '/api/notifications/broadcast', { cookie: cookies.super, body });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toContain(field);
    expect(response.body.error.message).toContain(field);
  });

  it.each(['0', '201', 'ten', '1.5'])('a limit of %s', async (limit) => {
    const response = await callApi(app, 'GET', `/api/notifications?limit=${limit}`, { cookie: cookies.campaigner });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toEqual(['limit']);
  });

  it('an unreadOnly that is not true or false', async () => {
    const response = await callApi(app, 'GET', '/api/notifications?unreadOnly=yes', { cookie: cookies.campaigner });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toEqual(['unreadOnly']);
  });
});

describe('signed out', () => {
  it.each([
    ['GET', '/api/notifications', undefined],
    ['GET', '/api/notifications/unread-count', undefined],
    ['POST', '/api/notifications/some-id/read', undefined],
    ['POST', '/api/notifications/read-all', undefined],
    ['POST', '/api/notifications/broadcast', { userId: 'u-1', type: 'REFRESH_NOTIFICATIONS' }],
  ])('%s %s answers 401', async (method, path, body) => {
    const response = await callApi(app, method, path, { body });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthenticated');
  });

  it('the live stream answers 401 as JSON and opens no stream', async () => {
    const opened = await stream();
    expect(opened.status).toBe(401);
    expect(opened.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await opened.json()).error.code).toBe('unauthenticated');
    expect(openStreamCount()).toBe(0);
  });
});

describe('someone else’s notifications', () => {
  it('refuses marking another user’s notification read (403) and leaves it unread', async () => {
    const theirs = await notify(uids.promoter, 'Not yours');
    const response = await callApi(app, 'POST', `/api/notifications/${theirs.notification_id}/read`, {
      cookie: cookies.campaigner,
    });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe('That notification belongs to someone else.');
    const list = await callApi(app, 'GET', '/api/notifications?unreadOnly=true', { cookie: cookies.promoter });
    expect(list.body.notifications.map((n: { notification_id: string }) => n.notification_id)).toContain(
      theirs.notification_id,
    );
  });

  it('refuses a campaigner broadcasting to another user (403)', async () => {
    const response = await callApi(app, 'POST', '/api/notifications/broadcast', {
      cookie: cookies.campaigner,
      body: { userId: uids.promoter, type: 'REFRESH_NOTIFICATIONS' },
    });
    expect(response.status).toBe(403);
  });

  it('refuses pushing a notification to a user it is not addressed to (400), or one you cannot see (404)', async () => {
    const promoters = await notify(uids.promoter, 'For the promoter');
    const misaddressed = await callApi(app, 'POST', '/api/notifications/broadcast', {
      cookie: cookies.super,
      body: { userId: uids.campaigner, type: 'NEW_NOTIFICATION', notification: promoters },
    });
    expect(misaddressed.status).toBe(400);
    expect(misaddressed.body.error.fields).toHaveProperty('userId');
    const unseen = await callApi(app, 'POST', '/api/notifications/broadcast', {
      cookie: cookies.campaigner,
      body: { userId: uids.campaigner, type: 'NEW_NOTIFICATION', notification: promoters },
    });
    expect(unseen.status).toBe(404);
  });
});

describe('the live stream', () => {
  it('is a server-sent-event stream with the headers proxies need, not compressed', async () => {
    const opened = await stream(cookies.admin);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(opened.headers.get('cache-control')).toMatch(/no-cache/);
    expect(opened.headers.get('x-accel-buffering')).toBe('no');
    expect(opened.headers.get('content-encoding')).toBeNull();
    opened.close();
  });

  it('delivers to every open session of the user, and nothing to another user', async () => {
    const tabOne = await stream(cookies.campaigner);
    const tabTwo = await stream(cookies.campaigner);
    const someoneElse = await stream(cookies.promoter);

    const created = await notify(uids.campaigner, 'Your campaign was approved', {
      notification_campaign_name: 'Winter meals',
    });
    const pushed = await callApi(app, 'POST', '/api/notifications/broadcast', {
      cookie: cookies.super,
      body: {
        userId: uids.campaigner,
        type: 'NEW_NOTIFICATION',
        notification: { notification_id: created.notification_id },
      },
    });
    expect(pushed).toMatchObject({ status: 200, body: { delivered: true } });
    const refreshed = await callApi(app, 'POST', '/api/notifications/broadcast', {
      cookie: cookies.campaigner,
      body: { userId: uids.campaigner, type: 'REFRESH_NOTIFICATIONS' },
    });
    expect(refreshed).toMatchObject({ status: 200, body: { delivered: true } });

    const expected = [
      { event: 'notification', data: { type: 'NEW_NOTIFICATION', notification: created } },
      { event: 'notification', data: { type: 'NEW_NOTIFICATION', notification: created } },
      { event: 'notification', data: { type: 'REFRESH_NOTIFICATIONS' } },
    ];
    expect(await tabOne.waitForEvents(3)).toEqual(expected);
    expect(await tabTwo.waitForEvents(3)).toEqual(expected);
    await quietPeriod();
    expect(someoneElse.events).toEqual([]);
    expect(tabOne.events).toHaveLength(3);
  });

  it('tells the user’s sessions to refresh when they read on another device', async () => {
    const created = await notify(uids.campaigner, 'Read me elsewhere');
    const tab = await stream(cookies.campaigner);
    await callApi(app, 'POST', `/api/notifications/${created.notification_id}/read`, { cookie: cookies.campaigner });
    expect(await tab.waitForEvents(1)).toEqual([{ event: 'notification', data: { type: 'REFRESH_NOTIFICATIONS' } }]);
  });

  it('stops following when the client goes away', async () => {
    for (const opened of openStreams) opened.close();
    await waitUntil(() => openStreamCount() === 0, 'earlier streams to close');
    const tab = await stream(cookies.super);
    await waitUntil(() => openStreamCount() === 1, 'the stream to open');
    tab.close();
    await waitUntil(() => openStreamCount() === 0, 'the server to notice the client left');
    // Nothing is written to a stream that is gone, and the app carries on.
    const pushed = await callApi(app, 'POST', '/api/notifications/broadcast', {
      cookie: cookies.super,
      body: { userId: uids.super, type: 'REFRESH_NOTIFICATIONS' },
    });
    expect(pushed).toMatchObject({ status: 200, body: { delivered: true } });
  });

  it('is described in the API reference', async () => {
    const { body } = await callApi(app, 'GET', '/api/openapi.json');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/notifications',
        '/api/notifications/unread-count',
        '/api/notifications/{id}/read',
        '/api/notifications/read-all',
        '/api/notifications/broadcast',
        '/api/notifications/stream',
      ]),
    );
    expect(body.paths['/api/notifications/stream'].get.responses['200'].content).toHaveProperty('text/event-stream');
  });
});

describe('when live delivery fails', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await startTestApp();
  });
  afterAll(async () => {
    await own?.close();
  });

  it('answers delivered: false (not a 5xx) when the push cannot go out, and keeps the notification', async () => {
    const cookie = await signInAs(own, 'campaigner@demo.local');
    const uid = (await callApi(own, 'GET', '/api/auth/session', { cookie })).body.user.uid;
    const service = own.server.container.get(TYPES.NotificationService);
    // The bus going away is how a failed push looks from here (a dropped Postgres connection, say).
    await own.server.container.get(TYPES.EventBus).close();
    const created = await service.notify({
      notification_type: 'system',
      notification_message: 'Stored even though the push failed',
      notification_userTo: uid,
    });
    const pushed = await callApi(own, 'POST', '/api/notifications/broadcast', {
      cookie,
      body: { userId: uid, type: 'NEW_NOTIFICATION', notification: { notification_id: created.notification_id } },
    });
    expect(pushed).toMatchObject({ status: 200, body: { delivered: false } });
    const list = await callApi(own, 'GET', '/api/notifications', { cookie });
    expect(list.body.notifications[0].notification_id).toBe(created.notification_id);
  });

  it('answers 503 to a new stream while live delivery is down, and the rest of the API still works', async () => {
    const cookie = await signInAs(own, 'promoter@demo.local');
    const opened = await openEventStream(own, '/api/notifications/stream', cookie);
    expect(opened.status).toBe(503);
    expect((await opened.json()).error.message).toMatch(/Live notifications are unavailable/);
    expect((await callApi(own, 'GET', '/api/notifications/unread-count', { cookie })).status).toBe(200);
  });
});

describe('at shutdown', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await startTestApp();
  });
  afterAll(async () => {
    await own?.close();
  });

  it('ends open streams at shutdown, so the server closes promptly', async () => {
    const cookie = await signInAs(own, 'promoter@demo.local');
    const opened = await openEventStream(own, '/api/notifications/stream', cookie);
    expect(opened.status).toBe(200);
    const started = Date.now();
    await own.server.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    await opened.waitForEnd(2_000);
  });
});
