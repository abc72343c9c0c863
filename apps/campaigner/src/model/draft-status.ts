import type { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import { WIZARD_STEPS } from '@causeway/core/contracts/campaign-screens';
import { draftProblems } from '@causeway/core/campaigns/draft-check';
import type { WorkflowEntry, WorkflowStatus } from '@causeway/core/workflow/workflow.entity';
import { currentStatusOf } from '@causeway/core/workflow/workflow.rules';
import { formatDay } from './dates';
import type { StepId } from './wizard-steps';

export type StatusTone = 'draft' | 'pending' | 'approved' | 'canceled' | 'published';

export const STATUS_LABELS: Record<WorkflowStatus, { label: string; tone: StatusTone }> = {
  New: { label: 'Draft', tone: 'draft' },
  Pending: { label: 'Waiting for approval', tone: 'pending' },
  Approved: { label: 'Approved', tone: 'approved' },
  Canceled: { label: 'Sent back', tone: 'canceled' },
  Published: { label: 'Published', tone: 'published' },
};

export const statusOf = (draft: Pick<PreCampaign, 'workflowstatus'>): WorkflowStatus =>
  currentStatusOf(draft.workflowstatus);

/** The name people read for a draft. */
export const draftTitle = (draft: Pick<PreCampaign, 'campaignName'>) =>
  draft.campaignName.trim() || 'Untitled campaign';

const latest = (draft: Pick<PreCampaign, 'workflow'>): WorkflowEntry | null =>
  draft.workflow.length === 0 ? null : draft.workflow[draft.workflow.length - 1]!;

export type ReviewerNote = { comments: string[]; at: string; by: string };

/**
 * What the reviewer wrote when sending the draft back: the comments of the last workflow entry after
 * its first (the first is the platform's own "Campaign canceled"). Null unless the draft is Canceled.
 */
export function reviewerNoteOf(draft: Pick<PreCampaign, 'workflow' | 'workflowstatus'>): ReviewerNote | null {
  const entry = latest(draft);
  if (statusOf(draft) !== 'Canceled' || !entry || entry.status !== 'Canceled') return null;
  return {
    comments: entry.comments.slice(1).map((comment) => comment.comment),
    at: entry.statusDate,
    by: entry.statusUser,
  };
}

/** What a workflow entry means to the campaigner, in the past tense. */
const MOVE_LABELS: Record<WorkflowStatus, string> = {
  New: 'Started',
  Pending: 'Sent for approval',
  Approved: 'Approved',
  Canceled: 'Sent back for changes',
  Published: 'Published',
};

export type TimelineItem = {
  id: string;
  status: WorkflowStatus;
  label: string;
  at: string;
  /** The platform's sentence for the move ("Campaign pending for approval"). */
  summary: string | null;
  /** What the person who moved it wrote. */
  comments: string[];
};

/** The workflow history, newest first. */
export function timelineOf(draft: Pick<PreCampaign, 'workflow'>): TimelineItem[] {
  return [...draft.workflow].reverse().map((entry) => ({
    id: entry.workflowId,
    status: entry.status,
    label: MOVE_LABELS[entry.status],
    at: entry.statusDate,
    summary: entry.comments[0]?.comment ?? null,
    comments: entry.comments.slice(1).map((comment) => comment.comment),
  }));
}

/** The last thing that happened to a draft, for the lists: "Sent for approval Mar 3, 2026". */
export function lastMoveOf(draft: Pick<PreCampaign, 'workflow' | 'createdAt'>): string {
  const entry = latest(draft);
  if (!entry) return `Started ${formatDay(draft.createdAt)}`;
  return `${MOVE_LABELS[entry.status]} ${formatDay(entry.statusDate)}`;
}

export type DraftProgress = { ready: number; total: number; firstOpen: StepId | null };

/** How many of the six steps are ready to submit, and the first that still needs something. */
export function progressOf(draft: PreCampaign, now: Date = new Date()): DraftProgress {
  const { problemSteps } = draftProblems(draft, now);
  const open = new Set(Object.values(problemSteps));
  const steps = WIZARD_STEPS.map((step) => step.id);
  return {
    ready: steps.filter((id) => !open.has(id)).length,
    total: steps.length,
    firstOpen: steps.find((id) => open.has(id)) ?? null,
  };
}
