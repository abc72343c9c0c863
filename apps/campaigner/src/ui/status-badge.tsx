import type { WorkflowStatus } from '@causeway/core/workflow/workflow.entity';
import { STATUS_LABELS } from '../model/draft-status';

export function StatusBadge({ status }: { status: WorkflowStatus }) {
  const { label, tone } = STATUS_LABELS[status];
  return <span className={`cw-badge cw-camp-badge cw-camp-badge--${tone}`}>{label}</span>;
}
