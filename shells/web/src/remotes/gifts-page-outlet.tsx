import { lazy, Suspense } from 'react';
import { MY_GIFTS_PATH } from '@causeway/core/contracts/donor-gifts-paths';
import { LoadingSkeleton } from '@causeway/shells/shared/ui/states';
import { CampaignPageFrame } from './campaign-page-frame';
import { RemoteBoundary } from './remote-outlet';

const GiftsPage = lazy(() => import('donor/GiftsPage'));

/**
 * A donor's own gifts (`/my-gifts`), open without an account, in the public pages' slim frame: it is
 * reached from a receipt e-mail, not from a workspace.
 */
export function GiftsPageOutlet() {
  return (
    <CampaignPageFrame>
      <RemoteBoundary area={{ label: 'Your gifts', path: MY_GIFTS_PATH }}>
        <Suspense fallback={<LoadingSkeleton label="Loading your gifts…" />}>
          <GiftsPage />
        </Suspense>
      </RemoteBoundary>
    </CampaignPageFrame>
  );
}
