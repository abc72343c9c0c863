/**
 * How the platform's report rows become a campaign's figures: dollars to cents, the flight's summary,
 * its days, and the rates derived from them.
 */
import type { DeliveryRow } from '../ports/ad-platform.port';
import type { DeliveryDay } from './delivery.entity';

export interface Flight {
  /** UTC days, both inclusive. */
  start: string;
  end: string;
}

export interface Counts {
  impressions: number;
  clicks: number;
  spendCents: number;
}

export interface Rates {
  /** Clicks per impression (0.001 is 0.1%); null without impressions. */
  ctr: number | null;
  /** Cost per click in whole cents; null without clicks. */
  cpcCents: number | null;
}

const DAY_MS = 86_400_000;
export const dayOf = (instant: Date | string | number) => new Date(instant).toISOString().slice(0, 10);

/** The platform counts dollars (to the cent); the product, integer cents. */
export const dollarsToCents = (dollars: number) => Math.max(0, Math.round(dollars * 100));

/** CTR = clicks / impressions; CPC = spend / clicks. */
export function ratesOf(counts: Counts): Rates {
  return {
    ctr: counts.impressions > 0 ? counts.clicks / counts.impressions : null,
    cpcCents: counts.clicks > 0 ? Math.round(counts.spendCents / counts.clicks) : null,
  };
}

/** A schedule's day: already a day, or the UTC day of an instant. */
const scheduleDay = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : dayOf(value));

/**
 * The flight of a line item from its budget schedules (first start to last end), or `fallback` when it
 * has none. Schedules may carry days or instants.
 */
export function flightOf(schedules: readonly { startDate: string; endDate: string }[], fallback: Flight): Flight {
  if (schedules.length === 0) return fallback;
  const starts = schedules.map((schedule) => scheduleDay(schedule.startDate)).sort();
  const ends = schedules.map((schedule) => scheduleDay(schedule.endDate)).sort();
  return { start: starts[0]!, end: ends.at(-1)! };
}

/** One report window covering every flight: nothing is delivered outside a flight, so each total is its flight's. */
export function windowOf(flights: readonly Flight[]): Flight {
  return {
    start: flights.map((flight) => flight.start).sort()[0]!,
    end: flights
      .map((flight) => flight.end)
      .sort()
      .at(-1)!,
  };
}

/** An insertion order's total from summary rows (one per order; summed should the platform split them). */
export function summaryOf(rows: readonly DeliveryRow[], insertionOrderId: string): Counts {
  const total = { impressions: 0, clicks: 0, spendCents: 0 };
  for (const row of rows) {
    if (row.insertionOrderId !== insertionOrderId) continue;
    total.impressions += Math.max(0, Math.floor(row.impressions));
    total.clicks += Math.max(0, Math.floor(row.clicks));
    total.spendCents += dollarsToCents(row.spend);
  }
  return total;
}

/**
 * An insertion order's days within its flight, oldest first: every day from the flight's first to
 * `today` (days to come are left out) or to the last day that delivered when that is later (the
 * platform's clock may run ahead of ours); days without a row count zero.
 */
export function dailyOf(
  rows: readonly DeliveryRow[],
  insertionOrderId: string,
  flight: Flight,
  today: string,
): DeliveryDay[] {
  const byDay = new Map<string, DeliveryDay>();
  for (const row of rows) {
    if (row.insertionOrderId !== insertionOrderId || !row.day) continue;
    const day = row.day.slice(0, 10).replace(/\//g, '-');
    if (day < flight.start || day > flight.end) continue;
    const entry = byDay.get(day) ?? { day, impressions: 0, clicks: 0, spendCents: 0 };
    entry.impressions += Math.max(0, Math.floor(row.impressions));
    entry.clicks += Math.max(0, Math.floor(row.clicks));
    entry.spendCents += dollarsToCents(row.spend);
    byDay.set(day, entry);
  }
  const lastDelivered = [...byDay.values()]
    .filter((entry) => entry.impressions > 0 || entry.spendCents > 0)
    .map((entry) => entry.day)
    .sort()
    .at(-1);
  const latest = lastDelivered && lastDelivered > today ? lastDelivered : today;
  const last = latest < flight.end ? latest : flight.end;
  const days: DeliveryDay[] = [];
  for (let at = Date.parse(`${flight.start}T00:00:00Z`); dayOf(at) <= last; at += DAY_MS) {
    const day = dayOf(at);
    days.push(byDay.get(day) ?? { day, impressions: 0, clicks: 0, spendCents: 0 });
  }
  return days;
}
