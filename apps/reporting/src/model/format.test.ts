import { describe, expect, it } from 'vitest';
import { change, dollars, dollarsCompact, longDay, monthName, percent, perDollar, shortDay } from './format';

describe('report figures as people read them', () => {
  it('shows cents as dollars', () => {
    expect(dollars(2500)).toBe('$25');
    expect(dollars(123_456_00)).toBe('$123,456');
    expect(dollars(123_456_78)).toBe('$123,456.78');
    expect(dollars(1250)).toBe('$12.50');
    expect(dollarsCompact(1_250_000)).toBe('$12.5K');
  });

  it('shows ratios and percentages, a dash when there is none', () => {
    expect(percent(0.0123)).toBe('1.2%');
    expect(percent(null)).toBe('—');
    expect(perDollar(0.4213)).toBe('$0.42');
    expect(perDollar(null)).toBe('—');
  });

  it('names days and months in UTC', () => {
    expect(shortDay('2026-03-04')).toBe('Mar 4');
    expect(longDay('2026-03-04')).toBe('Mar 4, 2026');
    expect(monthName('2026-03')).toBe('March 2026');
  });

  it('says how a figure moved against the range before', () => {
    expect(change(120, 100)).toBe('+20%');
    expect(change(97, 100)).toBe('−3%');
    expect(change(5, 0)).toBe('new');
    expect(change(0, 0)).toBe('0%');
    expect(change(5, null)).toBeNull();
  });
});
