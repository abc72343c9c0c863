import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { chromiumArgs, chromiumPath, expectAccessible } from '@causeway/tests/support/browser';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

describe('signing in and out in the browser', () => {
  let app: TestApp;
  let context: BrowserContext;
  let page: Page;
  let profileDir: string;
  const browserErrors: string[] = [];

  beforeAll(async () => {
    // A missing browser is a failure here; whether to run this tier at all is the test runner's call.
    if (!existsSync(chromiumPath)) {
      throw new Error(`No Chromium at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
    }
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    profileDir = mkdtempSync(join(tmpdir(), 'causeway-e2e-profile-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath,
      headless: true,
      viewport: { width: 1280, height: 800 },
      args: chromiumArgs,
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => browserErrors.push(error.message));
  });

  afterAll(async () => {
    await context?.close();
    await app?.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  });

  // The root element each area's remote renders, so a test knows that remote (not a fallback) is shown.
  const areaRoots: Record<string, string> = {
    Approvals: '.cw-admin--approvals',
    Campaigns: '.cw-campaigner',
    Admin: '.cw-admin-area',
    Reports: '.cw-reporting',
    Discover: '.cw-donor',
  };

  const signInForm = () => page.getByRole('button', { name: 'Sign in', exact: true });

  async function signIn(email: string, password: string) {
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(password);
    await signInForm().click();
  }

  it('shows the error message when the password is wrong', async () => {
    // Signed out is a state of the page, not an error: the session answers without a console error.
    const consoleErrors: string[] = [];
    const record = (message: { type(): string; text(): string }) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    };
    page.on('console', record);
    const session = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
    await page.goto(app.url);
    expect((await session).status()).toBe(200);
    await page.getByRole('heading', { name: 'Sign in to Causeway' }).waitFor();
    page.off('console', record);
    expect(consoleErrors).toEqual([]);
    await expectAccessible(page, 'the sign-in page');

    await signIn('campaigner@demo.local', `${app.demoPassword}-wrong`);

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).not.toBe('');
    expect(await signInForm().isVisible()).toBe(true);
    expect(await page.getByTestId('session-user').count()).toBe(0);
  });

  it.each([
    {
      email: 'super@demo.local',
      role: 'Super user',
      area: '.cw-admin--approvals',
      nav: ['Approvals', 'Campaigns', 'Admin', 'Reports'],
    },
    { email: 'admin@demo.local', role: 'Admin', area: '.cw-admin', nav: ['Admin', 'Reports'] },
    { email: 'promoter@demo.local', role: 'Promoter', area: '.cw-donor', nav: ['Discover'] },
  ])(
    'signs $email in to their area with the navigation of a $role, and out again',
    async ({ email, role, area, nav }) => {
      await page.goto(app.url);
      await signIn(email, app.demoPassword);
      await page.locator(area).waitFor();
      const header = page.getByTestId('session-user');
      expect(await header.locator('.cw-user__role').textContent()).toBe(role);
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual(nav);
      // Every area the role may open loads its remote.
      for (const link of nav) {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
        await page.locator(areaRoots[link]!).first().waitFor();
      }
      await page.getByRole('button', { name: 'Sign out' }).click();
      await signInForm().waitFor();
      expect(browserErrors).toEqual([]);
    },
  );

  it('signs a campaigner in to the campaigner area, with name and role in the header, and out again', async () => {
    await page.goto(app.url);
    await signIn('campaigner@demo.local', app.demoPassword);

    // The campaigner remote, loaded at run time into the shell.
    await page.locator('.cw-campaigner').waitFor();
    expect(new URL(page.url()).pathname).toBe('/campaigner');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/^Hello, /);

    const header = page.getByTestId('session-user');
    expect(await header.locator('.cw-user__role').textContent()).toBe('Campaigner');
    const name = (await header.locator('.cw-user__name').textContent()) ?? '';
    expect(name.trim().length).toBeGreaterThan(0);
    expect(name).not.toContain('@');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual([
      'Campaigns',
      'Reports',
    ]);

    // The session survives a reload: it comes from the server, not from page state.
    await page.reload();
    await page.locator('.cw-campaigner').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInForm().waitFor();
    expect(await page.getByTestId('session-user').count()).toBe(0);

    // Signed out on the server too.
    await page.reload();
    await signInForm().waitFor();
    expect(browserErrors).toEqual([]);
  });

  it('says so, with a way to try again, when the signed-in screens cannot be loaded, and shows them once they can', async () => {
    // The signed-in layout is a chunk of its own, fetched beside the session check.
    await page.route('**/assets/signed-in-*.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
    try {
      await page.goto(app.url);
      await signIn('campaigner@demo.local', app.demoPassword);
      const card = page.getByRole('alert').filter({ hasText: "This page couldn't be loaded" });
      await card.waitFor();
      expect(await card.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    } finally {
      await page.unroute('**/assets/signed-in-*.js');
    }
    await page.reload();
    await page.locator(areaRoots.Campaigns!).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInForm().waitFor();
  });

  it('shows an error in the area of a remote that cannot be loaded, keeps the shell, and logs the route change', async () => {
    const logged: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === 'error') logged.push(message.text());
    };
    page.on('console', onConsole);
    await page.route('**/remotes/donor/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
    try {
      await page.goto(app.url);
      await signIn('promoter@demo.local', app.demoPassword);
      const card = page.getByRole('alert').filter({ hasText: "couldn't be loaded" });
      await card.waitFor();
      expect(await card.textContent()).toContain('Discover');
      // The shell around it still works: header, navigation, sign-out.
      expect(await page.getByTestId('session-user').locator('.cw-user__role').textContent()).toBe('Promoter');
      expect(logged.some((text) => text.includes('Route change to /donor failed'))).toBe(true);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await signInForm().waitFor();
    } finally {
      await page.unroute('**/remotes/donor/**');
      page.off('console', onConsole);
    }
  });
});
