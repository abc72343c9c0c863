import { describe, expect, it, test } from 'vitest';
import { linkTokenOf, myGiftsLink } from '../contracts/donor-gifts-paths';
import {
  donorEmailKey,
  GIFT_LINK_TTL_MS,
  giftLinkExpiry,
  giftLinkState,
  giftStatus,
  isOpenVisit,
  type GiftLink,
} from './gift-link.entity';

const now = new Date('2026-03-01T12:00:00.000Z');
const link = (overrides: Partial<GiftLink> = {}): GiftLink => ({
  id: 'g-1',
  email: 'ada@example.org',
  purpose: 'receipt',
  tokenHash: 'a'.repeat(64),
  createdAt: '2026-03-01T11:00:00.000Z',
  expiresAt: '2026-03-01T12:00:01.000Z',
  usedAt: null,
  ...overrides,
});

describe('how long links and visits work', () => {
  test.each([
    ['receipt', '2026-03-31T12:00:00.000Z'],
    ['request', '2026-03-01T13:00:00.000Z'],
    ['visit', '2026-03-01T12:30:00.000Z'],
  ] as const)('a %s made now works until %s', (purpose, expiresAt) => {
    expect(giftLinkExpiry(purpose, now)).toBe(expiresAt);
  });

  it('keeps a receipt link 30 days, a requested one an hour and a visit 30 minutes', () => {
    expect(GIFT_LINK_TTL_MS).toEqual({ receipt: 2_592_000_000, request: 3_600_000, visit: 1_800_000 });
  });
});

describe('whether a link opens', () => {
  test.each([
    ['a fresh receipt link', link(), 'valid'],
    ['a fresh requested link', link({ purpose: 'request' }), 'valid'],
    ['a link opened before', link({ usedAt: '2026-03-01T11:30:00.000Z' }), 'used'],
    ['a link at its expiry', link({ expiresAt: now.toISOString() }), 'expired'],
    ['a link past its expiry', link({ expiresAt: '2026-02-01T00:00:00.000Z' }), 'expired'],
    [
      'an expired link opened before',
      link({ expiresAt: '2026-02-01T00:00:00.000Z', usedAt: now.toISOString() }),
      'used',
    ],
    ["a visit's token used as a link", link({ purpose: 'visit' }), 'unknown'],
    ['no link', null, 'unknown'],
  ] as const)('%s is %s', (_, found, state) => {
    expect(giftLinkState(found, now)).toBe(state);
  });
});

describe('whether a visit is open', () => {
  test.each([
    ['an open visit', link({ purpose: 'visit' }), true],
    ['a visit past its 30 minutes', link({ purpose: 'visit', expiresAt: now.toISOString() }), false],
    ['a visit ended with Close', link({ purpose: 'visit', usedAt: '2026-03-01T11:59:00.000Z' }), false],
    ["a link's token sent as the cookie", link({ purpose: 'receipt' }), false],
    ['no visit', null, false],
  ] as const)('%s: %s', (_, found, open) => {
    expect(isOpenVisit(found, now)).toBe(open);
  });
});

describe('what became of a gift', () => {
  test.each([
    [2_500, 0, 'paid'],
    [2_500, 500, 'partlyRefunded'],
    [2_500, 2_500, 'refunded'],
  ] as const)('%i cents with %i refunded is %s', (amount, refunded, status) => {
    expect(giftStatus({ amount, refunded })).toBe(status);
  });
});

describe('the link an e-mail carries', () => {
  it('holds the token in the fragment, which no server sees', () => {
    const address = myGiftsLink('https://causeway.example/', 'tok_ABC-123');
    expect(address).toBe('https://causeway.example/my-gifts#link=tok_ABC-123');
    const url = new URL(address);
    expect(url.pathname).toBe('/my-gifts');
    expect(url.search).toBe('');
    expect(linkTokenOf(url.hash)).toBe('tok_ABC-123');
  });

  test.each([
    ['', null],
    ['#', null],
    ['#link=', null],
    ['#other=1', null],
    ['#link=abc', 'abc'],
    ['link=abc', 'abc'],
  ])('reads %j as %j', (hash, token) => {
    expect(linkTokenOf(hash)).toBe(token);
  });

  it('matches addresses whatever their case and spaces', () => {
    expect(donorEmailKey('  Ada@Example.ORG ')).toBe('ada@example.org');
  });
});
