import { ShareChannel } from '../campaigns/targeting.entity';
import { CAMPAIGN_PATHS } from '../contracts/campaigns.contract';
import { FUNDRAISER_PATHS } from '../contracts/fundraiser-paths';
import { SHARE_UTM_MEDIUM } from './share-links.rules';

/** The promoter (`ref`, read by the donation checkout) and the UTM parameters of a landing link. */
function landingQuery(link: { campaignId: string; promoterId: string; channel: ShareChannel }): string {
  return new URLSearchParams({
    ref: link.promoterId,
    utm_source: link.channel,
    utm_medium: SHARE_UTM_MEDIUM,
    utm_campaign: link.campaignId,
  }).toString();
}

/**
 * Where a short link sends its visitor: the campaign page, saying who brought them (`ref`, read by the
 * donation checkout) and from where (the UTM parameters).
 */
export function landingPath(link: { campaignId: string; promoterId: string; channel: ShareChannel }): string {
  return `${CAMPAIGN_PATHS.page(link.campaignId)}?${landingQuery(link)}`;
}

/**
 * Where a scan of a campaign's own QR code (no promoter's) sends its visitor: the campaign page, naming
 * the channel (`qr`) so a gift made there is reported as one the code brought.
 */
export function campaignQrLandingPath(campaignId: string): string {
  const query = new URLSearchParams({ utm_source: 'qr', utm_medium: SHARE_UTM_MEDIUM, utm_campaign: campaignId });
  return `${CAMPAIGN_PATHS.page(campaignId)}?${query.toString()}`;
}

/**
 * Where a scan of a promoter's fundraising page's QR code sends its visitor: their page when it is shown,
 * else (none yet, or hidden) the campaign page, with the promoter (`ref`) and the channel (`qr`) either
 * way, so a gift made after the scan is credited to them under QR code.
 */
export function fundraiserQrLandingPath(campaignId: string, promoterId: string, pageShown: boolean): string {
  const path = pageShown ? FUNDRAISER_PATHS.page(campaignId, promoterId) : CAMPAIGN_PATHS.page(campaignId);
  return `${path}?${landingQuery({ campaignId, promoterId, channel: 'qr' })}`;
}

/**
 * The share network a visitor came from, as the landing link names it (`utm_source`, any case): one of
 * x, linkedin, facebook, instagram, qr (`twitter` is X), else null (another source, or none).
 */
export function shareChannelOf(value: unknown): ShareChannel | null {
  if (typeof value !== 'string') return null;
  const name = value.trim().toLowerCase();
  const parsed = ShareChannel.safeParse(name === 'twitter' ? 'x' : name);
  return parsed.success ? parsed.data : null;
}
