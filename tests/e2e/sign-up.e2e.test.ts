import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { expectAccessible, openBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

describe('accepting an invitation in the browser', () => {
  let app: TestApp;
  let browser: BrowserSession;
  let harborId: string;
  let adminCookie: string;

  /** Invites someone as an admin would and answers the link of the e-mail, on this app's address. */
  async function invite(email: string, name: string): Promise<string> {
    const created = await callApi(app, 'POST', '/api/registration/createToken', {
      cookie: adminCookie,
      body: { email, name, organizationId: harborId },
    });
    expect(created.status).toBe(200);
    const sent = await callApi(app, 'POST', '/api/registration/emailService', {
      cookie: adminCookie,
      body: { email, name, organizationId: harborId, token: created.body.token },
    });
    expect(sent.status).toBe(200);
    const { body } = await callApi(app, 'GET', `/api/dev/mail?to=${encodeURIComponent(email)}`);
    const link = new URL(body.mails[0].text.match(/https?:\/\/\S+\/sign-up\?\S+/)[0]);
    return `${app.url}${link.pathname}${link.search}`;
  }

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    const { organizations } = app.server.container.get(TYPES.Repositories);
    const harbor = (await organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
    harborId = harbor.organizationId;
    await organizations.update(harborId, { imageLogin: '/files/organizations/harbor-light/login.jpg' });
    adminCookie = await signInAs(app, 'admin@demo.local');
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("shows the organization, creates the account and lands in the new user's area", async () => {
    const { page } = browser;
    const link = await invite('Noor.Haddad@example.org', 'Noor Haddad');
    await page.goto(link);

    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByText("You're joining Harbor Light Food Bank on Causeway.").count()).toBe(1);
    const email = page.getByLabel('E-mail address');
    expect(await email.inputValue()).toBe('noor.haddad@example.org');
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('First name').inputValue()).toBe('Noor');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Haddad');
    const story = page.locator('.cw-signin__story');
    expect(await story.getAttribute('style')).toContain('/files/organizations/harbor-light/login.jpg');
    expect(await story.textContent()).toContain('Join Harbor Light Food Bank on Causeway.');
    await expectAccessible(page, 'the invitation form');

    await page.getByLabel('Password', { exact: true }).fill('my own long password');
    await page.getByLabel('Confirm password').fill('my own long passwort');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText("The passwords don't match.").waitFor();
    await expectAccessible(page, 'the invitation form with its error');

    await page.getByLabel('Confirm password').fill('my own long password');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.locator('.cw-campaigner').waitFor();
    expect(new URL(page.url()).pathname).toBe('/campaigner');
    const header = page.getByTestId('session-user');
    expect(await header.locator('.cw-user__name').textContent()).toBe('Noor Haddad');
    expect(await header.locator('.cw-user__role').textContent()).toBe('Campaigner');
    await expectAccessible(page, "the new campaigner's home");

    // Opened again while signed in, the link says what to do.
    await page.goto(link);
    await page.getByRole('heading', { name: "You're already signed in" }).waitFor();
    await expectAccessible(page, 'the invitation opened while signed in');
    await page.getByRole('button', { name: 'Sign out to accept' }).click();

    // Signed out, the used link says so and leads to sign-in.
    await page.getByRole('heading', { name: 'This invitation has been used' }).waitFor();
    await expectAccessible(page, 'the used invitation');
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to Causeway' }).waitFor();
    await expectAccessible(page, 'sign-in after a used invitation');
    expect(browser.errors).toEqual([]);
  });

  it('explains a link that is not valid', async () => {
    const { page } = browser;
    const link = await invite('grace@example.org', 'Grace Hopper');
    await page.goto(link.replace(/token=[^&]+/, 'token=not-the-token'));
    await page.getByRole('heading', { name: "This invitation link isn't valid" }).waitFor();
    await expectAccessible(page, 'an invitation link that is not valid');
    await page.goto(`${app.url}/sign-up`);
    await page.getByRole('heading', { name: "This invitation link isn't valid" }).waitFor();
    expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });
});
