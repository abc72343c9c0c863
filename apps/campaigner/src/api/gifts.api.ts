import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REPORTING_API, type GiftListResponse } from '@causeway/core/contracts/reporting.contract';
import { apiRequest } from '@causeway/shells/shared/http';
import { LIVE_QUERY_KEYS } from '@causeway/shells/shared/live-queries';
import { retryTransient } from './query';

export const GIFTS_PAGE_SIZE = 10;

/**
 * A live campaign's gifts, newest first, every one it ever had. Under the live campaigns' key, so a
 * donation notification brings a new gift at once; asked again every few seconds besides, for the
 * moment the reports take to record it.
 */
export function useCampaignGifts(campaignId: string, page: number) {
  return useQuery({
    queryKey: [...LIVE_QUERY_KEYS.campaigns, campaignId, 'gifts', page] as const,
    queryFn: () =>
      apiRequest<GiftListResponse>(
        'GET',
        `${REPORTING_API.gifts(campaignId)}?page=${page}&pageSize=${GIFTS_PAGE_SIZE}&order=desc`,
      ),
    retry: retryTransient,
    refetchInterval: 5_000,
    placeholderData: keepPreviousData,
  });
}
