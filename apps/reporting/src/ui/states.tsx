import { ChartNoAxesColumn } from 'lucide-react';
import { EmptyState, ErrorPanel, LoadingSkeleton } from '@causeway/shells/shared/ui/states';
import type { ReportFreshness } from '@causeway/core/contracts/reporting.contract';
import { formatDateTime } from '@causeway/shells/shared/format';

export { ErrorPanel, LoadingSkeleton };

export function NoFigures({ what }: { what: string }) {
  return (
    <EmptyState
      icon={ChartNoAxesColumn}
      title={`No ${what} in this range`}
      text="Try a longer range: figures appear here as soon as gifts, clicks or ad delivery are recorded."
    />
  );
}

/** How fresh the figures are, announced politely when they change. */
export function Freshness({ freshness }: { freshness: ReportFreshness | undefined }) {
  if (!freshness) return null;
  return (
    <p className="cw-rep-freshness" aria-live="polite">
      {freshness.asOf ? `Figures as of ${formatDateTime(freshness.asOf)}` : 'No figures recorded yet'}
      {freshness.backlog > 0 ? ` · ${freshness.backlog} change${freshness.backlog === 1 ? '' : 's'} on the way` : ''}
    </p>
  );
}
