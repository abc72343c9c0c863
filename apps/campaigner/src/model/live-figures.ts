import { formatUsd } from '@causeway/core/budget/budget.rules';
import type { DeliveryDayView, DeliveryView } from '@causeway/core/contracts/delivery.contract';
import type { PublicCampaign } from '@causeway/core/contracts/payments.contract';

/** A live campaign's figures and delivery as campaigners read them (amounts are cents, shown in dollars). */

/** The organization's own live campaigns, in the order the API lists them (newest first). */
export function campaignsOfOrganization(campaigns: readonly PublicCampaign[], organizationId: string | null) {
  if (organizationId === null) return [];
  return campaigns.filter((campaign) => campaign.organization?.organizationId === organizationId);
}

export type RaisedOfGoal = {
  /** "$1,250.00 raised of $25,000.00". */
  text: string;
  /** How full the bar is, 0 to 100 (a goal passed fills it). */
  percent: number;
};

export function raisedOfGoal(raisedCents: number, goalCents: number): RaisedOfGoal {
  const raised = formatUsd(raisedCents);
  if (goalCents <= 0) return { text: `${raised} raised`, percent: raisedCents > 0 ? 100 : 0 };
  const percent = Math.min(100, Math.floor((raisedCents / goalCents) * 100));
  return { text: `${raised} raised of ${formatUsd(goalCents)}`, percent };
}

export type CampaignStatusTone = 'live' | 'ended' | 'closed';

/** Whether the campaign takes gifts now, and if not, why. */
export function donationStatusOf(
  campaign: Pick<PublicCampaign, 'acceptingDonations' | 'deadline'>,
  now: Date = new Date(),
): { label: string; tone: CampaignStatusTone } {
  if (campaign.acceptingDonations) return { label: 'Taking donations', tone: 'live' };
  if (campaign.deadline && Date.parse(campaign.deadline) <= now.getTime()) {
    return { label: 'Fundraising ended', tone: 'ended' };
  }
  return { label: 'Donations turned off', tone: 'closed' };
}

export const countText = (count: number) => count.toLocaleString('en-US');

export function plural(count: number, one: string, many: string): string {
  return `${countText(count)} ${count === 1 ? one : many}`;
}

/** CTR as a percentage with two decimals: 0.001 → "0.10%"; "–" without impressions. */
export function ctrText(ctr: number | null): string {
  if (ctr === null || !Number.isFinite(ctr)) return '–';
  return `${(ctr * 100).toFixed(2)}%`;
}

/** Cents in dollars, "–" when there is no figure (a cost per click without clicks). */
export const dollarsText = (cents: number | null) => (cents === null ? '–' : formatUsd(cents));

/** A delivered cost per click is flagged once it is more than this share above the campaign's target. */
export const CPC_OVER_TARGET_FLAG = 0.5;
/** Below this many clicks an average cost per click says too little to flag. */
export const CPC_FLAG_MIN_CLICKS = 10;

export interface CpcWarning {
  deliveredCents: number;
  targetCents: number;
  /** Delivered over target: 3.51 for $3.51 against $1.00. */
  times: number;
  /** "Each click has cost $3.51 on average, 3.5 times the $1.00 target set with the budget." */
  text: string;
}

/**
 * The warning a campaigner gets when the ads' cost per click runs far above the campaign's target (more
 * than 50% above it, over at least ten clicks); null while it is within that, or without a figure to read.
 */
export function cpcWarningOf(
  delivery: { totals: Pick<DeliveryView['totals'], 'cpcCents' | 'clicks'> } & Pick<DeliveryView, 'targetCpcCents'>,
): CpcWarning | null {
  const { cpcCents, clicks } = delivery.totals;
  const target = delivery.targetCpcCents;
  if (cpcCents === null || target <= 0 || clicks < CPC_FLAG_MIN_CLICKS) return null;
  if (cpcCents <= target * (1 + CPC_OVER_TARGET_FLAG)) return null;
  const times = cpcCents / target;
  const timesText = times >= 10 ? Math.round(times).toString() : (Math.round(times * 10) / 10).toString();
  return {
    deliveredCents: cpcCents,
    targetCents: target,
    times,
    text: `Each click has cost ${formatUsd(cpcCents)} on average, ${timesText} times the ${formatUsd(target)} target set with the budget.`,
  };
}

/** The line item's state, in words. */
export function adStatusText(delivery: Pick<DeliveryView, 'lineItemStatus' | 'pause'>): string {
  if (delivery.pause) return 'Paused by pacing';
  switch (delivery.lineItemStatus) {
    case 'play':
      return 'Running';
    case 'pause':
      return 'Paused';
    case 'stop':
      return 'Stopped';
    case 'archived':
      return 'Archived';
    default:
      return 'Status unknown';
  }
}

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "May 3" for a UTC day "2026-05-03". */
export const shortDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

export type ChartRow = { day: string; label: string; impressions: number; clicks: number; spend: number };

/** The daily rows as the chart draws them: spend in dollars. */
export function chartRowsOf(daily: readonly DeliveryDayView[]): ChartRow[] {
  return daily.map((entry) => ({
    day: entry.day,
    label: shortDay(entry.day),
    impressions: entry.impressions,
    clicks: entry.clicks,
    spend: entry.spendCents / 100,
  }));
}

/** Whether a refresh brought newer figures, or answered the last pull again (at most one a minute is made). */
export const refreshedAnew = (before: Pick<DeliveryView, 'refreshedAt'> | undefined, after: DeliveryView) =>
  before === undefined || after.refreshedAt !== before.refreshedAt;
