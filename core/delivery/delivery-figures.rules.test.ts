import { describe, expect, it } from 'vitest';
import type { DeliveryRow } from '../ports/ad-platform.port';
import { dailyOf, dollarsToCents, flightOf, ratesOf, summaryOf, windowOf } from './delivery-figures.rules';

const row = (day: string | undefined, impressions: number, clicks: number, spend: number, io = '1'): DeliveryRow => ({
  ...(day ? { day } : {}),
  insertionOrderId: io,
  impressions,
  clicks,
  spend,
});

describe('delivery figures from report rows', () => {
  it.each([
    { dollars: 0, cents: 0 },
    { dollars: 41.94, cents: 4194 },
    { dollars: 0.005, cents: 1 },
    { dollars: 1300, cents: 130_000 },
    { dollars: 41.935000001, cents: 4194 },
    { dollars: -1, cents: 0 },
  ])('$dollars dollars are $cents cents', ({ dollars, cents }) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it.each([
    { counts: { impressions: 16_774, clicks: 16, spendCents: 4194 }, ctr: 16 / 16_774, cpcCents: 262 },
    { counts: { impressions: 1000, clicks: 1, spendCents: 250 }, ctr: 0.001, cpcCents: 250 },
    { counts: { impressions: 1000, clicks: 0, spendCents: 250 }, ctr: 0, cpcCents: null },
    { counts: { impressions: 0, clicks: 0, spendCents: 0 }, ctr: null, cpcCents: null },
  ])('rates of $counts: CTR = clicks / impressions, CPC = spend / clicks', ({ counts, ctr, cpcCents }) => {
    expect(ratesOf(counts)).toEqual({ ctr, cpcCents });
  });

  it.each([
    {
      case: 'days',
      schedules: [{ startDate: '2026-05-02', endDate: '2026-06-01' }],
      flight: { start: '2026-05-02', end: '2026-06-01' },
    },
    {
      case: 'instants, several schedules',
      schedules: [
        { startDate: '2026-06-01T00:00:00Z', endDate: '2026-06-30T23:59:59Z' },
        { startDate: '2026-05-02T00:00:00Z', endDate: '2026-05-31T23:59:59Z' },
      ],
      flight: { start: '2026-05-02', end: '2026-06-30' },
    },
    { case: 'none: the fallback', schedules: [], flight: { start: '2026-04-01', end: '2026-04-30' } },
  ])('the flight of schedules in $case', ({ schedules, flight }) => {
    expect(flightOf(schedules, { start: '2026-04-01', end: '2026-04-30' })).toEqual(flight);
  });

  it('asks one window covering every flight', () => {
    expect(
      windowOf([
        { start: '2026-05-02', end: '2026-06-01' },
        { start: '2026-04-20', end: '2026-05-10' },
      ]),
    ).toEqual({ start: '2026-04-20', end: '2026-06-01' });
  });

  it('totals an insertion order’s summary rows in cents, other orders left out', () => {
    const rows = [row(undefined, 33_548, 33, 83.87), row(undefined, 10, 1, 0.03, '2'), row(undefined, 2, 0, 0.01)];
    expect(summaryOf(rows, '1')).toEqual({ impressions: 33_550, clicks: 33, spendCents: 8388 });
    expect(summaryOf(rows, '3')).toEqual({ impressions: 0, clicks: 0, spendCents: 0 });
  });

  it.each([
    {
      case: 'days to today, a day without rows counted zero, days to come left out',
      rows: [row('2026/05/02', 16_774, 16, 41.94), row('2026/05/04', 100, 0, 0.25), row('2026/05/20', 0, 0, 0)],
      today: '2026-05-04',
      days: [
        { day: '2026-05-02', impressions: 16_774, clicks: 16, spendCents: 4194 },
        { day: '2026-05-03', impressions: 0, clicks: 0, spendCents: 0 },
        { day: '2026-05-04', impressions: 100, clicks: 0, spendCents: 25 },
      ],
    },
    {
      case: 'the platform’s days beyond our today (its clock runs ahead) are kept',
      rows: [row('2026-05-02', 10, 0, 0.03), row('2026-05-03', 20, 0, 0.05)],
      today: '2026-05-01',
      days: [
        { day: '2026-05-02', impressions: 10, clicks: 0, spendCents: 3 },
        { day: '2026-05-03', impressions: 20, clicks: 0, spendCents: 5 },
      ],
    },
    {
      case: 'after the flight: its days only',
      rows: [row('2026-05-02', 10, 0, 0.03), row('2026-05-01', 99, 9, 9)],
      today: '2026-07-01',
      flight: { start: '2026-05-02', end: '2026-05-03' },
      days: [
        { day: '2026-05-02', impressions: 10, clicks: 0, spendCents: 3 },
        { day: '2026-05-03', impressions: 0, clicks: 0, spendCents: 0 },
      ],
    },
    { case: 'before the flight: none', rows: [], today: '2026-05-01', days: [] },
  ])('daily rows: $case', ({ rows, today, days, flight }) => {
    expect(dailyOf(rows, '1', flight ?? { start: '2026-05-02', end: '2026-06-01' }, today)).toEqual(days);
  });
});
