import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { draftSaved, pngUpload } from '@causeway/tests/support/wizard';

describe('starting a campaign', () => {
  let app: TestApp;
  let browser: BrowserSession;

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    browser = await openBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('makes no draft from looking, and one draft from one click and its first save', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/campaigner`);
    await signInInBrowser(page, 'campaigner@demo.local', app.demoPassword);
    await page.getByText('No drafts yet').waitFor();
    await expectAccessible(page, 'the campaigner home');

    const start = page.getByRole('button', { name: 'Start a campaign' }).first();
    await start.dblclick();
    await page.waitForURL(/\/campaigner\/drafts\/new\?step=basics$/);
    await page.getByRole('heading', { name: 'Basics', level: 2, exact: true }).waitFor();
    await expectAccessible(page, 'the wizard’s first step');
    await page.goBack();
    await page.getByText('No drafts yet').waitFor();

    await page.getByRole('button', { name: 'Start a campaign' }).first().click();
    await page.getByLabel('Campaign name').fill('Harbor soup nights');
    await page.waitForURL(/\/campaigner\/drafts\/(?!new\?)[^/?]+\?step=basics$/);
    const draftId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByLabel('Headline').fill('Hot soup for 300 neighbors every Friday');
    await page.getByText(/Saved/).first().waitFor();

    const logs = await callLogs();
    const started = logs.filter((entry) => entry.action.startsWith('Started campaign'));
    expect(started).toHaveLength(1);
    expect(started[0]!.action).toBe('Started campaign Harbor soup nights');

    await page.goto(`${app.url}/campaigner`);
    const repositories = app.server.container.get(TYPES.Repositories);
    const stored = await repositories.preCampaigns.findById(draftId);
    expect(stored).toMatchObject({ campaignName: 'Harbor soup nights' });
    await page
      .getByRole('link', { name: /Harbor soup nights/ })
      .first()
      .waitFor();
    expect(await page.getByText('Untitled campaign').count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it('uploads a cover before anything else is saved: the upload makes the draft first', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/campaigner/drafts/new?step=media`);
    await page.getByRole('heading', { name: 'Media', level: 2, exact: true }).waitFor();
    await expectAccessible(page, 'the wizard’s media step');
    await page.getByLabel('Cover image file').setInputFiles(pngUpload(1200, 630, 'pantry.png'));
    const cover = page.getByTestId('upload-cover-image');
    await cover.getByRole('img', { name: 'Cover image preview' }).waitFor();
    await page.waitForURL(/\/campaigner\/drafts\/(?!new\?)[^/?]+\?step=media$/);
    const draftId = new URL(page.url()).pathname.split('/').pop()!;
    await draftSaved(page);
    expect(await cover.getByRole('alert').textContent()).toBe('');
    const stored = await app.server.container.get(TYPES.Repositories).preCampaigns.findById(draftId);
    expect(stored?.campaignCoverImage).toMatch(new RegExp(`/files/preCampaigns/cover_${draftId}\\.png$`));
    expect(browser.errors).toEqual([]);
  });

  const callLogs = () => app.server.container.get(TYPES.Repositories).auditLogs.list();
});
