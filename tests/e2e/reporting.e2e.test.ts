import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { pdfText } from '@causeway/tests/support/pdf-text';
import { monthlyGift, writeMonthlyGift } from '@causeway/tests/support/monthly-gifts';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

const CAMPAIGN_ID = 'soup-kitchen-live';
const TITLE = 'Hot soup for the harbour shelters';
const MESSAGE = 'Stay warm, kids!';

describe('the reporting area in the browser', () => {
  let app: TestApp;
  let campaigner: BrowserSession;
  let donor: BrowserSession;
  let page: Page;
  /** The demo promoter's X link to the campaign. */
  let xLink: string;
  const consoleErrors: string[] = [];

  const raised = () => page.locator('[data-kpi="Raised"] .cw-rep-kpi__value');
  const reportsNav = () => page.getByRole('navigation', { name: 'Reports' });

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    const repositories = app.server.container.get(TYPES.Repositories);
    const harbor = (await repositories.organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
    const owner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
    await repositories.campaigns.create({
      campaignUUID: CAMPAIGN_ID,
      userId: owner.uid,
      organizationId: harbor.organizationId,
      createdAt: new Date().toISOString(),
      campaignName: 'Soup kitchen',
      campaignTitle: TITLE,
      campaignDescription: 'A bowl of hot soup for everyone who sleeps in the harbour shelters this winter.',
      campaignRaiseGoal: 2_000_00,
      campaignRaiseGoalDeadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      workflowstatus: 'Published',
      allowDonations: true,
      isPaid: true,
    });
    const promoted = await callApi(app, 'POST', `/api/campaigns/${CAMPAIGN_ID}/promotions`, {
      cookie: await signInAs(app, 'promoter@demo.local'),
    });
    const links = promoted.body.promotion.links as { channel: string; url: string }[];
    xLink = links.find((link) => link.channel === 'x')!.url;
    // Someone follows the LinkedIn link and does not give: a share click, and no gift.
    const linkedIn = links.find((link) => link.channel === 'linkedin')!.url;
    expect((await fetch(`${app.url}${new URL(linkedIn).pathname}`, { redirect: 'manual' })).status).toBe(302);
    campaigner = await openBrowser();
    donor = await openBrowser();
    page = campaigner.page;
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(app.url);
    await signInInBrowser(page, 'campaigner@demo.local', app.demoPassword);
    await page.getByRole('link', { name: 'Reports' }).first().waitFor();
  }, 300_000);

  afterAll(async () => {
    await donor?.close();
    await campaigner?.close();
    await app?.close();
  });

  it('shows a gift made in another window on the campaigner’s dashboard within 5 s, and the charts draw it', async () => {
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.getByText('Last 30 days:').waitFor();
    await page.getByRole('radio', { name: 'Last 7 days' }).check();
    await page.getByText('Last 7 days:').waitFor();
    // Nothing given yet: either no figures at all, or none raised.
    const before = (await raised().count()) === 0 ? null : await raised().textContent();
    expect(before === null || before === '$0').toBe(true);

    // In another window, a donor follows the promoter's X link and gives $25 with a message.
    const giving = donor.page;
    await giving.goto(`${app.url}${new URL(xLink).pathname}`);
    await giving.waitForURL(new RegExp(`/campaign/${CAMPAIGN_ID}/details/\\?ref=.*utm_source=x`));
    const donate = giving.getByRole('form', { name: 'Make a donation' });
    await donate.waitFor();
    await donate.getByRole('button', { name: '$25', exact: true }).click();
    await donate.getByLabel(/Your name/).fill('Dana');
    await donate.getByLabel(/Message to the campaign/).fill(MESSAGE);
    await donate.getByRole('button', { name: 'Donate $25.00' }).click();
    await giving.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    await giving.getByLabel('Email').fill('dana@example.org');
    await giving.getByLabel('Card number').fill('4242 4242 4242 4242');
    await giving.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await giving.getByLabel('Security code (CVC)').fill('123');
    await giving.getByLabel('Name on card').fill('Dana Donor');
    await giving.getByRole('button', { name: /^Pay/ }).click();
    await giving.waitForURL(new RegExp(`/campaign/${CAMPAIGN_ID}/thank-you\\?session_id=cs_`));
    const paidAt = Date.now();

    // The dashboard moves without a reload.
    await raised().waitFor({ timeout: 5_000 });
    await expect.poll(async () => raised().textContent(), { timeout: 5_000, interval: 100 }).toBe('$25');
    expect(Date.now() - paidAt).toBeLessThan(5_000);
    expect(await page.locator('[data-kpi="Gifts"] .cw-rep-kpi__value').textContent()).toBe('1');

    // The chart draws the day's gift: a line with its points, and the same figure in its table.
    const chart = page.getByRole('region', { name: /Raised and ad spend by day/ });
    expect(await chart.locator('.recharts-line-curve').count()).toBeGreaterThanOrEqual(1);
    expect(await chart.locator('.recharts-line-dots circle').count()).toBeGreaterThan(0);
    const today = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    const todayRow = chart.locator('table tbody tr', { hasText: today });
    expect(await todayRow.locator('td').first().textContent()).toBe('$25');
    // The table is a switch away for anyone who wants it.
    await chart.getByRole('button', { name: 'Show table' }).click();
    expect(await chart.getByRole('table').isVisible()).toBe(true);
    expect(await chart.locator('.recharts-line-curve').count()).toBe(0);
    await chart.getByRole('button', { name: 'Show chart' }).click();
    await chart.locator('.recharts-line-curve').first().waitFor();

    // Gifts by share channel: the bars count gifts, as the title and caption say (not the share clicks).
    const channels = page.getByRole('region', { name: 'Gifts by share channel' });
    await expect
      .poll(async () => channels.textContent(), { timeout: 5_000, interval: 100 })
      .toContain("1 of 1 gifts came through promoters' share links");
    const bars = channels.locator('.recharts-label-list text');
    await bars.first().waitFor();
    // The table beside it: share clicks, gifts and raised for X, LinkedIn, Facebook, Instagram and QR code.
    const table = await channels
      .locator('table tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
    expect(table.map(([, gifts]) => gifts)).toEqual(['1', '0', '0', '0', '0']);
    // One bar, X's one gift (a channel without gifts has no bar to label).
    expect(await bars.allTextContents()).toEqual(['1']);
    // LinkedIn's link was followed, without a gift.
    expect(Number(table[1]![0])).toBeGreaterThan(0);
  });

  it('lists the campaign with its gift, and its report names the donor and their message', async () => {
    await reportsNav().getByRole('link', { name: 'Campaigns' }).click();
    await page.getByRole('heading', { name: 'Campaigns', level: 1 }).waitFor();
    const row = page.locator('.cw-rep-table tbody tr', { hasText: TITLE });
    await row.waitFor();
    expect(await row.textContent()).toContain('$25');
    const exports = page.getByRole('group', { name: 'Export campaigns' });
    expect(await exports.getByRole('link', { name: /as XLSX/ }).getAttribute('href')).toMatch(
      /^\/api\/reporting\/exports\/campaigns\?.*format=xlsx/,
    );

    await row.getByRole('link', { name: TITLE }).click();
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const gifts = page.locator('section[aria-labelledby="campaign-gifts"]');
    await gifts.getByText(MESSAGE).waitFor();
    expect(await gifts.locator('tbody tr').first().textContent()).toContain('Dana');
    // One visit of the page (by the X link), one checkout, one gift; the gift counts for X.
    const funnel = page.getByRole('region', { name: 'From ad to gift' });
    const stage = (name: string) =>
      funnel.locator('table tbody tr', { hasText: name }).locator('td').first().textContent();
    expect(await stage('Page visits')).toBe('1');
    expect(await stage('Checkouts started')).toBe('1');
    expect(await stage('Gifts')).toBe('1');
    const channels = page.getByRole('region', { name: 'Share clicks by channel' });
    const x = channels.locator('table tbody tr', { hasText: /^X/ }).locator('td');
    expect(await x.allTextContents()).toEqual(['1', '1', '$25']);
  });

  it('lists the gift on the campaigner’s live campaign page, with a link to the report', async () => {
    await page.goto(`${app.url}/campaigner/campaigns/${CAMPAIGN_ID}`);
    const gifts = page.getByTestId('campaign-gifts');
    await gifts.getByText(MESSAGE).waitFor();
    const row = gifts.locator('tbody tr').first();
    expect(await row.textContent()).toContain('$25.00');
    expect(await row.textContent()).toContain('Dana');
    expect(await row.textContent()).toContain('Not refunded');
    await page.getByRole('link', { name: 'Campaign report' }).click();
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  });

  it('shows monthly giving: monthly donors, recurring revenue, gifts by month and their retention', async () => {
    const repositories = app.server.container.get(TYPES.Repositories);
    const harbor = (await repositories.organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const gift = (id: string, startedDaysAgo: number, amountCents: number, email: string) =>
      monthlyGift(id, {
        campaignId: CAMPAIGN_ID,
        organizationId: harbor.organizationId,
        startedAt: daysAgo(startedDaysAgo),
        amountCents,
        donorEmail: email,
      });
    await writeMonthlyGift(repositories.monthlyGifts, gift('sub_e2e_1', 40, 2_000, 'mona@example.org'));
    await writeMonthlyGift(repositories.monthlyGifts, gift('sub_e2e_2', 10, 1_500, 'milo@example.org'));
    const cancelled = gift('sub_e2e_3', 35, 1_000, 'max@example.org');
    await writeMonthlyGift(repositories.monthlyGifts, cancelled);
    await writeMonthlyGift(repositories.monthlyGifts, {
      ...cancelled,
      status: 'ended',
      endedAt: daysAgo(5),
      endedReason: 'requested',
      changedAt: daysAgo(5),
    });

    await reportsNav().getByRole('link', { name: 'Monthly giving' }).click();
    await page.getByRole('heading', { name: 'Monthly giving', level: 1 }).waitFor();
    await page.getByRole('radio', { name: 'Last 90 days' }).check();
    const donors = page.locator('[data-kpi="Monthly donors"] .cw-rep-kpi__value');
    await expect.poll(async () => donors.textContent(), { timeout: 10_000, interval: 100 }).toBe('2');
    expect(await page.locator('[data-kpi="Monthly recurring revenue"] .cw-rep-kpi__value').textContent()).toBe('$35');

    // The chart draws the months' bars, and its table adds up to three new gifts and one cancelled.
    const chart = page.getByRole('region', { name: 'New, cancelled and failed monthly gifts' });
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    const months = await chart
      .locator('table tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((cell) => Number(cell.textContent))),
      );
    const sum = (column: number) => months.reduce((total, row) => total + row[column]!, 0);
    expect([sum(0), sum(1), sum(2)]).toEqual([3, 1, 0]);

    const retention = page.getByRole('region', { name: 'Retention by month of start' });
    const started = await retention
      .locator('tbody tr td:first-of-type')
      .evaluateAll((cells) => cells.map((cell) => Number(cell.textContent)));
    expect(started.reduce((total, gifts) => total + gifts, 0)).toBe(3);
    const exports = page.getByRole('group', { name: 'Export monthly giving' });
    expect(await exports.getByRole('link', { name: /as CSV/ }).getAttribute('href')).toMatch(
      /^\/api\/reporting\/exports\/monthlyGiving\?.*format=csv/,
    );
    expect(
      await page
        .getByRole('group', { name: 'Export monthly retention' })
        .getByRole('link', { name: /as XLSX/ })
        .count(),
    ).toBe(1);
  });

  it('has no serious or critical accessibility problem on any report, and fits a 390 px screen', async () => {
    const pages: [string, string][] = [
      ['/reports', 'Overview'],
      ['/reports/campaigns', 'Campaigns'],
      [`/reports/campaigns/${CAMPAIGN_ID}`, TITLE],
      ['/reports/promoters', 'Promoters'],
      ['/reports/donors', 'Donors'],
      ['/reports/monthly', 'Monthly giving'],
      ['/reports/payments', 'Payments'],
    ];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const [path, heading] of pages) {
        await page.goto(`${app.url}${path}?range=7`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.locator('.cw-skeleton').waitFor({ state: 'detached' });
        await expectAccessible(page, `${path} at ${width} px`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      }
    }
    expect(campaigner.errors).toEqual([]);
    // As designed: the signed-out session check answers 401, and the live campaign's delivery 404 (the
    // campaign is not on the ad platform); nothing else failed.
    expect(consoleErrors.filter((text) => !/status of 40[14] /.test(text))).toEqual([]);
    // Seven reports at two widths, each checked for accessibility.
  }, 120_000);

  it('lets the organization’s admin send the year’s statements from the donors report and follow them to done', async () => {
    const repositories = app.server.container.get(TYPES.Repositories);
    const harbor = (await repositories.organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
    await addPerson(app, { email: 'harbor.admin@example.org', admin: true, organizationId: harbor.organizationId });
    // In the other window, signed in as the organization's admin.
    const admin = donor.page;
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto(app.url);
    await signInInBrowser(admin, 'harbor.admin@example.org', app.demoPassword);
    await admin.getByRole('link', { name: 'Reports' }).first().waitFor();
    await admin.goto(`${app.url}/reports/donors`);
    await admin.getByRole('heading', { name: 'Donors', level: 1 }).waitFor();
    const panel = admin.getByRole('region', { name: 'Year-end statements' });
    await panel.waitFor();
    const year = new Date().getUTCFullYear();
    await panel.getByLabel('Year').selectOption(String(year));
    await panel.getByRole('button', { name: `Send year-end statements for ${year}` }).click();
    await panel.getByText(`Statements for ${year} sent.`).waitFor({ timeout: 60_000 });
    const progress = await panel.locator('[data-progress]').textContent();
    const [, sent, total] = /^(\d+) of (\d+) sent$/.exec(progress ?? '') ?? [];
    expect(Number(sent)).toBeGreaterThanOrEqual(1);
    expect(sent).toBe(total);
    await expectAccessible(admin, 'the donors report with year-end statements');

    // Dana's statement went out with its PDF, once.
    const mails = (await app.server.container.get(TYPES.Mailbox).list({ to: 'dana@example.org' })).filter(
      (mail) => mail.kind === 'statement',
    );
    expect(mails).toHaveLength(1);
    const lines = pdfText(mails[0]!.attachments![0]!.content);
    expect(lines).toContain(`Giving statement ${year}`);
    expect(lines).toContain(TITLE);
    expect(donor.errors).toEqual([]);
  });
});
