import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPES } from '@causeway/api/types';
import { buildWeb } from '@causeway/scripts/build-web.mjs';
import { expectAccessible, openBrowser, signInInBrowser, type BrowserSession } from '@causeway/tests/support/browser';
import { expectQrCodeOf } from '@causeway/tests/support/qr-panel';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

/**
 * A promoter makes a fundraising page for a campaign they promote and prints its QR code; a donor scans
 * it and gives on the page; the promoter's progress and the campaign's top fundraisers move.
 */
describe('a promoter’s fundraising page in the browser', () => {
  let app: TestApp;
  let promoter: BrowserSession;
  let donor: BrowserSession;
  let campaignId: string;
  let promoterId: string;
  let pageUrl: string;
  let qrLink: string;

  const HEADLINE = 'A pantry on wheels for the islands';

  beforeAll(async () => {
    await buildWeb({ log: () => {} });
    app = await startTestApp();
    [promoter, donor] = await Promise.all([openBrowser(), openBrowser()]);
    const repositories = app.server.container.get(TYPES.Repositories);
    const live = await repositories.campaigns.list({ paidOnly: true });
    campaignId = live.find((campaign) => campaign.campaignTitle === HEADLINE)!.campaignUUID;
    promoterId = (await repositories.users.findByEmail('promoter@demo.local'))!.uid;
  }, 240_000);

  afterAll(async () => {
    await promoter?.close();
    await donor?.close();
    await app?.close();
  });

  it('lets the promoter make their page from their promotions', async () => {
    const { page } = promoter;
    await page.goto(app.url);
    await signInInBrowser(page, 'promoter@demo.local', app.demoPassword);
    await page.getByTestId('session-user').waitFor();
    // Promoted as Discover's Promote button does.
    const promoted = await page.evaluate(
      async (id) => (await fetch(`/api/campaigns/${id}/promotions`, { method: 'POST' })).status,
      campaignId,
    );
    expect([200, 201]).toContain(promoted);
    await page.goto(`${app.url}/donor/promotions`);
    const card = page.locator(`article[data-campaign-id="${campaignId}"]`);
    await card.getByText('Your fundraising page', { exact: true }).click();
    const editor = card.getByTestId('fundraiser-editor');
    await editor.getByLabel('Headline').fill('Priya rows for the pantry van');
    await editor.getByLabel('Why you care').fill('I grew up on the islands.\n\nEvery gift keeps the van on the water.');
    await editor.getByLabel('Personal goal ($)').fill('0');
    await editor.getByRole('button', { name: 'Make your page' }).click();
    await editor.getByText('A personal goal is at least $1.00.').waitFor();
    await editor.getByLabel('Personal goal ($)').fill('200');
    await editor.getByRole('button', { name: 'Make your page' }).click();
    await editor.getByTestId('fundraiser-own-progress').waitFor();
    expect(await editor.getByTestId('fundraiser-own-progress').textContent()).toContain('$0.00 raised of $200.00');
    pageUrl = new URL(
      (await editor.getByRole('link', { name: /View your page/ }).getAttribute('href'))!,
      app.url,
    ).toString();
    expect(new URL(pageUrl).pathname).toBe(`/campaign/${campaignId}/fundraisers/${promoterId}/`);
    // The QR code of the page, to print: its preview and downloads read as the short link it shows.
    const qr = editor.getByTestId('fundraiser-qr');
    await qr.getByRole('heading', { name: 'QR code of your page' }).waitFor();
    qrLink = (await qr.locator('code').textContent())!;
    expect(qrLink).toBe(`${app.url}/q/${campaignId}/${promoterId}`);
    await expectQrCodeOf(qr, qrLink);
    await expectAccessible(page, 'the fundraising page editor');
    expect(promoter.errors).toEqual([]);
  });

  it('serves the page painted by the server, with a preview naming the promoter and the campaign', async () => {
    const html = await (await fetch(pageUrl, { headers: { accept: 'text/html' } })).text();
    expect(html).toMatch(/<meta property="og:title" content="Priya Shah is raising money for A pantry on wheels/);
    expect(html).toContain('Priya rows for the pantry van');
    const hidden = await fetch(`${app.url}/campaign/${campaignId}/fundraisers/nobody/`, {
      headers: { accept: 'text/html' },
    });
    expect(hidden.status).toBe(404);
  });

  it('takes a gift on the page after a scan of its QR code, credited to the promoter under qr, and moves the page and the leaderboard', async () => {
    const { page } = donor;
    const repositories = app.server.container.get(TYPES.Repositories);
    const qrClicks = async () =>
      (await repositories.shareTracking.listClicks(campaignId)).filter(
        (click) => click.channel === 'qr' && click.promoterId === promoterId,
      ).length;
    const scansBefore = await qrClicks();
    await page.goto(qrLink);
    const landed = new URL(page.url());
    expect(landed.pathname).toBe(`/campaign/${campaignId}/fundraisers/${promoterId}/`);
    expect(landed.searchParams.get('utm_source')).toBe('qr');
    await page.getByRole('heading', { name: 'Priya rows for the pantry van', level: 1 }).waitFor();
    expect(await page.getByTestId('fundraiser-raised').textContent()).toBe('$0.00');
    await expectAccessible(page, 'the fundraising page');
    const share = page.getByTestId('fundraiser-share');
    const onX = await share.getByRole('link', { name: /X/ }).first().getAttribute('href');
    expect(decodeURIComponent(onX!)).toContain(`/campaign/${campaignId}/fundraisers/${promoterId}/`);

    const donate = page.getByRole('form', { name: 'Make a donation' });
    await donate.waitFor();
    await donate.getByRole('button', { name: '$10', exact: true }).click();
    await donate.getByRole('button', { name: 'Donate $10.00' }).click();
    await page.waitForURL(/\/sandbox\/stripe\/c\/pay\//);
    await page.getByLabel('Email').fill('dana@example.org');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByLabel('Name on card').fill('Dana Donor');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(new RegExp(`/campaign/${campaignId}/thank-you\\?session_id=cs_`));
    await page.getByTestId('receipt-amount').waitFor();

    await expect
      .poll(
        async () =>
          (await repositories.donations.listDonationsByUser(promoterId))
            .filter((donation) => donation.campaign_id === campaignId && donation.amount === 10_00)
            .map((donation) => [donation.user_id, donation.channel]),
        { timeout: 15_000 },
      )
      .toEqual([[promoterId, 'qr']]);
    expect(await qrClicks()).toBe(scansBefore + 1);

    await page.goto(pageUrl);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('fundraiser-raised').textContent();
        },
        { timeout: 15_000 },
      )
      .toBe('$10.00');
    expect(await page.getByTestId('fundraiser-donors').textContent()).toBe('1 donor');

    await page.goto(`${app.url}/campaign/${campaignId}/details/`);
    const board = page.getByTestId('top-fundraisers');
    await board.waitFor();
    const entry = board.getByRole('listitem').filter({ hasText: 'Priya Shah' });
    expect(await entry.getByTestId('leaderboard-amount').textContent()).toBe('$10.00 raised of $200.00');
    await expectAccessible(page, 'the campaign page with its top fundraisers');
    expect(donor.errors).toEqual([]);
  });

  it('shows the promoter their progress', async () => {
    const { page } = promoter;
    await page.goto(`${app.url}/donor/promotions`);
    const card = page.locator(`article[data-campaign-id="${campaignId}"]`);
    await card.getByText('Your fundraising page', { exact: true }).click();
    const progress = card.getByTestId('fundraiser-own-progress');
    await progress.waitFor();
    expect(await progress.textContent()).toContain('$10.00 raised of $200.00');
    expect(await progress.textContent()).toContain('1 donor');
    expect(promoter.errors).toEqual([]);
  });

  it('lets the campaigner hide the page with a reason: the public no longer finds it, and the promoter is told', async () => {
    const { page } = donor;
    await page.goto(app.url);
    await signInInBrowser(page, 'campaigner@demo.local', app.demoPassword);
    await page.getByTestId('session-user').waitFor();
    await page.goto(`${app.url}/campaigner/campaigns`);
    await page.locator(`[data-campaign-id="${campaignId}"]`).getByRole('link', { name: 'Shares' }).click();
    const section = page.getByTestId('fundraiser-pages');
    const row = section.locator(`tr[data-promoter-id="${promoterId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('$10.00 of $200.00');
    await row.getByRole('button', { name: 'Hide…' }).click();
    await row.getByLabel('Why (the promoter is told)').fill('Please use a photo of yourself.');
    await row.getByRole('button', { name: 'Hide the page' }).click();
    await row.getByText('Hidden: Please use a photo of yourself.').waitFor();
    await expectAccessible(page, 'the campaign’s fundraising pages');

    const hidden = await fetch(pageUrl, { headers: { accept: 'text/html' } });
    expect(hidden.status).toBe(404);

    const own = promoter.page;
    await own.goto(`${app.url}/donor/promotions`);
    const card = own.locator(`article[data-campaign-id="${campaignId}"]`);
    await card.getByText('Your fundraising page', { exact: true }).click();
    await card.getByText('The campaign’s organizers hid your page: Please use a photo of yourself.').waitFor();
    expect(donor.errors).toEqual([]);
  });

  it('shows the campaigner the gifts made on the page in the campaign’s report', async () => {
    const { page } = donor;
    await page.goto(`${app.url}/reports/campaigns/${campaignId}`);
    const places = page.getByRole('region', { name: 'Where gifts were made' });
    const onPages = places.locator('table tbody tr', { hasText: 'Fundraising pages' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await places.waitFor();
          return (await onPages.locator('td').allTextContents()).join(' | ');
        },
        { timeout: 20_000 },
      )
      .toBe('1 | $10');
    const promoters = page.getByRole('region', { name: 'Promoters' });
    const priya = promoters.locator('table tbody tr', { hasText: 'Priya Shah' });
    expect(await priya.locator('td').last().textContent()).toBe('1 gift, $10');
    await places.getByRole('button', { name: 'Show table' }).click();
    expect(await places.getByRole('table').isVisible()).toBe(true);
    await expectAccessible(page, 'the campaign’s report');
    expect(donor.errors).toEqual([]);
  });
});
