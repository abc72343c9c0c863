import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../../../shells/shared/router';

export function PageHeader({
  title,
  description,
  eyebrow,
  back,
  actions,
  badge,
}: {
  title: ReactNode;
  description?: ReactNode;
  eyebrow?: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <header className="cw-camp-page-header">
      {back && (
        <Link to={back.to} className="cw-camp-back">
          <ArrowLeft size={16} aria-hidden="true" />
          {back.label}
        </Link>
      )}
      <div className="cw-camp-page-header__row">
        <div className="cw-camp-page-header__text">
          {eyebrow && <p className="cw-eyebrow">{eyebrow}</p>}
          <div className="cw-camp-page-header__title-row">
            <h1 className="cw-camp-page-title">{title}</h1>
            {badge}
          </div>
          {description && <p className="cw-camp-page-description">{description}</p>}
        </div>
        {actions && <div className="cw-camp-page-header__actions">{actions}</div>}
      </div>
    </header>
  );
}

/** A titled card of a step or a page. */
export function Section({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="cw-card cw-camp-section">
      <div className="cw-camp-section__header">
        <div>
          <h3 className="cw-camp-section__title">{title}</h3>
          {description && <p className="cw-camp-section__description">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
