import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { isLoopbackAddress } from './http/local-or-staff';

/*
 * The dev mailbox (invitation links with their tokens) and the sandboxes' control APIs answer only a
 * client on the server's own computer, or platform staff. Behind a proxy (TRUST_PROXY) a request names
 * its client with X-Forwarded-For, which is how these tests come "from another computer".
 */
let app: TestApp;
const cookies = { super: '', admin: '', promoter: '', campaigner: '' };
const REMOTE = { 'x-forwarded-for': '203.0.113.5' };

const DEV_AND_CONTROLS: [string, string][] = [
  ['GET', '/dev/mail'],
  ['GET', '/api/dev/mail'],
  ['GET', '/dev/mail/attachment?id=x&n=0'],
  ['GET', '/sandbox/amobee/_sandbox'],
  ['POST', '/sandbox/amobee/_sandbox/clock'],
  ['GET', '/sandbox/stripe/_sandbox/webhooks/attempts'],
];

const call = (method: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...headers,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify({ advanceMs: 0 }) } : {}),
  });

beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  for (const role of ['super', 'admin', 'promoter', 'campaigner'] as const)
    cookies[role] = await signInAs(app, `${role}@demo.local`);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('development conveniences on a server others can reach', () => {
  // Past this guard the Stripe sandbox's controls still want its secret key (a 401 without it).
  const passed = (status: number) => expect(status === 403 ? 'refused' : 'passed').toBe('passed');

  it.each(DEV_AND_CONTROLS)('%s %s answers a client of this computer', async (method, path) => {
    passed((await call(method, path)).status);
  });

  it.each(DEV_AND_CONTROLS)(
    '%s %s refuses another computer, signed out or not staff, with a 403',
    async (method, path) => {
      for (const cookie of ['', cookies.promoter, cookies.campaigner]) {
        const response = await call(method, path, { ...REMOTE, ...(cookie ? { cookie } : {}) });
        expect(response.status).toBe(403);
        expect((await response.json()).error.message).toMatch(
          /answers only on the computer running Causeway, or to platform staff signed in\.$/,
        );
      }
    },
  );

  it.each(DEV_AND_CONTROLS)('%s %s answers platform staff from another computer', async (method, path) => {
    for (const cookie of [cookies.super, cookies.admin])
      passed((await call(method, path, { ...REMOTE, cookie })).status);
  });

  it('keeps the public pages and the API open to everyone', async () => {
    expect((await call('GET', '/api/campaigns', REMOTE)).status).toBe(200);
    expect((await call('GET', '/healthz', REMOTE)).status).toBe(200);
  });

  it('knows loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['203.0.113.5', '::ffff:10.0.0.1', '10.127.0.1', '', undefined])
      expect(isLoopbackAddress(address)).toBe(false);
  });
});
