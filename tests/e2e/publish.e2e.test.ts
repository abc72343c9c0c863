/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and assert on them */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOBEE_SANDBOX } from '@causeway/api/container';
import { TYPES } from '@causeway/api/types';
import type { Clock } from '@causeway/core/ports/clock.port';
import { formatMoment } from '@causeway/apps/campaigner/src/model/dates';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { createCompleteDraft } from '@causeway/tests/support/campaigns';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

const DAY = 24 * 60 * 60_000;

/**
 * The app's time: the real time plus what the test adds, so simulated days pass for the app and its DSP
 * sandbox together (the sandbox runs on the app's clock), and the figures may be pulled again at once.
 */
class ShiftedClock implements Clock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
}

/**
 * A campaigner pays an approved campaign's ad budget on the payment sandbox's page (a declined card first),
 * watches it being set up on the DSP sandbox step by step, finds it live with its page and, days later,
 * its ads' delivery; a deployment that fails shows its error report to both sides, and Resume finishes it.
 */
describe('paying the ad budget and publishing, in the browser', () => {
  const clock = new ShiftedClock();
  let app: TestApp;
  let campaigner: BrowserSession;
  let reviewer: BrowserSession;
  const cookies = { super: '', campaigner: '' };

  const api = (method: string, path: string, cookie: string, body?: unknown) =>
    callApi(app, method, path, { cookie, ...(body === undefined ? {} : { body }) });
  const draftOf = async (id: string) => (await api('GET', `/api/pre-campaigns/${id}`, cookies.campaigner)).body;

  /** A complete draft of the demo campaigner, sent and approved over the API. */
  async function approvedDraft(name: string): Promise<string> {
    const id = await createCompleteDraft(app, cookies.campaigner, name);
    expect(
      (await api('POST', `/api/pre-campaigns/${id}/workflow`, cookies.campaigner, { status: 'Pending' })).status,
    ).toBe(200);
    expect((await api('POST', `/api/pre-campaigns/${id}/workflow`, cookies.super, { status: 'Approved' })).status).toBe(
      200,
    );
    return id;
  }

  const fillCard = async (page: Page, number: string) => {
    await page.getByLabel('Email').fill('casey@harborlight.example');
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Casey Nguyen');
  };

  const metric = (page: Page, name: string) =>
    page.getByTestId('delivery-totals').locator(`[data-metric="${name}"] .cw-pub-figure__value`).textContent();

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    // No scheduled pulls: every figure on screen is one the page asked for.
    app = await startTestApp({ env: { DELIVERY_SYNC_MINUTES: '0' }, overrides: { clock } });
    cookies.super = await signInAs(app, 'super@demo.local');
    cookies.campaigner = await signInAs(app, 'campaigner@demo.local');
    const { organizationId } = (await api('GET', '/api/auth/session', cookies.campaigner)).body.user;
    // Deployments need the organization's advertiser on the ad platform; the demo data may have given it one.
    const organization = (await api('GET', `/api/organizations/${organizationId}`, cookies.super)).body.organization;
    if (!organization.advertiserId) {
      expect((await api('POST', `/api/organizations/${organizationId}/advertiser`, cookies.super)).status).toBe(201);
    }

    [campaigner, reviewer] = await Promise.all([openBrowser(), openBrowser()]);
    await campaigner.page.goto(app.url);
    await signInInBrowser(campaigner.page, 'campaigner@demo.local', app.demoPassword);
    await campaigner.page.getByTestId('session-user').waitFor();
    await reviewer.page.goto(app.url);
    await signInInBrowser(reviewer.page, 'super@demo.local', app.demoPassword);
    await reviewer.page.getByTestId('session-user').waitFor();
  }, 240_000);

  afterAll(async () => {
    await campaigner?.close();
    await reviewer?.close();
    await app?.close();
  });

  let publishedDraftId: string;
  let campaignId: string;

  it('keeps a declined card unpaid, then takes 4242…, shows the progress to 8 of 8 and “Published”', async () => {
    const { page } = campaigner;
    const id = await approvedDraft('Harbor winter meals');
    publishedDraftId = id;
    await page.goto(`${app.url}/campaigner/drafts/${id}`);
    const panel = page.getByTestId('publish-panel');
    await panel.getByRole('heading', { name: 'Approved – pay the ad budget to publish' }).waitFor();
    expect(await page.getByTestId('budget-breakdown').textContent()).toContain(
      'Of the $2,000, $1,300 buys ads (65%); the rest, $700,',
    );
    await expectAccessible(page, 'the approved campaign, waiting for payment');

    // A declined card: the payment page says so and nothing is paid.
    await panel.getByRole('button', { name: 'Pay the ad budget ($2,000)' }).click();
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    // The sandbox's card form stands in for Stripe's hosted page, not a page of the product: no axe check there.
    expect(await page.textContent('body')).toContain('$2,000.00');
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card was declined.');
    expect((await draftOf(id)).preCampaign).toMatchObject({ isPaid: false, workflowstatus: 'Approved' });

    // Back without paying: the draft says nothing was charged and offers to pay again.
    await page.getByRole('link', { name: /Back/ }).click();
    await page.getByTestId('payment-canceled').waitFor();
    expect(await page.getByTestId('payment-canceled').textContent()).toContain('nothing was charged');
    await expectAccessible(page, 'the campaign after a payment left unpaid');
    expect((await draftOf(id)).preCampaign.isPaid).toBe(false);

    await panel.getByRole('button', { name: 'Pay the ad budget ($2,000)' }).click();
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();

    // Back on the draft: the payment is received, then the deployment runs its 8 steps, live.
    await page.getByTestId('payment-received').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('deployment-headline').textContent(), { timeout: 30_000 })
      .toBe('8 of 8 steps done');
    await panel.getByRole('heading', { name: 'Published', exact: true }).waitFor();
    expect(await panel.getByTestId('payment-received').textContent()).toBe('Payment received: thank you.');
    await expectAccessible(page, 'the published campaign');
    const draft = (await draftOf(id)).preCampaign;
    expect(draft).toMatchObject({ isPaid: true, workflowstatus: 'Published', amobeeDeployed: true });
    campaignId = draft.campaignUUID;
    expect(await panel.getByRole('link', { name: 'Open the public page' }).getAttribute('href')).toBe(
      `/campaign/${campaignId}/details/`,
    );
    expect(campaigner.errors).toEqual([]);
  });

  it('shows a failed step’s error report to the reviewer and the campaigner, and Resume finishes it', async () => {
    const id = await approvedDraft('Harbor pantry van');
    // The ad platform fails the first ad once. The budget is recorded as paid by hand: paying would start
    // the deployment by itself, and the review page's Start publishing is what is tried here.
    app.server.container.get(AMOBEE_SANDBOX).addFault({
      method: 'POST',
      path: '/campaign/v5/api/lineItems/*/ads',
      status: 500,
      times: 1,
    });
    await app.server.container
      .get(TYPES.Repositories)
      .preCampaigns.update(id, { isPaid: true, paymentIntentId: 'pi_pantry_van' });

    const review = reviewer.page;
    await review.goto(`${app.url}/approvals/${id}`);
    const section = review.locator('#cw-review-deployment');
    await section.getByRole('button', { name: 'Start publishing' }).click();
    const reviewError = section.getByTestId('deployment-error');
    await reviewError.waitFor({ timeout: 20_000 });
    expect(await reviewError.textContent()).toContain('Error report of step 7, create the ads');
    expect(await reviewError.textContent()).toContain('(HTTP 500)');
    expect(await section.getByTestId('deployment-headline').textContent()).toBe(
      'Stopped at step 7 of 8: Create the ads',
    );
    await expectAccessible(review, 'the review page with a failed deployment');

    // The campaigner's draft shows the same report, the vendor's words included, and resumes it.
    const { page } = campaigner;
    await page.goto(`${app.url}/campaigner/drafts/${id}`);
    const panel = page.getByTestId('publish-panel');
    await panel.getByRole('heading', { name: 'Publishing stopped' }).waitFor();
    const report = panel.getByTestId('deployment-error');
    expect(await panel.getByTestId('deployment-headline').textContent()).toBe('Stopped at step 7 of 8: Create the ads');
    expect(await report.textContent()).toContain('Error report of step 7, create the ads');
    expect(await report.getByTestId('deployment-error-reason').textContent()).toContain('Create ads error');
    expect(await report.textContent()).toContain('(HTTP 500)');
    expect(await panel.locator('[data-state="failed"]').textContent()).toContain('Create the ads');
    expect(await panel.locator('[data-state="done"]').count()).toBe(6);
    await expectAccessible(page, 'the campaign with a failed deployment');

    await report.getByRole('button', { name: 'Resume publishing' }).click();
    await panel.getByRole('heading', { name: 'Published', exact: true }).waitFor({ timeout: 20_000 });
    // Published means the last step is done, whether or not the job's own last word has arrived yet.
    expect(await panel.getByTestId('deployment-headline').textContent()).toBe('8 of 8 steps done');
    // The reviewer's page followed live.
    await expect
      .poll(() => section.getByTestId('deployment-headline').textContent(), { timeout: 15_000 })
      .toBe('8 of 8 steps done');
    expect(await section.getByTestId('deployment-error').count()).toBe(0);
    expect((await draftOf(id)).preCampaign.workflowstatus).toBe('Published');
    expect(campaigner.errors).toEqual([]);
    expect(reviewer.errors).toEqual([]);
  });
  it('lists the campaign live, opens its public page, and shows its ads’ delivery after Refresh', async () => {
    const { page } = campaigner;
    await page.goto(`${app.url}/campaigner/drafts/${publishedDraftId}`);
    await page.getByTestId('publish-panel').getByRole('link', { name: 'See its figures and ads' }).click();
    await page.waitForURL(`${app.url}/campaigner/campaigns/${campaignId}`);
    await page.getByRole('heading', { name: 'Harbor winter meals', level: 1 }).waitFor();
    expect(await page.getByTestId('campaign-raised').textContent()).toBe('$0.00 raised of $25,000.00');
    // The flight starts tomorrow: nothing delivered yet.
    await page.getByTestId('delivery-totals').waitFor();
    expect(await metric(page, 'impressions')).toBe('0');
    expect(await metric(page, 'ctr')).toBe('–');
    expect(await page.getByTestId('cpc-warning').count()).toBe(0);
    expect(
      await page.getByTestId('share-counters').locator('[data-metric="x"] .cw-pub-figure__value').textContent(),
    ).toBe('0');
    await expectAccessible(page, 'the live campaign before delivery');

    // In the organization's live campaigns on the home page, with its figures and its public page.
    await page.getByRole('link', { name: 'All campaigns' }).click();
    const row = page.getByTestId('live-campaigns').locator(`[data-campaign-id="${campaignId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('live-raised').textContent()).toBe('$0.00 raised of $25,000.00');
    expect(await row.textContent()).toContain('0 donors');
    expect(await row.textContent()).toContain('Taking donations');
    await expectAccessible(page, "the campaigner's campaigns with the live one");
    const publicPage = await row.getByRole('link', { name: 'Public page of Harbor winter meals' }).getAttribute('href');
    await page.goto(`${app.url}${publicPage}`);
    await page.getByRole('heading', { name: 'Warm meals for 500 families this winter', level: 1 }).waitFor();
    await expectAccessible(page, 'the public page opened by the campaigner');

    // Three simulated days later, Refresh pulls what the ads delivered.
    await page.goto(`${app.url}/campaigner/campaigns/${campaignId}`);
    await page.getByTestId('delivery-totals').waitFor();
    clock.offsetMs += 3 * DAY;
    // The ad platform's own clock runs a day further still: its figures are as of its time, not the app's.
    app.server.container.get(AMOBEE_SANDBOX).advance(DAY);
    await page.getByRole('button', { name: 'Refresh the delivery figures' }).click();
    await expect
      .poll(async () => Number((await metric(page, 'impressions'))?.replace(/,/g, '')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(Number((await metric(page, 'clicks'))?.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(await metric(page, 'spend')).toMatch(/^\$[1-9][\d,]*\.\d\d$/);
    expect(await metric(page, 'ctr')).toMatch(/^0\.\d\d%$/);
    expect(await metric(page, 'cpc')).toMatch(/^\$\d+\.\d\d$/);
    // The sandbox buys clicks at about $2.50, against the $1.00 target set with the budget: flagged in words.
    expect(Number((await metric(page, 'clicks'))?.replace(/,/g, ''))).toBeGreaterThanOrEqual(10);
    const cpcWarning = page.getByTestId('cpc-warning');
    await cpcWarning.waitFor();
    expect(await cpcWarning.textContent()).toContain(`Each click has cost ${await metric(page, 'cpc')} on average`);
    expect(await cpcWarning.textContent()).toContain('the $1.00 target set with the budget');
    await page.getByRole('heading', { name: 'Clicks cost far more than the target' }).waitFor();
    expect(await page.getByTestId('delivery-totals').locator('[data-metric="cpc"]').textContent()).toContain(
      'Target $1.00: far above it',
    );
    // The figures are the ad platform's, as the API answers them.
    const { delivery } = (await api('GET', `/api/campaigns/${campaignId}/delivery`, cookies.campaigner)).body;
    expect(await metric(page, 'impressions')).toBe(delivery.totals.impressions.toLocaleString('en-US'));
    expect(delivery.daily.some((day: any) => day.impressions > 0)).toBe(true);
    expect(Date.parse(delivery.reportedAt) - Date.parse(delivery.refreshedAt)).toBeGreaterThan(DAY - 60_000);
    expect(await page.getByTestId('delivery-refreshed').textContent()).toBe(
      `Figures as of ${formatMoment(delivery.reportedAt)}`,
    );
    await page.locator('.cw-pub-chart .recharts-surface').first().waitFor();
    await expectAccessible(page, 'the live campaign with its delivery');
    expect(campaigner.errors).toEqual([]);
  });
});
