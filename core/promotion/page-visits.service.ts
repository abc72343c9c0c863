/**
 * Visits of a campaign's public page: the page sends one beacon as it opens, and a visitor (a client,
 * by the hash of its address) is counted once per campaign per window, so reloads and back-and-forth
 * do not inflate the funnel. The count is kept per UTC day with its event, for the reporting mirror.
 */
import type { CampaignPageService } from '../campaigns/campaign-page.service';
import type { Clock } from '../ports/clock.port';
import type { RateLimitStore } from '../ports/rate-limit.store';
import type { ShareTrackingRepository } from '../ports/share-tracking.repository';

/** A visitor is counted again on the same campaign after this long. */
export const PAGE_VISIT_WINDOW_MS = 30 * 60_000;

/** The shared window that keeps a visitor from being counted twice on a campaign. */
export const pageVisitKey = (client: string, campaignId: string): string => `visit:${client}:${campaignId}`;

export interface PageVisitServiceDeps {
  /** The live page (read once a moment): unknown and removed campaigns are a 404. */
  pages: Pick<CampaignPageService, 'page'>;
  limits: Pick<RateLimitStore, 'hit'>;
  visits: Pick<ShareTrackingRepository, 'recordPageVisit'>;
  clock: Clock;
  windowMs?: number;
}

export type PageVisitService = ReturnType<typeof pageVisitServiceFactory>;

export function pageVisitServiceFactory(deps: PageVisitServiceDeps) {
  const { pages, limits, visits, clock } = deps;
  const windowMs = deps.windowMs ?? PAGE_VISIT_WINDOW_MS;
  return {
    /** Counts the visit unless this client was counted on this campaign within the window. */
    async record(campaignId: string, client: string): Promise<{ counted: boolean }> {
      await pages.page(campaignId);
      const now = clock.now();
      const window = await limits.hit(pageVisitKey(client, campaignId), windowMs, now);
      if (window.count > 1) return { counted: false };
      await visits.recordPageVisit(campaignId, now.toISOString());
      return { counted: true };
    },
  };
}
