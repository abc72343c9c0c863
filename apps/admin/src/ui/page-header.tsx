import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../../../shells/shared/router';

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  eyebrow?: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
  /** A logo or avatar before the title. */
  aside?: ReactNode;
  /** Status badges after the title. */
  badge?: ReactNode;
};

export function PageHeader({ title, description, eyebrow, back, actions, aside, badge }: PageHeaderProps) {
  return (
    <header className="cw-admin-page-header">
      {back && (
        <Link to={back.to} className="cw-admin-back">
          <ArrowLeft size={16} aria-hidden="true" />
          {back.label}
        </Link>
      )}
      <div className="cw-admin-page-header__row">
        <div className="cw-admin-page-header__text">
          {eyebrow && <p className="cw-eyebrow">{eyebrow}</p>}
          <div className="cw-admin-page-header__title-row">
            {aside}
            <h1 className="cw-admin-page-title">{title}</h1>
            {badge}
          </div>
          {description && <p className="cw-admin-page-description">{description}</p>}
        </div>
        {actions && <div className="cw-admin-page-header__actions">{actions}</div>}
      </div>
    </header>
  );
}

/** A titled group of a form or a page. */
export function Section({
  title,
  description,
  children,
  actions,
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  id?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section className="cw-card cw-admin-section" aria-labelledby={headingId} id={id}>
      <div className="cw-admin-section__header">
        <div>
          <h2 id={headingId} className="cw-admin-section__title">
            {title}
          </h2>
          {description && <p className="cw-admin-section__description">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
