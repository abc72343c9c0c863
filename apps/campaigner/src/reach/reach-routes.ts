/** The campaigner's pages of live campaigns' reach and thanks, below `/campaigner/campaigns`. */
export type ReachRoute =
  { page: 'campaigns' } | { page: 'shares'; campaignId: string } | { page: 'thanks'; campaignId: string };

const BASE = '/campaigner/campaigns';

export const reachPaths = {
  campaigns: () => BASE,
  shares: (campaignId: string) => `${BASE}/${encodeURIComponent(campaignId)}/shares`,
  thanks: (campaignId: string) => `${BASE}/${encodeURIComponent(campaignId)}/thanks`,
};

/** The reach page a path shows, or null when the path is another page of the campaigner area. */
export function reachRouteOf(pathname: string): ReachRoute | null {
  if (pathname !== BASE && !pathname.startsWith(`${BASE}/`)) return null;
  const parts = pathname.slice(BASE.length).split('/').filter(Boolean);
  if (parts.length === 0) return { page: 'campaigns' };
  if (parts.length !== 2 || (parts[1] !== 'shares' && parts[1] !== 'thanks')) return null;
  let campaignId: string;
  try {
    campaignId = decodeURIComponent(parts[0]!);
  } catch {
    return null;
  }
  if (campaignId.trim() === '') return null;
  return { page: parts[1], campaignId };
}
