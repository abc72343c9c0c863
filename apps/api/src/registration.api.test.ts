import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOT_CHECK_REQUIRED } from '@causeway/core/contracts/auth.contract';
import { MAIL_UNAVAILABLE } from '@causeway/core/email/mail.service';
import type { Clock } from '@causeway/core/ports/clock.port';
import { ALREADY_REGISTERED } from '@causeway/core/registration/registration.service';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi, cookieHeaderOf, signInAs, solveBotCheck } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { TYPES } from './types';

/** Real time, moved forward on demand: sessions and cookies keep working while invitations age. */
class ShiftedClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'a password of my own';

let app: TestApp;
const clock = new ShiftedClock();
let harborId: string;
let riversideId: string;
const cookies = { super: '', admin: '', campaigner: '', promoter: '', harborAdmin: '' };
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${++counter}@example.org`;

const repositories = () => app.server.container.get(TYPES.Repositories);

const createToken = (cookie: string | undefined, body: Record<string, unknown>) =>
  callApi(app, 'POST', '/api/registration/createToken', { cookie, body });
const sendInvitation = (cookie: string | undefined, body: Record<string, unknown>) =>
  callApi(app, 'POST', '/api/registration/emailService', { cookie, body });
const validateToken = (body: Record<string, unknown>) =>
  callApi(app, 'POST', '/api/registration/validateToken', { body });

async function signUp(body: Record<string, unknown>) {
  const response = await fetch(`${app.url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), response };
}

/** A token for a new person into Harbor Light, made by the platform admin. */
async function invitation(email = uniqueEmail('invitee')) {
  const created = await createToken(cookies.admin, { email, name: 'Invited Person', organizationId: harborId });
  expect(created.status).toBe(200);
  return { email: email.toLowerCase(), token: created.body.token as string };
}

