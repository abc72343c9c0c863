import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { CHANNEL_LABELS, CHANNEL_ORDER, networkShareUrl } from '@causeway/core/promotion/share-links.rules';
import type { ShareChannel } from '@causeway/core/campaigns/targeting.entity';
import { copyText } from '@causeway/shells/shared/ui/copy-text';
import { shareButtonLabel } from './promotion-format';
import { ChannelMark } from './share-links';
import './promotion.css';

/**
 * A public page's share buttons: each network's share page with the page's address for that network
 * (`linkFor`), a button that copies `copyLink`, and how to share on Instagram, which has no share page.
 */
export function PageShareButtons({
  linkFor,
  copyLink,
  text,
}: {
  linkFor: (channel: ShareChannel) => string;
  copyLink: string;
  text: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <ul className="cw-campaign-share__list">
        {CHANNEL_ORDER.filter((channel) => channel !== 'instagram' && channel !== 'qr').map((channel) => (
          <li key={channel}>
            <a
              className="cw-button cw-button--secondary"
              href={networkShareUrl(channel, linkFor(channel), text) ?? '#'}
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
            onClick={() => void copyText(copyLink).then(setCopied)}
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
    </>
  );
}
