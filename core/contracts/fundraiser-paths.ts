/** Where fundraising pages live: plain values, so a page can link them without loading the schemas. */
export const FUNDRAISER_PATHS = {
  /** A promoter's public fundraising page for a campaign. */
  page: (campaignId: string, promoterId: string) =>
    `/campaign/${encodeURIComponent(campaignId)}/fundraisers/${encodeURIComponent(promoterId)}/`,
  /** Its data. */
  pageData: (campaignId: string, promoterId: string) =>
    `/api/campaigns/${encodeURIComponent(campaignId)}/fundraisers/${encodeURIComponent(promoterId)}/page`,
  /** A campaign's top fundraisers. */
  leaderboard: (campaignId: string) => `/api/campaigns/${encodeURIComponent(campaignId)}/fundraisers`,
  /** The promoter's own page for a campaign (making, editing, its photo). */
  own: (campaignId: string) => `/api/campaigns/${encodeURIComponent(campaignId)}/fundraisers/me`,
  /** The promoter's own page's QR code, without its format (`.png`, `.svg`). */
  ownQr: (campaignId: string) => `/api/campaigns/${encodeURIComponent(campaignId)}/fundraisers/me/qr`,
  /**
   * What a fundraising page's QR code holds, short to print: a scan is the promoter's click of channel
   * `qr`, then leads to their page.
   */
  qr: (campaignId: string, promoterId: string) =>
    `/q/${encodeURIComponent(campaignId)}/${encodeURIComponent(promoterId)}`,
  /** Every page of a campaign, for its organizers. */
  all: (campaignId: string) => `/api/campaigns/${encodeURIComponent(campaignId)}/fundraiser-pages`,
} as const;

/** The campaign and promoter a fundraising page's path names, or null for any other path. */
export function fundraiserAt(pathname: string): { campaignId: string; promoterId: string } | null {
  const match = /^\/campaign\/([^/]+)\/fundraisers\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return { campaignId: decodeURIComponent(match[1]!), promoterId: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}