beforeAll(async () => {
  app = await startTestApp({ overrides: { clock } });
  const { organizations } = repositories();
  harborId = (await organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!.organizationId;
  riversideId = (
    await organizations.create({
      organizationId: 'riverside-shelter',
      name: 'Riverside Shelter',
      created_date: new Date().toISOString(),
    })
  ).organizationId;
  for (const [role, email] of [
    ['super', 'super@demo.local'],
    ['admin', 'admin@demo.local'],
    ['campaigner', 'campaigner@demo.local'],
    ['promoter', 'promoter@demo.local'],
  ] as const) {
    cookies[role] = await signInAs(app, email);
  }
  cookies.harborAdmin = (
    await addPerson(app, { email: 'harbor-admin@example.org', admin: true, organizationId: harborId })
  ).cookie;
}, 60_000);

afterAll(async () => {
  await app?.close();
});

afterEach(() => {
  clock.offsetMs = 0;
});

describe('registration by invitation over HTTP', () => {
  it('runs the whole invitation: token, e-mail in the dev mailbox, validation, sign-up, session, single use', async () => {
    const created = await createToken(cookies.admin, {
      email: 'Ada.Lovelace@Example.ORG',
      name: 'Ada Lovelace',
      organizationId: harborId,
    });
    expect(created.status).toBe(200);
    const { token, expiresAt } = created.body;
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(7 * DAY);

    const sent = await sendInvitation(cookies.admin, {
      email: 'ada.lovelace@example.org',
      name: 'Ada Lovelace',
      organizationId: harborId,
      token,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sent: true, messageId: expect.any(String) });

    const mailbox = await callApi(app, 'GET', '/api/dev/mail?to=ADA.LOVELACE@example.org');
    expect(mailbox.status).toBe(200);
    const [mail] = mailbox.body.mails;
    expect(mail).toMatchObject({
      to: 'ada.lovelace@example.org',
      kind: 'invitation',
      messageId: sent.body.messageId,
      subject: 'Alex Morgan invited you to join Harbor Light Food Bank on Causeway',
    });
    expect(mail.text).toContain('Hello Ada Lovelace,');
    const link = new URL(mail.text.match(/https?:\/\/\S+\/sign-up\?\S+/)![0]);
    expect(link.pathname).toBe('/sign-up');
    expect(link.searchParams.get('email')).toBe('ada.lovelace@example.org');
    expect(link.searchParams.get('token')).toBe(token);
    expect((await repositories().emailLogs.listSent({ to: 'ada.lovelace@example.org' }))[0]).toMatchObject({
      kind: 'invitation',
      messageId: sent.body.messageId,
    });

    const page = await fetch(`${app.url}/dev/mail`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<details>');
    expect(html).toContain(`sign-up?email=ada.lovelace%40example.org&amp;token=${token}</a>`);

    const checked = await validateToken({
      email: link.searchParams.get('email'),
      token: link.searchParams.get('token'),
    });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({
      valid: true,
      name: 'Ada Lovelace',
      organizationId: harborId,
      branding: { organizationId: harborId, name: 'Harbor Light Food Bank', headerColor: '#0f3d3e' },
    });

    const signedUp = await signUp({
      email: 'Ada.Lovelace@example.org',
      token,
      password: PASSWORD,
      fName: 'Ada',
      lName: 'Lovelace',
      botCheck: await solveBotCheck(app),
    });
    expect(signedUp.status).toBe(200);
    expect(signedUp.body.user).toMatchObject({
      email: 'ada.lovelace@example.org',
      fName: 'Ada',
      lName: 'Lovelace',
      accountType: 'campaigner',
      organizationId: harborId,
      orgName: 'Harbor Light Food Bank',
      admin: false,
      superUser: false,
    });
    expect(signedUp.body.branding).toMatchObject({ organizationId: harborId });
    const setCookies = signedUp.response.headers.getSetCookie();
    expect(setCookies.find((cookie) => cookie.startsWith('__session='))).toMatch(/HttpOnly/i);
    expect(setCookies.find((cookie) => cookie.startsWith('userId='))).toContain(signedUp.body.user.uid);
    const session = await callApi(app, 'GET', '/api/auth/session', { cookie: cookieHeaderOf(signedUp.response) });
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ uid: signedUp.body.user.uid, organizationId: harborId });

    // The new account signs in with its own password from now on.
    expect(await signInAs(app, 'ada.lovelace@example.org', PASSWORD)).toContain('__session=');

    const again = await signUp({
      email: 'ada.lovelace@example.org',
      token,
      password: PASSWORD,
      fName: 'Ada',
      lName: 'Lovelace',
      botCheck: await solveBotCheck(app),
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already been used/);
    expect((await validateToken({ email: 'ada.lovelace@example.org', token })).body).toEqual({
      valid: false,
      reason: 'used',
    });

    const audit = await repositories().auditLogs.list({ triggerId: signedUp.body.user.uid });
    expect(audit.map((entry) => entry.event)).toEqual(['registration']);
  });

  it('refuses an invitation after its 7 days', async () => {
    const { email, token } = await invitation();
    clock.offsetMs = 7 * DAY + 60_000;
    expect((await validateToken({ email, token })).body).toEqual({ valid: false, reason: 'expired' });
    const response = await signUp({
      email,
      token,
      password: PASSWORD,
      fName: 'Late',
      lName: 'Comer',
      botCheck: await solveBotCheck(app),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields.token).toMatch(/expired/);
    expect(await repositories().users.findByEmail(email)).toBeNull();
  });

  it('answers unknown for a token given with another e-mail or changed', async () => {
    const { email, token } = await invitation();
    expect((await validateToken({ email: 'someone-else@example.org', token })).body).toEqual({
      valid: false,
      reason: 'unknown',
    });
    expect((await validateToken({ email, token: `${token}0` })).body).toEqual({ valid: false, reason: 'unknown' });
  });

  it('lets an organization admin invite into their own organization, and a super user into any', async () => {
    const own = await createToken(cookies.harborAdmin, {
      email: uniqueEmail('by-org-admin'),
      name: 'Grace',
      organizationId: harborId,
      accountType: 'promoter',
    });
    expect(own.status).toBe(200);
    const anywhere = await createToken(cookies.super, {
      email: uniqueEmail('by-super'),
      name: 'Grace',
      organizationId: riversideId,
    });
    expect(anywhere.status).toBe(200);
  });

  it('answers 400 naming each bad field, on every endpoint', async () => {
    const token = await createToken(cookies.admin, { email: 'not-an-email', name: '  ', organizationId: '' });
    expect(token.status).toBe(400);
    expect(Object.keys(token.body.error.fields).sort()).toEqual(['email', 'name', 'organizationId']);
    expect(token.body.error.fields.name).toBe('Enter the name of the person you invite.');

    const badType = await createToken(cookies.admin, {
      email: uniqueEmail('typed'),
      name: 'Typed',
      organizationId: harborId,
      accountType: 'wizard',
    });
    expect(badType.status).toBe(400);
    expect(Object.keys(badType.body.error.fields)).toEqual(['accountType']);

    const validate = await validateToken({ email: 'nope' });
    expect(validate.status).toBe(400);
    expect(Object.keys(validate.body.error.fields).sort()).toEqual(['email', 'token']);

    const email = await sendInvitation(cookies.admin, { email: 'nope' });
    expect(email.status).toBe(400);
    expect(Object.keys(email.body.error.fields).sort()).toEqual(['email', 'name', 'organizationId', 'token']);

    const signUpResponse = await signUp({ email: 'nope', password: 'short' });
    expect(signUpResponse.status).toBe(400);
    expect(Object.keys(signUpResponse.body.error.fields).sort()).toEqual([
      'botCheck',
      'email',
      'fName',
      'lName',
      'password',
      'token',
    ]);
    expect(signUpResponse.body.error.fields.password).toBe('Use at least 10 characters.');
  });

  it('answers 401 to signed-out callers of createToken and emailService', async () => {
    const created = await createToken(undefined, {
      email: uniqueEmail('anon'),
      name: 'Anon',
      organizationId: harborId,
    });
    expect(created.status).toBe(401);
    const { email, token } = await invitation();
    const sent = await sendInvitation(undefined, { email, name: 'Anon', organizationId: harborId, token });
    expect(sent.status).toBe(401);
    expect(await app.server.container.get(TYPES.Mailbox).list({ to: email })).toEqual([]);
  });

  it.each([
    ['a campaigner', 'campaigner', () => harborId],
    ['a promoter', 'promoter', () => harborId],
    ['an organization admin, into another organization', 'harborAdmin', () => riversideId],
  ] as const)('answers 403 to %s', async (_who, role, organizationId) => {
    const created = await createToken(cookies[role], {
      email: uniqueEmail('refused'),
      name: 'Refused',
      organizationId: organizationId(),
    });
    expect(created.status).toBe(403);
    expect(created.body.error.message).toEqual(expect.any(String));

    const forRiverside = await createToken(cookies.admin, {
      email: uniqueEmail('riverside'),
      name: 'River',
      organizationId: riversideId,
    });
    const sent = await sendInvitation(cookies[role], {
      email: `riverside-${counter}@example.org`,
      name: 'River',
      organizationId: riversideId,
      token: forRiverside.body.token,
    });
    expect(sent.status).toBe(403);
  });

  it('answers 409 for an e-mail that already has an account, whatever its case', async () => {
    const response = await createToken(cookies.admin, {
      email: 'Campaigner@Demo.Local',
      name: 'Casey again',
      organizationId: harborId,
    });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe(ALREADY_REGISTERED);
    expect(response.body.error.fields).toEqual({ email: ALREADY_REGISTERED });
  });

  it('answers 404 for an unknown organization and 400 for a closed one', async () => {
    const unknown = await createToken(cookies.admin, { email: uniqueEmail('x'), name: 'X', organizationId: 'no-such' });
    expect(unknown.status).toBe(404);
    await repositories().organizations.create({
      organizationId: 'closed-org',
      name: 'Closed Org',
      created_date: new Date().toISOString(),
    });
    await repositories().organizations.softDelete('closed-org');
    const closed = await createToken(cookies.admin, {
      email: uniqueEmail('x'),
      name: 'X',
      organizationId: 'closed-org',
    });
    expect(closed.status).toBe(400);
    expect(closed.body.error.fields.organizationId).toMatch(/closed/);
  });

  it('checks the bot-check solution on sign-up: missing, wrong and replayed ones are refused', async () => {
    const { email, token } = await invitation();
    const body = { email, token, password: PASSWORD, fName: 'Bo', lName: 'Tanaka' };

    const missing = await signUp(body);
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ botCheck: BOT_CHECK_REQUIRED });

    const solution = await solveBotCheck(app);
    const wrong = await signUp({ ...body, botCheck: `${solution.slice(0, solution.lastIndexOf(':'))}:x` });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ botCheck: BOT_CHECK_REQUIRED });

    // A solution is good once: used on a refused sign-up, it cannot be used again.
    const refused = await signUp({ ...body, token: `${token}0`, botCheck: solution });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(['token']);
    const replayed = await signUp({ ...body, botCheck: solution });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error.fields).toEqual({ botCheck: BOT_CHECK_REQUIRED });

    expect(await repositories().users.findByEmail(email)).toBeNull();
    expect((await signUp({ ...body, botCheck: await solveBotCheck(app) })).status).toBe(200);
  });

  it('rate limits validation of one address', async () => {
    const email = uniqueEmail('guesser');
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await validateToken({ email, token: `guess-${attempt}` })).status).toBe(200);
    }
    const limited = await validateToken({ email, token: 'guess-21' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/Too many attempts/);
    expect((await validateToken({ email: uniqueEmail('other'), token: 'guess' })).status).toBe(200);
  });
});

