import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveBotCheck } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { SIGN_IN_MAX_FAILURES: '3' } });
});
afterAll(async () => {
  await app?.close();
});

const signIn = async (email: string, password: string) =>
  fetch(`${app.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, botCheck: await solveBotCheck(app) }),
  });

const cookiesOf = (response: Response) => response.headers.getSetCookie();
const cookieHeader = (response: Response) =>
  cookiesOf(response)
    .map((c) => c.split(';')[0])
    .join('; ');

describe('sign-in, session and sign-out over HTTP', () => {
  it.each([
    ['super@demo.local', { superUser: true, admin: false, accountType: 'campaigner' }],
    ['admin@demo.local', { superUser: false, admin: true, accountType: 'campaigner' }],
    ['campaigner@demo.local', { superUser: false, admin: false, accountType: 'campaigner' }],
    ['promoter@demo.local', { superUser: false, admin: false, accountType: 'promoter' }],
  ])('signs in the demo account %s and answers its session user', async (email, flags) => {
    const response = await signIn(email, app.demoPassword);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toMatchObject({ email, demoUser: false, ...flags });
    expect(Object.keys(body.user).sort()).toEqual(
      [
        'uid',
        'email',
        'accountType',
        'avatar',
        'fName',
        'lName',
        'orgName',
        'orgDescription',
        'admin',
        'organizationId',
        'superUser',
        'lastLogin',
        'demoUser',
      ].sort(),
    );
    const session = await fetch(`${app.url}/api/auth/session`, { headers: { cookie: cookieHeader(response) } });
    expect(session.status).toBe(200);
    expect((await session.json()).user.uid).toBe(body.user.uid);
  });

  it('sets __session HttpOnly, SameSite=Lax, path / and userId path /', async () => {
    const response = await signIn('campaigner@demo.local', app.demoPassword);
    const cookies = cookiesOf(response);
    const session = cookies.find((c) => c.startsWith('__session='));
    const userId = cookies.find((c) => c.startsWith('userId='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//);
    expect(session).not.toMatch(/Secure/i);
    expect(userId).toMatch(/Path=\//);
    expect(userId).not.toMatch(/HttpOnly/i);
    const { user } = await response.json();
    expect(userId).toContain(`userId=${user.uid}`);
  });

  it('updates lastLogin on sign-in', async () => {
    const first = await (await signIn('admin@demo.local', app.demoPassword)).json();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await (await signIn('admin@demo.local', app.demoPassword)).json();
    expect(new Date(second.user.lastLogin).getTime()).toBeGreaterThan(new Date(first.user.lastLogin).getTime());
  });

  it('answers 401 with a message for a wrong password or an unknown e-mail, without saying which', async () => {
    const wrong = await signIn('super@demo.local', 'not-the-password');
    const unknown = await signIn('nobody@demo.local', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a.error.message).toBe('The e-mail or password is not right.');
    expect(b.error.message).toBe(a.error.message);
    expect(cookiesOf(wrong)).toEqual([]);
  });

  it('answers 400 naming each bad field', async () => {
    const response = await fetch(`${app.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email' }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('invalid_input');
    expect(Object.keys(body.error.fields).sort()).toEqual(['botCheck', 'email', 'password']);
  });

  it('answers no user for the session when signed out or with a forged cookie (not an error)', async () => {
    const signedOut = await fetch(`${app.url}/api/auth/session`);
    expect(signedOut.status).toBe(200);
    expect(await signedOut.json()).toEqual({ user: null, branding: null });
    const forged = await fetch(`${app.url}/api/auth/session`, { headers: { cookie: '__session=forged; userId=x' } });
    expect(forged.status).toBe(200);
    expect((await forged.json()).user).toBeNull();
    expect(cookiesOf(forged).find((c) => c.startsWith('__session='))).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('signs out: clears both cookies and ends the session on the server', async () => {
    const response = await signIn('promoter@demo.local', app.demoPassword);
    const cookie = cookieHeader(response);
    const out = await fetch(`${app.url}/api/auth/sign-out`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(204);
    const cleared = cookiesOf(out);
    expect(cleared.find((c) => c.startsWith('__session='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared.find((c) => c.startsWith('userId='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await (await fetch(`${app.url}/api/auth/session`, { headers: { cookie } })).json()).user).toBeNull();
  });

  it('rate limits repeated failures for an e-mail and lets nobody in meanwhile', async () => {
    const email = 'campaigner@demo.local';
    for (let attempt = 0; attempt < 3; attempt++) expect((await signIn(email, 'wrong-password')).status).toBe(401);
    const limited = await signIn(email, 'wrong-password');
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.message).toMatch(/Too many failed sign-in attempts/);
    expect((await signIn(email, app.demoPassword)).status).toBe(429);
    // Another account from the same address is not locked out by someone else's failures.
    expect((await signIn('super@demo.local', app.demoPassword)).status).toBe(200);
  });
});
