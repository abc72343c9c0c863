import type { ShareChannel } from '../campaigns/targeting.entity';

/**
 * Pure rules of promoters' share links (SPEC §9 share channels). Free of zod and the contracts, so the
 * front ends that show share buttons stay small.
 */

/** Characters of a new link's code: 10 of base64url, 60 random bits, short enough to post anywhere. */
export const SHARE_CODE_LENGTH = 10;

/** A new code from a url-safe random secret (`IdGenerator.newSecret`). */
export function shareCodeFrom(secret: string): string {
  const code = secret.replace(/[^A-Za-z0-9_-]/g, '').slice(0, SHARE_CODE_LENGTH);
  if (code.length < SHARE_CODE_LENGTH) throw new Error('The secret is too short for a share code.');
  return code;
}

/** Where a short link lives: `/s/{code}`. */
export const shortLinkPath = (code: string) => `/s/${encodeURIComponent(code)}`;

/**
 * Where a campaign's own QR code leads, `/q/{campaignId}`: a short link without a promoter, whose scans
 * are counted as clicks of channel `qr` before the visitor is sent to the campaign page.
 */
export const campaignQrPath = (campaignId: string) => `/q/${encodeURIComponent(campaignId)}`;

/** The utm_medium every share link carries. */
export const SHARE_UTM_MEDIUM = 'social';

/**
 * The network's own share page for a link, with the text offered beside it where the network takes one
 * (X). Instagram has no web share page: null, and the link is copied instead.
 */
export function networkShareUrl(channel: ShareChannel, url: string, text: string): string | null {
  const encodedUrl = encodeURIComponent(url);
  switch (channel) {
    case 'x':
      return `https://x.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodedUrl}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`;
    case 'instagram':
    case 'qr':
      return null;
  }
}

export const CHANNEL_LABELS: Record<ShareChannel, string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  qr: 'QR code',
};

/** The channels in the order screens list them (SPEC §9), without loading the entities' schemas. */
export const CHANNEL_ORDER = Object.keys(CHANNEL_LABELS) as ShareChannel[];

/**
 * Crawlers that fetch a posted link to draw its preview card. Their fetch is not a person's click, so
 * it is redirected without being counted.
 */
const LINK_PREVIEWERS =
  /facebookexternalhit|facebot|twitterbot|linkedinbot|slackbot|slack-imgproxy|discordbot|whatsapp|telegrambot|skypeuripreview|pinterest|redditbot|applebot|googlebot|bingbot|embedly|iframely|vkshare|mastodon|bluesky|cardyb/i;

export function isLinkPreviewer(userAgent: string | undefined): boolean {
  return userAgent !== undefined && LINK_PREVIEWERS.test(userAgent);
}
