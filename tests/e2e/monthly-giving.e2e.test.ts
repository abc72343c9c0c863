import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_SANDBOX } from '@causeway/api/container';
import { MONTHLY_GIFTS_SERVICE } from '@causeway/api/modules/monthly-gifts.module';
import { TYPES } from '@causeway/api/types';
import type { RecurringPayments } from '@causeway/core/ports/payment-gateway.port';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';

const CAMPAIGN_ID = 'monthly-live';
const HEADLINE = 'Warm meals every month';
const DONOR = 'mona@example.org';

/**
 * Monthly giving as a donor lives it, on the embedded Stripe sandbox: a monthly gift paid with 4242…,
 * the sandbox's clock moved a month for the second gift, the card changed to a declining one from the
 * donor's own page, the clock moved again for the declined renewal, its e-mail and the organization's
 * list of declined monthly gifts, and the organization's monthly giving report, and the gift stopped from the donor's page.
 */
describe('monthly giving in the browser', () => {
  let app: TestApp;
  let browser: BrowserSession;
  let page: Page;

  const mails = async (kind: string, to = DONOR) =>
    (await app.server.container.get(TYPES.Mailbox).list({ to })).filter((mail) => mail.kind === kind);
  const until = async <T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> => {
    for (let attempt = 0; attempt < 150; attempt++) {
      const value = await read();
      if (check(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Timed out waiting for ${what}`);
  };
  const moveClock = async (days: number) => {
    const moved = await fetch(`${app.url}/sandbox/stripe/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_days: days }),
    });
    expect(moved.status).toBe(200);
    await app.server.container.get(STRIPE_SANDBOX).webhooks.drain();
  };
  const giftsLink = async (kind: string, count: number, to = DONOR) => {
    const found = await until(
      () => mails(kind, to),
      (list) => list.length >= count,
      `${count} ${kind} e-mails`,
    );
    const newest = found.sort((a, b) => b.sentAt.localeCompare(a.sentAt))[0]!;
    return /https?:\/\/\S+\/my-gifts#link=[\w%-]+/.exec(newest.text)![0];
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
      campaignName: 'Monthly meals (internal)',
      campaignTitle: HEADLINE,
      campaignDescription: 'Hot meals for families across Portland, every month.',
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

  it('gives monthly, sees the second month, changes the card to a declining one, hears of the decline and stops the gift', async () => {
    await page.goto(`${app.url}/campaign/${CAMPAIGN_ID}/details/`);
    const donate = page.getByRole('form', { name: 'Make a donation' });
    await donate.waitFor();
    await donate.getByRole('button', { name: 'Monthly', exact: true }).click();
    await donate.getByRole('button', { name: '$25', exact: true }).click();
    await donate.getByRole('button', { name: 'Give $25 monthly' }).click();
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    await page.getByLabel('Email').fill(DONOR);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Mona Donor');
    await page.getByRole('button', { name: /^(Pay|Subscribe)/ }).click();
    await page.waitForURL(new RegExp(`/campaign/${CAMPAIGN_ID}/thank-you\\?session_id=cs_`));
    await page.getByTestId('receipt-amount').waitFor();
    expect(await page.getByTestId('receipt-amount').textContent()).toBe('$25.00 a month');

    // A month later the second gift is taken and counted on the campaign's page.
    await moveClock(32);
    await until(
      () => mails('receipt'),
      (list) => list.length === 2,
      'the second month’s receipt',
    );
    // The public page is rebuilt when the campaign's figures change: a reload shows the second month.
    const raised = page.locator('.cw-cpage__raised-amount').first();
    await until(
      async () => {
        await page.goto(`${app.url}/campaign/${CAMPAIGN_ID}/details/`);
        await raised.waitFor({ timeout: 15_000 });
        return raised.textContent();
      },
      (text) => text === '$50.00',
      'the campaign page to show both months',
    );

    // The receipt's link opens the donor's page: the monthly gift, its next date and what can be done.
    await page.goto(await giftsLink('receipt', 2));
    const monthly = page.getByRole('region', { name: 'Monthly gifts' });
    const gift = monthly.getByRole('listitem').filter({ hasText: HEADLINE });
    await gift.waitFor({ timeout: 15_000 });
    expect(await gift.textContent()).toContain('$25.00 / month');
    expect(await gift.textContent()).toMatch(/Next gift on \w+ \d+, \d{4}/);
    await expectAccessible(page, 'the gifts page with a monthly gift');

    // The card is changed, on the card provider's page, to one that will be declined.
    await gift.getByRole('button', { name: 'Update card' }).click();
    const cardForm = page.getByRole('form', { name: 'Update card' });
    await cardForm.waitFor();
    await cardForm.getByLabel('Card number').fill('4000 0000 0000 0002');
    await cardForm.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await cardForm.getByLabel('Security code (CVC)').fill('123');
    await cardForm.getByRole('button', { name: 'Update card' }).click();
    await page.getByRole('link', { name: /Return to/ }).click();
    await page.waitForURL(/\/my-gifts$/);

    // The next renewal is declined: the donor is e-mailed, and their page says when it is tried again.
    await moveClock(31);
    const declined = await until(
      () => mails('monthlyGiftDeclined'),
      (list) => list.length === 1,
      'the decline e-mail',
    );
    expect(declined[0]!.subject).toBe('Your monthly gift to Harbor Light Food Bank was declined');
    await page.reload();
    await gift.waitFor();
    await gift.getByText(/The card was declined; we try again on/).waitFor();

    // The organization sees the declined gift in its list, with the reason.
    await page.goto(app.url);
    await signInInBrowser(page, 'campaigner@demo.local', app.demoPassword);
    await page.waitForURL((url) => url.pathname !== '/');
    await page.goto(`${app.url}/campaigner`);
    const section = page.getByRole('region', { name: /Declined monthly gifts/ });
    await section.getByRole('listitem').first().waitFor({ timeout: 15_000 });
    expect(await section.textContent()).toContain(`$25.00 / month · ${HEADLINE}`);
    expect(await section.textContent()).toContain('Your card was declined.');
    await expectAccessible(page, 'the campaigner home with declined monthly gifts');

    // The organization's reports count the monthly donor and the monthly revenue (a gift being retried
    // still counts).
    await page.goto(`${app.url}/reports/monthly`);
    await page.getByRole('heading', { name: 'Monthly giving', level: 1 }).waitFor();
    const kpi = (name: string) => page.locator(`[data-kpi="${name}"] .cw-rep-kpi__value`);
    await expect.poll(async () => kpi('Monthly donors').textContent(), { timeout: 15_000, interval: 200 }).toBe('1');
    expect(await kpi('Monthly recurring revenue').textContent()).toBe('$25');
    await expectAccessible(page, 'the monthly giving report');

    // Back on their page (the visit is still open), the donor stops the gift.
    await page.goto(`${app.url}/my-gifts`);
    await gift.waitFor({ timeout: 15_000 });
    await gift.getByRole('button', { name: 'Stop' }).click();
    await gift.getByRole('button', { name: 'Yes, stop it' }).click();
    await gift.getByText(/^Stopped on /).waitFor();
    expect(await gift.getByRole('button', { name: 'Pause' }).count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it('keeps giving to the organization itself in one click once the campaign has ended', async () => {
    const donor = 'nora@example.org';
    const repositories = app.server.container.get(TYPES.Repositories);
    const campaigner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
    const ending = 'monthly-ending';
    await repositories.campaigns.create({
      campaignUUID: ending,
      userId: campaigner.uid,
      organizationId: (await repositories.campaigns.findById(CAMPAIGN_ID))!.organizationId,
      createdAt: new Date().toISOString(),
      campaignName: 'Coats (internal)',
      campaignTitle: 'Coats for the coldest weeks',
      isPaid: true,
    });
    // The gift was given on the card page (the giving itself is the tour above).
    const gateway = app.server.container.get(TYPES.RecurringPayments) as RecurringPayments;
    const checkout = await gateway.createSubscriptionCheckout({
      campaignId: ending,
      amountCents: 2_000,
      description: 'Monthly gift to Coats for the coldest weeks',
      successUrl: `${app.url}/campaign/${ending}/thank-you`,
      cancelUrl: `${app.url}/campaign/${ending}/details/`,
      idempotencyKey: 'nora-monthly',
    });
    expect((await submitCheckoutForm(checkout.url, { number: '4242 4242 4242 4242', email: donor })).status).toBe(303);
    await app.server.container.get(STRIPE_SANDBOX).webhooks.drain();
    await until(
      () => mails('receipt', donor),
      (list) => list.length === 1,
      'the first month’s receipt',
    );

    // The campaign ends: the gift ends with its month, and the e-mail offers to keep giving.
    await repositories.campaigns.update(ending, {
      campaignRaiseGoalDeadline: new Date(Date.now() - 60_000).toISOString(),
    });
    await app.server.container.get(MONTHLY_GIFTS_SERVICE).endGiftsOfEndedCampaigns();
    const [told] = await mails('monthlyGiftCampaignEnded', donor);
    expect(told!.text).toContain('keep giving $20.00 a month to Harbor Light Food Bank itself');
    await page.goto(await giftsLink('monthlyGiftCampaignEnded', 1, donor));

    const monthly = page.getByRole('region', { name: 'Monthly gifts' });
    const offer = monthly.getByRole('group', { name: 'Keep giving to Harbor Light Food Bank?' });
    await offer.waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'the gifts page offering to keep giving');
    await offer.getByRole('button', { name: 'Keep giving $20.00 a month' }).click();

    const kept = monthly.getByRole('listitem').filter({ hasText: 'Where Harbor Light Food Bank needs it most' });
    await kept.waitFor({ timeout: 15_000 });
    expect(await kept.textContent()).toContain('$20.00 / month');
    expect(await kept.textContent()).toMatch(/Next gift on \w+ \d+, \d{4}/);
    expect(await offer.count()).toBe(0);
    const ended = monthly.getByRole('listitem').filter({ hasText: 'Coats for the coldest weeks' });
    expect(await ended.textContent()).toMatch(/Ends on /);
    // Its first month is booked to the organization, and receipted.
    await until(
      () => mails('receipt', donor),
      (list) => list.length === 2,
      'the receipt of the first month to the organization',
    );
    expect(browser.errors).toEqual([]);
  });
});
