const dollarsWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const dollarsExact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const whole = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Cents as dollars: whole dollars for round amounts ("$1,250"), cents when there are some ("$12.50"). */
export function dollars(cents: number): string {
  return cents % 100 === 0 ? dollarsWhole.format(cents / 100) : dollarsExact.format(cents / 100);
}

/** Cents as dollars, short for axes ("$1.3K"). */
export function dollarsCompact(cents: number): string {
  return `$${compact.format(cents / 100)}`;
}

export function count(value: number): string {
  return whole.format(value);
}

export function countCompact(value: number): string {
  return compact.format(value);
}

/** A fraction as a percentage ("1.2%"); a dash for none. */
export function percent(fraction: number | null, digits = 1): string {
  if (fraction === null || !Number.isFinite(fraction)) return '—';
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** A dollars-per-dollar ratio ("$0.42"); a dash for none. */
export function perDollar(ratio: number | null): string {
  if (ratio === null || !Number.isFinite(ratio)) return '—';
  return dollarsExact.format(ratio);
}

/** A plain ratio with a unit ("3.4"); a dash for none. */
export function decimal(value: number | null, digits = 1): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return value.toFixed(digits);
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayYearFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Mar 4" for a UTC day (YYYY-MM-DD). */
export function shortDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "Mar 4, 2026" for a UTC day or a moment. */
export function longDay(dayOrTimestamp: string): string {
  const date = new Date(dayOrTimestamp.length === 10 ? `${dayOrTimestamp}T00:00:00Z` : dayOrTimestamp);
  return Number.isNaN(date.getTime()) ? '—' : dayYearFormat.format(date);
}

/** "March 2026" for a cohort (YYYY-MM). */
export function monthName(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** How a figure moved against the range before: "+12%", "−3%", "new" (from nothing), null (no comparison). */
export function change(current: number, previous: number | null | undefined): string | null {
  if (previous === null || previous === undefined) return null;
  if (previous === 0) return current === 0 ? '0%' : 'new';
  const ratio = (current - previous) / previous;
  const rounded = Math.round(ratio * 100);
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded)}%`;
}
