import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicCampaign } from '@causeway/core/contracts/payments.contract';
import type { MyPromotionsResponse, PromoteResponse } from '@causeway/core/contracts/promotion.contract';
import { allItems, nextPageParam, pagePath } from '@causeway/shells/shared/paging';
import { apiRequest } from '@causeway/shells/shared/http';
import { LIVE_QUERY_KEYS } from '@causeway/shells/shared/live-queries';

/** A refusal or a missing record is an answer; only a network or server failure is tried again. */
function retryTransient(failureCount: number, error: Error): boolean {
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status < 500) return false;
  return failureCount < 2;
}

/** Under `['campaigns', …]`: a donation or promotion notification refreshes them (live-queries.ts). */
export const promotionKeys = {
  live: () => [...LIVE_QUERY_KEYS.campaigns, 'live'] as const,
  mine: () => [...LIVE_QUERY_KEYS.campaigns, 'promotions', 'mine'] as const,
};

/** Live campaigns of the last 6 months, newest first (`GET /api/campaigns`). */
export function useLiveCampaigns() {
  return useInfiniteQuery({
    queryKey: promotionKeys.live(),
    queryFn: async ({ pageParam }) => {
      const page = await apiRequest<{ campaigns: PublicCampaign[]; nextCursor: string | null }>(
        'GET',
        pagePath('/api/campaigns', pageParam),
      );
      return { items: page.campaigns, nextCursor: page.nextCursor };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageParam,
    select: allItems,
    retry: retryTransient,
    staleTime: 60_000,
  });
}

/** The signed-in promoter's promotions and what they brought (`GET /api/promotions`). */
export function useMyPromotions(enabled = true) {
  return useQuery({
    queryKey: promotionKeys.mine(),
    queryFn: () => apiRequest<MyPromotionsResponse>('GET', '/api/promotions'),
    retry: retryTransient,
    enabled,
  });
}

/** Promotes a campaign (or answers the promotion made before) and refreshes the lists that show it. */
export function usePromote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) =>
      apiRequest<PromoteResponse>('POST', `/api/campaigns/${encodeURIComponent(campaignId)}/promotions`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: promotionKeys.mine() });
    },
  });
}
