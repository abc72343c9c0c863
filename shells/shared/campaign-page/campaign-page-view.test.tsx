import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, test } from 'vitest';
import type { CampaignPage } from '@causeway/core/contracts/campaigns.contract';
import { CampaignPageView } from './campaign-page-view';

const now = new Date('2026-03-01T12:00:00.000Z');

const livePage = (overrides: Partial<CampaignPage> = {}): CampaignPage => ({
  campaignId: 'live-1',
  preview: false,
  name: 'Winter meals',
  title: 'Warm meals for 500 families',
  story: 'Every week our volunteers cook.\n\nHelp us reach 500 families.',
  category: 'Hunger and food security',
  tags: ['food', 'winter'],
  coverImage: 'https://files.example/cover.png',
  coverVideo: null,
  header: { desktop: null, mobile: null, link: null },
  footer: { desktop: null, mobile: null, link: null },
  goalCents: 10_000_00,
  raisedCents: 2_500_00,
  donators: 12,
  deadline: '2026-03-31T12:00:00.000Z',
  allowDonations: true,
  allowMonthlyGifts: true,
  clickThroughUrl: 'https://causeway.example/campaign/live-1/details/',
  organization: {
    organizationId: 'org-1',
    name: 'Harbor Light Food Bank',
    logo: '/files/organizations/org-1/logo.png',
    website: 'harborlight.example',
    paymentDisclaimer: null,
    termsAndConditionsLink: null,
  },
  adFiles: [],
  ...overrides,
});

const render = (page: CampaignPage, slots: { donate?: string; share?: string } = {}) =>
  renderToStaticMarkup(
    <CampaignPageView
      page={page}
      now={now}
      donate={slots.donate ? <button type="button">{slots.donate}</button> : undefined}
      share={slots.share ? <p>{slots.share}</p> : undefined}
    />,
  );

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('CampaignPageView', () => {
  it('shows the story, organization and progress of a live campaign, with its slots', () => {
    const html = render(livePage(), { donate: 'Give now', share: 'Share on X' });
    const words = text(html);
    expect(html).toContain('<h1');
    expect(words).toContain('Warm meals for 500 families');
    expect(words).toContain('Organized by Harbor Light Food Bank');
    expect(html).toContain('href="https://harborlight.example/"');
    expect(words).toContain('$2,500.00 raised of $10,000.00 goal');
    expect(words).toContain('25% funded');
    expect(words).toContain('12 donors');
    expect(words).toContain('30 days left');
    expect(html).toContain('aria-valuenow="25"');
    expect(html).toContain('<p>Every week our volunteers cook.</p><p>Help us reach 500 families.</p>');
    expect(words).toContain('Hunger and food security #food #winter');
    expect(html).toContain('<img class="cw-cpage__cover-media" src="https://files.example/cover.png"');
    expect(words).toContain('Give now');
    expect(words).toContain('Share on X');
    expect(words).not.toContain('Preview');
  });

  it('keeps the story as text: markup in it is shown, never run', () => {
    const html = render(livePage({ story: '<img src=x onerror=alert(1)>\n\n<script>alert(2)</script>' }));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  test.each([
    ['a preview that will take donations', { preview: true }, 'Donations open when the campaign is live.', true],
    [
      'a preview without donations',
      { preview: true, allowDonations: false },
      'This campaign will not take donations online.',
      true,
    ],
    [
      'a live campaign without donations',
      { allowDonations: false },
      'This campaign isn’t taking donations online.',
      false,
    ],
  ])('offers no donate panel on %s', (_case, overrides, note, previewBanner) => {
    const words = text(render(livePage(overrides), { donate: 'Give now' }));
    expect(words).not.toContain('Give now');
    expect(words).toContain(note);
    expect(words.includes('Preview: this is how the page will look once the campaign is live.')).toBe(previewBanner);
  });

  it('renders nothing in the donate area of a live campaign until a donate panel is given', () => {
    const words = text(render(livePage()));
    expect(words).not.toMatch(/donat(e|ion)s? open|Give|isn’t taking/i);
  });

  it('says a campaign past its deadline has ended, and a campaign without a goal shows only what it raised', () => {
    const words = text(render(livePage({ deadline: '2026-02-01T00:00:00.000Z', goalCents: 0, donators: 0 })));
    expect(words).toContain('Ended');
    expect(words).toContain('$2,500.00 raised');
    expect(words).not.toContain('goal');
    expect(words).not.toContain('funded');
    expect(words).toContain('No donors yet');
  });

  it('shows header and footer images with their mobile variants, linked only to web addresses', () => {
    const html = render(
      livePage({
        header: {
          desktop: 'https://files.example/header.png',
          mobile: 'https://files.example/header-mobile.png',
          link: 'https://harborlight.example/winter',
        },
        footer: { desktop: null, mobile: 'https://files.example/footer-mobile.png', link: 'javascript:alert(1)' },
      }),
    );
    expect(html).toContain('<source media="(max-width: 640px)" srcSet="https://files.example/header-mobile.png"/>');
    expect(html).toContain('href="https://harborlight.example/winter" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('src="https://files.example/footer-mobile.png"');
    expect(html).not.toContain('javascript:');
  });

  it('plays a cover video with the cover image as its poster', () => {
    const html = render(livePage({ coverVideo: '/files/campaigns/cover.mp4' }));
    expect(html).toContain('poster="https://files.example/cover.png"');
    expect(html).toContain('<source src="/files/campaigns/cover.mp4"/>');
  });
});
