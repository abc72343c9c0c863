import { describe, expect, it } from 'vitest';
import { checkGiftsCounted, checkRefundUncounted } from './campaign-totals.rules';

describe("the checks before a campaign's totals change", () => {
  it.each([
    [2_500, 1],
    [0, 0],
  ])('lets %i cents from %i donors be counted', (amount, donors) => {
    expect(() => checkGiftsCounted(amount, donors)).not.toThrow();
  });

  it.each([
    [-1, 1, 'A donation amount is a whole, non-negative number of cents.'],
    [12.5, 1, 'A donation amount is a whole, non-negative number of cents.'],
    [2_500, -1, 'A number of donors is a whole, non-negative number.'],
    [2_500, 1.5, 'A number of donors is a whole, non-negative number.'],
  ])('refuses %s cents from %s donors', (amount, donors, message) => {
    expect(() => checkGiftsCounted(amount, donors)).toThrow(message);
  });

  it('refuses a refund that is not whole, non-negative cents', () => {
    expect(() => checkRefundUncounted(500)).not.toThrow();
    expect(() => checkRefundUncounted(-500)).toThrow('A refund amount is a whole, non-negative number of cents.');
  });
});
