import { describe, expect, it } from 'vitest';
import { addMonths, monthlyCounts, monthsOf, retentionCohorts } from './monthly-giving';

describe('the months of a range', () => {
  it('runs from the first day’s month to the last day’s, across a year', () => {
    expect(monthsOf('2025-11-20', '2026-02-03')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf('2026-05-01', '2026-05-31')).toEqual(['2026-05']);
  });

  it('fills months with nothing with zeros and leaves out months outside the range', () => {
    expect(
      monthlyCounts('2026-04-10', '2026-06-02', [
        { month: '2026-04', kind: 'new', count: 2 },
        { month: '2026-06', kind: 'failed', count: 1 },
        { month: '2026-06', kind: 'cancelled', count: 3 },
        { month: '2026-07', kind: 'new', count: 9 },
      ]),
    ).toEqual([
      { month: '2026-04', newGifts: 2, cancelled: 0, failed: 0 },
      { month: '2026-05', newGifts: 0, cancelled: 0, failed: 0 },
      { month: '2026-06', newGifts: 0, cancelled: 3, failed: 1 },
    ]);
  });
});

describe('a start’s monthly anniversaries', () => {
  it('keeps the day and time, or the last day of a shorter month', () => {
    expect(addMonths('2026-01-15T10:30:00.000Z', 1).toISOString()).toBe('2026-02-15T10:30:00.000Z');
    expect(addMonths('2026-01-31T08:00:00.000Z', 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonths('2026-11-30T00:00:00.000Z', 3).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });
});

describe('retention by month of start', () => {
  const now = new Date('2026-07-10T12:00:00.000Z');
  it('counts a gift as giving after k months unless it ended before its k-th anniversary', () => {
    const cohorts = retentionCohorts(
      [
        { startedAt: '2026-04-05T00:00:00.000Z', endedAt: null },
        // Ended the day before its first anniversary: gone after 1 month.
        { startedAt: '2026-04-10T00:00:00.000Z', endedAt: '2026-05-09T00:00:00.000Z' },
        // Ended on its second anniversary: still gave after 2 months, not after 3.
        { startedAt: '2026-04-20T00:00:00.000Z', endedAt: '2026-06-20T00:00:00.000Z' },
        { startedAt: '2026-06-01T00:00:00.000Z', endedAt: null },
      ],
      now,
    );
    expect(cohorts).toEqual([
      {
        cohort: '2026-04',
        gifts: 3,
        months: [
          { after: 1, gifts: 2, rate: 2 / 3 },
          { after: 2, gifts: 2, rate: 2 / 3 },
          { after: 3, gifts: 1, rate: 1 / 3 },
        ],
      },
      { cohort: '2026-06', gifts: 1, months: [{ after: 1, gifts: 1, rate: 1 }] },
    ]);
  });

  it('shows no month yet for this month’s starts, and at most twelve', () => {
    expect(retentionCohorts([{ startedAt: '2026-07-01T00:00:00.000Z', endedAt: null }], now)).toEqual([
      { cohort: '2026-07', gifts: 1, months: [] },
    ]);
    const [old] = retentionCohorts([{ startedAt: '2024-01-01T00:00:00.000Z', endedAt: null }], now);
    expect(old!.months).toHaveLength(12);
  });
});
