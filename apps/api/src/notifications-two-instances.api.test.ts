import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { openEventStream, quietPeriod, type OpenEventStream } from '@causeway/tests/support/event-stream';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { testStoreName } from '@causeway/tests/support/test-stores';
import { TYPES } from './types';

/*
 * Several instances share one Postgres server in the self-hosted mode, or one Firestore project, and a
 * user's browser may be connected to any of them. Embedded PGlite is one process, so this runs on the
 * Postgres server and on Firestore.
 */
describe.runIf(testStoreName() !== 'pglite')(
  `live notifications across two instances on one ${testStoreName() === 'firestore' ? 'Firestore project' : 'Postgres database'} (RUNS ONLY WHERE INSTANCES SHARE A STORE: PGlite is one process)`,
  () => {
    let first: TestApp;
    let second: TestApp;
    const streams: OpenEventStream[] = [];
    let campaignerUid: string;
    let superOnFirst: string;

    beforeAll(async () => {
      first = await startTestApp();
      second = await startTestApp({ sharingDatabaseOf: first });
      superOnFirst = await signInAs(first, 'super@demo.local');
      const session = await callApi(first, 'GET', '/api/auth/session', {
        cookie: await signInAs(first, 'campaigner@demo.local'),
      });
      campaignerUid = session.body.user.uid;
    }, 120_000);

    afterAll(async () => {
      for (const stream of streams) stream.close();
      await second?.close();
      await first?.close();
    });

    const streamOnSecond = async (email: string) => {
      // The session was opened on the second instance: both serve the same users and sessions.
      const stream = await openEventStream(second, '/api/notifications/stream', await signInAs(second, email));
      expect(stream.status).toBe(200);
      streams.push(stream);
      return stream;
    };

    it('a stream on instance 2 receives a notification created on instance 1 and what instance 1 broadcasts', async () => {
      const campaignerTab = await streamOnSecond('campaigner@demo.local');
      const promoterTab = await streamOnSecond('promoter@demo.local');

      const created = await first.server.container.get(TYPES.NotificationService).notify({
        notification_type: 'workflow',
        notification_message: 'Your campaign was approved',
        notification_userTo: campaignerUid,
        notification_campaign_name: 'Winter meals',
        notification_campaign_status: 'Approved',
      });
      const refreshed = await callApi(first, 'POST', '/api/notifications/broadcast', {
        cookie: superOnFirst,
        body: { userId: campaignerUid, type: 'REFRESH_NOTIFICATIONS' },
      });
      expect(refreshed).toMatchObject({ status: 200, body: { delivered: true } });
      const pushed = await callApi(first, 'POST', '/api/notifications/broadcast', {
        cookie: superOnFirst,
        body: {
          userId: campaignerUid,
          type: 'NEW_NOTIFICATION',
          notification: { notification_id: created.notification_id },
        },
      });
      expect(pushed).toMatchObject({ status: 200, body: { delivered: true } });

      expect(await campaignerTab.waitForEvents(3)).toEqual([
        { event: 'notification', data: { type: 'NEW_NOTIFICATION', notification: created } },
        { event: 'notification', data: { type: 'REFRESH_NOTIFICATIONS' } },
        { event: 'notification', data: { type: 'NEW_NOTIFICATION', notification: created } },
      ]);
      await quietPeriod();
      expect(promoterTab.events).toEqual([]);

      // And what instance 2 stores, instance 1 lists.
      const list = await callApi(second, 'GET', '/api/notifications', {
        cookie: await signInAs(second, 'campaigner@demo.local'),
      });
      expect(list.body.notifications[0]).toEqual(created);
    });

    it('reading on instance 1 tells the sessions on instance 2 to refresh', async () => {
      const tab = await streamOnSecond('campaigner@demo.local');
      const cookie = await signInAs(first, 'campaigner@demo.local');
      expect((await callApi(first, 'POST', '/api/notifications/read-all', { cookie })).body.updated).toBeGreaterThan(0);
      expect(await tab.waitForEvents(1)).toEqual([{ event: 'notification', data: { type: 'REFRESH_NOTIFICATIONS' } }]);
    });
  },
);
