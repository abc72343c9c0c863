import { usePrefetchQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { FUNDRAISER_PATHS } from '@causeway/core/contracts/fundraiser-paths';
import { CampaignPageSkeleton } from '@causeway/shells/shared/campaign-page/campaign-page-skeleton';
import { fundraiserPageQuery } from '@causeway/shells/shared/campaign-page/fundraiser-page.query';
import { prerenderedFundraiserPage } from '@causeway/shells/shared/campaign-page/fundraiser-prerendered';
import { useDocumentTitle } from '@causeway/shells/shared/campaign-page/use-document-title';
import { CampaignPageFrame } from './campaign-page-frame';
import { HeaderAction } from './campaign-page-outlet';
import { RemoteBoundary } from './remote-outlet';

const FundraiserPage = lazy(() => import('donor/FundraiserPage'));

/**
 * A promoter's public fundraising page, in the campaign page's slim frame: painted by the server, kept
 * on screen until the donor remote's page is there.
 */
export function FundraiserPageOutlet({
  campaignId,
  promoterId,
  user,
}: {
  campaignId: string;
  promoterId: string;
  user: SessionUser | null | undefined;
}) {
  usePrefetchQuery(fundraiserPageQuery(campaignId, promoterId));
  const prerendered = prerenderedFundraiserPage();
  useDocumentTitle(null);
  const fallback =
    prerendered &&
    prerendered.fundraiser.campaignId === campaignId &&
    prerendered.fundraiser.promoterId === promoterId ? (
      <div className="cw-cpage-prerendered" dangerouslySetInnerHTML={{ __html: prerendered.html }} />
    ) : (
      <CampaignPageSkeleton />
    );
  return (
    <CampaignPageFrame action={<HeaderAction user={user} />}>
      <RemoteBoundary
        key={`${campaignId}/${promoterId}`}
        area={{ label: 'The fundraising page', path: FUNDRAISER_PATHS.page(campaignId, promoterId) }}
      >
        <Suspense fallback={fallback}>
          <FundraiserPage campaignId={campaignId} promoterId={promoterId} />
        </Suspense>
      </RemoteBoundary>
    </CampaignPageFrame>
  );
}
