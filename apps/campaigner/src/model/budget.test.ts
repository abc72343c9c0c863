import { describe, expect, test } from 'vitest';
import { budgetPlanOf, budgetShareOf, runDaysOf } from './budget';

describe('the budget share', () => {
  test.each([
    [2_000_00, 1_300_00, 700_00],
    [50_00, 32_50, 17_50],
    // Rounded down: never more on ads than was paid.
    [1_01, 65, 36],
  ])('of %i cents: %i buy ads, %i is the rest', (total, ads, rest) => {
    expect(budgetShareOf(total)).toEqual({ totalCents: total, adsCents: ads, restCents: rest, adsPercent: 65 });
  });
});

describe('run days', () => {
  test.each([
    ['2026-03-10', '2026-04-09', 30],
    ['2026-03-10', '2026-03-11', 1],
    ['2026-03-10', '2026-03-10', null],
    ['2026-03-10', '2026-03-01', null],
    ['', '2026-03-01', null],
    ['2026-02-30', '2026-03-10', null],
  ])('from %j to %j: %j', (start, end, days) => {
    expect(runDaysOf(start, end)).toBe(days);
  });
});

test.each([
  [
    'a total and dates: the even daily amount of the ad share',
    { budgetLifetime: '2000', budgetDaily: '', startDate: '2026-03-10', endDate: '2026-04-09' },
    { days: 30, evenDailyCents: 43_33, dailyCents: 0 },
  ],
  [
    'no dates yet',
    { budgetLifetime: '2000', budgetDaily: '50', startDate: '', endDate: '' },
    { days: null, evenDailyCents: null, dailyCents: 50_00 },
  ],
  [
    'no total yet',
    { budgetLifetime: '', budgetDaily: 'x', startDate: '2026-03-10', endDate: '2026-04-09' },
    { share: null, days: 30, evenDailyCents: null, dailyCents: null },
  ],
])('the plan with %s', (_case, values, plan) => {
  expect(budgetPlanOf(values)).toMatchObject(plan);
});
