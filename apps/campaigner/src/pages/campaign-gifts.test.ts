import { describe, expect, it } from 'vitest';
import { broughtByText, refundStateText } from './campaign-gifts';

describe('a gift on the live campaign page', () => {
  it('says its refund in words', () => {
    expect(refundStateText({ refundState: 'none', refundedCents: 0 })).toBe('Not refunded');
    expect(refundStateText({ refundState: 'partial', refundedCents: 1250 })).toBe('$12.50 refunded');
    expect(refundStateText({ refundState: 'full', refundedCents: 2500 })).toBe('Refunded');
  });

  it('says who brought it', () => {
    expect(broughtByText({ promoterName: 'Priya Shah', channel: 'linkedin' })).toBe('Priya Shah (LinkedIn)');
    expect(broughtByText({ promoterName: 'Priya Shah', channel: null })).toBe('Priya Shah');
    expect(broughtByText({ promoterName: null, channel: 'x' })).toBe('X');
    expect(broughtByText({ promoterName: null, channel: null })).toBe('—');
  });
});
