import { AppreciationEditorPage } from './appreciation-editor.page';
import { CampaignSharesPage } from './campaign-shares.page';
import { LiveCampaignsPage } from './live-campaigns.page';
import type { ReachRoute } from './reach-routes';
import './reach.css';

/** The campaigner's pages of live campaigns: their list, a campaign's shares and its thank-you messages. */
export function ReachPages({ route }: { route: ReachRoute }) {
  switch (route.page) {
    case 'campaigns':
      return <LiveCampaignsPage />;
    case 'shares':
      return <CampaignSharesPage campaignId={route.campaignId} />;
    case 'thanks':
      return <AppreciationEditorPage campaignId={route.campaignId} />;
  }
}
