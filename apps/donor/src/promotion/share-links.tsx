import { Check, Copy, ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ShareChannel } from '@causeway/core/campaigns/targeting.entity';
import type { ShareLinkView } from '@causeway/core/contracts/promotion.contract';
import { copyText } from '@causeway/shells/shared/ui/copy-text';
import { QrCodeDownloads } from '@causeway/shells/shared/ui/qr-code';
import { shareButtonLabel } from './promotion-format';

const CHANNEL_MARKS: Record<ShareChannel, string> = {
  x: '𝕏',
  linkedin: 'in',
  facebook: 'f',
  instagram: 'IG',
  qr: 'QR',
};

export function ChannelMark({ channel }: { channel: ShareChannel }) {
  return (
    <span className={`cw-share__mark cw-share__mark--${channel}`} aria-hidden="true">
      {CHANNEL_MARKS[channel]}
    </span>
  );
}

/**
 * A promoter's short links, one row per network: its own share page opens in a new tab with the link,
 * and each link can be copied. Instagram has no share page on the web, so its link is copied. Their
 * QR code link is shown as the code itself, to download and print.
 */
export function ShareLinks({ campaignId, links: all }: { campaignId: string; links: readonly ShareLinkView[] }) {
  const links = all.filter((link) => link.channel !== 'qr');
  const qrLink = all.find((link) => link.channel === 'qr');
  const [copied, setCopied] = useState<{ channel: ShareChannel; ok: boolean } | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), 4000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async (link: ShareLinkView) => setCopied({ channel: link.channel, ok: await copyText(link.url) });

  return (
    <div className="cw-share">
      <ul className="cw-share__list">
        {links.map((link) => {
          const isCopied = copied?.channel === link.channel && copied.ok;
          return (
            <li key={link.channel} className="cw-share__item" data-channel={link.channel}>
              <span className="cw-share__channel">
                <ChannelMark channel={link.channel} />
                {link.label}
              </span>
              <input
                className="cw-input cw-share__url"
                readOnly
                value={link.url}
                aria-label={`Your ${link.label} link`}
                onFocus={(event) => event.currentTarget.select()}
              />
              <span className="cw-share__actions">
                {link.shareUrl ? (
                  <a
                    className="cw-button cw-button--primary cw-share__open"
                    href={link.shareUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {shareButtonLabel(link.channel)}
                    <ExternalLink size={14} aria-hidden="true" />
                  </a>
                ) : null}
                <button type="button" className="cw-button cw-button--secondary" onClick={() => void copy(link)}>
                  {isCopied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
                  {isCopied ? 'Copied' : link.shareUrl ? 'Copy link' : shareButtonLabel(link.channel)}
                  <span className="cw-visually-hidden"> ({link.label})</span>
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <div className="cw-share__qr">
        <h3 className="cw-share__qr-title">Your QR code</h3>
        <QrCodeDownloads
          imagePath={`/api/promotions/${encodeURIComponent(campaignId)}/qr`}
          opens="the campaign page with your QR code link"
          link={qrLink?.url}
          note="For flyers, posters and table cards: each scan counts as a click on your QR code link, and the gifts it brings are yours."
        />
      </div>
      {links.some((link) => link.channel === 'instagram') && (
        <p className="cw-share__note">
          Instagram has no share page on the web: copy your Instagram link and paste it into your post, story or bio.
        </p>
      )}
      <p className="cw-visually-hidden" role="status" aria-live="polite">
        {copied?.ok ? `Your ${links.find((link) => link.channel === copied.channel)?.label ?? ''} link is copied.` : ''}
      </p>
      {copied && !copied.ok && (
        <p className="cw-share__error" role="alert">
          The link could not be copied here: select it in the box and copy it yourself.
        </p>
      )}
    </div>
  );
}
