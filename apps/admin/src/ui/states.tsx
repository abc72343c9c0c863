import type { LucideIcon } from 'lucide-react';
import { Lock } from 'lucide-react';
import { Link } from '@causeway/shells/shared/router';
import { adminPaths } from '../model/admin-routes';

/** A refusal of the API (or a page the role doesn't include), with the way back. */
export function NotAllowed({
  title,
  text,
  icon: Icon = Lock,
  back = { to: adminPaths.overview, label: 'Back to the overview' },
}: {
  title?: string;
  text?: string;
  icon?: LucideIcon;
  back?: { to: string; label: string };
}) {
  return (
    <section className="cw-card cw-notice">
      <Icon className="cw-notice__icon" size={22} aria-hidden="true" />
      <div>
        <h1 className="cw-notice__title">{title ?? "This page isn't part of your role"}</h1>
        <p className="cw-notice__text">
          {text ?? 'Your account can’t open this part of the admin area. Everything you can use is in the menu.'}
        </p>
        <Link to={back.to} className="cw-button cw-button--secondary">
          {back.label}
        </Link>
      </div>
    </section>
  );
}

/** Placeholder rows while a table loads. */
export function TableSkeleton({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <div className="cw-admin-table-skeleton" aria-busy="true" role="status">
      <span className="cw-visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="cw-admin-table-skeleton__row">
          <span className="cw-admin-shimmer cw-admin-shimmer--avatar" />
          <span className="cw-admin-shimmer cw-admin-shimmer--wide" />
          <span className="cw-admin-shimmer cw-admin-shimmer--narrow" />
          <span className="cw-admin-shimmer cw-admin-shimmer--narrow" />
        </div>
      ))}
    </div>
  );
}

/** Placeholder cards of a form while its record loads. */
export function FormSkeleton({ label, sections = 2 }: { label: string; sections?: number }) {
  return (
    <div className="cw-admin-form-skeleton" aria-busy="true" role="status">
      <span className="cw-visually-hidden">{label}</span>
      {Array.from({ length: sections }, (_, index) => (
        <div key={index} className="cw-card cw-admin-form-skeleton__card">
          <span className="cw-admin-shimmer cw-admin-shimmer--title" />
          <span className="cw-admin-shimmer cw-admin-shimmer--input" />
          <span className="cw-admin-shimmer cw-admin-shimmer--input" />
          <span className="cw-admin-shimmer cw-admin-shimmer--input cw-admin-shimmer--half" />
        </div>
      ))}
    </div>
  );
}
