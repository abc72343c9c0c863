/** SPEC §9: live campaign lists cover the campaigns created in the last 6 months. */
export const LIVE_CAMPAIGN_MONTHS = 6;

/**
 * The first instant of the live list at `now`: the same time of day 6 calendar months earlier, on the
 * last day of that month when it is shorter (31 August → 28 February).
 */
export function liveSince(now: Date): string {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - LIVE_CAMPAIGN_MONTHS;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const since = new Date(now.getTime());
  since.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return since.toISOString();
}
