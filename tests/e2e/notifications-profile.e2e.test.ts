import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { pngOfSize } from '@causeway/tests/support/png';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

describe('the notification bell, organization branding and own profile in the browser', () => {
  let app: TestApp;
  let browser: BrowserSession;
  let page: Page;
  let campaignerUid: string;

  const bell = () => page.getByTestId('notification-bell');
  const notify = (message: string, extra: { campaign?: string; url?: string } = {}) =>
    app.server.container.get(TYPES.NotificationService).notify({
      notification_type: 'workflow',
      notification_message: message,
      notification_userTo: campaignerUid,
      notification_campaign_name: extra.campaign ?? null,
      notification_url: extra.url ?? null,
    });

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    browser = await openBrowser();
    page = browser.page;
    await page.goto(app.url);
    await signInInBrowser(page, 'campaigner@demo.local', app.demoPassword);
    await page.getByTestId('session-user').waitFor();
    campaignerUid = (await browser.context.cookies()).find((cookie) => cookie.name === 'userId')!.value;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('dresses the frame in the organization’s colors, with readable text and its name in the footer', async () => {
    const root = page.locator('.cw-app');
    expect(await root.getAttribute('class')).toContain('cw-app--branded-header');
    const header = await page
      .locator('.cw-header')
      .evaluate((element) => ({ background: getComputedStyle(element).backgroundColor }));
    expect(header.background).toBe('rgb(15, 61, 62)');
    const brandText = await page.locator('.cw-header .cw-brand').evaluate((element) => getComputedStyle(element).color);
    expect(brandText).toBe('rgb(255, 255, 255)');
    expect(await page.locator('.cw-footer').textContent()).toContain('Harbor Light Food Bank');
  });

  it('shows a notification the moment it is created, marks it read on click, and marks all read', async () => {
    await bell().waitFor();
    expect(await bell().getAttribute('aria-label')).toBe('Notifications');

    await notify('Your campaign “Winter meals” was approved', { campaign: 'Winter meals' });
    await notify('A donor gave $25.00', { campaign: 'Winter meals' });
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    expect(await page.locator('.cw-bell__badge').textContent()).toBe('2');
    expect(await page.getByText('New notification: A donor gave $25.00').count()).toBe(1);

    await bell().click();
    expect(await bell().getAttribute('aria-expanded')).toBe('true');
    const items = page.locator('.cw-bell__list .cw-notification');
    expect(await items.count()).toBe(2);
    expect(await items.first().textContent()).toContain('A donor gave $25.00');
    expect(await items.first().textContent()).toContain('Winter meals');
    expect(await items.first().textContent()).toContain('just now');

    await items.first().click();
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.locator('.cw-bell__badge').count()).toBe(0);

    await page.keyboard.press('Escape');
    expect(await bell().getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('notification-bell');
  });

  it('keeps a second tab of the same user in step', async () => {
    const second = await browser.context.newPage();
    try {
      await second.goto(app.url);
      await second.getByTestId('notification-bell').waitFor();
      await notify('Seen in both tabs');
      await Promise.all([
        page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor(),
        second.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor(),
      ]);
      // Reading in one tab refreshes the other.
      await second.getByTestId('notification-bell').click();
      await second.locator('.cw-bell__list .cw-notification').first().click();
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    } finally {
      await second.close();
    }
  });

  it('opens the own profile from the header, saves a new name and photo, and the header follows', async () => {
    await page.getByTestId('session-user').click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    await expectAccessible(page, 'the profile page');

    await page.getByLabel('Last name').fill('Nguyen-Park');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your profile is saved.').waitFor();
    await page.locator('.cw-user__name', { hasText: 'Casey Nguyen-Park' }).waitFor();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add a photo' }).click();
    await (await chooser).setFiles({ name: 'me.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await page.getByRole('alert').textContent()).toContain("isn't a picture we can use");

    const photo = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add a photo' }).click();
    await (await photo).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(pngOfSize(128, 128)) });
    await page.getByText('Your new photo is saved.').waitFor();
    expect(await page.locator('img.cw-user__avatar').getAttribute('src')).toMatch(/avatar_.*\.png/);
    expect(browser.errors).toEqual([]);
  });

  it('closes the live stream on sign-out, and shows no branding to a user without an organization', async () => {
    const streams = app.server.container.get(TYPES.EventStreams);
    expect(streams.size).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    const deadline = Date.now() + 5_000;
    while (streams.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streams.size).toBe(0);

    await signInInBrowser(page, 'promoter@demo.local', app.demoPassword);
    await page.getByTestId('notification-bell').waitFor();
    expect(await page.locator('.cw-app').getAttribute('class')).toBe('cw-app');
    expect(await page.locator('.cw-footer').textContent()).not.toContain('Harbor Light');
  });
});
