import { describe, expect, it } from 'vitest';
import { fromSmallestUnit, toSmallestUnit } from './stripe-amount';

describe('the smallest-unit helper', () => {
  it.each([
    [0, 0],
    [50, 50],
    [2_500, 2_500],
    [123_456_789, 123_456_789],
  ])('sends %i cents as %i in usd and reads it back', (cents, smallest) => {
    expect(toSmallestUnit(cents, 'usd')).toBe(smallest);
    expect(fromSmallestUnit(smallest, 'usd')).toBe(cents);
  });

  it.each([[12.5], [-1], [Number.NaN], [Number.POSITIVE_INFINITY], [2 ** 53]])(
    'refuses %s cents before it reaches the provider',
    (cents) => {
      expect(() => toSmallestUnit(cents)).toThrow(expect.objectContaining({ code: 'invalid' }));
    },
  );
});
