import { useQuery } from '@tanstack/react-query';
import '@causeway/shells/shared/campaign-page/campaign-page.css';
import '@causeway/shells/shared/campaign-page/fundraiser-page.css';
import { CampaignPageSkeleton } from '@causeway/shells/shared/campaign-page/campaign-page-skeleton';
import { campaignHeadline } from '@causeway/shells/shared/campaign-page/campaign-page.rules';
import { isCampaignMissing } from '@causeway/shells/shared/campaign-page/campaign-page.query';
import { fundraiserPageQuery } from '@causeway/shells/shared/campaign-page/fundraiser-page.query';
import { FundraiserPageView } from '@causeway/shells/shared/campaign-page/fundraiser-page-view';
import { useDocumentTitle } from '@causeway/shells/shared/campaign-page/use-document-title';
import { CampaignLoadError, CampaignNotFound } from './campaign-page/campaign-page-states';
import { useVisitBeacon } from './campaign-page/use-visit-beacon';
import { DonatePanel } from './donate/donate-panel';
import { FundraiserShare } from './promotion/fundraiser-share';

/**
 * A promoter's public fundraising page (`/campaign/{id}/fundraisers/{promoterId}/`): their words and
 * progress, a donate panel whose gifts are credited to them, and the campaign's page below.
 */
export default function FundraiserPage({ campaignId, promoterId }: { campaignId: string; promoterId: string }) {
  const query = useQuery(fundraiserPageQuery(campaignId, promoterId));
  useVisitBeacon(campaignId);
  const missing = query.data === undefined && query.isError && isCampaignMissing(query.error);
  const fundraiser = query.data;
  useDocumentTitle(
    fundraiser
      ? `${fundraiser.promoterName} for ${campaignHeadline(fundraiser.campaign)} · Causeway`
      : missing
        ? 'Page not found · Causeway'
        : null,
  );
  if (fundraiser) {
    return (
      <FundraiserPageView
        fundraiser={fundraiser}
        donate={<DonatePanel page={fundraiser.campaign} credit={fundraiser.promoterId} />}
        share={<FundraiserShare fundraiser={fundraiser} />}
      />
    );
  }
  if (query.isPending) return <CampaignPageSkeleton />;
  if (missing) return <CampaignNotFound />;
  return (
    <CampaignLoadError message={query.error.message} retry={() => void query.refetch()} retrying={query.isFetching} />
  );
}
