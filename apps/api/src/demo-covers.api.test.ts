import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_PATHS } from '@causeway/core/contracts/campaigns.contract';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';

const DEMO_LIVE = ['Warm meals for 500 families this winter', 'A pantry on wheels for the islands'];

/** What an image address answers, fetched as a browser or a link-preview crawler would. */
async function fetchImage(app: TestApp, address: string) {
  const response = await fetch(new URL(address, app.url));
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, contentType: response.headers.get('content-type'), bytes };
}

/** A JPEG's width and height, read from its start-of-frame marker. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  for (let at = 2; at + 9 < bytes.length;) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      return { height: (bytes[at + 5]! << 8) | bytes[at + 6]!, width: (bytes[at + 7]! << 8) | bytes[at + 8]! };
    }
    at += 2 + length;
  }
  return null;
}

describe("the demo campaigns' covers", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('are stored through the file store and served as link-preview sized JPEGs, on Discover, the page and its preview', async () => {
    const listed = await fetch(`${app.url}/api/campaigns`);
    expect(listed.status).toBe(200);
    const { campaigns } = (await listed.json()) as {
      campaigns: { campaignId: string; title: string; coverImage: string | null }[];
    };
    const demo = campaigns.filter((campaign) => DEMO_LIVE.includes(campaign.title));
    expect(demo.map((campaign) => campaign.title).sort()).toEqual([...DEMO_LIVE].sort());

    const covers = new Set<string>();
    for (const campaign of demo) {
      // A same-origin path, so the page loads it whatever name it is opened by (its policy refuses other hosts).
      expect(campaign.coverImage, campaign.title).toMatch(/^\/files\/campaigns\/[^/]+-cover\.jpg$/);
      const image = await fetchImage(app, campaign.coverImage!);
      expect(image.status, campaign.title).toBe(200);
      expect(image.contentType, campaign.title).toBe('image/jpeg');
      expect(jpegSize(image.bytes), campaign.title).toEqual({ width: 1200, height: 630 });
      expect(image.bytes.byteLength).toBeLessThan(60_000);
      covers.add(Buffer.from(image.bytes).toString('base64'));

      // The public page shows it, and its link preview names it.
      const page = await fetch(`${app.url}/api/campaigns/${campaign.campaignId}/page`);
      expect(((await page.json()) as { page: { coverImage: string | null } }).page.coverImage).toBe(
        campaign.coverImage,
      );
      const html = await (await fetch(`${app.url}${CAMPAIGN_PATHS.page(campaign.campaignId)}`)).text();
      const preview = html.match(/<meta property="og:image" content="([^"]+)">/)?.[1];
      // Crawlers need the whole address: the cover on the public URL.
      expect(preview, campaign.title).toBe(`${app.url}${campaign.coverImage}`);
      expect((await fetchImage(app, preview!)).contentType).toBe('image/jpeg');
    }
    // Each campaign has its own picture.
    expect(covers.size).toBe(demo.length);
  });
});
