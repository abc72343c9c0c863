import { RANGE_PRESETS } from '@causeway/core/contracts/reporting.contract';

/** A date range preset: the last 7, 30 or 90 days (today included), or everything. */
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** What every report is asked for: a range and, for platform staff, one organization (null: all). */
export interface ReportScope {
  preset: RangePreset;
  organizationId: string | null;
}

export const DEFAULT_PRESET: RangePreset = 30;

const DAY_MS = 86_400_000;
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

export function presetLabel(preset: RangePreset): string {
  return preset === 'all' ? 'All time' : `Last ${preset} days`;
}

/** The short label of a preset's button. */
export function presetShortLabel(preset: RangePreset): string {
  return preset === 'all' ? 'All' : `${preset} days`;
}

/** The scope kept in the address (`?range=90&org=…`); anything unknown falls back to the defaults. */
export function scopeFromSearch(params: URLSearchParams, platformWide: boolean): ReportScope {
  const range = params.get('range');
  const preset = RANGE_PRESETS.find((candidate) => String(candidate) === range) ?? DEFAULT_PRESET;
  const organization = platformWide ? params.get('org') : null;
  return { preset, organizationId: organization && organization.trim() !== '' ? organization : null };
}

/** The address parameters of a scope (defaults left out, so plain links stay plain). */
export function searchOfScope(scope: ReportScope): Record<string, string | null> {
  return {
    range: scope.preset === DEFAULT_PRESET ? null : String(scope.preset),
    org: scope.organizationId,
  };
}

/** The UTC days a preset covers, ending today (both inclusive); `all` has neither end. */
export function rangeOf(preset: RangePreset, now: Date): { from?: string; to?: string } {
  if (preset === 'all') return {};
  const today = now.getTime();
  return { from: dayOf(today - (preset - 1) * DAY_MS), to: dayOf(today) };
}

type QueryValue = string | number | boolean | null | undefined;

/** A query string from parameters, empty ones left out ('' when none is left). */
export function queryString(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The query of a report for a scope, with the report's own parameters. */
export function reportQuery(scope: ReportScope, now: Date, extra: Record<string, QueryValue> = {}): string {
  return queryString({ ...rangeOf(scope.preset, now), organizationId: scope.organizationId, ...extra });
}

/** Daily points for ranges up to 90 days; weekly ones beyond, so the chart stays readable. */
export function intervalOf(preset: RangePreset): 'day' | 'week' {
  return preset === 'all' ? 'week' : 'day';
}

/** A report page's address with the current range and organization kept (`?range=90&org=…`). */
export function withScope(path: string, scope: ReportScope): string {
  const query = queryString(searchOfScope(scope));
  return `${path}${query}`;
}