/** A port nothing listens on: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('registration with an SMTP server that is down', () => {
  let smtpApp: TestApp;

  beforeAll(async () => {
    smtpApp = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
  }, 60_000);
  afterAll(async () => {
    await smtpApp?.close();
  });

  it('records the failure in errorEmails and answers 503; there is no dev mailbox', async () => {
    const cookie = await signInAs(smtpApp, 'admin@demo.local');
    const harbor = (await smtpApp.server.container.get(TYPES.Repositories).organizations.list())[0]!;
    const created = await callApi(smtpApp, 'POST', '/api/registration/createToken', {
      cookie,
      body: { email: 'ada@example.org', name: 'Ada', organizationId: harbor.organizationId },
    });
    expect(created.status).toBe(200);
    const sent = await callApi(smtpApp, 'POST', '/api/registration/emailService', {
      cookie,
      body: { email: 'ada@example.org', name: 'Ada', organizationId: harbor.organizationId, token: created.body.token },
    });
    expect(sent.status).toBe(503);
    expect(sent.body.error).toEqual({ code: 'unavailable', message: MAIL_UNAVAILABLE });
    const { emailLogs } = smtpApp.server.container.get(TYPES.Repositories);
    expect(await emailLogs.listFailures()).toEqual([
      expect.objectContaining({
        to: 'ada@example.org',
        kind: 'invitation',
        error: expect.stringMatching(/ECONNREFUSED/),
      }),
    ]);
    expect(await emailLogs.listSent()).toEqual([]);
    expect((await callApi(smtpApp, 'GET', '/api/dev/mail')).status).toBe(404);
    expect(smtpApp.server.container.isBound(TYPES.Mailbox)).toBe(false);
  });
});
