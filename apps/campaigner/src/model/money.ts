/** Dollars as people type them, cents as the API keeps them (SPEC §9: money is integer cents). */

export type DollarsParse = { ok: true; cents: number | null } | { ok: false; message: string };

/**
 * Reads what someone typed into a dollar field: "2000", "$2,000", "1,300.5", "0.25". Empty means no
 * amount (null). Whole cents only, so "12.345" is refused rather than silently rounded.
 */
export function parseDollars(text: string): DollarsParse {
  const trimmed = text.trim().replace(/^\$\s*/, '');
  if (trimmed === '') return { ok: true, cents: null };
  if (trimmed.startsWith('-')) return { ok: false, message: 'Enter an amount of zero or more.' };
  // Thousands separators are fine only in their places: "2,000", not "2,00".
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[1] === undefined && (match[2] ?? '') === '')) {
    return { ok: false, message: 'Enter an amount in dollars, like 2,000 or 0.75.' };
  }
  const whole = (match[1] ?? '0').replace(/,/g, '');
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, message: 'Use at most two decimals (whole cents).' };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return { ok: false, message: 'That amount is too large.' };
  return { ok: true, cents };
}

/** Cents as a dollar field shows them, ready to edit: 200000 → "2000", 130050 → "1300.50", 10 → "0.10". */
export function dollarsInputOf(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** "$2,000" for whole dollars, "$1,300.50" otherwise: the short form people read in sentences. */
export function formatDollars(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
