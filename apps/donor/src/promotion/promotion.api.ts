import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicCampaign } from '../../../../core/contracts/payments.contract';
import type { MyPromotionsResponse, PromoteResponse } from '../../../../core/contracts/promotion.contract';
import { apiRequest } from '../../../../shells/shared/http';
import { LIVE_QUERY_KEYS } from '../../../../shells/shared/live-queries';

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
  return useQuery({
    queryKey: promotionKeys.live(),
    queryFn: async () => (await apiRequest<{ campaigns: PublicCampaign[] }>('GET', '/api/campaigns')).campaigns,
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
