import type { DemoCampaignStatus, WorkflowStatus } from '@causeway/core/workflow/workflow.entity';
import { WORKFLOW_STATUS_LABELS } from '../model/approvals';

/** A campaign's place in the approval workflow, in words a reviewer reads at a glance. */
export function WorkflowBadge({ status }: { status: WorkflowStatus }) {
  return (
    <span className={`cw-badge cw-admin-status cw-admin-status--${status.toLowerCase()}`} data-status={status}>
      {WORKFLOW_STATUS_LABELS[status]}
    </span>
  );
}

/** A demo campaign's status, named as the API names it. */
export function DemoStatusBadge({ status }: { status: DemoCampaignStatus }) {
  return (
    <span className={`cw-badge cw-admin-status cw-admin-status--${status.toLowerCase()}`} data-status={status}>
      {status}
    </span>
  );
}
