import { describe, expect, test } from 'vitest';
import { giftStatusLabel, visitEndText } from './gifts.rules';

describe("a gift's status in words", () => {
  test.each([
    ['paid', 0, 'Paid'],
    ['partlyRefunded', 500, '$5.00 refunded'],
    ['refunded', 2_500, 'Refunded'],
  ] as const)('%s with %i cents refunded reads %s', (status, refunded, label) => {
    expect(giftStatusLabel({ status, refunded })).toBe(label);
  });
});

describe('when the visit ends', () => {
  test('is said in the reader’s time', () => {
    expect(visitEndText('2026-03-01T15:45:00.000Z', 'UTC')).toBe(
      'For your privacy this page closes at 3:45 PM; open a new link to see it again.',
    );
  });
});
