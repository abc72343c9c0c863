import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

/**
 * The README's first tour in Firestore mode: sign in, start a draft, save a step, see it listed. Needs
 * the Firestore emulator (FIRESTORE_EMULATOR_HOST, which `npm test` starts where gcloud has it).
 */
const emulator = process.env.FIRESTORE_EMULATOR_HOST;

describe.skipIf(!emulator)(
  `the first tour on Firestore${emulator ? '' : ' (SKIPPED: FIRESTORE_EMULATOR_HOST is not set, no Firestore emulator)'}`,
  () => {
    let app: TestApp;
    let browser: BrowserSession;

    beforeAll(async () => {
      await buildWeb({ log: () => {} });
      app = await startTestApp({ store: 'firestore' });
      browser = await openBrowser();
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await app?.close();
    });

    it('signs in, starts a draft, saves its first step and lists it', async () => {
      expect(app.store).toBe('firestore');
      const { page } = browser;
      await page.goto(`${app.url}/campaigner`);
      await page.getByLabel('E-mail address').waitFor();
      await expectAccessible(page, 'sign-in');
      await signInInBrowser(page, 'campaigner@demo.local', app.demoPassword);
      await page.getByText('No drafts yet').waitFor();
      await expectAccessible(page, "the campaigner's home");

      await page.getByRole('button', { name: 'Start a campaign' }).first().click();
      await page.getByLabel('Campaign name').fill('Harbor soup nights');
      await page.waitForURL(/\/campaigner\/drafts\/(?!new\?)[^/?]+\?step=basics$/);
      const draftId = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByLabel('Headline').fill('Hot soup for 300 neighbors every Friday');
      await page.getByText(/Saved/).first().waitFor();
      await expectAccessible(page, "the wizard's first step");

      // Kept in Firestore, and listed on the campaigner's home.
      const stored = await app.server.container.get(TYPES.Repositories).preCampaigns.findById(draftId);
      expect(stored).toMatchObject({ campaignName: 'Harbor soup nights' });
      await page.goto(`${app.url}/campaigner`);
      await page
        .getByRole('link', { name: /Harbor soup nights/ })
        .first()
        .waitFor();
      await expectAccessible(page, "the campaigner's home with the draft");
      expect(browser.errors).toEqual([]);
    });
  },
);
