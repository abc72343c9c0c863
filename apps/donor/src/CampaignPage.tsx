import { useQuery } from '@tanstack/react-query';
import '@causeway/shells/shared/campaign-page/campaign-page.css';
import { CampaignPageSkeleton } from '@causeway/shells/shared/campaign-page/campaign-page-skeleton';
import { CampaignPageView } from '@causeway/shells/shared/campaign-page/campaign-page-view';
import { campaignPageQuery, isCampaignMissing } from '@causeway/shells/shared/campaign-page/campaign-page.query';
import { campaignDocumentTitle } from '@causeway/shells/shared/campaign-page/campaign-page.rules';
import { CampaignLoadError, CampaignNotFound } from './campaign-page/campaign-page-states';
import { useDocumentTitle } from '@causeway/shells/shared/campaign-page/use-document-title';
import { useVisitBeacon } from './campaign-page/use-visit-beacon';
import { DonatePanel } from './donate/donate-panel';
import { CampaignShare } from './promotion/campaign-share';
import { TopFundraisers } from './promotion/top-fundraisers';
import '@causeway/shells/shared/campaign-page/fundraiser-page.css';

/**
 * The public page of a live campaign (SPEC §2, `/campaign/{id}/details/`): where shared links and ads
 * without a landing page of their own lead. Open to everyone, signed in or not.
 */
export default function CampaignPage({ campaignId }: { campaignId: string }) {
  const query = useQuery(campaignPageQuery(campaignId));
  useVisitBeacon(campaignId);
  const missing = query.data === undefined && query.isError && isCampaignMissing(query.error);
  useDocumentTitle(query.data ? campaignDocumentTitle(query.data) : missing ? 'Campaign not found · Causeway' : null);

  // A failed refresh keeps the page people are reading; only a first load that fails replaces it.
  if (query.data) {
    return (
      <CampaignPageView
        page={query.data}
        donate={<DonatePanel page={query.data} />}
        share={
          <>
            <CampaignShare page={query.data} />
            <TopFundraisers campaignId={campaignId} />
          </>
        }
      />
    );
  }
  if (query.isPending) return <CampaignPageSkeleton />;
  if (missing) return <CampaignNotFound />;
  return (
    <CampaignLoadError message={query.error.message} retry={() => void query.refetch()} retrying={query.isFetching} />
  );
}
