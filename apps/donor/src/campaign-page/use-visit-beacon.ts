import { useEffect } from 'react';

/** The API path that counts a visit of a campaign's page. */
export const visitPath = (campaignId: string): string => `/api/campaigns/${encodeURIComponent(campaignId)}/visits`;

/**
 * Tells the server once the page opened, for the campaign report's funnel: a beacon the browser sends
 * on its own time (never holding the page up), else a fetch that outlives the page. The server counts
 * a visitor once a while, so a reload or a second mount counts nothing more.
 */
export function useVisitBeacon(campaignId: string): void {
  useEffect(() => {
    const path = visitPath(campaignId);
    try {
      if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(path)) return;
    } catch {
      // Falls through to a fetch.
    }
    void fetch(path, { method: 'POST', credentials: 'same-origin', keepalive: true }).catch(() => undefined);
  }, [campaignId]);
}
