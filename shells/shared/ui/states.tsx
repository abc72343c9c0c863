import type { LucideIcon } from 'lucide-react';
import { CircleAlert, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import './states.css';

/** A failed load, shown where the content would be, with a way to try again. */
export function ErrorPanel({
  title,
  error,
  onRetry,
  compact = false,
}: {
  title: string;
  error: Error | null;
  onRetry?: () => void;
  /** Without its own margin and a little tighter, inside a panel that has its own. */
  compact?: boolean;
}) {
  return (
    <div className={`cw-error-panel${compact ? ' cw-error-panel--compact' : ''}`} role="alert">
      <CircleAlert className="cw-error-panel__icon" size={20} aria-hidden="true" />
      <div className="cw-error-panel__body">
        <p className="cw-error-panel__title">{title}</p>
        <p className="cw-error-panel__text">{error?.message ?? 'Something went wrong. Please try again.'}</p>
      </div>
      {onRetry && (
        <button type="button" className="cw-button cw-button--secondary" onClick={onRetry}>
          <RefreshCw size={16} aria-hidden="true" />
          Try again
        </button>
      )}
    </div>
  );
}

/**
 * Nothing to list, and what to do about it. `centered` stands in for a whole table (the admin's lists);
 * `inline` sits beside its icon in a short list of a page with more on it (the campaigner's home).
 */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  layout = 'centered',
}: {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  action?: ReactNode;
  layout?: 'centered' | 'inline';
}) {
  return (
    <div className={`cw-empty cw-empty--${layout}`}>
      <span className="cw-empty__icon" aria-hidden="true">
        <Icon size={layout === 'centered' ? 22 : 20} />
      </span>
      <div className="cw-empty__body">
        <p className="cw-empty__title">{title}</p>
        <p className="cw-empty__text">{text}</p>
        {action}
      </div>
    </div>
  );
}

/** Something on its way (a page, a list): a title line and a block in the shell's skeleton look. */
export function LoadingSkeleton({ label }: { label: string }) {
  return (
    <div className="cw-skeleton" aria-busy="true">
      <span className="cw-visually-hidden">{label}</span>
      <div className="cw-skeleton__line cw-skeleton__line--title" />
      <div className="cw-skeleton__block" />
    </div>
  );
}
