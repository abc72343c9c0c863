import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { createLiveCampaign } from '@causeway/tests/support/campaigns';
import { freePort } from '@causeway/tests/support/free-port';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

const CAMPAIGN_ID = 'embedded-meals';
/** The organization's own site, which it lists; and another site on this computer, which it does not. */
const LISTED_HOST = '127.0.0.2';
const UNLISTED_HOST = '127.0.0.3';

/** A nonprofit's page on its own site, with what it pasted from the campaigner's screen. */
const sitePage = (pasted: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Harbor Light: give</title></head>
<body><h1>Harbor Light Food Bank</h1><p>Help us feed families this winter.</p>${pasted}</body></html>`;

/** Serves `/button` and `/frame` pages (each with one snippet) on one loopback address. */
function siteOn(host: string, port: number, snippets: { button: string; frame: string }): Promise<Server> {
  const server = createServer((req, res) => {
    const pasted = req.url === '/button' ? snippets.button : req.url === '/frame' ? snippets.frame : null;
    if (pasted === null) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(sitePage(pasted));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

describe('the donate form on an organization’s own site', () => {
  let app: TestApp;
  let browser: BrowserSession;
  let page: Page;
  let port: number;
  let harborId: string;
  const sites: Server[] = [];
  const refusals: string[] = [];

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    port = await freePort();
    harborId = (await createLiveCampaign(app, CAMPAIGN_ID, { campaignRaised: 400_00, donators: 4 })).organizationId;
    const snippets = {
      button: `<script src="${app.url}/embed/donate-button.js" data-campaign="${CAMPAIGN_ID}" async></script>`,
      frame: `<iframe src="${app.url}/campaign/${CAMPAIGN_ID}/donate-form" title="Donate form" style="width:100%;max-width:460px;height:640px;border:0"></iframe>`,
    };
    sites.push(await siteOn(LISTED_HOST, port, snippets), await siteOn(UNLISTED_HOST, port, snippets));
    browser = await openBrowser();
    page = browser.page;
    page.on('console', (message) => {
      // Chromium's word for a frame its page may not show: "Framing '…' violates … "frame-ancestors …"".
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
  });

  afterAll(async () => {
    await browser?.close();
    for (const site of sites) await new Promise((resolve) => site.close(resolve));
    await app?.close();
  });

  it('lets an admin list the organization’s site in Admin → Organizations, refusing what is not a site', async () => {
    const admin = await openBrowser();
    try {
      const screen = admin.page;
      await screen.goto(app.url);
      await signInInBrowser(screen, 'super@demo.local', app.demoPassword);
      await screen.getByTestId('session-user').waitFor();
      await screen.goto(`${app.url}/admin/organizations/${encodeURIComponent(harborId)}`);
      const sites = screen.getByLabel(/^Sites/);
      await sites.fill(`http://${LISTED_HOST}:${port}/give`);
      await screen.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => sites.evaluate((element) => element.getAttribute('aria-invalid'))).toBe('true');
      await sites.fill(`http://${LISTED_HOST}:${port}/`);
      await screen.getByRole('button', { name: 'Save changes' }).click();
      await screen.locator('.cw-admin-toast', { hasText: 'Changes saved.' }).waitFor();
      const repositories = app.server.container.get(TYPES.Repositories);
      expect((await repositories.organizations.findById(harborId))?.embedOrigins).toEqual([
        `http://${LISTED_HOST}:${port}`,
      ]);
    } finally {
      await admin.close();
    }
  });

  it('gives the campaigner both snippets to copy, with a preview of the form', async () => {
    const campaigner = await openBrowser();
    try {
      const screen = campaigner.page;
      await screen.goto(app.url);
      await signInInBrowser(screen, 'campaigner@demo.local', app.demoPassword);
      await screen.getByTestId('session-user').waitFor();
      await screen.goto(`${app.url}/campaigner/campaigns/${CAMPAIGN_ID}`);
      const section = screen.getByRole('region', { name: 'Donate form on your site' });
      await section.waitFor();
      expect(await section.getByLabel(/A Donate button/).inputValue()).toBe(
        `<script src="${app.url}/embed/donate-button.js" data-campaign="${CAMPAIGN_ID}" async></script>`,
      );
      expect(await section.getByLabel(/The form in the page/).inputValue()).toContain(
        `src="${app.url}/campaign/${CAMPAIGN_ID}/donate-form"`,
      );
      // Where it works: the site the admin listed.
      expect(await section.getByTestId('donate-form-sites').textContent()).toBe(
        `Works on this site: http://${LISTED_HOST}:${port}`,
      );
      const preview = screen.frameLocator('[data-testid="donate-form-preview"]');
      await preview.getByRole('heading', { name: 'Warm meals for 500 families' }).waitFor();
      await preview.getByRole('button', { name: 'Donate' }).waitFor();
      await expectAccessible(screen, 'the live campaign with its donate form snippets');
      await screen.getByRole('region', { name: 'Donate form on your site' }).scrollIntoViewIfNeeded();
    } finally {
      await campaigner.close();
    }
  });

  it('opens over the listed site from its Donate button, sized to the form, and a gift goes through', async () => {
    await page.goto(`http://${LISTED_HOST}:${port}/button`);
    await page.getByRole('button', { name: 'Donate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Donate' });
    await dialog.waitFor();
    const form = page.frameLocator('iframe[title="Donate"]');
    await form.getByRole('heading', { name: 'Warm meals for 500 families' }).waitFor();
    // The frame takes the form's height, told by the form itself.
    await expect
      .poll(async () => page.locator('iframe[title="Donate"]').evaluate((frame) => frame.style.height))
      .not.toBe('560px');
    const frameHeight = await page.locator('iframe[title="Donate"]').evaluate((frame) => frame.clientHeight);
    const formHeight = await form.locator('html').evaluate((html) => html.getBoundingClientRect().height);
    expect(Math.abs(frameHeight - formHeight)).toBeLessThanOrEqual(2);
    // Closed and opened again from the button.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Donate' }).click();

    await form.getByText('Monthly').waitFor();
    await form.getByLabel('Other amount ($)').fill('30');
    await form.getByLabel(/Your name/).fill('Robin');
    await form.getByLabel(/Message/).fill('From your neighbours');
    await form.getByRole('button', { name: 'Donate' }).click();

    // The card goes on the payment provider's page, in the whole window.
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    const summary = (await page.getByRole('region', { name: 'Order summary' }).textContent()) ?? '';
    expect(summary).toContain('Donation of $30.00 to Warm meals for 500 families');
    await page.getByLabel('Email').fill('robin@example.org');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Robin Giver');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(new RegExp(`/campaign/${CAMPAIGN_ID}/thank-you\\?session_id=cs_`));
    await page.getByRole('heading', { name: 'Thank you, Robin!' }).waitFor({ timeout: 15_000 });

    const donations = await app.server.container.get(TYPES.Repositories).donations.listDonationsByCampaign(CAMPAIGN_ID);
    expect(donations).toEqual([
      expect.objectContaining({ amount: 30_00, donor_name: 'Robin', message: 'From your neighbours' }),
    ]);
    expect(refusals).toEqual([]);

    // The thank-you page leads back to the organization's page the donor gave from.
    const back = page.getByRole('link', { name: `Back to ${LISTED_HOST}:${port}` });
    await back.waitFor();
    expect(await back.getAttribute('href')).toBe(`http://${LISTED_HOST}:${port}/button`);
    await expectAccessible(page, 'the thank-you page with its link back to the organization’s site');
    await back.click();
    await page.waitForURL(`http://${LISTED_HOST}:${port}/button`);
    await page.getByRole('heading', { name: 'Harbor Light Food Bank' }).waitFor();
  });

  it('goes back to the organization’s page when the donor cancels on the payment page', async () => {
    await page.goto(`http://${LISTED_HOST}:${port}/button#give`);
    await page.getByRole('button', { name: 'Donate' }).click();
    const form = page.frameLocator('iframe[title="Donate"]');
    await form.getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    await page.getByRole('link', { name: /Back/ }).click();
    await page.waitForURL(`http://${LISTED_HOST}:${port}/button`);
    await page.getByRole('heading', { name: 'Harbor Light Food Bank' }).waitFor();
  });

  it('after a declined card, passes the bot check by itself before the next checkout', async () => {
    const giveInFrame = async () => {
      await page.goto(`http://${LISTED_HOST}:${port}/frame`);
      const form = page.frameLocator('iframe[title="Donate form"]');
      await form.getByRole('button', { name: 'Donate' }).click();
      await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    };
    await giveInFrame();
    await page.getByLabel('Email').fill('robin@example.org');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Robin Giver');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByText('Your card was declined.').waitFor();

    const challenge = page.waitForResponse((response) => response.url().endsWith('/api/auth/bot-check'));
    await giveInFrame();
    expect((await challenge).status()).toBe(200);
  });

  it('shows in a frame on the listed site, knowing the site from the address the browser gives', async () => {
    await page.goto(`http://${LISTED_HOST}:${port}/frame`);
    const form = page.frameLocator('iframe[title="Donate form"]');
    await form.getByRole('button', { name: 'Donate' }).waitFor();
    expect(refusals).toEqual([]);
    // A plain frame is told nothing: the browser names the site (not the page) of another site's frame.
    expect(await form.locator('main').getAttribute('data-return-url')).toBe(`http://${LISTED_HOST}:${port}/`);
  });

  it('is refused by the browser on a site the organization does not list', async () => {
    await page.goto(`http://${UNLISTED_HOST}:${port}/frame`);
    await expect.poll(() => refusals.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(refusals[0]).toContain(`frame-ancestors 'self' http://${LISTED_HOST}:${port}`);
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(framed).toBeDefined();
    expect(await framed!.locator('form').count()).toBe(0);
    expect(framed!.url()).not.toContain('/donate-form');

    // The Donate button there opens a frame the browser refuses too: nothing of the form shows.
    refusals.length = 0;
    await page.goto(`http://${UNLISTED_HOST}:${port}/button`);
    await page.getByRole('button', { name: 'Donate' }).click();
    await expect.poll(() => refusals.length, { timeout: 10_000 }).toBeGreaterThan(0);
  });
});
