import { useInfiniteQuery } from '@tanstack/react-query';
import type { MyPaymentsResponse } from '@causeway/core/contracts/payments.contract';
import { apiRequest } from '@causeway/shells/shared/http';
import { LIVE_QUERY_KEYS } from '@causeway/shells/shared/live-queries';
import { allItems, nextPageParam, pagePath } from '@causeway/shells/shared/paging';

/** Under `['campaigns', …]`, so a donation notification refreshes it (live-queries.ts). */
export const donationKeys = { mine: () => [...LIVE_QUERY_KEYS.campaigns, 'payments', 'mine'] as const };

/** The signed-in person's own gifts, newest first (`GET /api/payments?mine=true`), a page at a time. */
export function useMyDonations() {
  return useInfiniteQuery({
    queryKey: donationKeys.mine(),
    queryFn: async ({ pageParam }) => {
      const page = await apiRequest<MyPaymentsResponse>('GET', pagePath('/api/payments?mine=true', pageParam));
      return { items: page.payments, nextCursor: page.nextCursor };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageParam,
    select: allItems,
  });
}
