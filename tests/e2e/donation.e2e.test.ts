import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_SANDBOX } from '@causeway/api/container';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { solveBotCheck } from '@causeway/tests/support/api-client';
import {
  expectAccessible,
  expectMaxLengths,
  openBrowser,
  signInInBrowser,
  type BrowserSession,
} from '@causeway/tests/support/browser';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

const CAMPAIGN_ID = 'warm-coats-live';
const TITLE = 'Warm coats for every child';
/** A second campaign, so the gift that covers the fee leaves the first one's checkouts (and their limit) as they were. */
const HATS_ID = 'warm-hats-live';
/** A third, for a monthly gift. */
const SCARVES_ID = 'warm-scarves-live';

describe('donating on a live campaign in the browser', () => {
  let app: TestApp;
  let browser: BrowserSession;
  let page: Page;
  const consoleErrors: string[] = [];

  const campaignUrl = (query = '') => `${app.url}/campaign/${CAMPAIGN_ID}/details/${query}`;
  const progress = () => page.getByTestId('campaign-progress');

  const fillCard = async (number: string) => {
    await page.getByLabel('Email').fill('dana@example.org');
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Dana Donor');
  };

  /** Gives $10 from the campaign page and pays on the sandbox's checkout page with `card`. */
  const giveTen = async (card: string) => {
    await page.goto(campaignUrl());
    const donate = page.getByRole('form', { name: 'Make a donation' });
    await donate.waitFor();
    await donate.getByRole('button', { name: '$10', exact: true }).click();
    await donate.getByRole('button', { name: 'Donate $10.00' }).click();
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    await fillCard(card);
    await page.getByRole('button', { name: /^Pay/ }).click();
  };

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    const repositories = app.server.container.get(TYPES.Repositories);
    const harbor = (await repositories.organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
    await repositories.organizations.update(harbor.organizationId, {
      paymentDisclaimer: 'Gifts are tax-deductible as allowed by law.',
      termsAndConditionsLink: 'https://harborlight.example/terms',
    });
    const campaigner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
    await repositories.campaigns.create({
      campaignUUID: CAMPAIGN_ID,
      userId: campaigner.uid,
      organizationId: harbor.organizationId,
      createdAt: new Date().toISOString(),
      campaignName: 'Warm coats',
      campaignTitle: TITLE,
      campaignDescription: 'Every child in Portland should have a warm coat this winter.',
      campaignRaiseGoal: 5_000_00,
      campaignRaised: 100_00,
      donators: 3,
      allowDonations: true,
      isPaid: true,
    });
    await repositories.campaigns.create({
      campaignUUID: HATS_ID,
      userId: campaigner.uid,
      organizationId: harbor.organizationId,
      createdAt: new Date().toISOString(),
      campaignName: 'Warm hats',
      campaignTitle: 'Warm hats for every child',
      campaignRaiseGoal: 1_000_00,
      allowDonations: true,
      isPaid: true,
    });
    await repositories.campaigns.create({
      campaignUUID: SCARVES_ID,
      userId: campaigner.uid,
      organizationId: harbor.organizationId,
      createdAt: new Date().toISOString(),
      campaignName: 'Warm scarves',
      campaignTitle: 'Warm scarves every month',
      campaignRaiseGoal: 1_000_00,
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

  it('offers preset amounts, the organization’s disclaimer and terms, and checks a custom amount', async () => {
    await page.goto(campaignUrl());
    const donate = page.getByRole('form', { name: 'Make a donation' });
    await donate.waitFor();
    await expectMaxLengths(page, 'the donation form');
    await expectAccessible(page, 'the campaign page with its donation form');
    for (const amount of ['$10', '$25', '$50', '$100']) {
      await expect(donate.getByRole('button', { name: amount, exact: true }).isVisible()).resolves.toBe(true);
    }
    expect(await donate.getByRole('button', { name: '$25', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await donate.textContent()).toContain('Gifts are tax-deductible as allowed by law.');
    expect(await donate.getByRole('link', { name: /terms and conditions/ }).getAttribute('href')).toBe(
      'https://harborlight.example/terms',
    );

    await donate.getByLabel('Other amount').fill('0.50');
    await donate.getByRole('button', { name: /^Donate/ }).click();
    expect(await donate.getByRole('alert').textContent()).toBe('The smallest gift is $1.00.');
    await donate.getByLabel('Other amount').fill('12.345');
    expect(await donate.getByRole('alert').textContent()).toBe('Enter an amount in dollars, like 25 or 25.50.');
    await donate.getByRole('button', { name: '$25', exact: true }).click();
    expect(await donate.getByRole('button', { name: /^Donate/ }).textContent()).toContain('Donate $25.00');
  });

  it('donates $25 with 4242…, lands on the receipt, and the campaign shows the gift', async () => {
    await page.goto(campaignUrl('?ref=nobody-known&utm_source=x'));
    const donate = page.getByRole('form', { name: 'Make a donation' });
    await donate.waitFor();
    await donate.getByRole('button', { name: '$25', exact: true }).click();
    await donate.getByLabel(/Your name/).fill('Dana');
    await donate.getByLabel(/Message to the campaign/).fill('Stay warm!');
    await donate.getByRole('button', { name: 'Donate $25.00' }).click();

    // Back from the checkout page (a fresh load of the campaign), the form is as it was left.
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    await page.goto(campaignUrl('?ref=nobody-known&utm_source=x'));
    await donate.waitFor();
    expect(await donate.getByLabel(/Your name/).inputValue()).toBe('Dana');
    expect(await donate.getByLabel(/Message to the campaign/).inputValue()).toBe('Stay warm!');
    expect(await donate.getByRole('button', { name: '$25', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await donate.getByRole('button', { name: 'Donate $25.00' }).click();

    // The sandbox's hosted checkout page, as Stripe's: it names the campaign as donors know it and its
    // organization, never the campaign's internal name.
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    const summary = (await page.getByRole('region', { name: 'Order summary' }).textContent()) ?? '';
    expect(summary).toContain(`Donation of $25.00 to ${TITLE} · Harbor Light Food Bank`);
    // (The internal name, "Warm coats", is only in the headline.)
    expect(summary.replace(TITLE, '')).not.toContain('Warm coats');
    await fillCard('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();

    await page.waitForURL(new RegExp(`/campaign/${CAMPAIGN_ID}/thank-you\\?session_id=cs_`));
    const amount = page.getByTestId('receipt-amount');
    await amount.waitFor();
    expect(await amount.textContent()).toBe('$25.00');
    expect(await page.getByTestId('receipt-card').textContent()).toContain('Visa ending in 4242');
    // Once the webhook recorded the gift, the receipt says whose it is and what they wrote.
    await page.getByRole('heading', { name: 'Thank you, Dana!' }).waitFor({ timeout: 15_000 });
    expect(await page.textContent('.cw-receipt__message')).toContain('Stay warm!');
    expect(await page.textContent('.cw-receipt__lead')).toContain(TITLE);
    await expectAccessible(page, 'the receipt page');

    await page.getByRole('link', { name: 'Back to the campaign' }).click();
    await page.waitForURL(campaignUrl());
    await progress().waitFor();
    // The gift was made: the form starts afresh.
    expect(await page.getByLabel(/Your name/).inputValue()).toBe('');
    await expect.poll(async () => (await progress().textContent()) ?? '', { timeout: 10_000 }).toContain('$125.00');
    expect(await progress().textContent()).toContain('4 donors');

    const [donation] = await app.server.container
      .get(TYPES.Repositories)
      .donations.listDonationsByCampaign(CAMPAIGN_ID);
    expect(donation).toMatchObject({ amount: 2_500, donor_name: 'Dana', message: 'Stay warm!', user_id: null });
  });

  it('covers the card fee when the donor ticks the box: the extra is on the panel, the checkout and the receipt', async () => {
    await page.goto(`${app.url}/campaign/${HATS_ID}/details/`);
    const donate = page.getByRole('form', { name: 'Make a donation' });
    await donate.waitFor();
    await donate.getByRole('button', { name: '$25', exact: true }).click();
    // The default rule, 2.2% + $0.30: (25 + 0.30) / 0.978 − 25 = $0.87 (rounded up to the cent).
    const cover = donate.getByRole('checkbox', { name: 'Add $0.87 so Harbor Light Food Bank receives the full $25' });
    await cover.waitFor();
    expect(await cover.isChecked()).toBe(false);
    await donate.getByRole('button', { name: '$50', exact: true }).click();
    await donate.getByRole('checkbox', { name: 'Add $1.44 so Harbor Light Food Bank receives the full $50' }).waitFor();
    await donate.getByRole('button', { name: '$25', exact: true }).click();
    await cover.check();
    await donate.getByRole('button', { name: 'Donate $25.87' }).click();

    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    const summary = (await page.getByRole('region', { name: 'Order summary' }).textContent()) ?? '';
    expect(summary).toContain('Donation of $25.00 (and $0.87 to cover the card fee)');
    expect(summary).toContain('$25.87');
    await fillCard('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();

    await page.waitForURL(new RegExp(`/campaign/${HATS_ID}/thank-you\\?session_id=cs_`));
    await page.getByTestId('receipt-amount').waitFor();
    expect(await page.getByTestId('receipt-amount').textContent()).toBe('$25.87');
    // Once the webhook recorded the gift, the receipt shows the gift and the fee covered apart.
    await page.getByTestId('receipt-covered-fee').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('receipt-gift').textContent()).toBe('$25.00');
    expect(await page.getByTestId('receipt-covered-fee').textContent()).toBe('$0.87');
    await expectAccessible(page, 'the receipt page of a gift that covered the card fee');

    // The campaign counts the gift, not the fee.
    await page.goto(`${app.url}/campaign/${HATS_ID}/details/`);
    await progress().waitFor();
    await expect.poll(async () => (await progress().textContent()) ?? '', { timeout: 10_000 }).toContain('$25.00');
    const donations = await app.server.container.get(TYPES.Repositories).donations.listDonationsByCampaign(HATS_ID);
    expect(donations[0]).toMatchObject({ amount: 2_500, covered_fee: 87 });
  });

  it('gives monthly: the toggle, the button and its note, the card page, and a receipt that says it renews', async () => {
    await page.goto(`${app.url}/campaign/${SCARVES_ID}/details/`);
    const donate = page.getByRole('form', { name: 'Make a donation' });
    await donate.waitFor();
    const once = donate.getByRole('button', { name: 'Once', exact: true });
    const monthly = donate.getByRole('button', { name: 'Monthly', exact: true });
    expect(await once.getAttribute('aria-pressed')).toBe('true');
    expect(await monthly.getAttribute('aria-pressed')).toBe('false');
    expect(await donate.getByTestId('monthly-note').count()).toBe(0);
    await monthly.click();
    expect(await monthly.getAttribute('aria-pressed')).toBe('true');
    expect(await donate.getByTestId('monthly-note').textContent()).toBe(
      'Charged each month until you stop it. You can stop it any time from the link in your receipt.',
    );
    await donate.getByRole('button', { name: '$25', exact: true }).click();
    await expectAccessible(page, 'the donation form with a monthly gift chosen');
    await donate.getByRole('button', { name: 'Give $25 monthly' }).click();

    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    const summary = (await page.getByRole('region', { name: 'Order summary' }).textContent()) ?? '';
    expect(summary).toContain('Monthly donation of $25.00 to Warm scarves every month · Harbor Light Food Bank');
    await fillCard('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();

    await page.waitForURL(new RegExp(`/campaign/${SCARVES_ID}/thank-you\\?session_id=cs_`));
    await page.getByTestId('receipt-amount').waitFor();
    expect(await page.getByTestId('receipt-kind').textContent()).toBe('Monthly gift');
    expect(await page.getByTestId('receipt-amount').textContent()).toBe('$25.00 a month');
    expect(await page.getByTestId('receipt-renews').textContent()).toContain('It renews each month, charging $25.00');
    // The first month's donation is found by its checkout once its invoice's webhook is booked.
    await page.getByTestId('receipt-organization').waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'the receipt page of a monthly gift');
    const donations = await app.server.container.get(TYPES.Repositories).donations.listDonationsByCampaign(SCARVES_ID);
    expect(donations).toEqual([expect.objectContaining({ amount: 2_500, session_id: expect.stringMatching(/^cs_/) })]);
  });

  it("shows Stripe's message for a declined card on the checkout page, and records nothing", async () => {
    await giveTen('4000 0000 0000 0002');
    await page.getByText('Your card was declined.').waitFor();
    expect(page.url()).toContain('/sandbox/stripe/c/pay/');
    await app.server.container.get(STRIPE_SANDBOX).webhooks.drain();
    expect(
      await app.server.container.get(TYPES.Repositories).donations.listDonationsByCampaign(CAMPAIGN_ID),
    ).toHaveLength(1);
  });

  it('after the declined card, checks that the donor is a person before the next checkout, without asking', async () => {
    await page.goto(campaignUrl());
    const donate = page.getByRole('form', { name: 'Make a donation' });
    await donate.waitFor();
    const challenge = page.waitForResponse((response) => response.url().endsWith('/api/auth/bot-check'));
    // Back from the declined checkout, the form still holds the $10 chosen before.
    await donate.getByRole('button', { name: 'Donate $10.00' }).click();
    expect((await challenge).status()).toBe(200);
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
  });

  it('lists a signed-in donor’s gift under My donations with its receipt, and marks it refunded', async () => {
    await page.goto(app.url);
    await signInInBrowser(page, 'promoter@demo.local', app.demoPassword);
    await page.getByRole('heading', { name: 'Live campaigns' }).waitFor();
    await giveTen('4242 4242 4242 4242');
    await page.waitForURL(new RegExp(`/campaign/${CAMPAIGN_ID}/thank-you\\?session_id=cs_`));
    const receiptUrl = page.url();
    await page.getByRole('heading', { name: /^Thank you/ }).waitFor({ timeout: 15_000 });

    await page.goto(`${app.url}/donor`);
    await page.getByRole('link', { name: 'My donations' }).click();
    await page.getByRole('heading', { name: 'My donations', level: 1 }).waitFor();
    const rows = page.locator('.cw-donations__table tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getByRole('link', { name: 'Warm coats' }).getAttribute('href')).toBe(
      `/campaign/${CAMPAIGN_ID}/details/`,
    );
    expect(await rows.first().locator('.cw-donations__amount').textContent()).toBe('$10.00');
    expect(await page.locator('.cw-promotions__intro').textContent()).toContain('$10.00 given to 1 campaign');
    const receipt = rows.first().getByRole('link', { name: /^Receipt of \$10\.00/ });
    expect(new URL((await receipt.getAttribute('href'))!, app.url).href).toBe(receiptUrl);

    // Refunded on the payment sandbox: its webhook reaches the list.
    const repositories = app.server.container.get(TYPES.Repositories);
    const promoter = (await repositories.users.findByEmail('promoter@demo.local'))!;
    const [gift] = await repositories.donations.listDonationsByDonor(promoter.uid);
    const sandbox = app.server.container.get(STRIPE_SANDBOX);
    sandbox.refund(gift!.payment_intent_id!);
    await sandbox.webhooks.drain();
    await page.reload();
    await rows.first().waitFor();
    expect(await rows.first().locator('.cw-donations__amount').textContent()).toBe('$10.00Refunded');
    expect(await page.locator('.cw-promotions__intro').textContent()).toContain('Nothing given yet');

    await rows
      .first()
      .getByRole('link', { name: /^Receipt of/ })
      .click();
    await page.waitForURL(receiptUrl);
    await page.getByTestId('receipt-amount').waitFor();
    expect(await page.getByTestId('receipt-amount').textContent()).toBe('$10.00');
  });

  it('shows a donor who started too many gifts how long to wait, on the button', async () => {
    // This address has started gifts before: more, quickly, until the server asks it to wait.
    for (let attempt = 0; attempt < 30; attempt++) {
      const opened = await fetch(`${app.url}/api/campaigns/${CAMPAIGN_ID}/donations/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 500, botCheck: await solveBotCheck(app) }),
      });
      if (opened.status === 429) break;
      expect(opened.status).toBe(201);
    }
    await page.goto(campaignUrl());
    const donate = page.getByRole('form', { name: 'Make a donation' });
    await donate.waitFor();
    await donate.getByRole('button', { name: 'Donate $25.00' }).click();
    await donate
      .getByRole('alert')
      .getByText(/^Too many gifts were started from here in a short time\. Please wait/)
      .waitFor();
    const wait = donate.getByRole('button', { name: /^Try again in \d+ (seconds?|minutes)$/ });
    await wait.waitFor();
    expect(await wait.isDisabled()).toBe(true);
  });

  it('says so clearly when a campaign has ended', async () => {
    await app.server.container
      .get(TYPES.Repositories)
      .campaigns.update(CAMPAIGN_ID, { campaignRaiseGoalDeadline: '2020-01-01T00:00:00.000Z' });
    await page.goto(campaignUrl());
    await page.getByText('This campaign has ended and no longer takes donations.').waitFor();
    expect(await page.getByRole('form', { name: 'Make a donation' }).count()).toBe(0);
    expect(browser.errors).toEqual([]);
    // As designed: the signed-out session check answers 401, the declined payment 402, the checkout after
    // it asks for the bot check (400) and too many gifts are limited (429); nothing else failed.
    const unexpected = consoleErrors.filter((text) => !/status of 40[012] |status of 429 /.test(text));
    expect(unexpected).toEqual([]);
  });
});
