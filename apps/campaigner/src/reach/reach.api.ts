import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppreciationBody, AppreciationView } from '@causeway/core/contracts/appreciation.contract';
import type { CampaignSharesListResponse, CampaignSharesResponse } from '@causeway/core/contracts/promotion.contract';
import { apiRequest } from '@causeway/shells/shared/http';
import { LIVE_QUERY_KEYS } from '@causeway/shells/shared/live-queries';
import { retryTransient } from '../api/query';

/** Under `['campaigns', …]`: donation and promotion notifications refresh them (live-queries.ts). */
export const reachKeys = {
  list: () => [...LIVE_QUERY_KEYS.campaigns, 'shares'] as const,
  shares: (campaignId: string) => [...LIVE_QUERY_KEYS.campaigns, campaignId, 'shares'] as const,
  appreciation: (campaignId: string) => [...LIVE_QUERY_KEYS.campaigns, campaignId, 'appreciation'] as const,
};

const campaignPath = (campaignId: string) => `/api/campaigns/${encodeURIComponent(campaignId)}`;

export function useOrganizationShares() {
  return useQuery({
    queryKey: reachKeys.list(),
    queryFn: () => apiRequest<CampaignSharesListResponse>('GET', '/api/campaign-shares'),
    retry: retryTransient,
  });
}

export function useCampaignShares(campaignId: string) {
  return useQuery({
    queryKey: reachKeys.shares(campaignId),
    queryFn: () => apiRequest<CampaignSharesResponse>('GET', `${campaignPath(campaignId)}/shares`),
    retry: retryTransient,
  });
}

export function useAppreciation(campaignId: string) {
  return useQuery({
    queryKey: reachKeys.appreciation(campaignId),
    queryFn: () => apiRequest<AppreciationView>('GET', `${campaignPath(campaignId)}/appreciation`),
    retry: retryTransient,
  });
}

export function useSaveAppreciation(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppreciationBody) =>
      apiRequest<AppreciationView>('PUT', `${campaignPath(campaignId)}/appreciation`, body),
    onSuccess: (saved) => queryClient.setQueryData(reachKeys.appreciation(campaignId), saved),
  });
}
