import { usePrefetchQuery } from '@tanstack/react-query';
import { LayoutDashboard, LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { CampaignPageSkeleton } from '@causeway/shells/shared/campaign-page/campaign-page-skeleton';
import { campaignPageQuery } from '@causeway/shells/shared/campaign-page/campaign-page.query';
import { prerenderedCampaignPage } from '@causeway/shells/shared/campaign-page/prerendered';
import { useDocumentTitle } from '@causeway/shells/shared/campaign-page/use-document-title';
import { Link } from '@causeway/shells/shared/router';
import { CampaignPageFrame } from './campaign-page-frame';
import { navigationFor } from '../layout/navigation';
import { RemoteBoundary } from './remote-outlet';

const CampaignPage = lazy(() => import('donor/CampaignPage'));
const ReceiptPage = lazy(() => import('donor/ReceiptPage'));

export function HeaderAction({ user }: { user: SessionUser | null | undefined }) {
  // Until the session is known, nothing: a "Sign in" that turns into "Your dashboard" would flicker.
  if (user === undefined) return null;
  if (user === null) {
    return (
      <Link to="/" className="cw-button cw-button--secondary">
        <LogIn size={16} aria-hidden="true" />
        Sign in
      </Link>
    );
  }
  const home = navigationFor(user)[0]?.path ?? '/';
  return (
    <Link to={home} className="cw-button cw-button--secondary">
      <LayoutDashboard size={16} aria-hidden="true" />
      Your dashboard
    </Link>
  );
}

/**
 * The public campaign page (SPEC §2) in a slim frame of its own, the same for everyone: it is the
 * campaign's page, not the viewer's workspace, so neither the sign-in screen nor the viewer's own
 * organization colors and menus come between an ad's click and the campaign. `user` is undefined
 * while the session is being checked; the page loads meanwhile.
 */
export function CampaignPageOutlet({
  campaignId,
  user,
  receipt = false,
}: {
  campaignId: string;
  user: SessionUser | null | undefined;
  /** The donor's receipt of a gift to the campaign instead of its page. */
  receipt?: boolean;
}) {
  // The campaign is fetched while the donor remote's code loads, not after.
  usePrefetchQuery(campaignPageQuery(campaignId));
  const prerendered = prerenderedCampaignPage();
  // The page the server painted carries the campaign's title: leaving it before the page's own code is
  // there gives the default back too.
  useDocumentTitle(null);
  // The page the server painted stays on screen (the same markup) until the page's own code is there.
  const fallback =
    prerendered && !receipt && prerendered.page.campaignId === campaignId ? (
      <div className="cw-cpage-prerendered" dangerouslySetInnerHTML={{ __html: prerendered.html }} />
    ) : (
      <CampaignPageSkeleton />
    );
  return (
    <CampaignPageFrame action={<HeaderAction user={user} />}>
      <RemoteBoundary key={campaignId} area={{ label: 'The campaign page', path: `/campaign/${campaignId}/details/` }}>
        <Suspense fallback={fallback}>
          {receipt ? <ReceiptPage campaignId={campaignId} /> : <CampaignPage campaignId={campaignId} />}
        </Suspense>
      </RemoteBoundary>
    </CampaignPageFrame>
  );
}
