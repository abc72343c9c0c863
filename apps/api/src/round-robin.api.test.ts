import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, cookieHeaderOf, solveBotCheck } from '@causeway/tests/support/api-client';
import { roundRobin, type RoundRobinProxy } from '@causeway/tests/support/round-robin';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { testStoreName } from '@causeway/tests/support/test-stores';

/*
 * Two instances on one store behind a round-robin proxy, as a load balancer runs them: each request goes
 * to the other instance than the one before, so a person's session, profile and limits must live in the
 * store, not in either process. (Work both run, webhooks and deployments, is in two-instances.api.test.)
 */
const store = testStoreName();

describe.runIf(store !== 'pglite')(
  `two instances behind a round-robin proxy on one ${store === 'firestore' ? 'Firestore project' : 'Postgres database'} (RUNS ONLY WHERE INSTANCES SHARE A STORE: PGlite is one process)`,
  () => {
    let first: TestApp;
    let second: TestApp;
    let proxy: RoundRobinProxy;
    // Instances sharing a store share the bot check's signing secret (docs/configuration.md: BOT_CHECK_SECRET), so a
    // challenge one gives, the other accepts.
    const env = { SIGN_IN_MAX_FAILURES: '3', BOT_CHECK_SECRET: 'round-robin-bot-check-secret-0123456789' };

    beforeAll(async () => {
      first = await startTestApp({ env });
      second = await startTestApp({ env, sharingDatabaseOf: first });
      proxy = await roundRobin([first.url, second.url]);
    }, 120_000);

    afterAll(async () => {
      await proxy?.close();
      await second?.close();
      await first?.close();
    }, 60_000);

    const signIn = async (email: string, password: string) => {
      const botCheck = await solveBotCheck(proxy);
      return fetch(`${proxy.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, botCheck }),
      });
    };

    it('keeps one session whichever instance answers, until it is signed out on either', async () => {
      const response = await signIn('campaigner@demo.local', first.demoPassword);
      expect(response.status).toBe(200);
      const cookie = cookieHeaderOf(response);
      const firstSeen = proxy.sentTo.length;

      const sessions = [];
      for (let read = 0; read < 4; read++) sessions.push(await callApi(proxy, 'GET', '/api/auth/session', { cookie }));
      expect(new Set(proxy.sentTo.slice(firstSeen))).toEqual(new Set([0, 1]));
      for (const session of sessions) {
        expect(session.status).toBe(200);
        expect(session.body.user).toMatchObject({ email: 'campaigner@demo.local' });
      }

      // A change made through one instance is what the other answers next.
      const renamed = await callApi(proxy, 'PATCH', '/api/users/me', { cookie, body: { FirstName: 'Robin' } });
      expect(renamed.status).toBe(200);
      expect(renamed.body.user).toMatchObject({ FirstName: 'Robin' });
      for (let read = 0; read < 2; read++) {
        const session = await callApi(proxy, 'GET', '/api/auth/session', { cookie });
        expect(session.body.user).toMatchObject({ fName: 'Robin' });
      }

      expect((await callApi(proxy, 'POST', '/api/auth/sign-out', { cookie })).status).toBe(204);
      for (let again = 0; again < 2; again++) {
        const after = await callApi(proxy, 'GET', '/api/auth/session', { cookie });
        expect(after.body.user).toBeNull();
      }
    });

    it('counts failed sign-ins together whichever instance each reaches', async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++)
        statuses.push((await signIn('promoter@demo.local', 'wrong-password')).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect((await signIn('promoter@demo.local', first.demoPassword)).status).toBe(429);
    });
  },
);
