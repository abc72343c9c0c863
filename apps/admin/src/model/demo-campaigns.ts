import type { DemoCampaignStatus } from '@causeway/core/workflow/workflow.entity';
import { DEMO_CAMPAIGN_TRANSITIONS } from '@causeway/core/workflow/workflow.rules';

/** Every status of a demo campaign, in the order a campaign usually goes through them. */
export const DEMO_STATUSES: readonly DemoCampaignStatus[] = [
  'Draft',
  'Pending',
  'Approved',
  'Published',
  'Rejected',
  'Canceled',
];

export const isDemoStatus = (value: string | null): value is DemoCampaignStatus =>
  DEMO_STATUSES.some((status) => status === value);

/** What the button of a move says, from the status it moves to. */
export const DEMO_MOVE_LABELS: Record<DemoCampaignStatus, string> = {
  Draft: 'Back to draft',
  Pending: 'Send for review',
  Approved: 'Approve',
  Published: 'Publish',
  Rejected: 'Reject',
  Canceled: 'Cancel',
};

/** The legend of the transition table: each status and where it may go next. */
export function demoTransitionLegend(): { from: DemoCampaignStatus; to: readonly DemoCampaignStatus[] }[] {
  return DEMO_STATUSES.map((from) => ({ from, to: DEMO_CAMPAIGN_TRANSITIONS[from] }));
}

/** Moves in the order the page offers them: forward first, canceling last. */
export function orderedMoves(moves: readonly DemoCampaignStatus[]): DemoCampaignStatus[] {
  const rank = (status: DemoCampaignStatus) =>
    status === 'Canceled' ? DEMO_STATUSES.length : DEMO_STATUSES.indexOf(status);
  return [...moves].sort((a, b) => rank(a) - rank(b));
}
