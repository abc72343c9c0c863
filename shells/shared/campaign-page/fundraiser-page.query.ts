import { queryOptions } from '@tanstack/react-query';
import { FUNDRAISER_PATHS } from '@causeway/core/contracts/fundraiser-paths';
import type { LeaderboardResponse, PublicFundraiserPage } from '@causeway/core/contracts/fundraiser-pages.contract';
import { apiRequest } from '../http';
import { LIVE_QUERY_KEYS } from '../live-queries';

/** Under `['campaigns', …]`, so a donation's live notification refreshes an open page (live-queries.ts). */
export const fundraiserPageKey = (campaignId: string, promoterId: string) =>
  [...LIVE_QUERY_KEYS.campaigns, campaignId, 'fundraisers', promoterId] as const;

export const leaderboardKey = (campaignId: string) =>
  [...LIVE_QUERY_KEYS.campaigns, campaignId, 'fundraisers'] as const;

/** Only a network or server failure is worth another try. */
function retryTransient(failureCount: number, error: Error): boolean {
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status < 500) return false;
  return failureCount < 2;
}

/** `GET /api/campaigns/{id}/fundraisers/{promoterId}/page`: a promoter's public fundraising page. */
export function fundraiserPageQuery(campaignId: string, promoterId: string) {
  return queryOptions({
    queryKey: fundraiserPageKey(campaignId, promoterId),
    queryFn: async () =>
      (await apiRequest<{ fundraiser: PublicFundraiserPage }>('GET', FUNDRAISER_PATHS.pageData(campaignId, promoterId)))
        .fundraiser,
    retry: retryTransient,
    staleTime: 60_000,
  });
}

/** `GET /api/campaigns/{id}/fundraisers`: a campaign's top fundraisers. */
export function leaderboardQuery(campaignId: string) {
  return queryOptions({
    queryKey: leaderboardKey(campaignId),
    queryFn: async () => apiRequest<LeaderboardResponse>('GET', FUNDRAISER_PATHS.leaderboard(campaignId)),
    retry: retryTransient,
    staleTime: 60_000,
  });
}
