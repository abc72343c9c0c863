import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { expectAccessible, openBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { pdfText } from '@causeway/tests/support/pdf-text';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

const CAMPAIGN_ID = 'gifts-live';
const HEADLINE = 'Warm meals for 500 families this winter';
const DONOR = 'dana@example.org';

describe("a donor's own gifts, from the receipt e-mail, without an account", () => {
  let app: TestApp;
  let browser: BrowserSession;
  let page: Page;

  /** The link to the gifts page in the donor's receipt e-mail, read from the app's outbox. */
  const giftsLinkInReceipt = async (): Promise<string> => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const mails = await app.server.container.get(TYPES.Mailbox).list({ to: DONOR });
      const receipt = mails.find((mail) => mail.kind === 'receipt');
      const link = receipt ? /https?:\/\/\S+\/my-gifts#link=[\w%-]+/.exec(receipt.text)?.[0] : undefined;
      if (link) return link;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`No receipt with a link to the gifts reached ${DONOR}`);
  };

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

  it('gives, opens the link from the receipt e-mail, sees the gift and downloads its receipt and the year’s statement', async () => {
    await page.goto(`${app.url}/campaign/${CAMPAIGN_ID}/details/`);
    const donate = page.getByRole('form', { name: 'Make a donation' });
    await donate.waitFor();
    await donate.getByRole('button', { name: '$25', exact: true }).click();
    await donate.getByLabel(/Your name/).fill('Dana');
    await donate.getByRole('button', { name: 'Donate $25.00' }).click();
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    await page.getByLabel('Email').fill(DONOR);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Dana Donor');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(new RegExp(`/campaign/${CAMPAIGN_ID}/thank-you\\?session_id=cs_`));

    // On a phone, as most receipts are read.
    await page.setViewportSize({ width: 390, height: 844 });
    const link = await giftsLinkInReceipt();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your gifts', level: 1 }).waitFor();
    const gift = page.getByRole('listitem').filter({ hasText: HEADLINE });
    await gift.waitFor({ timeout: 15_000 });
    // The link's token leaves the address bar as soon as the page has it.
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.textContent('main')).toContain(`Gifts made with ${DONOR}, newest first.`);
    expect(await gift.textContent()).toContain('Harbor Light Food Bank');
    expect(await gift.textContent()).toContain('$25.00');
    expect(await gift.textContent()).toContain('Paid');
    expect(await page.textContent('main')).not.toContain('internal');
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'the gifts page on a phone');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      gift.getByRole('link', { name: /Download the receipt of \$25\.00/ }).click(),
    ]);
    const lines = pdfText(new Uint8Array(await readFile((await download.path())!)));
    for (const text of ['Donation receipt', 'Harbor Light Food Bank', HEADLINE, '$25.00 (USD)', 'Dana']) {
      expect(lines).toContain(text);
    }

    // The year's statement of the gift's organization downloads as a PDF (years are calendar years in UTC).
    const year = new Date().getUTCFullYear();
    const statements = page.getByRole('region', { name: 'Year-end statements' });
    const statement = statements.getByRole('listitem').filter({ hasText: `Harbor Light Food Bank, ${year}` });
    await statement.waitFor();
    expect(await statement.textContent()).toContain('1 gift · $25.00 net of refunds');
    const [statementDownload] = await Promise.all([
      page.waitForEvent('download'),
      statement.getByRole('link', { name: `Download statement: Harbor Light Food Bank, ${year} (PDF)` }).click(),
    ]);
    expect(statementDownload.suggestedFilename()).toBe(`giving-statement-${year}-harbor-light-food-bank.pdf`);
    const statementBytes = new Uint8Array(await readFile((await statementDownload.path())!));
    expect(Buffer.from(statementBytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const statementLines = pdfText(statementBytes);
    for (const text of [
      `Giving statement ${year}`,
      'Harbor Light Food Bank, Inc.',
      '01-0456789',
      HEADLINE,
      'Total given, net of refunds',
      '$25.00 (USD)',
      'Years are calendar years in UTC: gifts are dated in UTC.',
    ]) {
      expect(statementLines).toContain(text);
    }

    // A reload keeps the visit (the http-only cookie), without the link.
    await page.reload();
    await gift.waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('says a link opened before cannot open again, and the form answers without telling who gave', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('heading', { name: 'Find my gifts' }).waitFor();

    await page.goto(await giftsLinkInReceipt());
    await page.getByText('This link to your gifts has already been opened').waitFor();
    const form = page.getByRole('form', { name: 'Find my gifts' });
    await form.getByLabel('E-mail address').fill(DONOR);
    await form.getByRole('button', { name: 'Send me a link' }).click();
    await page
      .getByText('If gifts were made with this address, we have sent it a link to them. It works once, for an hour.')
      .waitFor();
    await expectAccessible(page, 'the form for a link to one’s gifts');
    const mails = await app.server.container.get(TYPES.Mailbox).list({ to: DONOR });
    expect(mails.filter((mail) => mail.kind === 'giftsLink')).toHaveLength(1);
    expect(browser.errors).toEqual([]);
  });
});
