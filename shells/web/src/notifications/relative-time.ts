const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "just now", "5 minutes ago", "yesterday", "3 days ago"; older than a week, the date itself.
 * `now` is a parameter so the wording can be checked at any moment.
 */
export function relativeTime(iso: string, now: Date = new Date(), locale?: string): string {
  const at = new Date(iso);
  const elapsed = now.getTime() - at.getTime();
  if (Number.isNaN(elapsed)) return '';
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (elapsed < 45_000) return 'just now';
  if (elapsed < HOUR) return words.format(-Math.max(1, Math.round(elapsed / MINUTE)), 'minute');
  if (elapsed < DAY) return words.format(-Math.round(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return words.format(-Math.round(elapsed / DAY), 'day');
  const sameYear = at.getFullYear() === now.getFullYear();
  return at.toLocaleDateString(locale, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}
