import { useQuery } from '@tanstack/react-query';
import type { MyPaymentsResponse } from '../../../../core/contracts/payments.contract';
import { apiRequest } from '../../../../shells/shared/http';
import { LIVE_QUERY_KEYS } from '../../../../shells/shared/live-queries';

/** Under `['campaigns', …]`, so a donation notification refreshes it (live-queries.ts). */
export const donationKeys = { mine: () => [...LIVE_QUERY_KEYS.campaigns, 'payments', 'mine'] as const };

/** The signed-in person's own gifts, newest first (`GET /api/payments?mine=true`). */
export function useMyDonations() {
  return useQuery({
    queryKey: donationKeys.mine(),
    queryFn: async () => (await apiRequest<MyPaymentsResponse>('GET', '/api/payments?mine=true')).payments,
  });
}
