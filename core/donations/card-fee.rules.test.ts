import { describe, expect, it } from 'vitest';
import { coveredFee, coverFeeOffer, DEFAULT_CARD_FEE, hasPercentPrecision, type CardFeeRule } from './card-fee.rules';

/** What the organization keeps of a charge once the processor takes percent (rounded) plus fixed. */
const kept = (charged: number, rule: CardFeeRule) =>
  charged - Math.round((charged * Math.round(rule.percent * 100)) / 10_000) - rule.fixedCents;

describe('the fee a donor covers', () => {
  it.each([
    // amount, percent, fixed, extra: ceil((amount + fixed) / (1 − percent) − amount)
    [2_500, 2.2, 30, 87], // 850000 / 9780 = 86.91…
    [1_000, 2.2, 30, 54], // 520000 / 9780 = 53.16…
    [100, 2.2, 30, 33], // 322000 / 9780 = 32.92…
    [10_000, 2.2, 30, 256], // 2500000 / 9780 = 255.62…
    [10_000_000, 2.2, 30, 224_980], // the largest gift: 2200300000 / 9780 = 224979.55…
    [2_500, 2.9, 30, 106], // 1025000 / 9710 = 105.56…
    [2_500, 0, 0, 0],
    [2_500, 0, 30, 30],
    [2_500, 2.5, 0, 65], // 625000 / 9750 = 64.10…
    [3_900, 2.5, 0, 100], // 975000 / 9750 = 100 exactly: no cent more
    [2_500, 10, 500, 834], // 7500000 / 9000 = 833.33…
    [2_500, 2.25, 30, 89], // 862500 / 9775 = 88.23… → 89
  ])('%i cents at %s %% + %i cents: %i cents more', (amount, percent, fixedCents, extra) => {
    expect(coveredFee(amount, { percent, fixedCents })).toBe(extra);
  });

  it.each([100, 101, 999, 2_500, 4_321, 77_777, 1_000_000, 10_000_000])(
    'leaves the organization the whole gift of %i cents, and one cent less would not',
    (amount) => {
      for (const rule of [DEFAULT_CARD_FEE, { percent: 2.9, fixedCents: 30 }, { percent: 9.99, fixedCents: 500 }]) {
        const extra = coveredFee(amount, rule);
        // The exact rule: (amount + extra)·(1 − p) − fixed ≥ amount, and not with one cent less.
        const bp = Math.round(rule.percent * 100);
        const receives = (charged: number) => (charged * (10_000 - bp)) / 10_000 - rule.fixedCents;
        expect(receives(amount + extra)).toBeGreaterThanOrEqual(amount);
        expect(receives(amount + extra - 1)).toBeLessThan(amount);
        expect(kept(amount + extra, rule)).toBeGreaterThanOrEqual(amount - 1);
      }
    },
  );

  it('is 0 at no fee and refuses a rule out of range', () => {
    expect(coveredFee(2_500, { percent: 0, fixedCents: 0 })).toBe(0);
    expect(() => coveredFee(2_500, { percent: 11, fixedCents: 30 })).toThrow(RangeError);
    expect(() => coveredFee(2_500, { percent: 2.2, fixedCents: 1.5 })).toThrow(RangeError);
    expect(() => coveredFee(25.5, DEFAULT_CARD_FEE)).toThrow(RangeError);
  });

  it.each([
    [2.2, true],
    [2.25, true],
    [0.01, true],
    [10, true],
    [2.255, false],
    [Number.NaN, false],
  ])('a percent of %s has two decimals at most: %s', (percent, ok) => {
    expect(hasPercentPrecision(percent)).toBe(ok);
  });

  it('offers it in words, with the organization and the whole gift', () => {
    expect(coverFeeOffer(2_500, DEFAULT_CARD_FEE, 'Harbor Light Food Bank')).toBe(
      'Add $0.87 so Harbor Light Food Bank receives the full $25',
    );
    expect(coverFeeOffer(2_550, DEFAULT_CARD_FEE, null)).toBe('Add $0.89 so the campaign receives the full $25.50');
  });

  it('offers it for each month of a monthly gift', () => {
    expect(coverFeeOffer(2_500, DEFAULT_CARD_FEE, 'Harbor Light Food Bank', true)).toBe(
      'Add $0.87 a month so Harbor Light Food Bank receives the full $25 a month',
    );
  });
});
