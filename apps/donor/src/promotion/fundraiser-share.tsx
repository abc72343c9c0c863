import type { PublicFundraiserPage } from '@causeway/core/contracts/fundraiser-pages.contract';
import { FUNDRAISER_PATHS } from '@causeway/core/contracts/fundraiser-paths';
import { SHARE_UTM_MEDIUM } from '@causeway/core/promotion/share-links.rules';
import { campaignHeadline } from '@causeway/shells/shared/campaign-page/campaign-page.rules';
import { PageShareButtons } from './page-share-buttons';

/** The fundraising page's own address, saying which network its visitors came from. */
function pageLinkFor(fundraiser: PublicFundraiserPage, channel?: string): string {
  const url = new URL(FUNDRAISER_PATHS.page(fundraiser.campaignId, fundraiser.promoterId), window.location.origin);
  if (channel) {
    url.search = new URLSearchParams({
      utm_source: channel,
      utm_medium: SHARE_UTM_MEDIUM,
      utm_campaign: fundraiser.campaignId,
    }).toString();
  }
  return url.toString();
}

/** Ways to share a fundraising page: every link leads back to this page (and so credits its promoter). */
export function FundraiserShare({ fundraiser }: { fundraiser: PublicFundraiserPage }) {
  return (
    <div className="cw-campaign-share" data-testid="fundraiser-share">
      <PageShareButtons
        linkFor={(channel) => pageLinkFor(fundraiser, channel)}
        copyLink={pageLinkFor(fundraiser)}
        text={`${fundraiser.promoterName} is raising money for ${campaignHeadline(fundraiser.campaign)}`}
      />
    </div>
  );
}
