import { renderToString } from 'react-dom/server';
import type { PublicFundraiserPage } from '@causeway/core/contracts/fundraiser-pages.contract';
import { FundraiserPageView } from '@causeway/shells/shared/campaign-page/fundraiser-page-view';
import { PRERENDERED_FUNDRAISER_DATA_ID } from '@causeway/shells/shared/campaign-page/fundraiser-prerendered';
import { CampaignPageFrame } from '@causeway/shells/web/src/remotes/campaign-page-frame';
import { scriptSafe } from './campaign-page.prerender';

/** A fundraising page as HTML, painted before any script runs, with its data for the app to start from. */
export function prerenderFundraiserPage(
  fundraiser: PublicFundraiserPage,
  readAt: number,
  now = new Date(),
): { markup: string; data: string } {
  const markup = renderToString(
    <CampaignPageFrame>
      <FundraiserPageView fundraiser={fundraiser} now={now} />
    </CampaignPageFrame>,
  );
  const json = scriptSafe(JSON.stringify({ fundraiser, readAt }));
  return {
    markup,
    data: `<script type="application/json" id="${PRERENDERED_FUNDRAISER_DATA_ID}">${json}</script>`,
  };
}
