import type { CampaignPage } from '@causeway/core/contracts/campaigns.contract';

/** The id of the script element (JSON, never run) the server puts the prerendered page's data in. */
export const PRERENDERED_PAGE_DATA_ID = 'cw-campaign-page';

export interface PrerenderedCampaignPage {
  page: CampaignPage;
  /** When the server read the page (ms since the epoch): the query's data is as old as that. */
  readAt: number;
  /** The page's article as the server painted it, shown until the page's own code is there. */
  html: string;
}

let found: PrerenderedCampaignPage | null | undefined;

/**
 * The campaign page the server painted into this document, read once before the app renders over it;
 * null on every other page.
 */
export function prerenderedCampaignPage(): PrerenderedCampaignPage | null {
  if (found !== undefined) return found;
  found = null;
  if (typeof document === 'undefined') return found;
  const data = document.getElementById(PRERENDERED_PAGE_DATA_ID);
  const article = document.querySelector('#root article.cw-cpage');
  if (!data?.textContent || !article) return found;
  try {
    const { page, readAt } = JSON.parse(data.textContent) as { page: CampaignPage; readAt: number };
    found = { page, readAt, html: article.outerHTML };
  } catch {
    found = null;
  }
  return found;
}
