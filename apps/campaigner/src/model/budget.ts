import { AD_BUDGET_SHARE, adSpendCents, daysBetween, evenDailyBudgetCents } from '@causeway/core/budget/budget.rules';
import { isoOfDayInput } from './dates';
import { parseDollars } from './money';

export type BudgetShare = { totalCents: number; adsCents: number; restCents: number; adsPercent: number };

/** How a total budget splits: the share that buys ads (SPEC §9: 65%) and the rest. */
export function budgetShareOf(totalCents: number): BudgetShare {
  const adsCents = adSpendCents(totalCents);
  return {
    totalCents,
    adsCents,
    restCents: totalCents - adsCents,
    adsPercent: Math.round(AD_BUDGET_SHARE * 100),
  };
}

/** The days the ads run, from the date fields' text; null while either day is missing or out of order. */
export function runDaysOf(start: string, end: string): number | null {
  const from = isoOfDayInput(start);
  const to = isoOfDayInput(end);
  if (!from.ok || !to.ok || from.iso === null || to.iso === null) return null;
  const startDate = new Date(from.iso);
  const endDate = new Date(to.iso);
  if (endDate <= startDate) return null;
  return daysBetween(startDate, endDate);
}

export type BudgetPlan = {
  share: BudgetShare | null;
  days: number | null;
  /** What the platform spends a day when the daily budget is left at 0. */
  evenDailyCents: number | null;
  /** The daily budget typed, in cents; 0 when left to the platform. */
  dailyCents: number | null;
};

/** The live figures of the Budget step, from what is typed so far. */
export function budgetPlanOf(values: {
  budgetLifetime: string;
  budgetDaily: string;
  startDate: string;
  endDate: string;
}): BudgetPlan {
  const total = parseDollars(values.budgetLifetime);
  const daily = parseDollars(values.budgetDaily);
  const totalCents = total.ok && total.cents !== null && total.cents > 0 ? total.cents : null;
  const days = runDaysOf(values.startDate, values.endDate);
  return {
    share: totalCents === null ? null : budgetShareOf(totalCents),
    days,
    evenDailyCents: totalCents === null || days === null ? null : evenDailyBudgetCents(totalCents, days),
    dailyCents: daily.ok ? (daily.cents ?? 0) : null,
  };
}
