import type { PublicFundraiserPage } from '@causeway/core/contracts/fundraiser-pages.contract';

/** The id of the script element (JSON, never run) the server puts a prerendered fundraising page's data in. */
export const PRERENDERED_FUNDRAISER_DATA_ID = 'cw-fundraiser-page';

export interface PrerenderedFundraiserPage {
  fundraiser: PublicFundraiserPage;
  readAt: number;
  /** The page as the server painted it, shown until the page's own code is there. */
  html: string;
}

let found: PrerenderedFundraiserPage | null | undefined;

/** The fundraising page the server painted into this document, read once; null on every other page. */
export function prerenderedFundraiserPage(): PrerenderedFundraiserPage | null {
  if (found !== undefined) return found;
  found = null;
  if (typeof document === 'undefined') return found;
  const data = document.getElementById(PRERENDERED_FUNDRAISER_DATA_ID);
  const painted = document.querySelector('#root div.cw-fpage');
  if (!data?.textContent || !painted) return found;
  try {
    const { fundraiser, readAt } = JSON.parse(data.textContent) as { fundraiser: PublicFundraiserPage; readAt: number };
    found = { fundraiser, readAt, html: painted.outerHTML };
  } catch {
    found = null;
  }
  return found;
}
