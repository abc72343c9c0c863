import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { pngOfSize } from '@causeway/tests/support/png';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

const DAY = 86_400_000;
const CAMPAIGN_ID = 'winter-meals-live';
const TITLE = 'Warm meals for 500 families';
const ORGANIZATION = 'Harbor Light Food Bank';

describe('the public campaign page in the browser', () => {
  let app: TestApp;
  let browser: BrowserSession;
  let page: Page;
  let coverUrl: string;
  const consoleErrors: string[] = [];

  const pageUrl = (id: string, slash = '/') => `${app.url}/campaign/${id}/details${slash}`;
  const heading = () => page.getByRole('heading', { level: 1 });
  const progress = () => page.getByTestId('campaign-progress');

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    const repositories = app.server.container.get(TYPES.Repositories);
    const harbor = (await repositories.organizations.list()).find((org) => org.name === ORGANIZATION)!;
    const campaigner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
    const cover = await app.server.container
      .get(TYPES.FileStore)
      .put(`campaigns/${CAMPAIGN_ID}/cover.png`, pngOfSize(1200, 630), 'image/png');
    coverUrl = cover.url;
    await repositories.campaigns.create({
      campaignUUID: CAMPAIGN_ID,
      userId: campaigner.uid,
      organizationId: harbor.organizationId,
      createdAt: new Date().toISOString(),
      campaignName: 'Winter meals',
      campaignTitle: TITLE,
      campaignDescription:
        'Every week our volunteers cook and deliver warm meals.\n\nHelp us reach 500 families <b>this winter</b>.',
      campaignCategory: 'Hunger and food security',
      campaignTags: ['food', 'winter'],
      campaignCoverImage: coverUrl,
      campaignRaiseGoal: 10_000_00,
      campaignRaised: 2_500_00,
      donators: 12,
      // A started day counts: 29.5 days read "30 days left" for the whole run.
      campaignRaiseGoalDeadline: new Date(Date.now() + 29.5 * DAY).toISOString(),
      allowDonations: true,
      isPaid: true,
    });
    browser = await openBrowser();
    page = browser.page;
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows a live campaign to a signed-out visitor, with its link preview tags in the page source', async () => {
    const response = await page.goto(pageUrl(CAMPAIGN_ID));
    expect(response?.status()).toBe(200);
    // A CDN may hold the page a moment; its figures are fetched live.
    expect(response?.headers()['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
    const source = (await response?.text()) ?? '';
    expect(source).toContain(`<meta property="og:title" content="${TITLE} · ${ORGANIZATION}">`);
    // The page loads its cover by its path on the site; crawlers read the whole address.
    expect(coverUrl).toBe(`/files/campaigns/${CAMPAIGN_ID}/cover.png`);
    expect(source).toContain(`<meta property="og:image" content="${app.url}${coverUrl}">`);
    expect(source).toContain(`<meta name="twitter:card" content="summary_large_image">`);
    // The campaign is in the page itself, painted before any script runs.
    expect(source).toMatch(new RegExp(`<h1 [^>]*class="cw-cpage__title"[^>]*>${TITLE}</h1>`));
    expect(source).toContain('$2,500.00');

    await heading().waitFor();
    expect(await heading().textContent()).toBe(TITLE);
    // The page's own code takes over: the donation panel is there.
    await page.locator('.cw-cpage__donate').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.locator('.cw-cpage__org-name').textContent()).toBe(ORGANIZATION);
    const figures = (await progress().textContent()) ?? '';
    expect(figures).toContain('$2,500.00');
    expect(figures).toContain('raised of $10,000.00 goal');
    expect(await page.getByTestId('campaign-percent').textContent()).toBe('25%');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(await page.getByTestId('campaign-donors').textContent()).toBe('12 donors');
    expect(figures).toContain('30 days left');
    // The story keeps its paragraphs and shows markup as text.
    expect(await page.locator('.cw-cpage__story p').allTextContents()).toEqual([
      'Every week our volunteers cook and deliver warm meals.',
      'Help us reach 500 families <b>this winter</b>.',
    ]);
    expect(await page.locator('.cw-cpage__chip').allTextContents()).toEqual([
      'Hunger and food security',
      '#food',
      '#winter',
    ]);
    // The cover comes from the file store and loads.
    const cover = page.locator('img.cw-cpage__cover-media');
    expect(await cover.getAttribute('src')).toBe(coverUrl);
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img.cw-cpage__cover-media');
      return image !== null && image.complete && image.naturalWidth === 1200;
    });
    // A live campaign's page offers no payment that would not work yet, and is no preview.
    expect(await page.locator('.cw-cpage__preview, .cw-cpage__note').count()).toBe(0);

    // The slim public frame: no sign-in screen, a way to sign in.
    expect(await page.getByRole('heading', { name: 'Sign in to Causeway' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await page.title()).toBe(`${TITLE} · ${ORGANIZATION}`);
    await expectAccessible(page, 'the public campaign page, signed out');
    expect(browser.errors).toEqual([]);
  });

  it('loads its cover when opened by another name of the host, a cover stored with the old whole address too', async () => {
    // The newcomer's way in: http://127.0.0.1:PORT, where the public URL says http://localhost:PORT.
    const otherName = pageUrl(CAMPAIGN_ID).replace('//localhost:', '//127.0.0.1:');
    expect(otherName).not.toBe(pageUrl(CAMPAIGN_ID));
    const repositories = app.server.container.get(TYPES.Repositories);
    const blocked: string[] = [];
    const visitor = await browser.context.newPage();
    visitor.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    const coverLoaded = () =>
      visitor.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('img.cw-cpage__cover-media');
        return image !== null && image.complete && image.naturalWidth === 1200;
      });
    try {
      await visitor.goto(otherName);
      await coverLoaded();
      // Before same-origin paths every cover was stored as http://localhost:PORT/files/….
      await repositories.campaigns.update(CAMPAIGN_ID, { campaignCoverImage: `${app.url}${coverUrl}` });
      await visitor.goto(otherName);
      expect(await visitor.locator('img.cw-cpage__cover-media').getAttribute('src')).toBe(coverUrl);
      await coverLoaded();
    } finally {
      await visitor.close();
      await repositories.campaigns.update(CAMPAIGN_ID, { campaignCoverImage: coverUrl });
    }
    expect(blocked).toEqual([]);
  });

  it('serves the same page without the trailing slash', async () => {
    const response = await page.goto(pageUrl(CAMPAIGN_ID, ''));
    expect(response?.status()).toBe(200);
    await heading().waitFor();
    expect(await heading().textContent()).toBe(TITLE);
  });

  it('shows "campaign not found" with a 404 status for an unknown campaign', async () => {
    const response = await page.goto(pageUrl('no-such-campaign'));
    expect(response?.status()).toBe(404);
    await page.getByTestId('campaign-not-found').waitFor();
    expect(await heading().textContent()).toBe('Campaign not found');
    expect(await page.title()).toBe('Campaign not found · Causeway');
    expect(await page.getByRole('link', { name: 'Go to Causeway' }).getAttribute('href')).toBe('/');
    await expectAccessible(page, '"campaign not found"');
  });

  it('paints the campaign before any script runs (scripts blocked)', async () => {
    const plain = await browser.context.newPage();
    try {
      await plain.route('**/*.js', (route) => route.abort());
      const response = await plain.goto(pageUrl(CAMPAIGN_ID));
      expect(response?.status()).toBe(200);
      expect(await plain.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
      expect(await plain.getByTestId('campaign-progress').textContent()).toContain('$2,500.00');
      expect(await plain.locator('img.cw-cpage__cover-media').getAttribute('src')).toBe(coverUrl);
      await expectAccessible(plain, 'the campaign page painted without scripts');
    } finally {
      await plain.close();
    }
  });

  it('offers another try when the campaign cannot be fetched, and shows it once it can', async () => {
    // Opened from within the app (the page's own link carries its data): the campaign is fetched.
    await page.goto(`${app.url}/no-such-area`);
    await page.route('**/api/campaigns/*/page', (route) => route.abort('internetdisconnected'));
    const alert = page.getByRole('alert');
    try {
      await page.evaluate((path) => {
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      }, `/campaign/${CAMPAIGN_ID}/details/`);
      await alert.waitFor({ timeout: 15_000 });
    } finally {
      await page.unroute('**/api/campaigns/*/page');
    }
    expect(await alert.getByRole('heading').textContent()).toBe('We couldn’t load this campaign');
    expect(await alert.textContent()).toContain("Can't reach Causeway right now.");
    await expectAccessible(page, 'the campaign that could not be fetched');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await heading().filter({ hasText: TITLE }).waitFor();
  });

  it('shows the error card, and logs the failed route, when the donor front end cannot be loaded', async () => {
    consoleErrors.length = 0;
    await page.route('**/remotes/donor/**', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    try {
      await page.goto(pageUrl(CAMPAIGN_ID));
      await page.getByRole('heading', { name: "The campaign page couldn't be loaded" }).waitFor();
      await expectAccessible(page, 'the error card of a front end that could not load');
    } finally {
      await page.unroute('**/remotes/donor/**');
    }
    expect(
      consoleErrors.some((text) => text.includes(`Route change to /campaign/${CAMPAIGN_ID}/details/ failed`)),
    ).toBe(true);
  });

  it('shows the page to a signed-in promoter too, with the way back to their own area', async () => {
    await page.goto(pageUrl(CAMPAIGN_ID));
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to Causeway' }).waitFor();
    await signInInBrowser(page, 'promoter@demo.local', app.demoPassword);
    await page.locator('.cw-donor').waitFor();

    await page.goto(pageUrl(CAMPAIGN_ID));
    await heading().filter({ hasText: TITLE }).waitFor();
    expect(await page.getByTestId('campaign-donors').textContent()).toBe('12 donors');
    const dashboard = page.getByRole('link', { name: 'Your dashboard' });
    await dashboard.waitFor();
    await expectAccessible(page, 'the public campaign page, signed in as a promoter');
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await dashboard.click();
    await page.locator('.cw-donor').waitFor();
    await expectAccessible(page, "the promoter's dashboard");
    expect(new URL(page.url()).pathname).toBe('/donor');
    expect(await page.title()).toBe('Causeway');
  });
});
