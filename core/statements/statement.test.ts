import { describe, expect, it, test } from 'vitest';
import {
  statementDocument,
  statementFigures,
  statementFileName,
  STATEMENT_YEAR_NOTE,
  yearOf,
  yearSpan,
  type GiftOfStatement,
} from './statement';

let next = 0;
const gift = (
  date: string,
  amount: number,
  overrides: Partial<GiftOfStatement['donation']> = {},
  campaignTitle: string | null = 'Warm meals for 500 families',
): GiftOfStatement => ({
  donation: {
    id: `d-${(next += 1)}`,
    campaign_id: 'c-1',
    date,
    amount,
    covered_fee: 0,
    refunded: 0,
    covered_fee_refunded: 0,
    ...overrides,
  },
  campaign: campaignTitle === null ? null : { campaignTitle },
});

const organization = {
  name: 'Harbor Light',
  legalName: 'Harbor Light Food Bank, Inc.',
  taxId: '12-3456789',
  receiptNote: 'No goods or services were provided in exchange for these gifts.',
};

describe('the year of a gift', () => {
  test.each([
    ['2026-01-01T00:00:00.000Z', 2026],
    ['2026-12-31T23:59:59.999Z', 2026],
    // Late on New Year's Eve in New York is already the next year in UTC.
    ['2027-01-01T03:00:00.000Z', 2027],
    ['2025-12-31T23:59:59.999Z', 2025],
  ])('%s is in %i (UTC)', (date, year) => {
    expect(yearOf(date)).toBe(year);
  });

  it('spans from the first instant of the year to the first of the next', () => {
    expect(yearSpan(2026)).toEqual({ from: '2026-01-01T00:00:00.000Z', until: '2027-01-01T00:00:00.000Z' });
  });
});

describe("a statement's figures", () => {
  it('lists only the gifts of the year, oldest first, and totals them net of refunds', () => {
    const { gifts, totals } = statementFigures(
      [
        gift('2026-11-02T10:00:00.000Z', 4_000, { covered_fee: 146 }),
        gift('2026-03-01T10:00:00.000Z', 2_500, { refunded: 500 }),
        gift('2025-12-31T23:59:59.000Z', 9_900),
        gift('2027-01-01T00:00:00.000Z', 7_700),
        gift('2026-06-15T10:00:00.000Z', 1_000, { refunded: 1_000, covered_fee: 59, covered_fee_refunded: 59 }),
      ],
      2026,
      'Harbor Light',
    );
    expect(gifts.map((line) => [line.date.slice(0, 10), line.amount, line.coveredFee, line.refunded])).toEqual([
      ['2026-03-01', 2_500, 0, 500],
      ['2026-06-15', 1_000, 59, 1_000],
      ['2026-11-02', 4_000, 146, 0],
    ]);
    expect(totals).toEqual({ gifts: 3, given: 7_500, refunded: 1_500, net: 6_000, feesCovered: 146 });
  });

  it('counts a gift refunded in full, with a net of nothing when it is the only one', () => {
    expect(statementFigures([gift('2026-05-01T00:00:00.000Z', 1_000, { refunded: 1_000 })], 2026, null).totals).toEqual(
      { gifts: 1, given: 1_000, refunded: 1_000, net: 0, feesCovered: 0 },
    );
  });

  it('never counts more refunded than given', () => {
    expect(
      statementFigures([gift('2026-05-01T00:00:00.000Z', 1_000, { refunded: 1_200 })], 2026, null).totals.net,
    ).toBe(0);
  });

  it('names a campaign no longer held by its organization', () => {
    const { gifts } = statementFigures([gift('2026-05-01T00:00:00.000Z', 1_000, {}, null)], 2026, 'Harbor Light');
    expect(gifts[0]?.campaign).toBe('a campaign of Harbor Light');
  });
});

describe("a statement's document", () => {
  const document = statementDocument({
    donorEmail: 'ada@example.org',
    year: 2026,
    organization,
    gifts: [
      gift('2026-03-01T10:00:00.000Z', 2_500, { refunded: 500 }),
      gift('2026-11-02T10:00:00.000Z', 4_000, { covered_fee: 146 }, 'A new roof'),
    ],
  });

  it('gives the organization’s name, registered name, tax id and tax statement, and says years are UTC', () => {
    expect(document.title).toBe('Giving statement 2026');
    expect(document.organizationName).toBe('Harbor Light');
    expect(document.facts).toEqual([
      { label: 'Donor', value: 'ada@example.org' },
      { label: 'Organization', value: 'Harbor Light Food Bank, Inc.' },
      { label: 'Tax id', value: '12-3456789' },
      { label: 'Period', value: 'Jan 1, 2026 to Dec 31, 2026 (UTC)' },
    ]);
    expect(document.taxStatement).toEqual([
      'Harbor Light Food Bank, Inc., tax id 12-3456789.',
      'No goods or services were provided in exchange for these gifts.',
    ]);
    expect(document.yearNote).toBe(STATEMENT_YEAR_NOTE);
    expect(STATEMENT_YEAR_NOTE).toContain('calendar years in UTC');
  });

  it('lists each gift with its date, campaign, amount and fee covered, the refunds, and the totals', () => {
    expect(document.gifts).toEqual([
      { date: 'Mar 1, 2026', campaign: 'Warm meals for 500 families', amount: '$25.00', feeCovered: '—' },
      { date: 'Nov 2, 2026', campaign: 'A new roof', amount: '$40.00', feeCovered: '$1.46' },
    ]);
    expect(document.refunds).toEqual([
      { date: 'Mar 1, 2026', campaign: 'Warm meals for 500 families', amount: '-$5.00' },
    ]);
    expect(document.totals).toEqual([
      { label: 'Gifts (2)', value: '$65.00' },
      { label: 'Refunded', value: '-$5.00' },
      { label: 'Card fees you covered (not part of the gifts)', value: '$1.46' },
      { label: 'Total given, net of refunds', value: '$60.00 (USD)' },
    ]);
  });

  it('says when the organization gave no tax id', () => {
    const without = statementDocument({
      donorEmail: 'ada@example.org',
      year: 2026,
      organization: { name: 'Orchard', legalName: null, taxId: null, receiptNote: null },
      gifts: [gift('2026-03-01T10:00:00.000Z', 2_500)],
    });
    expect(without.facts).toContainEqual({ label: 'Tax id', value: 'Not given' });
    expect(without.taxStatement).toEqual([]);
    expect(without.totals.at(-1)).toEqual({ label: 'Total given, net of refunds', value: '$25.00 (USD)' });
  });

  it('names its file after the year and the organization', () => {
    expect(statementFileName('Harbor Light Food Bank', 2026)).toBe('giving-statement-2026-harbor-light-food-bank.pdf');
    expect(statementFileName('Ünïcode ✓', 2026)).toBe('giving-statement-2026-n-code.pdf');
    expect(statementFileName('✓', 2026)).toBe('giving-statement-2026-organization.pdf');
  });
});
