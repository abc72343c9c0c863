import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveCampaign } from '@causeway/tests/support/campaigns';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { testStoreName } from '@causeway/tests/support/test-stores';

/** Kept a minute: only a change dropping the page can show anything new within a test. */
const KEPT = { CAMPAIGN_PAGE_CACHE_MS: '60000' };

/** The page's campaign, with gifts counted before. */
const createCampaign = (app: TestApp, campaignId: string) =>
  createLiveCampaign(app, campaignId, { campaignRaised: 2_500_00, donators: 12 });

const pageOf = async (app: TestApp, campaignId: string) => {
  const response = await fetch(`${app.url}/api/campaigns/${campaignId}/page`);
  return { status: response.status, page: response.status === 200 ? (await response.json()).page : null };
};

describe('the public campaign page kept in memory', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: KEPT });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers a page created after it was answered "not found", then every change to it at once', async () => {
    expect((await pageOf(app, 'kept-page')).status).toBe(404);
    const { repositories, organizationId } = await createCampaign(app, 'kept-page');
    expect((await pageOf(app, 'kept-page')).page.raisedCents).toBe(2_500_00);

    await repositories.campaigns.countDonation('kept-page', 25_00);
    expect((await pageOf(app, 'kept-page')).page.raisedCents).toBe(2_525_00);

    await repositories.campaigns.update('kept-page', { campaignTitle: 'Warm meals for 600 families' });
    const html = await (await fetch(`${app.url}/campaign/kept-page/details/`)).text();
    expect(html).toContain('<meta property="og:title" content="Warm meals for 600 families');

    await repositories.organizations.update(organizationId, { name: 'Harbor Light' });
    expect((await pageOf(app, 'kept-page')).page.organization.name).toBe('Harbor Light');

    await repositories.campaigns.softDelete('kept-page');
    expect((await pageOf(app, 'kept-page')).status).toBe(404);
    expect((await fetch(`${app.url}/campaign/kept-page/details/`)).status).toBe(404);
  });

  it('sends the built copy the browser accepts, its ETag, the security headers and the request id', async () => {
    await createCampaign(app, 'headers-page');
    const url = `${app.url}/campaign/headers-page/details/`;
    const first = await fetch(url, { headers: { 'accept-encoding': 'br', 'x-request-id': 'req-page-1' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('x-request-id')).toBe('req-page-1');
    expect(first.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(first.headers.get('cache-control')).toBe('public, max-age=10, stale-while-revalidate=60');
    // The campaign is in the page, painted before any script runs.
    expect(await first.text()).toMatch(/<h1 [^>]*>Warm meals for 500 families<\/h1>/);
    const again = await fetch(url, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const plain = await fetch(`${app.url}/api/campaigns/headers-page/page`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.json()).page.campaignId).toBe('headers-page');
  });
});

describe.runIf(testStoreName() === 'postgres')(
  'the public campaign page on two instances (RUNS ONLY ON THE POSTGRES SERVER: PGlite is one process, Firestore mode passes live messages in process)',
  () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      first = await startTestApp({ env: KEPT });
      second = await startTestApp({ env: KEPT, sharingDatabaseOf: first });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('drops the copy every instance keeps when one of them changes the campaign', async () => {
      const { repositories } = await createCampaign(first, 'two-instances');
      expect((await pageOf(second, 'two-instances')).page.raisedCents).toBe(2_500_00);
      await repositories.campaigns.countDonation('two-instances', 25_00);
      await expect
        .poll(async () => (await pageOf(second, 'two-instances')).page.raisedCents, { timeout: 2_000 })
        .toBe(2_525_00);
    });
  },
);
