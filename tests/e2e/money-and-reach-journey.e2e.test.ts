import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { createCompleteDraft } from '@causeway/tests/support/campaigns';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

const NAME = 'Harbor soup bus';
const HEADLINE = 'Warm meals for 500 families this winter';

/**
 * Money and reach from end to end, each person in their own browser: the campaigner pays the ad budget
 * on the payment sandbox and the campaign goes live; the promoter shares it; a visitor follows the
 * promoter's link, gives with the test card, and reads the receipt with the campaign's thanks; the
 * campaign's raised amount and donors, and the promoter's figures, follow.
 */
describe('a campaign goes live, is shared, and brings a donation through the promoter’s link', () => {
  let app: TestApp;
  let campaigner: BrowserSession;
  let promoter: BrowserSession;
  let visitor: BrowserSession;
  let campaignId = '';
  let xLink = '';
  const cookies = { super: '', campaigner: '' };

  const api = (method: string, path: string, cookie: string, body?: unknown) =>
    callApi(app, method, path, { cookie, ...(body === undefined ? {} : { body }) });
  const fillCard = async (page: Page, email: string, name: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill(name);
  };

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    cookies.super = await signInAs(app, 'super@demo.local');
    cookies.campaigner = await signInAs(app, 'campaigner@demo.local');
    [campaigner, promoter, visitor] = await Promise.all([openBrowser(), openBrowser(), openBrowser()]);
    for (const [session, email] of [
      [campaigner, 'campaigner@demo.local'],
      [promoter, 'promoter@demo.local'],
    ] as const) {
      await session.page.goto(app.url);
      await signInInBrowser(session.page, email, app.demoPassword);
      await session.page.getByTestId('session-user').waitFor();
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all([campaigner?.close(), promoter?.close(), visitor?.close()]);
    await app?.close();
  });

  it('the campaigner pays the ad budget on the payment sandbox and the campaign goes live', async () => {
    const id = await createCompleteDraft(app, cookies.campaigner, NAME);
    expect(
      (await api('POST', `/api/pre-campaigns/${id}/workflow`, cookies.campaigner, { status: 'Pending' })).status,
    ).toBe(200);
    expect((await api('POST', `/api/pre-campaigns/${id}/workflow`, cookies.super, { status: 'Approved' })).status).toBe(
      200,
    );

    const { page } = campaigner;
    await page.goto(`${app.url}/campaigner/drafts/${id}`);
    const panel = page.getByTestId('publish-panel');
    const pay = panel.getByRole('button', { name: 'Pay the ad budget ($2,000)' });
    await pay.waitFor();
    await expectAccessible(page, 'the approved campaign, waiting for payment');
    await pay.click();
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    // The sandbox's card form stands in for Stripe's hosted page, not a page of the product: no axe check there.
    await fillCard(page, 'casey@harborlight.example', 'Casey Nguyen');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByTestId('payment-received').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('deployment-headline').textContent(), { timeout: 30_000 })
      .toBe('8 of 8 steps done');
    await panel.getByRole('heading', { name: 'Published', exact: true }).waitFor();
    await expectAccessible(page, 'the published campaign');

    const draft = (await api('GET', `/api/pre-campaigns/${id}`, cookies.campaigner)).body.preCampaign;
    expect(draft).toMatchObject({ isPaid: true, workflowstatus: 'Published', amobeeDeployed: true });
    campaignId = draft.campaignUUID;
    // The campaign's thanks, shown to donors on their receipt.
    const thanks = await api('GET', `/api/campaigns/${campaignId}/appreciation`, cookies.campaigner);
    const saved = await api('PUT', `/api/campaigns/${campaignId}/appreciation`, cookies.campaigner, {
      ...thanks.body.settings,
      pageMessage: 'Every bowl you fund is served hot on Friday night.',
    });
    expect(saved.status).toBe(200);
    expect(campaigner.errors).toEqual([]);
  });

  it('the promoter finds it in Discover, promotes it and takes the X link', async () => {
    const { page } = promoter;
    await page.goto(`${app.url}/donor`);
    const card = page.locator(`[data-campaign-id="${campaignId}"]`);
    await card.getByRole('heading', { name: HEADLINE }).waitFor();
    await expectAccessible(page, 'Discover');
    await card.getByRole('button', { name: `Promote ${HEADLINE}` }).click();
    const dialog = page.getByRole('dialog', { name: `Share “${HEADLINE}”` });
    const link = dialog.locator('[data-channel="x"]').getByRole('textbox', { name: 'Your X link' });
    await link.waitFor();
    xLink = await link.inputValue();
    await expectAccessible(page, 'the share dialog');
    expect(xLink).toMatch(new RegExp(`^${app.url}/s/`));
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(promoter.errors).toEqual([]);
  });

  it('a visitor follows the link, gives $25 with the test card, and reads the receipt with the thanks', async () => {
    const { page } = visitor;
    await page.goto(xLink);
    await page.getByRole('heading', { name: HEADLINE, level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get('utm_source')).toBe('x');
    await expectAccessible(page, "the campaign page from the promoter's link");

    const donate = page.getByRole('form', { name: 'Make a donation' });
    await donate.getByRole('button', { name: '$25', exact: true }).click();
    await donate.getByLabel(/Your name/).fill('Robin');
    await expectAccessible(page, 'the filled donation form');
    await donate.getByRole('button', { name: 'Donate $25.00' }).click();
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    await fillCard(page, 'robin@example.org', 'Robin Reader');
    await page.getByRole('button', { name: /^Pay/ }).click();

    await page.waitForURL(new RegExp(`/campaign/${campaignId}/thank-you\\?session_id=cs_`));
    await page.getByTestId('receipt-amount').filter({ hasText: '$25.00' }).waitFor();
    expect(await page.getByTestId('receipt-card').textContent()).toContain('Visa ending in 4242');
    const thanks = page.getByTestId('receipt-thanks');
    await thanks.getByText('Every bowl you fund is served hot on Friday night.').waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'the receipt with the thanks');
    expect(visitor.errors).toEqual([]);
  });

  it('the campaign’s raised amount and donors, and the promoter’s figures, follow', async () => {
    const { page } = visitor;
    await page.goto(`${app.url}/campaign/${campaignId}/details/`);
    const progress = page.getByTestId('campaign-progress');
    await expect.poll(async () => (await progress.textContent()) ?? '', { timeout: 10_000 }).toContain('$25.00');
    expect(await progress.textContent()).toContain('1 donor');
    await expectAccessible(page, 'the campaign page with the gift');
    const campaign = await app.server.container.get(TYPES.Repositories).campaigns.findById(campaignId);
    expect(campaign).toMatchObject({ campaignRaised: 25_00, donators: 1 });

    const mine = promoter.page;
    await mine.goto(`${app.url}/donor/promotions`);
    const card = mine.locator(`.cw-promotion[data-campaign-id="${campaignId}"]`);
    await card.waitFor();
    await expect
      .poll(async () => (await card.textContent()) ?? '', { timeout: 10_000 })
      .toContain('$25.00 from 1 donation');
    expect(await card.locator('tr[data-channel="x"] td').first().textContent()).toBe('1');
    await expectAccessible(mine, "the promoter's promotions");
    expect(promoter.errors).toEqual([]);
  });
});
