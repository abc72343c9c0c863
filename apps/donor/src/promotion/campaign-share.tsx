import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import type { SessionResponse } from '@causeway/core/contracts/auth.contract';
import type { CampaignPage } from '@causeway/core/contracts/campaigns.contract';
import { SHARE_UTM_MEDIUM } from '@causeway/core/promotion/share-links.rules';
import { ApiError, apiRequest } from '@causeway/shells/shared/http';
import { campaignHeadline } from '@causeway/shells/shared/campaign-page/campaign-page.rules';
import { PageShareButtons } from './page-share-buttons';
import { PromoteDialog } from './promote-dialog';
import './promotion.css';

/**
 * The signed-in session, under the shell's own key and in its shape, so the shell's answer is reused
 * (the query cache is shared) and this page works signed out too.
 */
function useSessionUser() {
  const session = useQuery({
    queryKey: ['session'],
    queryFn: async () => {
      try {
        const { user, branding } = await apiRequest<SessionResponse>('GET', '/api/auth/session');
        return { user, branding: branding ?? null };
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    retry: false,
    staleTime: Infinity,
  });
  return session.data?.user ?? null;
}

/** The campaign page's address a network's visitors arrive at, saying where they came from. */
function pageLinkFor(page: CampaignPage, channel: string): string {
  const url = new URL(window.location.href);
  url.search = new URLSearchParams({
    utm_source: channel,
    utm_medium: SHARE_UTM_MEDIUM,
    utm_campaign: page.campaignId,
  }).toString();
  url.hash = '';
  return url.toString();
}

/**
 * Ways to share a campaign from its page: a promoter gets their own counted links; everyone else the
 * networks' share pages with the page's address.
 */
export function CampaignShare({ page }: { page: CampaignPage }) {
  const user = useSessionUser();
  const [promoting, setPromoting] = useState(false);
  const headline = campaignHeadline(page);

  if (user?.accountType === 'promoter') {
    return (
      <div className="cw-campaign-share">
        <button type="button" className="cw-button cw-button--primary" onClick={() => setPromoting(true)}>
          <Megaphone size={16} aria-hidden="true" />
          Promote and get your links
        </button>
        <PromoteDialog
          campaign={promoting ? { campaignId: page.campaignId, name: headline } : null}
          onClose={() => setPromoting(false)}
        />
      </div>
    );
  }

  const pageOnly = new URL(window.location.href);
  pageOnly.search = '';
  pageOnly.hash = '';
  return (
    <div className="cw-campaign-share">
      <PageShareButtons
        linkFor={(channel) => pageLinkFor(page, channel)}
        copyLink={pageOnly.toString()}
        text={headline}
      />
    </div>
  );
}
