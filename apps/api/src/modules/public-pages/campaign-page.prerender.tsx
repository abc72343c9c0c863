import { renderToString } from 'react-dom/server';
import type { CampaignPage } from '@causeway/core/contracts/campaigns.contract';
import { CampaignPageView } from '@causeway/shells/shared/campaign-page/campaign-page-view';
import { PRERENDERED_PAGE_DATA_ID } from '@causeway/shells/shared/campaign-page/prerendered';
import { CampaignPageFrame } from '@causeway/shells/web/src/remotes/campaign-page-frame';

/** JSON inside a script element: nothing in it can close the element or open a comment. */
export const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The campaign page as HTML, painted before any script runs: the same frame and view the web app renders
 * (React on the server), and the page's data for the app to start from (a JSON script, never run).
 */
export function prerenderCampaignPage(
  page: CampaignPage,
  readAt: number,
  now = new Date(),
): { markup: string; data: string } {
  const markup = renderToString(
    <CampaignPageFrame>
      <CampaignPageView page={page} now={now} />
    </CampaignPageFrame>,
  );
  const json = scriptSafe(JSON.stringify({ page, readAt }));
  return { markup, data: `<script type="application/json" id="${PRERENDERED_PAGE_DATA_ID}">${json}</script>` };
}
