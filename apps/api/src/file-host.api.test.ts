import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_PATHS } from '@causeway/core/contracts/campaigns.contract';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

const FILE_HOST = 'https://cdn.example.org/causeway-files';

describe('stored files on a host of their own (FILES_PUBLIC_URL)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { FILES_PUBLIC_URL: FILE_HOST } });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('addresses covers on the file host, which the pages allow, and the link preview too', async () => {
    const { campaigns } = (await (await fetch(`${app.url}/api/campaigns`)).json()) as {
      campaigns: { campaignId: string; coverImage: string | null }[];
    };
    const campaign = campaigns.find((candidate) => candidate.coverImage);
    expect(campaign?.coverImage).toMatch(new RegExp(`^${FILE_HOST}/campaigns/[^/]+-cover\\.jpg$`));

    const page = await fetch(`${app.url}${CAMPAIGN_PATHS.page(campaign!.campaignId)}`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/img-src [^;]*https:\/\/cdn\.example\.org/);
    expect(policy).toMatch(/media-src 'self' https:\/\/cdn\.example\.org/);
    const html = await page.text();
    expect(html).toContain(`<meta property="og:image" content="${campaign!.coverImage}">`);
  });
});
