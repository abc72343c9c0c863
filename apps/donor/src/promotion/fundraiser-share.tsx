import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import type { PublicFundraiserPage } from '@causeway/core/contracts/fundraiser-pages.contract';
import { FUNDRAISER_PATHS } from '@causeway/core/contracts/fundraiser-paths';
import {
  CHANNEL_LABELS,
  CHANNEL_ORDER,
  networkShareUrl,
  SHARE_UTM_MEDIUM,
} from '@causeway/core/promotion/share-links.rules';
import { campaignHeadline } from '@causeway/shells/shared/campaign-page/campaign-page.rules';
import { copyText } from '@causeway/shells/shared/ui/copy-text';
import { shareButtonLabel } from './promotion-format';
import { ChannelMark } from './share-links';
import './promotion.css';

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
  const [copied, setCopied] = useState(false);
  const text = `${fundraiser.promoterName} is raising money for ${campaignHeadline(fundraiser.campaign)}`;
  return (
    <div className="cw-campaign-share" data-testid="fundraiser-share">
      <ul className="cw-campaign-share__list">
        {CHANNEL_ORDER.filter((channel) => channel !== 'instagram').map((channel) => (
          <li key={channel}>
            <a
              className="cw-button cw-button--secondary"
              href={networkShareUrl(channel, pageLinkFor(fundraiser, channel), text) ?? '#'}
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
            onClick={() => void copyText(pageLinkFor(fundraiser)).then(setCopied)}
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
