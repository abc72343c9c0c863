import { conflict } from '../shared/errors';
import type { DemoCampaignStatus, StoredWorkflowStatus, WorkflowStatus } from './workflow.entity';

/** The comment each status's workflow entry carries (SPEC §4). */
export const WORKFLOW_COMMENTS: Record<WorkflowStatus, string> = {
  New: 'Campaign created',
  Pending: 'Campaign pending for approval',
  Approved: 'Campaign approved',
  Canceled: 'Campaign canceled',
  Published: 'Your campaign had been published',
};

/** A stored status as the workflow reads it: a fresh draft's '' or null is New (SPEC §4). */
export function currentStatusOf(stored: StoredWorkflowStatus | undefined): WorkflowStatus {
  return stored === null || stored === undefined || stored === '' ? 'New' : stored;
}

/**
 * Who may make a move: the draft's owner (or their organization's admin), a reviewer (super user), or
 * the platform itself (payment and deployment).
 */
export type WorkflowMover = 'owner' | 'reviewer' | 'platform';

export interface WorkflowTransition {
  from: WorkflowStatus;
  to: WorkflowStatus;
  by: WorkflowMover;
  /** What the move means, for the diagram in docs/campaign-workflow.md and the screens. */
  meaning: string;
}

/**
 * Every legal move of a pre-campaign. The original product did not enforce them; this product does,
 * and anything not listed is refused with 409.
 */
export const WORKFLOW_TRANSITIONS: readonly WorkflowTransition[] = [
  { from: 'New', to: 'Pending', by: 'owner', meaning: 'the campaigner submits the draft for approval' },
  { from: 'Canceled', to: 'Pending', by: 'owner', meaning: 'the campaigner resubmits after editing' },
  { from: 'Pending', to: 'Approved', by: 'reviewer', meaning: 'the super user approves it' },
  { from: 'Pending', to: 'Canceled', by: 'reviewer', meaning: 'the super user sends it back with a comment' },
  { from: 'Approved', to: 'Canceled', by: 'reviewer', meaning: 'the super user withdraws an unpaid approval' },
  { from: 'Approved', to: 'Published', by: 'platform', meaning: 'the budget is paid and the ads are set up' },
];

/** Statuses in which the campaigner may still change the draft's content. */
export const EDITABLE_STATUSES: ReadonlySet<WorkflowStatus> = new Set(['New', 'Canceled']);

export const isEditable = (stored: StoredWorkflowStatus | undefined) => EDITABLE_STATUSES.has(currentStatusOf(stored));

/** The transition from → to, or a 409 that names both states. */
export function transitionOf(from: StoredWorkflowStatus | undefined, to: WorkflowStatus): WorkflowTransition {
  const current = currentStatusOf(from);
  const transition = WORKFLOW_TRANSITIONS.find((candidate) => candidate.from === current && candidate.to === to);
  if (!transition) {
    if (current === to) throw conflict(`The campaign is already ${to}.`);
    throw conflict(`A campaign cannot go from ${current} to ${to}.`);
  }
  return transition;
}

/** The statuses a draft may be moved to from where it is, by whom. */
export function nextStatuses(from: StoredWorkflowStatus | undefined, by: WorkflowMover): WorkflowStatus[] {
  const current = currentStatusOf(from);
  return WORKFLOW_TRANSITIONS.filter((transition) => transition.from === current && transition.by === by).map(
    (transition) => transition.to,
  );
}

/**
 * Demo campaigns' statuses move by this table (SPEC §4 lists the statuses; the moves are this
 * product's): a draft is reviewed, approved or rejected, published; rejected and canceled ones go back
 * to draft; anything not yet published, and a published one, can be canceled.
 */
export const DEMO_CAMPAIGN_TRANSITIONS: Readonly<Record<DemoCampaignStatus, readonly DemoCampaignStatus[]>> = {
  Draft: ['Pending', 'Canceled'],
  Pending: ['Approved', 'Rejected', 'Canceled'],
  Approved: ['Published', 'Canceled'],
  Published: ['Canceled'],
  Rejected: ['Draft'],
  Canceled: ['Draft'],
};

/** Throws a 409 naming both states unless the demo campaign may move from → to. */
export function checkDemoTransition(from: DemoCampaignStatus, to: DemoCampaignStatus): void {
  if (from === to) throw conflict(`The demo campaign is already ${to}.`);
  if (!DEMO_CAMPAIGN_TRANSITIONS[from].includes(to)) {
    throw conflict(`A demo campaign cannot go from ${from} to ${to}.`);
  }
}

/** Whether a draft whose stored status is `stored` may make a move guarded by `onlyFrom`. */
export function allowsMoveFrom(
  stored: StoredWorkflowStatus | undefined,
  onlyFrom?: readonly WorkflowStatus[],
): boolean {
  return onlyFrom === undefined || onlyFrom.includes(currentStatusOf(stored));
}

/** The conflict a guarded move meets when someone else moved the draft first. */
export const changedMeanwhile = (stored: StoredWorkflowStatus | undefined) =>
  conflict(`The campaign changed in the meantime: it is now ${currentStatusOf(stored)}. Reload it to see why.`);
