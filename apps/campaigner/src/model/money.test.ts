import { describe, expect, test } from 'vitest';
import { dollarsInputOf, formatDollars, parseDollars } from './money';

describe('parseDollars', () => {
  test.each([
    ['2000', 200_000],
    ['$2,000', 200_000],
    ['$ 2,000.5', 200_050],
    ['1,300.50', 130_050],
    ['0.10', 10],
    ['.5', 50],
    ['5.', 500],
    ['  25  ', 2_500],
    ['1,000,000', 100_000_000],
    ['0', 0],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseDollars(text)).toEqual({ ok: true, cents });
  });

  test.each(['', '   ', '$'])('reads %j as no amount', (text) => {
    expect(parseDollars(text)).toEqual({ ok: true, cents: null });
  });

  test.each([
    ['12.345', 'Use at most two decimals (whole cents).'],
    ['-5', 'Enter an amount of zero or more.'],
    ['abc', 'Enter an amount in dollars, like 2,000 or 0.75.'],
    ['2,00', 'Enter an amount in dollars, like 2,000 or 0.75.'],
    ['1.2.3', 'Enter an amount in dollars, like 2,000 or 0.75.'],
    ['.', 'Enter an amount in dollars, like 2,000 or 0.75.'],
    ['20 dollars', 'Enter an amount in dollars, like 2,000 or 0.75.'],
  ])('refuses %j: %s', (text, message) => {
    expect(parseDollars(text)).toEqual({ ok: false, message });
  });
});

describe('dollarsInputOf', () => {
  test.each([
    [200_000, '2000'],
    [130_050, '1300.50'],
    [130_005, '1300.05'],
    [10, '0.10'],
    [0, '0'],
  ])('shows %i cents as %j', (cents, text) => {
    expect(dollarsInputOf(cents)).toBe(text);
    expect(parseDollars(text)).toEqual({ ok: true, cents });
  });
});

describe('formatDollars', () => {
  test.each([
    [200_000, '$2,000'],
    [130_000, '$1,300'],
    [4_333, '$43.33'],
    [10, '$0.10'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatDollars(cents)).toBe(text);
  });
});
