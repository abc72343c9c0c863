import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../router';
import './page-header.css';

/** The top of a page: the way back, its title with a logo or status beside it, what it is for, its actions. */
export function PageHeader({
  title,
  description,
  eyebrow,
  back,
  actions,
  aside,
  badge,
}: {
  title: ReactNode;
  description?: ReactNode;
  eyebrow?: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
  /** A logo or avatar before the title. */
  aside?: ReactNode;
  /** Status badges after the title. */
  badge?: ReactNode;
}) {
  return (
    <header className="cw-page-header">
      {back && (
        <Link to={back.to} className="cw-page-header__back">
          <ArrowLeft size={16} aria-hidden="true" />
          {back.label}
        </Link>
      )}
      <div className="cw-page-header__row">
        <div className="cw-page-header__text">
          {eyebrow && <p className="cw-eyebrow">{eyebrow}</p>}
          <div className="cw-page-header__title-row">
            {aside}
            <h1 className="cw-page-header__title">{title}</h1>
            {badge}
          </div>
          {description && <p className="cw-page-header__description">{description}</p>}
        </div>
        {actions && <div className="cw-page-header__actions">{actions}</div>}
      </div>
    </header>
  );
}

/**
 * A titled card of a page or a form. Its heading is an h2 under the page's title, an h3 where the page
 * has headings of its own above it (a wizard step); with an `id` it is a region named by its title.
 */
export function Section({
  title,
  description,
  children,
  actions,
  id,
  headingLevel = 2,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  id?: string;
  headingLevel?: 2 | 3;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="cw-card cw-section" aria-labelledby={headingId} id={id}>
      <div className="cw-section__header">
        <div>
          <Heading id={headingId} className="cw-section__title">
            {title}
          </Heading>
          {description && <p className="cw-section__description">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
