/**
 * Simulated delivery. A line item delivers while its insertion order, itself and at least one of its
 * ads are all `play` and the simulated time is inside a flight of both. Spend is paced evenly over
 * each flight (budget ÷ flight days), never above the daily caps of the line item and the insertion
 * order nor above their budgets; impressions follow from the CPM and clicks from the click-through rate.
 * Figures accrue per UTC day, so reports can be daily.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface DeliveryParameters {
  /** Click-through rate, 0–1 (display: about 0.001). */
  ctr: number;
  /** Dollars per thousand impressions. */
  cpm: number;
}

export interface Flight {
  /** Milliseconds since the epoch; `end` is exclusive. */
  start: number;
  end: number;
  budget: number;
  /** 0: no daily cap. */
  dailyCap: number;
}

export interface DeliveringLineItem {
  id: string;
  insertionOrderId: string;
  flights: Flight[];
  /** Every status involved says play. */
  live: boolean;
}

export interface DeliveringInsertionOrder {
  id: string;
  flights: Flight[];
}

export interface DayFigures {
  spend: number;
  impressions: number;
  clicks: number;
}

/** yyyy-mm-dd of the UTC day holding `at`. */
export const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

const flightDays = (flight: Flight) => Math.max((flight.end - flight.start) / DAY_MS, 1 / 24);

export function createDeliveryLedger() {
  /** lineItemId → day → figures (impressions and clicks kept fractional, floored when reported). */
  const figures = new Map<string, Map<string, DayFigures>>();

  const dayFigures = (lineItemId: string, day: string): DayFigures => {
    let days = figures.get(lineItemId);
    if (!days) figures.set(lineItemId, (days = new Map()));
    let entry = days.get(day);
    if (!entry) days.set(day, (entry = { spend: 0, impressions: 0, clicks: 0 }));
    return entry;
  };

  const spentBy = (lineItemIds: string[], fromDay: string, toDay: string) => {
    let total = 0;
    for (const id of lineItemIds) {
      for (const [day, entry] of figures.get(id) ?? []) if (day >= fromDay && day <= toDay) total += entry.spend;
    }
    return total;
  };

  return {
    /** Accrues delivery from `from` to `to` (statuses are constant in between: callers settle before every change). */
    accrue(
      from: number,
      to: number,
      lineItems: DeliveringLineItem[],
      insertionOrders: Map<string, DeliveringInsertionOrder>,
      parameters: DeliveryParameters,
    ): void {
      if (to <= from) return;
      const siblings = new Map<string, string[]>();
      for (const item of lineItems) {
        siblings.set(item.insertionOrderId, [...(siblings.get(item.insertionOrderId) ?? []), item.id]);
      }
      for (let dayStart = from - (from % DAY_MS); dayStart < to; dayStart += DAY_MS) {
        const day = utcDay(dayStart);
        const segmentStart = Math.max(from, dayStart);
        const segmentEnd = Math.min(to, dayStart + DAY_MS);
        for (const item of lineItems) {
          if (!item.live) continue;
          const order = insertionOrders.get(item.insertionOrderId);
          if (!order) continue;
          const orderFlight = order.flights.find((flight) => flight.start < segmentEnd && flight.end > segmentStart);
          if (!orderFlight) continue;
          for (const flight of item.flights) {
            const start = Math.max(segmentStart, flight.start, orderFlight.start);
            const end = Math.min(segmentEnd, flight.end, orderFlight.end);
            if (end <= start) continue;
            let amount = (flight.budget / flightDays(flight)) * ((end - start) / DAY_MS);
            const itemToday = dayFigures(item.id, day).spend;
            if (flight.dailyCap > 0) amount = Math.min(amount, flight.dailyCap - itemToday);
            amount = Math.min(amount, flight.budget - spentBy([item.id], utcDay(flight.start), utcDay(flight.end - 1)));
            const orderItems = siblings.get(order.id) ?? [item.id];
            if (orderFlight.dailyCap > 0)
              amount = Math.min(amount, orderFlight.dailyCap - spentBy(orderItems, day, day));
            amount = Math.min(
              amount,
              orderFlight.budget - spentBy(orderItems, utcDay(orderFlight.start), utcDay(orderFlight.end - 1)),
            );
            if (amount <= 1e-9) continue;
            const entry = dayFigures(item.id, day);
            const impressions = (amount / parameters.cpm) * 1000;
            entry.spend += amount;
            entry.impressions += impressions;
            entry.clicks += impressions * parameters.ctr;
          }
        }
      }
    },

    /** Summed figures of some line items over some days (inclusive), floored and rounded as a report shows them. */
    total(lineItemIds: string[], fromDay: string, toDay: string): DayFigures {
      const sum = { spend: 0, impressions: 0, clicks: 0 };
      for (const id of lineItemIds) {
        for (const [day, entry] of figures.get(id) ?? []) {
          if (day < fromDay || day > toDay) continue;
          sum.spend += entry.spend;
          sum.impressions += entry.impressions;
          sum.clicks += entry.clicks;
        }
      }
      return {
        spend: Math.round(sum.spend * 100) / 100,
        impressions: Math.floor(sum.impressions + 1e-6),
        clicks: Math.floor(sum.clicks + 1e-6),
      };
    },

    clear(): void {
      figures.clear();
    },

    /** Every line item's figures per day, as JSON-ready data (fractions kept). */
    export(): LedgerEntries {
      return Object.fromEntries(
        [...figures].map(([lineItemId, days]) => [
          lineItemId,
          Object.fromEntries([...days].map(([day, entry]) => [day, { ...entry }])),
        ]),
      );
    },

    /** Replaces every figure with exported ones. */
    restore(entries: LedgerEntries): void {
      figures.clear();
      for (const [lineItemId, days] of Object.entries(entries)) {
        figures.set(lineItemId, new Map(Object.entries(days).map(([day, entry]) => [day, { ...entry }])));
      }
    },
  };
}

/** lineItemId → yyyy-mm-dd → figures. */
export type LedgerEntries = Record<string, Record<string, DayFigures>>;

export type DeliveryLedger = ReturnType<typeof createDeliveryLedger>;
