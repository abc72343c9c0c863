import { describe, expect, test } from 'vitest';
import {
  adSpendCents,
  centsToDollars,
  daysBetween,
  dollarsText,
  evenDailyBudgetCents,
  formatUsd,
} from './budget.rules';

describe('budget (SPEC §9)', () => {
  test.each([
    { lifetime: 100_000, ads: 65_000 },
    { lifetime: 1, ads: 0 },
    { lifetime: 333, ads: 216 },
    { lifetime: 0, ads: 0 },
  ])('0.65 of a lifetime budget of $lifetime cents buys ads: $ads cents', ({ lifetime, ads }) => {
    expect(adSpendCents(lifetime)).toBe(ads);
  });

  test.each([
    { cents: 123_450, shown: '$1,234.50' },
    { cents: 5, shown: '$0.05' },
    { cents: 0, shown: '$0.00' },
  ])('$cents cents are shown as $shown', ({ cents, shown }) => {
    expect(formatUsd(cents)).toBe(shown);
  });

  test.each([
    { cents: 10_000, text: '$100' },
    { cents: 10, text: '$0.10' },
    { cents: 123_456_00, text: '$123,456' },
    { cents: 1_234_56, text: '$1,234.56' },
  ])('$cents cents read as $text in a sentence', ({ cents, text }) => {
    expect(dollarsText(cents)).toBe(text);
  });

  test('cents become the platform dollars', () => {
    expect(centsToDollars(65_050)).toBe(650.5);
  });

  test.each([
    { start: '2026-03-01T00:00:00Z', end: '2026-03-31T00:00:00Z', days: 30 },
    { start: '2026-03-01T09:00:00Z', end: '2026-03-01T15:00:00Z', days: 1 },
    { start: '2026-03-02T00:00:00Z', end: '2026-03-01T00:00:00Z', days: 1 },
  ])('$start to $end counts $days days', ({ start, end, days }) => {
    expect(daysBetween(new Date(start), new Date(end))).toBe(days);
  });

  test('an even daily budget spends the ad share over the days', () => {
    expect(evenDailyBudgetCents(100_000, 30)).toBe(2166);
  });
});
