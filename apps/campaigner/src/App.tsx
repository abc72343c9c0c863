import { SearchX } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { Link, usePathname } from '@causeway/shells/shared/router';
import { LoadingSkeleton } from '@causeway/shells/shared/ui/states';
import { campaignerPaths, campaignerRouteOf } from './model/campaigner-routes';
import { HomePage } from './pages/home.page';
import { reachRouteOf } from './reach/reach-routes';
import '@causeway/shells/shared/ui/buttons.css';
import './campaigner.css';

// The home comes with the area; the wizard, a live campaign and the reach pages load when first opened.
const DraftPage = lazy(() => import('./pages/draft.page').then(({ DraftPage }) => ({ default: DraftPage })));
const CampaignPage = lazy(() =>
  import('./pages/campaign.page').then(({ CampaignPage }) => ({ default: CampaignPage })),
);
const ReachPages = lazy(() => import('./reach/reach-pages').then(({ ReachPages }) => ({ default: ReachPages })));

function NotFound() {
  return (
    <section className="cw-card cw-notice">
      <SearchX className="cw-notice__icon" size={22} aria-hidden="true" />
      <div>
        <h1 className="cw-notice__title">There's no such page</h1>
        <p className="cw-notice__text">The address may be mistyped, or the page has moved.</p>
        <Link to={campaignerPaths.home()} className="cw-button cw-button--secondary">
          Back to your campaigns
        </Link>
      </div>
    </section>
  );
}

/** The campaigner area: the home with the campaign lists, the wizard of each draft, and each live campaign. */
export default function App({ user }: { user: SessionUser }) {
  const pathname = usePathname();
  const route = campaignerRouteOf(pathname);
  const reach = reachRouteOf(pathname);
  const page = reach
    ? pathname
    : route.page === 'draft' || route.page === 'campaign'
      ? `${route.page}:${route.id}`
      : route.page;

  // A new page starts at its top, as a full page load would.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [page]);

  return (
    <div className="cw-campaigner cw-campaigner-area">
      <Suspense fallback={<LoadingSkeleton label="Loading…" />}>
        {reach ? (
          <ReachPages route={reach} />
        ) : route.page === 'home' ? (
          <HomePage user={user} />
        ) : route.page === 'draft' ? (
          <DraftPage id={route.id} user={user} />
        ) : route.page === 'campaign' ? (
          <CampaignPage campaignId={route.id} />
        ) : (
          <NotFound />
        )}
      </Suspense>
    </div>
  );
}
