import type { CampaignPage } from '@causeway/core/contracts/campaigns.contract';

/** Pure rules of the public campaign page: what its figures, dates and links read as. */

/** SPEC §2: `{host}/campaign/{campaignId}/details/`, with or without the trailing slash. */
const CAMPAIGN_PAGE_PATH = /^\/campaign\/([^/]+)\/details\/?$/;
/** The donor's receipt after paying: `/campaign/{campaignId}/thank-you?session_id=…`. */
const RECEIPT_PATH = /^\/campaign\/([^/]+)\/thank-you\/?$/;

function campaignIdMatching(path: RegExp, pathname: string): string | null {
  const match = path.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    // A malformed escape is still an address someone followed: the API answers it with "not found".
    return match[1]!;
  }
}

/** The campaign a path shows, or null when the path is not a campaign page. */
export const campaignIdAt = (pathname: string) => campaignIdMatching(CAMPAIGN_PAGE_PATH, pathname);

/** The campaign a receipt page's path is about, or null when the path is not a receipt page. */
export const receiptCampaignIdAt = (pathname: string) => campaignIdMatching(RECEIPT_PATH, pathname);

/** The share of the goal raised, in whole percent (rounded down: 100% only once the goal is met); 0 without a goal. */
export function fundedPercent(raisedCents: number, goalCents: number): number {
  if (goalCents <= 0 || raisedCents <= 0) return 0;
  return Math.floor((raisedCents * 100) / goalCents);
}

const DAY_MS = 86_400_000;

export type DeadlineStatus = { kind: 'none' } | { kind: 'ended' } | { kind: 'open'; daysLeft: number };

/** Whether the campaign is still running at `now`; a started day counts as a day left. */
export function deadlineStatus(deadline: string | null, now: Date): DeadlineStatus {
  if (deadline === null) return { kind: 'none' };
  const end = Date.parse(deadline);
  if (Number.isNaN(end)) return { kind: 'none' };
  const left = end - now.getTime();
  if (left <= 0) return { kind: 'ended' };
  return { kind: 'open', daysLeft: Math.ceil(left / DAY_MS) };
}

export function deadlineLabel(status: DeadlineStatus): string | null {
  switch (status.kind) {
    case 'none':
      return null;
    case 'ended':
      return 'Ended';
    case 'open':
      return status.daysLeft === 1 ? 'Last day' : `${status.daysLeft.toLocaleString('en-US')} days left`;
  }
}

export function donorsLabel(donators: number): string {
  if (donators <= 0) return 'No donors yet';
  return donators === 1 ? '1 donor' : `${donators.toLocaleString('en-US')} donors`;
}

/** The story as paragraphs: blank lines separate them, single line breaks stay inside one. */
export function storyParagraphs(story: string): string[] {
  return story
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/**
 * A link people may follow: an absolute http(s) address, or a bare domain (older organization records
 * keep "harborlight.org"), which is read as https. Anything else (`javascript:`, `data:`) is no link.
 */
export function externalHref(url: string | null | undefined): string | null {
  const text = url?.trim() ?? '';
  if (text === '') return null;
  const candidate = /^[a-z][a-z\d+.-]*:/i.test(text)
    ? text
    : /^[\w-]+(\.[\w-]+)+([/?#].*)?$/.test(text)
      ? `https://${text}`
      : null;
  if (candidate === null) return null;
  try {
    const parsed = new URL(candidate);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A link's host as people read it: "harborlight.org" for https://www.harborlight.org/give. */
export function linkLabel(href: string): string {
  try {
    return new URL(href).hostname.replace(/^www\./, '');
  } catch {
    return href;
  }
}

/** An image or video address the page may load: http(s), or a path on this site. */
export function mediaSrc(url: string | null | undefined): string | null {
  const text = url?.trim() ?? '';
  if (text === '') return null;
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  return externalHref(text);
}

/** The heading of the page: the headline, else the campaign's name. */
export function campaignHeadline(page: Pick<CampaignPage, 'title' | 'name'>): string {
  return page.title.trim() || page.name.trim() || 'Untitled campaign';
}

/** The browser tab's title, the same as the link preview's (`apps/api/src/http/web-assets.ts`). */
export function campaignDocumentTitle(page: Pick<CampaignPage, 'title' | 'name' | 'organization'>): string {
  const by = page.organization ? ` · ${page.organization.name}` : '';
  return `${campaignHeadline(page)}${by}`;
}
