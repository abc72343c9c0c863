import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { expectQrCodeOf } from '@causeway/tests/support/qr-panel';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

/**
 * A promoter promotes a live campaign from Discover and copies their X link; a visitor follows it to the
 * campaign page, and the click shows in the campaign's share counters for its campaigner.
 */
describe('promoting a campaign in the browser', () => {
  let app: TestApp;
  let promoter: BrowserSession;
  let visitor: BrowserSession;
  let campaignId: string;
  let xLink: string;

  const HEADLINE = 'A pantry on wheels for the islands';

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    [promoter, visitor] = await Promise.all([openBrowser(), openBrowser()]);
    const live = await app.server.container.get(TYPES.Repositories).campaigns.list({ paidOnly: true });
    campaignId = live.find((campaign) => campaign.campaignTitle === HEADLINE)!.campaignUUID;
  }, 120_000);

  afterAll(async () => {
    await promoter?.close();
    await visitor?.close();
    await app?.close();
  });

  it('lets the demo promoter find a live campaign in Discover, promote it and copy the X link', async () => {
    const { page, context } = promoter;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await page.goto(app.url);
    await signInInBrowser(page, 'promoter@demo.local', app.demoPassword);
    await page.getByRole('heading', { name: 'Live campaigns' }).waitFor();
    const card = page.locator(`[data-campaign-id="${campaignId}"]`);
    await card.getByRole('heading', { name: HEADLINE }).waitFor();
    expect(await card.textContent()).toContain('$12,000.00');
    await expectAccessible(page, 'Discover');

    await card.getByRole('button', { name: `Promote ${HEADLINE}` }).click();
    const dialog = page.getByRole('dialog', { name: `Share “${HEADLINE}”` });
    const xRow = dialog.locator('[data-channel="x"]');
    await xRow.getByRole('textbox', { name: 'Your X link' }).waitFor();
    xLink = await xRow.getByRole('textbox', { name: 'Your X link' }).inputValue();
    expect(xLink).toMatch(new RegExp(`^${app.url}/s/[A-Za-z0-9_-]{10}$`));
    const shareOnX = xRow.getByRole('link', { name: 'Share on X' });
    expect(await shareOnX.getAttribute('href')).toBe(
      `https://x.com/intent/tweet?text=${encodeURIComponent(HEADLINE)}&url=${encodeURIComponent(xLink)}`,
    );
    expect(await shareOnX.getAttribute('target')).toBe('_blank');
    expect(await dialog.locator('[data-channel="instagram"]').getByRole('link').count()).toBe(0);
    expect(await dialog.textContent()).toContain('Instagram has no share page on the web');
    await expectAccessible(page, 'the share dialog');

    // Their QR code, to print, holds their own short link of channel qr.
    const qr = dialog.getByTestId('qr-code');
    const qrLink = (await qr.locator('code').textContent())!;
    expect(qrLink).toMatch(new RegExp(`^${app.url}/s/[A-Za-z0-9_-]{10}$`));
    expect(qrLink).not.toBe(xLink);
    await expectQrCodeOf(qr, qrLink);

    await xRow.getByRole('button', { name: 'Copy link (X)' }).click();
    await xRow.getByRole('button', { name: 'Copied (X)' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(xLink);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await card.getByText('You promote this campaign').waitFor();
    // The button's name starts with what it shows.
    await card.getByRole('button', { name: `Share again ${HEADLINE}` }).waitFor();
    await expectAccessible(page, 'Discover, once promoted');
    expect(promoter.errors).toEqual([]);
  });

  it('sends a visitor who follows the link to the campaign page, counting the click', async () => {
    const { page } = visitor;
    await page.goto(xLink);
    await page.getByRole('heading', { name: HEADLINE, level: 1 }).waitFor();
    const landed = new URL(page.url());
    expect(landed.pathname).toBe(`/campaign/${campaignId}/details/`);
    expect(landed.searchParams.get('utm_source')).toBe('x');
    expect(landed.searchParams.get('ref')).toBeTruthy();
    expect(await app.server.container.get(TYPES.Repositories).shareTracking.getCounters(campaignId)).toMatchObject({
      x: 1,
      linkedin: 0,
      facebook: 0,
      instagram: 0,
    });
    expect(visitor.errors).toEqual([]);
  });

  it('shows the click in the campaign’s share counters to its campaigner', async () => {
    const { page } = visitor;
    await page.goto(app.url);
    await signInInBrowser(page, 'campaigner@demo.local', app.demoPassword);
    await page.getByTestId('session-user').waitFor();
    await page.goto(`${app.url}/campaigner/campaigns`);
    const row = page.locator(`[data-campaign-id="${campaignId}"]`);
    await row.getByText('1 promoter').waitFor();
    await row.getByRole('link', { name: 'Shares' }).click();
    const counters = page.getByTestId('share-counters');
    await counters.waitFor();
    expect(await counters.locator('[data-channel="x"] .cw-reach__counter-value').textContent()).toBe('1');
    expect(await page.getByTestId('share-total').textContent()).toBe('1 click in all');
    expect(await page.getByRole('row', { name: /Priya Shah/ }).textContent()).toContain('X 1');
    expect(visitor.errors).toEqual([]);
  });

  it("shows the campaigner the live campaign's own QR code, which a scan follows to the page as a QR code click", async () => {
    const { page } = visitor;
    await page.goto(`${app.url}/campaigner/campaigns/${campaignId}`);
    const section = page.getByRole('region', { name: 'QR code' });
    const qr = section.getByTestId('qr-code');
    await qr.waitFor();
    const address = `${app.url}/q/${campaignId}`;
    expect(await qr.locator('code').textContent()).toBe(address);
    await expectQrCodeOf(qr, address);
    await expectAccessible(page, 'the live campaign with its QR code');

    await page.goto(address);
    await page.getByRole('heading', { name: HEADLINE, level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get('utm_source')).toBe('qr');
    expect(await app.server.container.get(TYPES.Repositories).shareTracking.getCounters(campaignId)).toMatchObject({
      x: 1,
      qr: 1,
    });
    // Back to the campaign's shares, where the next step starts.
    await page.goto(`${app.url}/campaigner/campaigns/${campaignId}`);
    await page.getByRole('link', { name: 'Promoters' }).click();
    await page.getByTestId('share-counters').waitFor();
  });

  it('lets the campaigner write the thank-you messages beside their live preview, and save them', async () => {
    const { page } = visitor;
    await page.getByRole('link', { name: 'Thank-you messages' }).click();
    const pagePreview = page.getByTestId('page-preview');
    await pagePreview.waitFor();
    expect(await pagePreview.textContent()).toContain('Thank you, Jordan Lee!');
    expect(await pagePreview.textContent()).toContain(`Your gift of $50.00 to Saturday pantry van has been received.`);

    await page.getByLabel('Message on the receipt page').fill('The van sails every Saturday at 7.');
    await page.getByRole('group', { name: 'The receipt page includes' }).getByLabel('Donor’s name').uncheck();
    await pagePreview.getByText('The van sails every Saturday at 7.').waitFor();
    expect(await pagePreview.textContent()).toContain('Thank you!');

    await page.getByLabel('Header image at the top of the e-mail').check();
    await page.getByLabel('An image of my own').check();
    await page.getByRole('button', { name: 'Save messages' }).click();
    await page.getByText('Enter the address of the header image, or use the campaign’s own.').waitFor();
    await page.getByLabel('Address of the header image').fill('https://cdn.example/van.png');
    expect(await page.getByTestId('email-preview').locator('img').getAttribute('src')).toBe(
      'https://cdn.example/van.png',
    );
    await page.getByRole('button', { name: 'Save messages' }).click();
    await page.getByText('Saved. Donors are thanked with these messages from now on.').waitFor();

    const saved = await app.server.container.get(TYPES.Repositories).appreciations.findForCampaign(campaignId);
    expect(saved).toMatchObject({
      pageMessage: 'The van sails every Saturday at 7.',
      includePageDonorName: false,
      includeHeaderEmail: true,
      includeCustomizedHeaderEmail: true,
      emailHeaderUrl: 'https://cdn.example/van.png',
    });
    expect(visitor.errors).toEqual([]);
  });
});
