import { describe, expect, it } from 'vitest';
import {
  channelBreakdown,
  clicksLabel,
  donationsLabel,
  donationsThisWeek,
  shareButtonLabel,
  totalClicks,
} from './promotion-format';

const clicks = (x: number, linkedin: number, facebook: number, instagram: number, qr = 0) => ({
  x,
  linkedin,
  facebook,
  instagram,
  qr,
});

describe('promotion wording', () => {
  it.each([
    [clicks(0, 0, 0, 0), 0, 'No clicks yet'],
    [clicks(4, 1, 0, 0), 5, 'X 4 · LinkedIn 1'],
    [clicks(0, 0, 2, 1200), 1202, 'Facebook 2 · Instagram 1,200'],
    [clicks(0, 3, 0, 0, 5), 8, 'LinkedIn 3 · QR code 5'],
  ])('reads %o as %i clicks: %s', (given, total, breakdown) => {
    expect(totalClicks(given)).toBe(total);
    expect(channelBreakdown(given)).toBe(breakdown);
  });

  it.each([
    [0, '0 clicks', 'No donations yet'],
    [1, '1 click', '1 donation'],
    [2500, '2,500 clicks', '2,500 donations'],
  ])('counts %i as “%s” and “%s”', (count, clickText, donationText) => {
    expect(clicksLabel(count)).toBe(clickText);
    expect(donationsLabel(count)).toBe(donationText);
  });

  it.each([
    ['x', 'Share on X'],
    ['linkedin', 'Share on LinkedIn'],
    ['facebook', 'Share on Facebook'],
    ['instagram', 'Copy for Instagram'],
  ] as const)('labels the %s button “%s”', (channel, label) => {
    expect(shareButtonLabel(channel)).toBe(label);
  });

  it.each([
    [{ count: 0, amountCents: 0 }, 'None this week'],
    [{ count: 1, amountCents: 25_00 }, '$25.00 from 1 donation this week'],
    [{ count: 3, amountCents: 1_234_50 }, '$1,234.50 from 3 donations this week'],
  ])('says this week’s %o as “%s”', (totals, text) => {
    expect(donationsThisWeek(totals)).toBe(text);
  });
});
