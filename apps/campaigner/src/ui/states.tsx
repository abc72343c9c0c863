import type { LucideIcon } from 'lucide-react';
import { CircleAlert, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';

/** A failed load, shown where the content would be, with a way to try again. */
export function ErrorPanel({ title, error, onRetry }: { title: string; error: Error | null; onRetry?: () => void }) {
  return (
    <div className="cw-camp-error" role="alert">
      <CircleAlert className="cw-camp-error__icon" size={20} aria-hidden="true" />
      <div className="cw-camp-error__body">
        <p className="cw-camp-error__title">{title}</p>
        <p className="cw-camp-error__text">{error?.message ?? 'Something went wrong. Please try again.'}</p>
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

export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="cw-camp-empty">
      <span className="cw-camp-empty__icon" aria-hidden="true">
        <Icon size={20} />
      </span>
      <div>
        <p className="cw-camp-empty__title">{title}</p>
        <p className="cw-camp-empty__text">{text}</p>
        {action}
      </div>
    </div>
  );
}

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 2, label }: { rows?: number; label: string }) {
  return (
    <div className="cw-camp-skeleton" aria-busy="true" role="status">
      <span className="cw-visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="cw-camp-shimmer cw-camp-shimmer--row" />
      ))}
    </div>
  );
}

/** Placeholder of the wizard while its draft loads. */
export function WizardSkeleton({ label }: { label: string }) {
  return (
    <div className="cw-camp-wizard-skeleton" aria-busy="true" role="status">
      <span className="cw-visually-hidden">{label}</span>
      <span className="cw-camp-shimmer cw-camp-shimmer--title" />
      <div className="cw-camp-wizard-skeleton__grid">
        <span className="cw-camp-shimmer cw-camp-shimmer--steps" />
        <span className="cw-camp-shimmer cw-camp-shimmer--card" />
      </div>
    </div>
  );
}

/** A message across the page: a draft's status, what a reviewer wrote. */
export function Banner({
  tone,
  icon: Icon,
  title,
  children,
  actions,
  role,
}: {
  tone: 'info' | 'warning' | 'success' | 'danger';
  icon: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  role?: 'status' | 'alert';
}) {
  return (
    <section className={`cw-camp-banner cw-camp-banner--${tone}`} role={role}>
      <Icon size={20} aria-hidden="true" />
      <div className="cw-camp-banner__text">
        <h2 className="cw-camp-banner__title">{title}</h2>
        {children}
      </div>
      {actions && <div className="cw-camp-banner__actions">{actions}</div>}
    </section>
  );
}
