import { describe, expect, test } from 'vitest';
import type { CampaignPage } from '../contracts/campaigns.contract';
import type { Campaign } from './campaign.entity';
import { CAMPAIGN_PAGE_CACHE_MS, campaignPageServiceFactory, linkPreviewOf, summaryOf } from './campaign-page.service';

describe('the link preview summary', () => {
  test.each([
    { story: 'Short story.', summary: 'Short story.' },
    { story: '  Spaces\n\nand   lines  ', summary: 'Spaces and lines' },
    {
      story: 'Every week our volunteers cook and deliver warm meals, to families across the city, all winter long.',
      length: 60,
      summary: 'Every week our volunteers cook and deliver warm meals, to…',
    },
    { story: 'x'.repeat(30), length: 10, summary: `${'x'.repeat(9)}…` },
  ])('$story → $summary', ({ story, summary, length }) => {
    expect(summaryOf(story, length)).toBe(summary);
  });
});

describe('the link preview image', () => {
  const page = (coverImage: string | null) =>
    ({
      title: 'Warm meals',
      name: 'Winter meals',
      story: '',
      organization: null,
      coverImage,
    }) as unknown as CampaignPage;
  const url = 'https://give.example/campaign/c1/details/';

  test.each([
    // Crawlers read the tags without a page to resolve a path against: the cover is given in full.
    ['/files/campaigns/c1-cover.jpg', 'https://give.example/files/campaigns/c1-cover.jpg'],
    ['https://cdn.example.org/files/campaigns/c1-cover.jpg', 'https://cdn.example.org/files/campaigns/c1-cover.jpg'],
    [null, null],
  ])('of a cover at %s is %s', (coverImage, image) => {
    expect(linkPreviewOf(page(coverImage), url).image).toBe(image);
  });
});

describe('the public page, read once for the readers of a moment', () => {
  const campaign = {
    campaignUUID: 'c1',
    userId: 'u1',
    organizationId: null,
    campaignName: 'Winter meals',
    campaignTitle: 'Warm meals for 500 families',
    campaignRaised: 2_500,
    isDeleted: false,
  } as unknown as Campaign;

  function service(options: { cacheMs?: number } = {}) {
    let clock = 0;
    let reads = 0;
    let stored: Campaign | null = campaign;
    let failing = false;
    const pages = campaignPageServiceFactory({
      campaigns: {
        findById: async () => {
          reads++;
          if (failing) throw new Error('store down');
          return stored;
        },
      },
      organizations: { findById: async () => null },
      publicUrl: 'https://causeway.test',
      now: () => clock,
      ...options,
    });
    return {
      pages,
      reads: () => reads,
      advance: (ms: number) => (clock += ms),
      store: (next: Campaign | null) => (stored = next),
      fail: (value: boolean) => (failing = value),
    };
  }

  test('shares one read among readers arriving together and within the cache time', async () => {
    const { pages, reads, advance } = service();
    const answers = await Promise.all(Array.from({ length: 50 }, () => pages.page('c1')));
    expect(new Set(answers.map((answer) => answer.raisedCents))).toEqual(new Set([2_500]));
    expect(reads()).toBe(1);
    advance(CAMPAIGN_PAGE_CACHE_MS - 1);
    await pages.page('c1');
    expect(reads()).toBe(1);
  });

  test('answers a page past the cache time while it reads it again, and waits for the read past twice that', async () => {
    const { pages, reads, advance, store } = service();
    const first = await pages.snapshot('c1');
    store({ ...campaign, campaignRaised: 5_000 } as Campaign);
    advance(CAMPAIGN_PAGE_CACHE_MS);
    // Still the page read before, while one read (shared) runs in the background.
    expect((await pages.page('c1')).raisedCents).toBe(2_500);
    expect((await pages.page('c1')).raisedCents).toBe(5_000);
    expect(reads()).toBe(2);
    store({ ...campaign, campaignRaised: 7_500 } as Campaign);
    advance(2 * CAMPAIGN_PAGE_CACHE_MS);
    // Too old to answer: the reader waits, so a gift shows within twice the cache time.
    expect((await pages.page('c1')).raisedCents).toBe(7_500);
    expect(first.page?.raisedCents).toBe(2_500);
  });

  test('keeps the same snapshot while the page is unchanged, so what was built from it stays', async () => {
    const { pages, reads, advance } = service();
    const first = await pages.snapshot('c1');
    advance(2 * CAMPAIGN_PAGE_CACHE_MS);
    const again = await pages.snapshot('c1');
    expect(reads()).toBe(2);
    expect(again).toBe(first);
  });

  test('forgets a changed campaign, or every page of a changed organization, at once', async () => {
    const { pages, reads, store } = service();
    await pages.page('c1');
    store({ ...campaign, campaignTitle: 'Warm meals for 600 families' } as Campaign);
    pages.forget({ campaignIds: ['c1'], organizationIds: [] });
    expect((await pages.page('c1')).title).toBe('Warm meals for 600 families');
    expect(reads()).toBe(2);
    pages.forget({ campaignIds: [], organizationIds: ['o-unrelated'] });
    await pages.page('c1');
    expect(reads()).toBe(2);
  });

  test('does not keep a read begun before the page was forgotten', async () => {
    const { pages, store } = service();
    const reading = pages.page('c1');
    store({ ...campaign, campaignTitle: 'Changed' } as Campaign);
    pages.forget({ campaignIds: ['c1'], organizationIds: [] });
    await reading;
    expect((await pages.page('c1')).title).toBe('Changed');
  });

  test('keeps no failed read, and reads every time when the cache is off', async () => {
    const { pages, reads, fail } = service();
    fail(true);
    await expect(pages.page('c1')).rejects.toThrow('store down');
    fail(false);
    expect((await pages.page('c1')).raisedCents).toBe(2_500);
    expect(reads()).toBe(2);
    const uncached = service({ cacheMs: 0 });
    await uncached.pages.page('c1');
    await uncached.pages.page('c1');
    expect(uncached.reads()).toBe(2);
  });

  test('answers a campaign deleted since as gone once the cache time has passed', async () => {
    const { pages, advance, store } = service();
    await pages.page('c1');
    store({ ...campaign, isDeleted: true } as Campaign);
    advance(2 * CAMPAIGN_PAGE_CACHE_MS);
    await expect(pages.page('c1')).rejects.toThrow('does not exist');
    expect(await pages.linkPreview('c1')).toBeNull();
  });
});
