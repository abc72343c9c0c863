// One variable font file (latin, 48 kB) for every weight; text shows in a system font until it is there.
// The public campaign page keeps to the system font (styles.css: .cw-app--public), so it never loads it.
import '@fontsource-variable/inter/wght.css';
import './styles.css';
// The footer's styles are the public campaign page's too, whose code does not include the signed-in layout.
import './layout/app-frame.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { campaignPageKey } from '@causeway/shells/shared/campaign-page/campaign-page.query';
import { prerenderedCampaignPage } from '@causeway/shells/shared/campaign-page/prerendered';
import { fundraiserPageKey } from '@causeway/shells/shared/campaign-page/fundraiser-page.query';
import { prerenderedFundraiserPage } from '@causeway/shells/shared/campaign-page/fundraiser-prerendered';

// SPEC §2: the query cache never refetches on window focus.
const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
// A campaign page comes with its data, painted; it is fetched again once the page's code is there, in
// the background, as a CDN or the browser may have kept the page a while.
const prerendered = prerenderedCampaignPage();
if (prerendered) {
  const key = campaignPageKey(prerendered.page.campaignId);
  queryClient.setQueryData(key, prerendered.page, { updatedAt: prerendered.readAt });
  void queryClient.invalidateQueries({ queryKey: key });
}
const prerenderedFundraiser = prerenderedFundraiserPage();
if (prerenderedFundraiser) {
  const { campaignId, promoterId } = prerenderedFundraiser.fundraiser;
  const key = fundraiserPageKey(campaignId, promoterId);
  queryClient.setQueryData(key, prerenderedFundraiser.fundraiser, { updatedAt: prerenderedFundraiser.readAt });
  void queryClient.invalidateQueries({ queryKey: key });
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
