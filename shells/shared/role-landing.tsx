import type { LucideIcon } from 'lucide-react';
import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';

export type LandingStep = { icon: LucideIcon; title: string; text: string };

export type RoleLandingProps = {
  /** Root class of the remote, so its stylesheet can theme the page without leaking. */
  className: string;
  eyebrow: string;
  title: string;
  intro: string;
  steps: readonly LandingStep[];
  organization: { name: string | null; description: string | null } | null;
  /** What the organization card says when the session has none. */
  noOrganization: string;
  children?: ReactNode;
};

/** The landing of a role's area: a welcome, the role's next steps and the session's organization. */
export function RoleLanding({
  className,
  eyebrow,
  title,
  intro,
  steps,
  organization,
  noOrganization,
  children,
}: RoleLandingProps) {
  const stepsHeading = useId();
  const orgHeading = useId();
  return (
    <div className={`cw-landing ${className}`}>
      <header className="cw-landing__hero">
        <p className="cw-eyebrow">{eyebrow}</p>
        <h1 className="cw-landing__title">{title}</h1>
        <p className="cw-landing__intro">{intro}</p>
      </header>
      <div className="cw-landing__grid">
        <section className="cw-card" aria-labelledby={stepsHeading}>
          <h2 id={stepsHeading} className="cw-card__title">
            Next steps
          </h2>
          <ol className="cw-steps">
            {steps.map(({ icon: Icon, title: stepTitle, text }) => (
              <li key={stepTitle} className="cw-steps__item">
                <span className="cw-steps__icon" aria-hidden="true">
                  <Icon size={18} strokeWidth={2} />
                </span>
                <div>
                  <h3 className="cw-steps__title">{stepTitle}</h3>
                  <p className="cw-steps__text">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
        <aside className="cw-card cw-org" aria-labelledby={orgHeading}>
          <h2 id={orgHeading} className="cw-card__title">
            Your organization
          </h2>
          {organization?.name ? (
            <div className="cw-org__body">
              <span className="cw-org__logo" aria-hidden="true">
                {organization.name.trim().charAt(0).toUpperCase()}
              </span>
              <div>
                <p className="cw-org__name">{organization.name}</p>
                <p className="cw-org__description">{organization.description ?? 'No description yet.'}</p>
              </div>
            </div>
          ) : (
            <div className="cw-org__body cw-org__body--empty">
              <Building2 size={20} aria-hidden="true" />
              <p className="cw-org__description">{noOrganization}</p>
            </div>
          )}
          {children}
        </aside>
      </div>
    </div>
  );
}
