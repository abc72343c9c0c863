import { readFileSync } from 'node:fs';
import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import {
  expectAccessible,
  expectMaxLengths,
  openBrowser,
  signInInBrowser,
  type BrowserSession,
} from '@causeway/tests/support/browser';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { dayIn, draftSaved, pngUpload } from '@causeway/tests/support/wizard';

/** The message shown for a form control: the error its aria-describedby points at. */
async function fieldError(control: Locator): Promise<string | null> {
  return control.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const error = ids.map((id) => document.getElementById(id)).find((node) => node?.hasAttribute('data-field-error'));
    return error?.textContent ?? null;
  });
}

describe('a campaigner writes a campaign in the wizard and sends it for approval', () => {
  let app: TestApp;
  let browser: BrowserSession;
  let page: Page;
  let draftId = '';

  const repositories = () => app.server.container.get(TYPES.Repositories);
  const saved = () => draftSaved(page);
  const stepLink = (name: string) =>
    page
      .getByRole('navigation', { name: 'Campaign steps' })
      .getByRole('link', { name: new RegExp(`^${name}( ready| needs attention)?$`) });
  const next = (label: string) => page.getByRole('link', { name: `Next: ${label}` }).click();
  const onStep = async (step: string, heading: string) => {
    await page.waitForURL(new RegExp(`/campaigner/drafts/${draftId}\\?step=${step}$`));
    await page.getByRole('heading', { name: heading, level: 2, exact: true }).waitFor();
  };
  const stored = async () => (await repositories().preCampaigns.findById(draftId))!;

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    browser = await openBrowser();
    page = browser.page;
    await page.goto(app.url);
    await signInInBrowser(page, 'campaigner@demo.local', app.demoPassword);
    await page.getByTestId('session-user').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('starts from empty lists that say what to do, and opens a new draft at Basics', async () => {
    await page.waitForURL(/\/campaigner$/);
    await page.getByRole('heading', { name: 'Drafts', level: 2 }).waitFor();
    await page.getByText('No drafts yet').waitFor();
    await page.getByText('Nothing is waiting for approval').waitFor();
    await page.getByText('No approved campaigns yet').waitFor();

    await page.getByRole('button', { name: 'Start a campaign' }).first().click();
    // The wizard opens on a blank draft; the first save makes it.
    await page.waitForURL(/\/campaigner\/drafts\/new\?step=basics$/);
    await page.getByRole('heading', { name: 'Basics', level: 2, exact: true }).waitFor();
    expect(await stepLink('Basics').getAttribute('aria-current')).toBe('step');
    // A fresh draft needs its basics, media, budget and ads; audience and landing page have defaults.
    for (const step of ['Basics', 'Media', 'Budget', 'Ad files']) {
      await stepLink(step).getByLabel('needs attention').waitFor();
    }
    await stepLink('Audience').getByLabel('ready').waitFor();
  });

  it('checks each field as it is typed with the API’s own rules, and saves the step', async () => {
    await expectMaxLengths(page, 'the wizard’s basics');
    await page.getByLabel('Campaign name').fill('Winter meals');
    await page.waitForURL(/\/campaigner\/drafts\/(?!new\?)[^/?]+\?step=basics$/);
    draftId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByLabel('Headline').fill('Warm meals for 500 families this winter');
    const story = page.getByLabel('Story');
    await story.fill('Every week our volunteers cook.');
    await page.getByText('31 / 20,000 characters · 19 more to reach the 50-character minimum').waitFor();
    await story.fill(
      'Every week our volunteers cook and deliver warm meals to families across Portland. Help us reach 500 families.',
    );
    await page.getByText(/^110 \/ 20,000 characters$/).waitFor();

    const tags = page.getByRole('textbox', { name: /^Tags/ });
    await tags.fill('food');
    await tags.press('Enter');
    await tags.fill('winter,');
    await page.getByRole('button', { name: 'Remove tag winter' }).waitFor();

    await page.getByLabel('Cause', { exact: true }).selectOption('Hunger and food security');
    await page.getByRole('radio', { name: /Display ads/ }).check();

    const goal = page.getByLabel('Fundraising goal');
    await goal.fill('50');
    await expect.poll(() => fieldError(goal)).toBe('The fundraising goal must be at least $100.');
    // Next stops at a field that cannot be saved, rather than leaving it behind.
    await page.getByRole('link', { name: 'Next: Media' }).click();
    expect(new URL(page.url()).search).toBe('?step=basics');
    await expect.poll(() => goal.evaluate((element) => element === document.activeElement)).toBe(true);
    await goal.fill('25,000');
    await expect.poll(() => fieldError(goal)).toBeNull();
    // Leaving a date that submitting would refuse says so at once, with Review's own words.
    const deadline = page.getByLabel('Fundraising deadline');
    await deadline.fill(dayIn(-1));
    await deadline.blur();
    await expect.poll(() => fieldError(deadline)).toBe('The deadline must be in the future.');
    await deadline.fill(dayIn(90));
    await expect.poll(() => fieldError(deadline)).toBeNull();
    await saved();

    expect(await stored()).toMatchObject({
      campaignName: 'Winter meals',
      campaignTags: ['food', 'winter'],
      campaignCategory: 'Hunger and food security',
      campaignChannel: 'display',
      campaignRaiseGoal: 2_500_000,
      campaignRaiseGoalDeadline: `${dayIn(90)}T00:00:00.000Z`,
    });
    await stepLink('Basics').getByLabel('ready').waitFor();
  });

  it('uploads the cover with its progress, preview and the size the platform read', async () => {
    await next('Media');
    await onStep('media', 'Media');
    const cover = page.getByTestId('upload-cover-image');
    await expectMaxLengths(page, 'the wizard’s media');
    await page.getByLabel('Cover image file').setInputFiles(pngUpload(1200, 630, 'kitchen.png'));
    await cover
      .getByTestId('upload-facts')
      .filter({ hasText: /^1200×630 pixels · \d+ KB$/ })
      .waitFor();
    await cover.getByRole('img', { name: 'Cover image preview' }).waitFor();
    await saved();
    expect((await stored()).campaignCoverImage).toMatch(new RegExp(`/files/preCampaigns/cover_${draftId}\\.png$`));

    // A link without its image is one of the things submitting still needs; a bad address is refused at once.
    const link = page.getByLabel(/^Desktop header link/);
    await link.fill('harborlight');
    await expect.poll(() => fieldError(link)).toBe('Enter a full web address, like https://example.org.');
    await link.fill('');
    await expect.poll(() => fieldError(link)).toBeNull();
  });

  it('says whom the ads reach, defaults included, as the audience is chosen', async () => {
    await next('Audience');
    await onStep('targeting', 'Audience');
    const summary = page.getByTestId('audience-summary');
    expect(await summary.textContent()).toBe('Your ads reach everyone aged 18–99, across the whole US.');
    await expectMaxLengths(page, 'the wizard’s audience');
    await expectAccessible(page, 'the wizard’s audience');

    await page.getByRole('checkbox', { name: '25–34' }).check();
    await page.getByRole('checkbox', { name: '35–44' }).check();
    await page.getByRole('checkbox', { name: 'Women' }).check();
    await page.getByLabel('Find a state').fill('mai');
    await page.getByRole('checkbox', { name: /^Maine/ }).check();
    const cities = page.getByRole('textbox', { name: /^Cities in Maine/ });
    await cities.fill('Portland');
    await cities.press('Enter');
    const zips = page.getByRole('textbox', { name: /^ZIP codes/ });
    await zips.fill('0410 04101 ');
    await expect.poll(() => fieldError(zips)).toBe('0410: A ZIP code has five digits.');
    await page.getByRole('button', { name: 'Remove ZIP code 0410', exact: true }).click();
    await expect.poll(() => fieldError(zips)).toBeNull();
    await saved();
    expect(await summary.textContent()).toBe('Your ads reach women aged 25–44, in Portland (ME) and ZIP code 04101.');
    expect(await stored()).toMatchObject({
      demographicTargetAge: ['25-34', '35-44'],
      demographicTargetGender: ['female'],
      statesAmobee: [{ stateCode: 'ME', cities: [{ city: 'Portland' }] }],
      zips: ['04101'],
    });
  });

  it('leaves the wizard mid-way and resumes where it was, from the server’s copy', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
    await page.waitForURL(/\/campaigner$/);
    const item = page.locator('.cw-camp-item', { hasText: 'Winter meals' });
    await item.waitFor();
    expect(await item.textContent()).toContain('Goal $25,000');
    expect(await item.textContent()).toContain('next: Budget');
    await item.getByRole('link', { name: 'Continue Winter meals' }).click();
    await onStep('targeting', 'Audience');
    expect(await page.getByRole('checkbox', { name: /^Maine/ }).isChecked()).toBe(true);

    await page.reload();
    await onStep('targeting', 'Audience');
    await page.getByRole('button', { name: 'Remove city Portland' }).waitFor();
    await stepLink('Basics').click();
    await onStep('basics', 'Basics');
    expect(await page.getByLabel('Fundraising goal').inputValue()).toBe('25000');
  });

  it('shows the budget’s ad share and the even daily amount live, and sends only the budget', async () => {
    await stepLink('Budget').click();
    await onStep('budget', 'Budget');
    const sent: string[][] = [];
    const record = (request: Request) => {
      if (request.method() === 'PATCH') sent.push(Object.keys(request.postDataJSON() as object));
    };
    page.on('request', record);
    await page.getByLabel('Total budget').fill('2,000');
    await expectMaxLengths(page, 'the wizard’s budget');
    await expectAccessible(page, 'the wizard’s budget');
    const share = page.getByTestId('budget-share');
    await share
      .filter({ hasText: 'Of your $2,000, $1,300 buys ads (65%); the rest, $700, pays for running' })
      .waitFor();
    const cpc = page.getByLabel('Target cost per click');
    await cpc.fill('6');
    await expect.poll(() => fieldError(cpc)).toBe('The target cost per click can be at most $5.');
    await cpc.fill('0.75');
    await page.getByRole('radio', { name: /Clicks/ }).check();
    const start = page.getByLabel('Start date');
    const end = page.getByLabel('End date');
    await start.fill(dayIn(-2));
    await start.blur();
    await expect.poll(() => fieldError(start)).toBe('The ads cannot start in the past.');
    await start.fill(dayIn(1));
    await expect.poll(() => fieldError(start)).toBeNull();
    await end.fill(dayIn(1));
    await end.blur();
    await expect.poll(() => fieldError(end)).toBe('The ads must end after they start.');
    await end.fill(dayIn(120));
    await expect.poll(() => fieldError(end)).toBe('The ads should end by the fundraising deadline.');
    await end.fill(dayIn(31));
    await expect.poll(() => fieldError(end)).toBeNull();
    await share.filter({ hasText: 'Spread evenly over 30 days, that is about $43.33 a day on ads.' }).waitFor();
    await saved();
    expect(await stored()).toMatchObject({
      budgetLifetime: 200_000,
      budgetDaily: 0,
      budgetTargetCpc: 75,
      budgetOptimizationStrategy: 'clicks',
      startDate: `${dayIn(1)}T00:00:00.000Z`,
      endDate: `${dayIn(31)}T00:00:00.000Z`,
    });
    await stepLink('Budget').getByLabel('ready').waitFor();
    page.off('request', record);
    // Each save carries only fields of this step, only those changed.
    const budgetFields = [
      'budgetLifetime',
      'budgetDaily',
      'budgetTargetCpc',
      'budgetOptimizationStrategy',
      'startDate',
      'endDate',
    ];
    expect(sent.length).toBeGreaterThan(0);
    for (const keys of sent) expect(budgetFields).toEqual(expect.arrayContaining(keys));
    expect(sent.flat()).not.toContain('budgetDaily');
  });

  it('lists the accepted sizes, refuses a banner of the wrong size with the platform’s message, keeps a good one', async () => {
    await next('Ad files');
    await onStep('adFiles', 'Ad files');
    await page.getByRole('list', { name: 'Accepted banner sizes' }).getByText('Medium rectangle').waitFor();
    const files = page.getByLabel('Ad files to upload');

    await files.setInputFiles(pngUpload(300, 251, 'banner-300x251.png'));
    await page
      .getByRole('alert')
      .filter({ hasText: 'This ad is 300×251 pixels; display ads must be one of the standard sizes: 300×250' })
      .waitFor();

    await files.setInputFiles(pngUpload(300, 250, 'banner-300x250.png'));
    const row = page.getByRole('list', { name: 'Ad files of this campaign' }).getByRole('listitem');
    await row.filter({ hasText: 'banner-300x250.png' }).waitFor();
    expect(await row.textContent()).toMatch(/300×250 Medium rectangle · \d+ KB of 150 KB/);
    await saved();

    // A video ad does not fit a display campaign: it is described with its length and marked until removed.
    await files.setInputFiles({
      name: 'ad-640x360-15s.mp4',
      mimeType: 'video/mp4',
      buffer: readFileSync('tests/fixtures/media/ad-640x360-15s.mp4'),
    });
    const video = row.filter({ hasText: 'ad-640x360-15s.mp4' });
    await video.filter({ hasText: /Video, 640×360 · 15 s · [\d.]+ (KB|MB) of 10 MB/ }).waitFor();
    await video.getByText('This is a video ad, but the campaign runs display ads.').waitFor();
    await saved();
    await stepLink('Ad files').getByLabel('needs attention').waitFor();
    await video.getByRole('button', { name: 'Remove ad-640x360-15s.mp4' }).click();
    await saved();
    await stepLink('Ad files').getByLabel('ready').waitFor();
    expect((await stored()).adFiles).toMatchObject([
      { name: 'banner-300x250.png', typeFormat: 'display', width: 300, height: 250 },
    ]);
  });

  it('explains where ad clicks land without a landing page', async () => {
    await next('Landing page');
    await onStep('landingPage', 'Landing page');
    await page.getByText("Ad clicks land on the campaign's own page on Causeway").waitFor();
    expect(
      await page.getByRole('switch', { name: 'Send ad clicks to a page of my own' }).getAttribute('aria-checked'),
    ).toBe('false');
  });

  it('reviews every step with the campaign page preview, sends it for approval and shows it read-only', async () => {
    await next('Review');
    await onStep('review', 'Review');
    await page.getByRole('heading', { name: 'Ready to send' }).waitFor();
    await expectAccessible(page, 'the wizard’s review');
    const preview = page.getByRole('article', { name: 'Campaign page preview' });
    await preview.getByText('Warm meals for 500 families this winter').waitFor();
    expect(await preview.textContent()).toContain('$0 raised of $25,000');
    await preview.getByRole('img', { name: 'Cover' }).waitFor();
    for (const step of ['Basics', 'Media', 'Audience', 'Budget', 'Ad files', 'Landing page']) {
      await page.getByRole('link', { name: `Edit ${step}` }).waitFor();
    }

    await page.getByRole('button', { name: 'Send for approval' }).click();
    await page.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
    expect((await stored()).workflowstatus).toBe('Pending');
    await page.locator('.cw-camp-history').getByText('Sent for approval').waitFor();

    await stepLink('Basics').click();
    await onStep('basics', 'Basics');
    expect(await page.getByLabel('Campaign name').isDisabled()).toBe(true);
    expect(await page.getByTestId('save-status').count()).toBe(0);

    await page.getByRole('link', { name: 'All campaigns' }).click();
    const pending = page.getByRole('region', { name: /Waiting for approval/ });
    await pending.getByText('Winter meals').waitFor();
    await pending.getByText('Waiting for approval', { exact: true }).waitFor();
    await page.getByText('No drafts yet').waitFor();
  });

  it('follows a reviewer’s decision live: sent back, the comment heads the draft, which can be edited again', async () => {
    await page.goto(`${app.url}/campaigner/drafts/${draftId}?step=review`);
    await page.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
    const reviewer = await signInAs(app, 'super@demo.local');
    const moved = await callApi(app, 'POST', `/api/pre-campaigns/${draftId}/workflow`, {
      cookie: reviewer,
      body: { status: 'Canceled', comment: 'Please use a photo of the kitchen as the cover.' },
    });
    expect(moved.status).toBe(200);
    // No reload: the workflow notification refreshes the open draft.
    await page.getByRole('heading', { name: 'Sent back for changes' }).waitFor();
    expect(await page.getByTestId('reviewer-comment').textContent()).toBe(
      'Please use a photo of the kitchen as the cover.',
    );
    await page.getByRole('button', { name: 'Send for approval again' }).waitFor();
    await stepLink('Basics').click();
    expect(await page.getByLabel('Campaign name').isDisabled()).toBe(false);
  });

  it('fits a phone’s width without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${app.url}/campaigner/drafts/${draftId}?step=targeting`);
      await page.getByRole('heading', { name: 'Audience', level: 2, exact: true }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    expect(browser.errors).toEqual([]);
  });
});
