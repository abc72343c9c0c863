import { describe, expect, it } from 'vitest';
import { givingSummary, givingSummaryText, keptCents, receiptPath, refundLabel } from './my-donations.rules';

const gift = (amount: number, refunded = 0, campaignId = 'c1') => ({ amount, refunded, campaignId });

describe('a donor’s giving', () => {
  it.each([
    [gift(2500), 2500],
    [gift(2500, 1000), 1500],
    [gift(2500, 2500), 0],
    [gift(2500, 9999), 0],
  ])('keeps %o as %i cents after refunds', (payment, cents) => {
    expect(keptCents(payment)).toBe(cents);
  });

  it.each([
    [[], { totalCents: 0, campaigns: 0 }, 'Nothing given yet'],
    [[gift(2500)], { totalCents: 2500, campaigns: 1 }, '$25.00 given to 1 campaign'],
    [[gift(2500), gift(1000), gift(500, 0, 'c2')], { totalCents: 4000, campaigns: 2 }, '$40.00 given to 2 campaigns'],
    // A gift refunded in full counts for nothing, its campaign included.
    [[gift(2500), gift(1000, 1000, 'c2')], { totalCents: 2500, campaigns: 1 }, '$25.00 given to 1 campaign'],
    [[gift(2500, 2500)], { totalCents: 0, campaigns: 0 }, 'Nothing given yet'],
    [[gift(2500, 500)], { totalCents: 2000, campaigns: 1 }, '$20.00 given to 1 campaign'],
  ])('sums %o', (payments, summary, text) => {
    expect(givingSummary(payments)).toEqual(summary);
    expect(givingSummaryText(payments)).toBe(text);
  });

  it.each([
    [gift(2500), null],
    [gift(2500, 2500), 'Refunded'],
    [gift(2500, 1000), '$10.00 refunded'],
  ])('labels the refund of %o as %s', (payment, label) => {
    expect(refundLabel(payment)).toBe(label);
  });

  it.each([
    [{ campaignId: 'warm-coats', sessionId: 'cs_123' }, '/campaign/warm-coats/thank-you?session_id=cs_123'],
    [{ campaignId: 'a b', sessionId: 'cs_1&x' }, '/campaign/a%20b/thank-you?session_id=cs_1%26x'],
    [{ campaignId: 'warm-coats', sessionId: null }, null],
  ])('links %o to its receipt at %s', (payment, path) => {
    expect(receiptPath(payment)).toBe(path);
  });
});
