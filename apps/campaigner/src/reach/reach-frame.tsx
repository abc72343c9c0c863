import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from '../../../../shells/shared/router';
import { reachPaths } from './reach-routes';

/** The frame of a live campaign's reach pages: back to the list, its name, and the two pages as tabs. */
export function ReachFrame({
  campaignId,
  campaignName,
  children,
}: {
  campaignId: string;
  campaignName: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="cw-reach">
      <Link to={reachPaths.campaigns()} className="cw-reach__back">
        <ArrowLeft size={16} aria-hidden="true" />
        Live campaigns
      </Link>
      <header className="cw-reach__header">
        <p className="cw-eyebrow">Live campaign</p>
        <h1 className="cw-reach__title">{campaignName ?? '…'}</h1>
      </header>
      <nav className="cw-reach__tabs" aria-label="Campaign pages">
        <NavLink to={reachPaths.shares(campaignId)} className="cw-reach__tab">
          Shares
        </NavLink>
        <NavLink to={reachPaths.thanks(campaignId)} className="cw-reach__tab">
          Thank-you messages
        </NavLink>
      </nav>
      {children}
    </div>
  );
}

/** A failed load with a way to try again. */
export function LoadError({ title, error, retry }: { title: string; error: Error; retry: () => void }) {
  return (
    <div className="cw-card cw-notice cw-notice--error" role="alert">
      <div>
        <p className="cw-notice__title">{title}</p>
        <p className="cw-notice__text">{error.message}</p>
        <button type="button" className="cw-button cw-button--secondary" onClick={retry}>
          Try again
        </button>
      </div>
    </div>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="cw-skeleton" aria-busy="true" role="status">
      <span className="cw-visually-hidden">{label}</span>
      <div className="cw-skeleton__line cw-skeleton__line--title" />
      <div className="cw-skeleton__grid">
        <div className="cw-skeleton__block" />
        <div className="cw-skeleton__block" />
      </div>
    </div>
  );
}
