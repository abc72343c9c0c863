/**
 * Calendar days as date fields show them ("2026-03-10") and instants as the API keeps them. A day is
 * stored as its UTC midnight and read back by its UTC date, so it never shifts by a time zone.
 */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export type DayParse = { ok: true; iso: string | null } | { ok: false; message: string };

/** The date field's text of a stored instant; '' for none. */
export function dayInputOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** A date field's text as the instant stored: '' is no date. */
export function isoOfDayInput(text: string): DayParse {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, iso: null };
  const match = DAY_PATTERN.exec(trimmed);
  if (!match) return { ok: false, message: 'Enter a date like 2026-03-10.' };
  const date = new Date(`${trimmed}T00:00:00.000Z`);
  // 2026-02-30 parses as March 2nd: a date that does not round-trip does not exist.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== trimmed) {
    return { ok: false, message: 'That date does not exist.' };
  }
  return { ok: true, iso: date.toISOString() };
}

/** Today's date as a date field's `min`. */
export const todayInput = (now: Date = new Date()) => now.toISOString().slice(0, 10);

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Mar 10, 2026" for a stored day. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dayFormat.format(date);
}

/** "Mar 10, 2026, 4:05 PM" for a moment (in the reader's own time zone). */
export function formatMoment(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTimeFormat.format(date);
}
