/**
 * The monthly giving report's month arithmetic, kept out of the database so every store's mirror
 * answers the same: the months of a range, a start's monthly anniversaries, and the retention cohorts.
 */
import type { MonthlyGivingMonth, MonthlyRetentionCohort } from '../contracts/reporting.contract';

/** The cohort table reads at most this many months after a start. */
export const RETENTION_MONTHS = 12;

const monthIndex = (month: string): number => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthText = (index: number): string =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/** YYYY-MM of a day (YYYY-MM-DD) or a time (UTC). */
export const monthOf = (at: string | Date): string =>
  (at instanceof Date ? at.toISOString() : /^\d{4}-\d{2}-\d{2}$/.test(at) ? at : new Date(at).toISOString()).slice(
    0,
    7,
  );

/** Every month from the one of `from` to the one of `to` (days), oldest first. */
export function monthsOf(from: string, to: string): string[] {
  const first = monthIndex(monthOf(from));
  const last = monthIndex(monthOf(to));
  const months: string[] = [];
  for (let index = first; index <= last; index += 1) months.push(monthText(index));
  return months;
}

/**
 * `at` moved `months` calendar months later, on the same day and time of day, or the month's last day
 * when it is shorter (a gift started on January 31 has its first anniversary on February 28 or 29).
 */
export function addMonths(at: string, months: number): Date {
  const start = new Date(at);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(start.getUTCDate(), lastDay),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/** The range's months with their counts (zeros where nothing happened). */
export function monthlyCounts(
  from: string,
  to: string,
  counts: { month: string; kind: 'new' | 'cancelled' | 'failed'; count: number }[],
): MonthlyGivingMonth[] {
  const rows = new Map(monthsOf(from, to).map((month) => [month, { month, newGifts: 0, cancelled: 0, failed: 0 }]));
  for (const { month, kind, count } of counts) {
    const row = rows.get(month);
    if (!row) continue;
    if (kind === 'new') row.newGifts += count;
    else row[kind] += count;
  }
  return [...rows.values()];
}

/**
 * Cohorts by month of start: of the gifts started in month M, how many had not ended before the k-th
 * monthly anniversary of their start, for k = 1 up to RETENTION_MONTHS while month M + k has begun at `now`.
 */
export function retentionCohorts(
  starts: { startedAt: string; endedAt: string | null }[],
  now: Date,
): MonthlyRetentionCohort[] {
  const byCohort = new Map<string, { startedAt: string; endedAt: string | null }[]>();
  for (const start of starts) {
    const cohort = monthOf(start.startedAt);
    const gifts = byCohort.get(cohort) ?? [];
    gifts.push(start);
    byCohort.set(cohort, gifts);
  }
  const current = monthIndex(monthOf(now));
  return [...byCohort.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([cohort, gifts]) => {
      const shown = Math.min(RETENTION_MONTHS, Math.max(0, current - monthIndex(cohort)));
      const months = [];
      for (let after = 1; after <= shown; after += 1) {
        const still = gifts.filter(
          (gift) => gift.endedAt === null || Date.parse(gift.endedAt) >= addMonths(gift.startedAt, after).getTime(),
        ).length;
        months.push({ after, gifts: still, rate: still / gifts.length });
      }
      return { cohort, gifts: gifts.length, months };
    });
}
