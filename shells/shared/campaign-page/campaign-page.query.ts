import { queryOptions } from '@tanstack/react-query';
import type { CampaignPage } from '@causeway/core/contracts/campaigns.contract';
import { apiRequest } from '../http';
import { LIVE_QUERY_KEYS } from '../live-queries';

/**
 * The HTTP status of a failed call, read from the error's shape rather than its class: the shell and each
 * remote bundle their own copy of `ApiError`, and the shell may have started the same query.
 */
function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

/** The API answered that there is no such campaign (unknown, deleted or ended and removed). */
export function isCampaignMissing(error: unknown): boolean {
  return statusOf(error) === 404;
}

/** Only a network or server failure is worth another try; a refusal or a missing campaign is an answer. */
function retryTransient(failureCount: number, error: Error): boolean {
  const status = statusOf(error);
  if (status !== null && status < 500) return false;
  return failureCount < 2;
}

/** Under `['campaigns', …]`, so a donation's live notification refreshes an open page (live-queries.ts). */
export const campaignPageKey = (campaignId: string) => [...LIVE_QUERY_KEYS.campaigns, campaignId, 'page'] as const;

/** `GET /api/campaigns/{id}/page`: the public page of a live campaign, open to everyone. */
export function campaignPageQuery(campaignId: string) {
  return queryOptions({
    queryKey: campaignPageKey(campaignId),
    queryFn: async () => {
      const { page } = await apiRequest<{ page: CampaignPage }>(
        'GET',
        `/api/campaigns/${encodeURIComponent(campaignId)}/page`,
      );
      return page;
    },
    retry: retryTransient,
    // Figures move with donations; a minute-old total is fine for a page people read.
    staleTime: 60_000,
  });
}
