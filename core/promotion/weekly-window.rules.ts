/** SPEC §9: promoters' weekly statistics cover the last 7 days. */
export const WEEKLY_WINDOW_DAYS = 7;

const DAY_MS = 86_400_000;

/** The first instant of the weekly window ending at `now` (7 × 24 hours before it, inclusive). */
export function weekStart(now: Date): string {
  return new Date(now.getTime() - WEEKLY_WINDOW_DAYS * DAY_MS).toISOString();
}

/** Whether an instant falls in the weekly window ending at `now`. */
export function inWeek(at: string, now: Date): boolean {
  const time = Date.parse(at);
  return !Number.isNaN(time) && time >= now.getTime() - WEEKLY_WINDOW_DAYS * DAY_MS;
}
