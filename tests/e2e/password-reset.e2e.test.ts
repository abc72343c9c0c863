/* eslint-disable @typescript-eslint/no-explicit-any -- the dev mailbox's JSON is read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi } from '@causeway/tests/support/api-client';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

describe('resetting a forgotten password in the browser', () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    browser = await openBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const resetLinkFor = async (email: string): Promise<string> => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { body } = await callApi(app, 'GET', `/api/dev/mail?to=${encodeURIComponent(email)}`);
      const mail = body.mails.find((candidate: any) => candidate.subject === 'Reset your Causeway password');
      const link = mail ? /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)?.[0] : undefined;
      if (link) return link;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No reset e-mail reached ${email}`);
  };

  it('asks for a link from sign-in, sets a new password with it and signs in with that', async () => {
    const { page } = browser;
    const email = 'forgetful@example.org';
    await addPerson(app, { email, firstName: 'Fran' });

    await page.goto(app.url);
    await page.getByRole('heading', { name: 'Sign in to Causeway' }).waitFor();
    await expectAccessible(page, 'the sign-in page');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await page.getByText('If an account uses this address, we have sent it a link').waitFor();
    await expectAccessible(page, 'the forgot-password page');

    await page.goto(await resetLinkFor(email));
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAccessible(page, 'the set-new-password page');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('New password again').fill('short');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('Use at least 10 characters.').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('New password again').fill('correct horse battery');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByRole('heading', { name: 'Your password is changed' }).waitFor();

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to Causeway' }).waitFor();
    await signInInBrowser(page, email, app.demoPassword);
    await page
      .getByRole('alert')
      .filter({ hasText: /e-mail or password/i })
      .waitFor();
    await signInInBrowser(page, email, 'correct horse battery');
    await page.getByRole('link', { name: /Fran.*, your profile$/ }).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('says a used link cannot be used and offers a new one', async () => {
    const { page } = browser;
    const email = 'twice@example.org';
    await addPerson(app, { email });
    await callApi(app, 'POST', '/api/auth/password-reset/request', { body: { email } });
    const link = await resetLinkFor(email);
    const token = new URL(link).searchParams.get('token');
    expect(
      (await callApi(app, 'POST', '/api/auth/password-reset', { body: { token, password: 'first new password' } }))
        .status,
    ).toBe(200);
    await page.goto(link);
    await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    await page.getByText('This reset link has already been used.').waitFor();
    await expectAccessible(page, 'a used reset link');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  });
});
