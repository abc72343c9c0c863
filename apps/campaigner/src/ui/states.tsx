import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

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
