import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { dayIn, draftSaved, pngUpload } from '@causeway/tests/support/wizard';

/**
 * The whole approval journey with both people in their own browser: the campaigner writes the
 * campaign in the wizard, the super user sees it arrive live, sends it back with a comment, the
 * campaigner is told, edits and resubmits, and the super user approves it.
 */
describe('a campaign from the wizard through approval, two people in two browsers', () => {
  let app: TestApp;
  let campaignerBrowser: BrowserSession;
  let reviewerBrowser: BrowserSession;
  let campaigner: Page;
  let reviewer: Page;
  let draftId = '';

  const stored = async () => (await app.server.container.get(TYPES.Repositories).preCampaigns.findById(draftId))!;
  const saved = () => draftSaved(campaigner);
  const step = (name: string) =>
    campaigner
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('link', { name: new RegExp(`^${name}( ready| needs attention)?$`) });
  const queueRow = () => reviewer.locator('.cw-admin-table tbody tr', { hasText: 'Harbor soup nights' });

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    campaignerBrowser = await openBrowser();
    reviewerBrowser = await openBrowser();
    campaigner = campaignerBrowser.page;
    reviewer = reviewerBrowser.page;
    for (const [page, email] of [
      [campaigner, 'campaigner@demo.local'],
      [reviewer, 'super@demo.local'],
    ] as const) {
      await page.goto(app.url);
      if (page === campaigner) {
        await page.getByLabel('E-mail address').waitFor();
        await expectAccessible(page, 'sign-in');
      }
      await signInInBrowser(page, email, app.demoPassword);
      await page.getByTestId('session-user').waitFor();
    }
    await reviewer.getByRole('heading', { name: 'Campaign approvals', level: 1 }).waitFor();
    await expectAccessible(reviewer, 'the approval queue');
    await expectAccessible(campaigner, "the campaigner's home");
  });

  afterAll(async () => {
    await campaignerBrowser?.close();
    await reviewerBrowser?.close();
    await app?.close();
  });

  it('the campaigner fills the wizard with uploads and sends it; the super user’s open queue shows it live', async () => {
    await campaigner.getByRole('button', { name: 'Start a campaign' }).first().click();
    // The wizard opens on a blank draft; the first save makes it.
    await campaigner.waitForURL(/\/campaigner\/drafts\/new\?step=basics$/);

    await campaigner.getByLabel('Campaign name').fill('Harbor soup nights');
    await campaigner.waitForURL(/\/campaigner\/drafts\/(?!new\?)[^/?]+\?step=basics$/);
    draftId = new URL(campaigner.url()).pathname.split('/').pop()!;
    await campaigner.getByLabel('Headline').fill('Hot soup for 300 neighbors every Friday');
    await campaigner
      .getByLabel('Story')
      .fill('Every Friday our volunteers serve soup at the harbor hall. Help us keep the pots full this winter.');
    await campaigner.getByLabel('Cause', { exact: true }).selectOption('Hunger and food security');
    await campaigner.getByRole('radio', { name: /Display ads/ }).check();
    await campaigner.getByLabel('Fundraising goal').fill('12,000');
    await campaigner.getByLabel('Fundraising deadline').fill(dayIn(60));
    await saved();
    await expectAccessible(campaigner, 'the Basics step');

    await step('Media').click();
    await campaigner.getByLabel('Cover image file').setInputFiles(pngUpload(1200, 630, 'soup.png'));
    await campaigner.getByTestId('upload-cover-image').getByRole('img', { name: 'Cover image preview' }).waitFor();
    await saved();
    await expectAccessible(campaigner, 'the Media step with a cover');

    await step('Budget').click();
    await campaigner.getByLabel('Total budget').fill('1,500');
    await campaigner.getByLabel('Target cost per click').fill('1');
    await campaigner.getByRole('radio', { name: /Clicks/ }).check();
    await campaigner.getByLabel('Start date').fill(dayIn(1));
    await campaigner.getByLabel('End date').fill(dayIn(30));
    await saved();
    await expectAccessible(campaigner, 'the Budget step');

    await step('Ad files').click();
    await campaigner.getByLabel('Ad files to upload').setInputFiles(pngUpload(728, 90, 'leaderboard.png'));
    await campaigner
      .getByRole('list', { name: 'Ad files of this campaign' })
      .getByRole('listitem')
      .filter({ hasText: 'leaderboard.png' })
      .waitFor();
    await saved();
    await expectAccessible(campaigner, 'the Ad files step with a file');

    await step('Review').click();
    await campaigner.getByRole('heading', { name: 'Ready to send' }).waitFor();
    await expectAccessible(campaigner, 'the Review step, ready to send');
    await campaigner.getByRole('button', { name: 'Send for approval' }).click();
    await campaigner.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
    await expectAccessible(campaigner, 'the draft waiting for approval');

    // No reload on the reviewer's side: the workflow notification refreshes the queue.
    await queueRow().waitFor();
    await expectAccessible(reviewer, 'the approval queue with the campaign');
    expect((await stored()).workflowstatus).toBe('Pending');
  });

  it('the super user sends it back with a comment; the campaigner is told and sees why', async () => {
    await queueRow().getByRole('link', { name: 'Harbor soup nights' }).click();
    await reviewer.getByRole('heading', { name: 'Harbor soup nights', level: 1 }).waitFor();
    await reviewer.getByRole('img', { name: /leaderboard\.png, Leaderboard 728 × 90 pixels/ }).waitFor();
    await expectAccessible(reviewer, 'the campaign under review');
    await reviewer.getByRole('button', { name: 'Send back…' }).click();
    const dialog = reviewer.getByRole('dialog', { name: 'Send this campaign back?' });
    await dialog.getByLabel('What should the campaigner change?').fill('Please say which night the soup is served.');
    await expectAccessible(reviewer, 'the send-back dialog');
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await reviewer.getByTestId('decision-outcome').getByText('You sent “Harbor soup nights” back.').waitFor();
    await expectAccessible(reviewer, 'the campaign after sending it back');

    // The campaigner's open draft follows, and the bell has the news.
    await campaigner.getByRole('heading', { name: 'Sent back for changes' }).waitFor();
    expect(await campaigner.getByTestId('reviewer-comment').textContent()).toBe(
      'Please say which night the soup is served.',
    );
    await expectAccessible(campaigner, 'the draft sent back for changes');
    await campaigner.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    await campaigner
      .locator('.cw-bell__list .cw-notification')
      .filter({ hasText: '“Harbor soup nights” was sent back: Please say which night the soup is served.' })
      .first()
      .waitFor();
    await expectAccessible(campaigner, 'the open notifications');
    await campaigner.keyboard.press('Escape');
  });

  it('the campaigner edits and resubmits; the super user approves; it waits for payment', async () => {
    await step('Basics').click();
    const headline = campaigner.getByLabel('Headline');
    await headline.fill('Hot soup for 300 neighbors every Friday night');
    await saved();
    await step('Review').click();
    await campaigner.getByRole('button', { name: 'Send for approval again' }).click();
    await campaigner.getByRole('heading', { name: 'Waiting for approval' }).waitFor();

    await reviewer.getByText('Resubmitted after it was sent back').waitFor();
    await expectAccessible(reviewer, 'the resubmitted campaign');
    await reviewer.getByRole('button', { name: 'Approve…' }).click();
    const approveDialog = reviewer.getByRole('dialog', { name: 'Approve this campaign?' });
    await approveDialog.waitFor();
    await expectAccessible(reviewer, 'the approve dialog');
    await approveDialog.getByRole('button', { name: 'Approve campaign' }).click();
    await reviewer.getByTestId('decision-outcome').getByText('You approved “Harbor soup nights”.').waitFor();
    await expectAccessible(reviewer, 'the approved campaign');

    expect(await stored()).toMatchObject({
      workflowstatus: 'Approved',
      campaignTitle: 'Hot soup for 300 neighbors every Friday night',
    });
    expect((await stored()).workflow.map((entry) => entry.status)).toEqual([
      'Pending',
      'Canceled',
      'Pending',
      'Approved',
    ]);

    // Pending-publish, on both sides.
    await campaigner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
    await campaigner
      .getByRole('region', { name: /Approved/ })
      .getByText('Harbor soup nights')
      .waitFor();
    await expectAccessible(campaigner, "the campaigner's campaigns with the approved one");
    await reviewer.getByRole('link', { name: 'Back to the queue' }).click();
    await reviewer.getByRole('tab', { name: /Approved, awaiting payment/ }).click();
    await queueRow().waitFor();
    await expectAccessible(reviewer, 'the queue of approved campaigns awaiting payment');
    expect(campaignerBrowser.errors).toEqual([]);
    expect(reviewerBrowser.errors).toEqual([]);
  });
});
