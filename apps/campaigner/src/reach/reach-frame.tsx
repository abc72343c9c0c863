import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from '@causeway/shells/shared/router';
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
