/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and assert on them */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { createCompleteDraft } from '@causeway/tests/support/campaigns';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

/** The message shown for a form control: the error its aria-describedby points at. */
async function fieldError(control: Locator): Promise<string | null> {
  return control.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const error = ids.map((id) => document.getElementById(id)).find((node) => node?.hasAttribute('data-field-error'));
    return error?.textContent ?? null;
  });
}

describe('the approval desk and demo campaigns, in the browser', () => {
  let app: TestApp;
  let reviewer: BrowserSession;
  let page: Page;
  let campaigner: string;

  const moveAs = (cookie: string, id: string, body: object) =>
    callApi(app, 'POST', `/api/pre-campaigns/${id}/workflow`, { cookie, body });
  const statusOf = async (id: string) =>
    (await callApi(app, 'GET', `/api/pre-campaigns/${id}`, { cookie: campaigner })).body.preCampaign.workflowstatus;

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    campaigner = await signInAs(app, 'campaigner@demo.local');
    reviewer = await openBrowser();
    page = reviewer.page;
    await page.goto(app.url);
    await signInInBrowser(page, 'super@demo.local', app.demoPassword);
    await page.getByTestId('session-user').waitFor();
  });

  afterAll(async () => {
    await reviewer?.close();
    await app?.close();
  });

  it('shows a submitted campaign live, previews it, sends it back with a message, then approves it once resubmitted', async () => {
    // The super user's home is the approval desk; the queue starts empty.
    await page.getByRole('heading', { name: 'Campaign approvals', level: 1 }).waitFor();
    await page.getByText('Nothing to review').waitFor();
    await expectAccessible(page, 'the approval desk');
    // Authors are people to look up, or the platform itself: never a lookup of "platform".
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/users/')) lookups.push(new URL(request.url()).pathname);
    });

    // The campaigner submits over the API: the open queue shows it without a reload.
    const id = await createCompleteDraft(app, campaigner, 'Winter meals for Portland');
    expect((await moveAs(campaigner, id, { status: 'Pending' })).status).toBe(200);
    const row = page.locator('.cw-admin-table tbody tr', { hasText: 'Winter meals for Portland' });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(0, 7)).toEqual([
      'Winter meals for PortlandNewWarm meals for 500 families this winter',
      'Harbor Light Food Bank',
      'Casey Nguyen',
      '$25,000.00',
      '$2,000.00',
      expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
      'under a minute',
    ]);
    expect(await page.getByRole('tab', { name: /Waiting for review/ }).textContent()).toBe('Waiting for review1');

    // Its review: the campaign page as donors will see it, and the banner at its real size.
    await row.getByRole('link', { name: 'Winter meals for Portland' }).click();
    await page.waitForURL(`${app.url}/approvals/${id}`);
    await page.getByRole('heading', { name: 'Winter meals for Portland', level: 1 }).waitFor();
    const preview = page.locator('.cw-admin-browser .cw-cpage');
    await preview.getByRole('heading', { name: 'Warm meals for 500 families this winter', level: 1 }).waitFor();
    expect(await preview.getByRole('note').textContent()).toContain('Preview: this is how the page will look');
    expect(await preview.textContent()).toContain('Harbor Light Food Bank');
    const banner = page.getByRole('img', { name: 'banner-300x250.png, Medium rectangle 300 × 250 pixels' });
    await banner.waitFor();
    await expectAccessible(page, 'the review page');
    expect(lookups).not.toContain('/api/users/platform');
    await expect
      .poll(() => banner.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(300);
    expect(await banner.boundingBox()).toMatchObject({ width: 300, height: 250 });
    expect(await page.locator('.cw-admin-ad__caption').textContent()).toMatch(
      /Medium rectangle300 × 250 px\d+ KB of 150 KB allowed/,
    );
    const budget = await page.locator('#cw-review-budget').textContent();
    expect(budget).toContain('Total budget$2,000.00');
    expect(budget).toContain('Spent on ads (65%)$1,300.00');
    expect(await page.locator('#cw-review-audience').textContent()).toContain('Maine: Portland');
    expect(await page.locator('#cw-review-history').textContent()).toContain('Campaign pending for approval');

    // Sending it back needs a message: the API refuses without one, at the field.
    await page.getByRole('button', { name: 'Send back…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this campaign back?' });
    await dialog.getByRole('button', { name: 'Send back' }).click();
    const message = dialog.getByLabel('What should the campaigner change?');
    await expect.poll(() => fieldError(message)).toBe('Write what the campaigner should change.');
    expect(await message.getAttribute('aria-invalid')).toBe('true');
    expect(await statusOf(id)).toBe('Pending');

    await message.fill('Please add a photo of the volunteers to the cover.');
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await page.getByTestId('decision-outcome').getByText('You sent “Winter meals for Portland” back.').waitFor();
    expect(await dialog.isVisible()).toBe(false);
    await expect.poll(() => page.locator('.cw-page-header .cw-admin-status').textContent()).toBe('Sent back');
    expect(await page.getByTestId('decision-outcome').getByRole('link').textContent()).toBe(
      'The queue is empty: back to it',
    );
    // The reviewer's name comes with the people lookup, after the message itself ("…" meanwhile).
    await expect
      .poll(() => page.locator('#cw-review-history blockquote').textContent())
      .toContain('Please add a photo of the volunteers to the cover.Sam Rivera');
    expect(await page.getByRole('button', { name: 'Approve…' }).count()).toBe(0);
    expect(await statusOf(id)).toBe('Canceled');
    // The campaigner reads the message.
    const notifications = await callApi(app, 'GET', '/api/notifications', { cookie: campaigner });
    expect(notifications.body.notifications.map((item: any) => item.notification_message)).toContain(
      '“Winter meals for Portland” was sent back: Please add a photo of the volunteers to the cover. Edit it and send it again.',
    );

    // Resubmitted over the API: the open review follows, and says it was sent back before.
    expect((await moveAs(campaigner, id, { status: 'Pending' })).status).toBe(200);
    await page.getByText('Resubmitted after it was sent back').waitFor();
    await expect.poll(() => page.locator('.cw-page-header .cw-admin-status').textContent()).toBe('Waiting for review');

    await page.getByRole('button', { name: 'Approve…' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve this campaign?' });
    await approve.getByLabel(/Note to the campaigner/).fill('Thank you, lovely story.');
    await approve.getByRole('button', { name: 'Approve campaign' }).click();
    await page.getByTestId('decision-outcome').getByText('You approved “Winter meals for Portland”.').waitFor();
    await expect
      .poll(() => page.locator('.cw-page-header .cw-admin-status').textContent())
      .toBe('Approved, awaiting payment');
    expect(await page.getByRole('button', { name: 'Withdraw approval…' }).count()).toBe(1);
    expect(await statusOf(id)).toBe('Approved');

    // It now waits for payment, in the second tab.
    await page.getByRole('link', { name: 'Back to the queue' }).click();
    await page.getByRole('tab', { name: /Approved, awaiting payment/, selected: true }).waitFor();
    await page.locator('.cw-admin-table tbody tr', { hasText: 'Winter meals for Portland' }).waitFor();
    await page.getByRole('tab', { name: /Waiting for review/ }).click();
    await page.getByText('Nothing to review').waitFor();
    expect(reviewer.errors).toEqual([]);
  });

  it('says why a decision is refused when the campaign was decided meanwhile, and shows where it is now', async () => {
    const id = await createCompleteDraft(app, campaigner, 'School backpacks');
    expect((await moveAs(campaigner, id, { status: 'Pending' })).status).toBe(200);
    // Without live updates, this page still offers the decision another session has just made.
    await page.route('**/api/notifications/stream', (route) => route.abort());
    try {
      await page.goto(`${app.url}/approvals/${id}`);
      await page.getByRole('heading', { name: 'School backpacks', level: 1 }).waitFor();
      const otherSession = await signInAs(app, 'super@demo.local');
      expect((await moveAs(otherSession, id, { status: 'Approved' })).status).toBe(200);

      await page.getByRole('button', { name: 'Approve…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve this campaign?' });
      await dialog.getByRole('button', { name: 'Approve campaign' }).click();
      await dialog.getByRole('alert').getByText('The campaign is already Approved.').waitFor();
      await expect
        .poll(() => page.locator('.cw-page-header .cw-admin-status').textContent())
        .toBe('Approved, awaiting payment');
      await dialog.getByRole('button', { name: 'Keep reviewing' }).click();
      expect(await page.getByRole('button', { name: 'Approve…' }).count()).toBe(0);
    } finally {
      await page.unroute('**/api/notifications/stream');
    }
  });

  it('creates demo campaigns and moves them by exactly the moves the API offers', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Demo campaigns' })
      .click();
    await page.getByRole('heading', { name: 'Demo campaigns', level: 1 }).waitFor();
    await page.getByText('No demo campaigns yet').waitFor();

    await page.getByRole('button', { name: 'New demo campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New demo campaign' });
    await dialog.getByRole('button', { name: 'Create demo campaign' }).click();
    await expect.poll(() => fieldError(dialog.getByLabel('Name'))).toBe('Give the demo campaign a name.');
    await dialog.getByLabel('Name').fill('Spring food drive');
    await dialog.getByLabel(/Organization/).selectOption({ label: 'Harbor Light Food Bank' });
    await dialog.getByRole('button', { name: 'Create demo campaign' }).click();

    const panel = page.locator('.cw-admin-demo-panel');
    const moves = () =>
      panel
        .locator('.cw-admin-demo-moves__list button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    const status = () => panel.locator('.cw-admin-status').textContent();
    await panel.getByRole('heading', { name: 'Spring food drive' }).waitFor();
    expect(await status()).toBe('Draft');
    expect(await moves()).toEqual(['Move to Pending', 'Move to Canceled']);
    // Publishing a draft is not a legal move, so it is not offered.
    expect(await panel.getByRole('button', { name: 'Move to Published' }).count()).toBe(0);

    await panel.getByRole('button', { name: 'Move to Pending' }).click();
    await expect.poll(status).toBe('Pending');
    expect(await moves()).toEqual(['Move to Approved', 'Move to Rejected', 'Move to Canceled']);
    await panel.getByRole('button', { name: 'Move to Approved' }).click();
    await expect.poll(status).toBe('Approved');
    expect(await moves()).toEqual(['Move to Published', 'Move to Canceled']);
    const row = page.locator('.cw-admin-table tbody tr', { hasText: 'Spring food drive' });
    await expect.poll(() => row.locator('.cw-admin-status').textContent()).toBe('Approved');
    expect(await row.textContent()).toContain('Harbor Light Food Bank');

    const admin = await signInAs(app, 'super@demo.local');
    const { body } = await callApi(app, 'GET', '/api/demo-campaigns', { cookie: admin });
    expect(body.demoCampaigns.map((demo: any) => [demo.campaignName, demo.workflowstatus])).toEqual([
      ['Spring food drive', 'Approved'],
    ]);

    // Filters: by status, then none of that status.
    await page.getByLabel('Status', { exact: true }).selectOption('Approved');
    await row.waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('Draft');
    await page.getByText('No demo campaigns match').waitFor();
    expect(await page.locator('#cw-admin-demo-legend').textContent()).toContain('Draftmay go toPendingCanceled');
    expect(reviewer.errors).toEqual([]);
  });
});
