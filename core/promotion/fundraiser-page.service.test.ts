import { describe, expect, it, test } from 'vitest';
import type { CampaignPage } from '../contracts/campaigns.contract';
import type { PublicFundraiserPage } from '../contracts/fundraiser-pages.contract';
import { FundraiserPage, plainText } from './fundraiser-page.entity';
import { fundraiserLinkPreviewOf, fundraiserNameOf, leaderboardOf, progressOf } from './fundraiser-page.service';

test.each([
  ['keeps plain words', 'Join me', 'Join me'],
  ['trims', '  Join me \n', 'Join me'],
  ['turns tabs into spaces', 'a\tb', 'a b'],
  ['drops control and invisible characters', 'a\u0007b\u200bc\u202ed', 'abcd'],
  ['keeps one blank line between paragraphs', 'a\r\n\r\n\r\n\r\nb', 'a\n\nb'],
  ['drops spaces before a line break', 'a   \nb', 'a\nb'],
  ['leaves markup as text (it is shown as text)', '<b>hi</b>', '<b>hi</b>'],
])('plainText %s', (_case, input, expected) => {
  expect(plainText(input)).toBe(expected);
});

test.each([
  ['no gifts', [], { raisedCents: 0, donors: 0 }],
  [
    'gifts add up',
    [
      { amount: 25_00, refunded: 0 },
      { amount: 10_00, refunded: 0 },
    ],
    { raisedCents: 35_00, donors: 2 },
  ],
  [
    'a partly refunded gift counts what is left',
    [{ amount: 25_00, refunded: 5_00 }],
    { raisedCents: 20_00, donors: 1 },
  ],
  ['a wholly refunded gift does not count', [{ amount: 25_00, refunded: 25_00 }], { raisedCents: 0, donors: 0 }],
])('progressOf: %s', (_case, donations, expected) => {
  expect(progressOf(donations)).toEqual(expected);
});

test.each([
  ['a full name', { FirstName: 'Priya', LastName: 'Shah' }, 'Priya Shah'],
  ['a first name', { FirstName: 'Sky', LastName: '' }, 'Sky'],
  ['no name', { FirstName: ' ', LastName: '' }, 'A supporter'],
  ['nobody', null, 'A supporter'],
])('fundraiserNameOf: %s', (_case, user, expected) => {
  expect(fundraiserNameOf(user)).toBe(expected);
});

const page = (promoterId: string, fields: Partial<FundraiserPage> = {}): FundraiserPage =>
  FundraiserPage.parse({
    id: `page-${promoterId}`,
    promoterId,
    campaignId: 'c-1',
    organizationId: 'org-1',
    headline: `${promoterId} runs`,
    story: '',
    goalCents: 100_00,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  });

describe('leaderboardOf', () => {
  it('lists most raised first, then most gifts, then the earliest page; leaves off hidden and unlisted pages', () => {
    const pages = [
      page('a', { createdAt: '2026-01-02T00:00:00.000Z' }),
      page('b'),
      page('c', { createdAt: '2026-01-03T00:00:00.000Z' }),
      page('d'),
      page('hidden', { hidden: true }),
      page('unlisted', { showOnLeaderboard: false }),
    ];
    const raised = new Map([
      ['a', { raisedCents: 50_00, donors: 1 }],
      ['b', { raisedCents: 50_00, donors: 1 }],
      ['c', { raisedCents: 50_00, donors: 3 }],
      ['d', { raisedCents: 80_00, donors: 1 }],
      ['hidden', { raisedCents: 900_00, donors: 9 }],
      ['unlisted', { raisedCents: 900_00, donors: 9 }],
    ]);
    const board = leaderboardOf(pages, raised, new Map([['d', 'Dee']]));
    expect(board.map((entry) => entry.promoterId)).toEqual(['d', 'c', 'b', 'a']);
    expect(board[0]).toMatchObject({ promoterName: 'Dee', path: '/campaign/c-1/fundraisers/d/', raisedCents: 80_00 });
    expect(leaderboardOf(pages, raised, new Map(), 2)).toHaveLength(2);
  });
});

describe('fundraiserLinkPreviewOf', () => {
  const campaign = {
    title: 'Warm meals',
    name: 'Winter',
    story: 'The campaign story.',
    coverImage: '/files/campaigns/cover.png',
    organization: { name: 'Harbor Light' },
  } as CampaignPage;
  const fundraiser = {
    promoterName: 'Priya Shah',
    headline: 'I row for the van',
    story: 'Every gift helps.',
    photo: null,
    campaign,
  } as unknown as PublicFundraiserPage;

  it('names the promoter and the campaign, with their words and the campaign cover when there is no photo', () => {
    expect(fundraiserLinkPreviewOf(fundraiser, 'https://causeway.example/campaign/c/fundraisers/p/')).toEqual({
      title: 'Priya Shah is raising money for Warm meals · Harbor Light',
      description: 'I row for the van — Every gift helps.',
      image: 'https://causeway.example/files/campaigns/cover.png',
      url: 'https://causeway.example/campaign/c/fundraisers/p/',
    });
  });

  it('shows the promoter’s photo in full', () => {
    const preview = fundraiserLinkPreviewOf(
      { ...fundraiser, photo: '/files/fundraisers/c/p.png?v=1' },
      'https://causeway.example/campaign/c/fundraisers/p/',
    );
    expect(preview.image).toBe('https://causeway.example/files/fundraisers/c/p.png?v=1');
  });
});
