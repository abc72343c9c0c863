import { useQuery } from '@tanstack/react-query';
import { Check, Copy, Megaphone } from 'lucide-react';
import { useState } from 'react';
import type { SessionResponse } from '@causeway/core/contracts/auth.contract';
import type { CampaignPage } from '@causeway/core/contracts/campaigns.contract';
import {
  CHANNEL_LABELS,
  CHANNEL_ORDER,
  networkShareUrl,
  SHARE_UTM_MEDIUM,
} from '@causeway/core/promotion/share-links.rules';
import { ApiError, apiRequest } from '@causeway/shells/shared/http';
import { campaignHeadline } from '@causeway/shells/shared/campaign-page/campaign-page.rules';
import { copyText } from '@causeway/shells/shared/ui/copy-text';
import { PromoteDialog } from './promote-dialog';
import { shareButtonLabel } from './promotion-format';
import { ChannelMark } from './share-links';
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
  const [copied, setCopied] = useState(false);
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
      <ul className="cw-campaign-share__list">
        {CHANNEL_ORDER.filter((channel) => channel !== 'instagram' && channel !== 'qr').map((channel) => (
          <li key={channel}>
            <a
              className="cw-button cw-button--secondary"
              href={networkShareUrl(channel, pageLinkFor(page, channel), headline) ?? '#'}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ChannelMark channel={channel} />
              {shareButtonLabel(channel)}
            </a>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="cw-button cw-button--secondary"
            onClick={() => void copyText(pageOnly.toString()).then(setCopied)}
          >
            {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
            {copied ? 'Link copied' : 'Copy link'}
          </button>
        </li>
      </ul>
      <p className="cw-share__note">
        For {CHANNEL_LABELS.instagram}, copy the link and paste it into your post, story or bio: Instagram has no share
        page on the web.
      </p>
    </div>
  );
}
