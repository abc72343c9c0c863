import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveBotCheck } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { testStoreName } from '@causeway/tests/support/test-stores';

/**
 * The runtime modes this machine can run: the store under test (TEST_STORE), and Firestore as well when
 * its emulator is there.
 */
const modes: { name: string; env: Record<string, string> }[] = [{ name: testStoreName(), env: {} }];
if (process.env.FIRESTORE_EMULATOR_HOST && testStoreName() !== 'firestore') {
  modes.push({
    name: 'firestore',
    env: {
      DATA_STORE: 'firestore',
      FIREBASE_PROJECT_ID: `causeway-${randomBytes(4).toString('hex')}`,
      FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST,
    },
  });
}

describe.each(modes)('the platform on $name', ({ env }) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is ready, seeds the demo accounts, signs in and out', async () => {
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    const signIn = await fetch(`${app.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'campaigner@demo.local',
        password: app.demoPassword,
        botCheck: await solveBotCheck(app),
      }),
    });
    expect(signIn.status).toBe(200);
    const { user } = await signIn.json();
    expect(user).toMatchObject({
      email: 'campaigner@demo.local',
      orgName: 'Harbor Light Food Bank',
      accountType: 'campaigner',
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect((await fetch(`${app.url}/api/auth/session`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${app.url}/api/auth/sign-out`, { method: 'POST', headers: { cookie } })).status).toBe(204);
    expect((await (await fetch(`${app.url}/api/auth/session`, { headers: { cookie } })).json()).user).toBeNull();
  });

  it('keeps the data across a restart and does not seed twice', async () => {
    expect(app.server.demo?.seeded).toBe(true);
    const before = await (await fetch(`${app.url}/api/auth/sign-in`, await signInRequest(app))).json();
    await app.restart();
    expect(app.server.demo?.seeded).toBe(false);
    const after = await (await fetch(`${app.url}/api/auth/sign-in`, await signInRequest(app))).json();
    expect(after.user.uid).toBe(before.user.uid);
  });
});

const signInRequest = async (app: TestApp): Promise<RequestInit> => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@demo.local', password: app.demoPassword, botCheck: await solveBotCheck(app) }),
});
