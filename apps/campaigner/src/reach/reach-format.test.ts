import { describe, expect, it } from 'vitest';
import { channelBreakdown, countLabel } from './reach-format';

describe('reach wording', () => {
  it.each([
    [{ x: 0, linkedin: 0, facebook: 0, instagram: 0, qr: 0 }, 'No clicks yet'],
    [{ x: 3, linkedin: 0, facebook: 1, instagram: 0, qr: 0 }, 'X 3 · Facebook 1'],
    [{ x: 0, linkedin: 1500, facebook: 0, instagram: 2, qr: 0 }, 'LinkedIn 1,500 · Instagram 2'],
    [{ x: 1, linkedin: 0, facebook: 0, instagram: 0, qr: 7 }, 'X 1 · QR code 7'],
  ])('breaks %o down as “%s”', (clicks, text) => {
    expect(channelBreakdown(clicks)).toBe(text);
  });

  it.each([
    [0, '0 promoters'],
    [1, '1 promoter'],
    [1200, '1,200 promoters'],
  ])('counts %i as “%s”', (count, text) => {
    expect(countLabel(count, 'promoter', 'promoters')).toBe(text);
  });
});
