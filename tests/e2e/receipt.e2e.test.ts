import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { expectAccessible, openBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { pdfText } from '@causeway/tests/support/pdf-text';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

const CAMPAIGN_ID = 'receipt-live';
const HEADLINE = 'Warm meals for 500 families this winter';

describe('the receipt a donor reads and downloads', () => {
  let app: TestApp;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    const repositories = app.server.container.get(TYPES.Repositories);
    const harbor = (await repositories.organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
    const campaigner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
    await repositories.campaigns.create({
      campaignUUID: CAMPAIGN_ID,
      userId: campaigner.uid,
      organizationId: harbor.organizationId,
      createdAt: new Date().toISOString(),
      campaignName: 'Winter meals (internal)',
      campaignTitle: HEADLINE,
      campaignDescription: 'Hot meals for families across Portland all winter.',
      campaignRaiseGoal: 5_000_00,
      allowDonations: true,
      isPaid: true,
    });
    browser = await openBrowser();
    page = browser.page;
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('names the charity, the headline, the amount, date, reference and tax statement, and offers the PDF', async () => {
    await page.goto(`${app.url}/campaign/${CAMPAIGN_ID}/details/`);
    const donate = page.getByRole('form', { name: 'Make a donation' });
    await donate.waitFor();
    await expectAccessible(page, 'the campaign page');
    await donate.getByRole('button', { name: '$25', exact: true }).click();
    await donate.getByLabel(/Your name/).fill('Dana');
    await donate.getByRole('button', { name: 'Donate $25.00' }).click();
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    await page.getByLabel('Email').fill('dana@example.org');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Dana Donor');
    await page.getByRole('button', { name: /^Pay/ }).click();

    await page.waitForURL(new RegExp(`/campaign/${CAMPAIGN_ID}/thank-you\\?session_id=cs_`));
    await page.getByRole('heading', { name: 'Thank you, Dana!' }).waitFor({ timeout: 15_000 });
    await page.getByTestId('receipt-organization').waitFor();
    const body = (await page.textContent('main')) ?? (await page.textContent('body')) ?? '';
    expect(body).toContain(HEADLINE);
    expect(body).toContain('by Harbor Light Food Bank');
    expect(body).not.toContain('internal');
    expect(await page.getByTestId('receipt-organization').textContent()).toBe('Harbor Light Food Bank, Inc.');
    expect(await page.getByTestId('receipt-tax-statement').textContent()).toContain(
      'No goods or services were provided in exchange for it.',
    );
    expect(await page.getByTestId('receipt-amount').textContent()).toBe('$25.00');
    await expectAccessible(page, 'the receipt page');

    const pdfLink = page.getByRole('link', { name: 'Download the receipt (PDF)' });
    const href = await pdfLink.getAttribute('href');
    expect(href).toMatch(/^\/api\/payments\/cs_[^/]+\/receipt\.pdf$/);
    const pdf = await page.request.get(`${app.url}${href}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const lines = pdfText(await pdf.body());
    for (const text of ['Harbor Light Food Bank, Inc.', '01-0456789', HEADLINE, '$25.00 (USD)', 'Dana']) {
      expect(lines).toContain(text);
    }
    expect(browser.errors).toEqual([]);
  });
});
