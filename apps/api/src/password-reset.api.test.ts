/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and assert on them */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { addPerson } from '@causeway/tests/support/add-person';
import { startTestApp, testIdentityName, type TestApp } from '@causeway/tests/support/start-app';

let app: TestApp;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  app = await startTestApp({ overrides: { clock } });
});
afterAll(async () => {
  await app?.close();
});

const mailsTo = async (email: string): Promise<any[]> =>
  (await callApi(app, 'GET', `/api/dev/mail?to=${encodeURIComponent(email)}`)).body.mails;
const resetLinkIn = (mail: any): string => {
  const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No reset link in: ${mail.text}`);
  return link;
};
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
/** With Firebase identity (TEST_IDENTITY=firebase) the e-mail carries Firebase's own reset link. */
const identity = testIdentityName();
const authEmulator = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;
const firebaseLinkIn = (mail: any): URL => {
  const link = /https?:\/\/\S+[?&]mode=resetPassword\S*/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No Firebase reset link in: ${mail.text}`);
  return new URL(link);
};
/** The reset codes the Auth emulator issued for the address (it keeps every code it sends). */
const firebaseCodesFor = async (email: string): Promise<string[]> => {
  const response = await fetch(`${authEmulator}/emulator/v1/projects/${app.authProjectId}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  return oobCodes.filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET').map((c) => c.oobCode);
};
/**
 * Sets a new password with a Firebase reset code, as Firebase's reset page does. On the emulator the
 * request names the app's project (an emulator key names none).
 */
const firebaseReset = (oobCode: string, newPassword: string) =>
  fetch(`${authEmulator}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=emulator-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ oobCode, newPassword, targetProjectId: app.authProjectId }),
  });
const ask = (email: string) => callApi(app, 'POST', '/api/auth/password-reset/request', { body: { email } });
const signInStatus = async (email: string, password: string) =>
  signInAs(app, email, password).then(
    () => 200,
    () => 401,
  );

describe('password reset by e-mail', () => {
  it('answers the same for an unknown address and sends nothing', async () => {
    const known = await addPerson(app, { email: 'known@example.org', firstName: 'Kim' });
    expect(known.uid).toBeTruthy();
    const forKnown = await ask('Known@Example.org');
    const forUnknown = await ask('nobody@example.org');
    expect(forKnown.status).toBe(202);
    expect(forUnknown.status).toBe(202);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(await mailsTo('nobody@example.org')).toHaveLength(0);
    const mails = await mailsTo('known@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Reset your Causeway password');
    expect(mails[0].text).toContain('Hello Kim,');
    if (identity === 'local') expect(resetLinkIn(mails[0]).startsWith(app.url)).toBe(true);
    else
      expect(await firebaseCodesFor('known@example.org')).toEqual([
        firebaseLinkIn(mails[0]).searchParams.get('oobCode'),
      ]);
  });
});

/** A mode's own suite says, when it is not run, which mode it needs. */
const inMode = (mode: typeof identity, title: string) =>
  identity === mode ? title : `${title} (NOT RUN: needs TEST_IDENTITY=${mode})`;

describe.runIf(identity === 'firebase')(inMode('firebase', 'password reset by e-mail with Firebase identity'), () => {
  it("sends Firebase's own link, whose code sets the new password once and ends every session", async () => {
    const { cookie } = await addPerson(app, { email: 'reset@example.org' });
    const otherSession = await signInAs(app, 'reset@example.org');
    await ask('reset@example.org');
    const [mail] = await mailsTo('reset@example.org');
    expect(mail.text).toContain('The link works once, for a limited time.');
    const code = firebaseLinkIn(mail).searchParams.get('oobCode') ?? '';
    expect(await firebaseCodesFor('reset@example.org')).toEqual([code]);

    // Firebase ends the sessions begun before the second of the reset (it counts whole seconds).
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 1));
    expect((await firebaseReset(code, 'a brand new password')).status).toBe(200);
    for (const session of [cookie, otherSession]) {
      expect((await callApi(app, 'GET', '/api/auth/session', { cookie: session })).body.user).toBeNull();
    }
    expect(await signInStatus('reset@example.org', app.demoPassword)).toBe(401);
    expect(await signInStatus('reset@example.org', 'a brand new password')).toBe(200);
    const again = await firebaseReset(code, 'another new password');
    expect(again.status).toBe(400);
    expect(((await again.json()) as any).error.message).toBe('INVALID_OOB_CODE');
    expect(await signInStatus('reset@example.org', 'a brand new password')).toBe(200);
  });

  it("sends no platform link: the platform's reset endpoints know no token from a Firebase mail", async () => {
    await addPerson(app, { email: 'platform@example.org' });
    await ask('platform@example.org');
    const [mail] = await mailsTo('platform@example.org');
    expect(mail.text).not.toContain('/reset-password?token=');
    const code = firebaseLinkIn(mail).searchParams.get('oobCode') ?? '';
    const checked = await callApi(app, 'POST', '/api/auth/password-reset/check', { body: { token: code } });
    expect(checked.body.state).toBe('unknown');
    expect(await signInStatus('platform@example.org', app.demoPassword)).toBe(200);
  });
});

