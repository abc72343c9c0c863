import type { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import type { WorkflowEntry, WorkflowStatus } from '@causeway/core/workflow/workflow.entity';
import { currentStatusOf, WORKFLOW_COMMENTS } from '@causeway/core/workflow/workflow.rules';

/** The super user's approval desk, below `/approvals`. */
export const APPROVALS_BASE = '/approvals';

/** The queues: waiting for a decision, approved but not yet paid, and paid while it is being published. */
export const APPROVAL_LISTS = ['pending', 'pending-publish', 'publishing'] as const;
export type ApprovalList = (typeof APPROVAL_LISTS)[number];

export type ApprovalRoute = { page: 'queue' } | { page: 'review'; id: string } | { page: 'not-found' };

const segment = (value: string) => encodeURIComponent(value);

export const approvalPaths = {
  queue: APPROVALS_BASE,
  /** A queue, narrowed to an organization; the address keeps both so a reload shows the same list. */
  list: (list: ApprovalList, organizationId?: string | null) => {
    const params = new URLSearchParams();
    if (list !== 'pending') params.set('list', list);
    if (organizationId) params.set('organizationId', organizationId);
    const query = params.toString();
    return query === '' ? APPROVALS_BASE : `${APPROVALS_BASE}?${query}`;
  },
  /** The review of one campaign; the same address as CAMPAIGN_PATHS.approval, which notifications link to. */
  review: (id: string) => `${APPROVALS_BASE}/${segment(id)}`,
};

/** The page a path of the approval desk shows; a trailing slash is ignored. */
export function approvalRouteOf(pathname: string): ApprovalRoute {
  if (pathname !== APPROVALS_BASE && !pathname.startsWith(`${APPROVALS_BASE}/`)) return { page: 'not-found' };
  const parts = pathname.slice(APPROVALS_BASE.length).split('/').filter(Boolean);
  if (parts.length === 0) return { page: 'queue' };
  if (parts.length > 1) return { page: 'not-found' };
  try {
    const id = decodeURIComponent(parts[0]!);
    return id === '' ? { page: 'not-found' } : { page: 'review', id };
  } catch {
    return { page: 'not-found' };
  }
}

export const approvalListOf = (value: string | null): ApprovalList =>
  (APPROVAL_LISTS as readonly string[]).includes(value ?? '') ? (value as ApprovalList) : 'pending';

export const campaignName = (draft: Pick<PreCampaign, 'campaignName'>) =>
  draft.campaignName.trim() || 'Untitled campaign';

export const workflowStatusOf = (draft: Pick<PreCampaign, 'workflowstatus'>): WorkflowStatus =>
  currentStatusOf(draft.workflowstatus);

/** The latest entry of the history with this status, if the campaign ever had it. */
function lastEntryWith(draft: Pick<PreCampaign, 'workflow'>, status: WorkflowStatus): WorkflowEntry | undefined {
  return [...draft.workflow]
    .filter((entry) => entry.status === status)
    .sort((a, b) => Date.parse(a.statusDate) - Date.parse(b.statusDate))
    .at(-1);
}

/** When the campaign was last sent for approval (its creation, for a history that lacks the entry). */
export function submittedAt(draft: Pick<PreCampaign, 'workflow' | 'createdAt'>): string {
  return lastEntryWith(draft, 'Pending')?.statusDate ?? draft.createdAt;
}

/** When it was approved, for the queue awaiting payment. */
export function approvedAt(draft: Pick<PreCampaign, 'workflow' | 'createdAt'>): string {
  return lastEntryWith(draft, 'Approved')?.statusDate ?? submittedAt(draft);
}

/** When the campaign entered the queue it is listed in: sent for approval, or approved. */
export const queuedAt = (draft: Pick<PreCampaign, 'workflow' | 'createdAt'>, list: ApprovalList) =>
  list === 'pending' ? submittedAt(draft) : approvedAt(draft);

/** Comments people wrote on an entry, without the one the platform writes for every move of that status. */
export function writtenComments(entry: WorkflowEntry) {
  return entry.comments.filter((comment) => comment.comment !== WORKFLOW_COMMENTS[entry.status]);
}

/**
 * Whether the campaign was sent back before and is here again after changes, with what the reviewer
 * asked for then: the reviewer reads it against what changed.
 */
export function earlierSendBack(
  draft: Pick<PreCampaign, 'workflow'>,
): { at: string; by: string; comments: string[] } | null {
  const canceled = lastEntryWith(draft, 'Canceled');
  if (!canceled) return null;
  return {
    at: canceled.statusDate,
    by: canceled.statusUser,
    comments: writtenComments(canceled).map((comment) => comment.comment),
  };
}

/** The queue as the desk shows it: newest first (latest arrival in the queue on top). */
export function sortQueue<T extends Pick<PreCampaign, 'workflow' | 'createdAt'>>(drafts: T[], list: ApprovalList): T[] {
  return [...drafts].sort((a, b) => Date.parse(queuedAt(b, list)) - Date.parse(queuedAt(a, list)));
}

/** The campaign a reviewer goes on to after deciding on `currentId`: the top of the queue, other than it. */
export function nextInQueue<T extends Pick<PreCampaign, 'id' | 'workflow' | 'createdAt'>>(
  queue: T[],
  currentId: string,
): T | null {
  return sortQueue(queue, 'pending').find((draft) => draft.id !== currentId) ?? null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** How long something has waited, in its largest whole unit: "12 minutes", "5 hours", "3 days". */
export function waitingTime(sinceIso: string, now: Date = new Date()): string {
  const since = Date.parse(sinceIso);
  if (Number.isNaN(since)) return '—';
  const elapsed = Math.max(0, now.getTime() - since);
  if (elapsed < MINUTE) return 'under a minute';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < 2 * DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  return plural(Math.floor(elapsed / DAY), 'day');
}

/** Two days in the queue is long: the campaigner is waiting to pay and publish. */
export const LONG_WAIT_MS = 2 * DAY;

export const hasWaitedLong = (sinceIso: string, now: Date = new Date()) =>
  now.getTime() - Date.parse(sinceIso) >= LONG_WAIT_MS;

/** What a status means on the desk, in a few words. */
export const WORKFLOW_STATUS_LABELS: Record<WorkflowStatus, string> = {
  New: 'Draft',
  Pending: 'Waiting for review',
  Approved: 'Approved, awaiting payment',
  Canceled: 'Sent back',
  Published: 'Published',
};

/** A reviewer's possible decisions, as buttons and dialogs name them. */
export type Decision = 'approve' | 'cancel' | 'withdraw';

/** The decisions the API lets this reviewer make now, from the statuses it answered in `moves`. */
export function decisionsOf(status: WorkflowStatus, moves: readonly WorkflowStatus[]): Decision[] {
  const decisions: Decision[] = [];
  if (moves.includes('Approved')) decisions.push('approve');
  if (moves.includes('Canceled')) decisions.push(status === 'Approved' ? 'withdraw' : 'cancel');
  return decisions;
}

export const decisionStatus: Record<Decision, 'Approved' | 'Canceled'> = {
  approve: 'Approved',
  cancel: 'Canceled',
  withdraw: 'Canceled',
};