describe.runIf(identity === 'local')(inMode('local', "password reset by e-mail with the platform's own links"), () => {
  it('sets the new password once, ends every session and voids older links', async () => {
    const { cookie } = await addPerson(app, { email: 'reset@example.org' });
    const otherSession = await signInAs(app, 'reset@example.org');
    await ask('reset@example.org');
    await ask('reset@example.org');
    const [newest, older] = await mailsTo('reset@example.org');
    const token = tokenOf(resetLinkIn(newest));

    const checked = await callApi(app, 'POST', '/api/auth/password-reset/check', { body: { token } });
    expect(checked.body).toEqual({ state: 'valid', message: null });

    const tooShort = await callApi(app, 'POST', '/api/auth/password-reset', { body: { token, password: 'short' } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error.fields.password).toBe('Use at least 10 characters.');

    const done = await callApi(app, 'POST', '/api/auth/password-reset', {
      body: { token, password: 'a brand new password' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ email: 'reset@example.org' });

    for (const session of [cookie, otherSession]) {
      expect((await callApi(app, 'GET', '/api/auth/session', { cookie: session })).body.user).toBeNull();
    }
    expect(await signInStatus('reset@example.org', app.demoPassword)).toBe(401);
    expect(await signInStatus('reset@example.org', 'a brand new password')).toBe(200);

    const again = await callApi(app, 'POST', '/api/auth/password-reset', {
      body: { token, password: 'another new password' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toMatch(/already been used/);
    const olderLink = await callApi(app, 'POST', '/api/auth/password-reset/check', {
      body: { token: tokenOf(resetLinkIn(older)) },
    });
    expect(olderLink.body.state).toBe('used');
  });

  it('refuses an expired link and an unknown one', async () => {
    await addPerson(app, { email: 'late@example.org' });
    await ask('late@example.org');
    const [mail] = await mailsTo('late@example.org');
    clock.advance(61 * 60 * 1000);
    const expired = await callApi(app, 'POST', '/api/auth/password-reset', {
      body: { token: tokenOf(resetLinkIn(mail)), password: 'a brand new password' },
    });
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toMatch(/expired/);
    expect(await signInStatus('late@example.org', app.demoPassword)).toBe(200);
    const unknown = await callApi(app, 'POST', '/api/auth/password-reset/check', { body: { token: 'made-up' } });
    expect(unknown.body.state).toBe('unknown');
  });
});

describe('password reset by e-mail: limits and reference', () => {
  it('sends at most three links an hour to one address, with the same answer', async () => {
    await addPerson(app, { email: 'often@example.org' });
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await ask('often@example.org'));
    expect(new Set(answers.map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`)).size).toBe(1);
    expect(await mailsTo('often@example.org')).toHaveLength(3);
    clock.advance(61 * 60 * 1000);
    expect((await ask('often@example.org')).status).toBe(202);
    expect(await mailsTo('often@example.org')).toHaveLength(4);
  });

  it('is in the OpenAPI document with its contracts', async () => {
    const { body } = await callApi(app, 'GET', '/api/openapi.json');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/password-reset/request',
        '/api/auth/password-reset/check',
        '/api/auth/password-reset',
      ]),
    );
    expect(body.paths['/api/auth/password-reset'].post.requestBody).toBeDefined();
  });
});
