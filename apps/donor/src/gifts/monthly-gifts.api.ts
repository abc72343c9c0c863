import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MONTHLY_GIFT_PATHS,
  type DonorMonthlyGift,
  type DonorMonthlyGiftsResponse,
  type MonthlyGiftChangeBody,
} from '@causeway/core/contracts/monthly-gifts.contract';
import { apiRequest } from '@causeway/shells/shared/http';
import { giftsKeys } from './gifts.api';

const monthlyKey = () => [...giftsKeys.visit(), 'monthly'] as const;

/** The open visit's monthly gifts. */
export function useMonthlyGifts(enabled: boolean) {
  return useQuery({
    queryKey: monthlyKey(),
    queryFn: () => apiRequest<DonorMonthlyGiftsResponse>('GET', MONTHLY_GIFT_PATHS.mine),
    enabled,
    retry: false,
  });
}

/** A change of one gift; the list shows the gift as the answer has it. */
export function useChangeMonthlyGift(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MonthlyGiftChangeBody) =>
      apiRequest<DonorMonthlyGift>('PATCH', MONTHLY_GIFT_PATHS.mineOne(subscriptionId), body),
    onSuccess: (changed) => {
      queryClient.setQueryData<DonorMonthlyGiftsResponse>(monthlyKey(), (list) =>
        list
          ? { gifts: list.gifts.map((gift) => (gift.subscriptionId === changed.subscriptionId ? changed : gift)) }
          : list,
      );
      // A gift stopped or changed shows in the gifts list's next read too.
      void queryClient.invalidateQueries({ queryKey: giftsKeys.visit() });
    },
  });
}

/** The card provider's page where the card is changed: the browser goes there. */
export const openCardPage = (subscriptionId: string) =>
  apiRequest<{ url: string }>('POST', MONTHLY_GIFT_PATHS.card(subscriptionId));

/**
 * Keeps giving the same each month to the organization itself once the gift's campaign has ended: the
 * new gift joins the list (its first month shows among the gifts once booked).
 */
export function useKeepGiving(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DonorMonthlyGift>('POST', MONTHLY_GIFT_PATHS.keepGiving(subscriptionId)),
    onSuccess: (started) => {
      queryClient.setQueryData<DonorMonthlyGiftsResponse>(monthlyKey(), (list) =>
        list
          ? {
              gifts: [
                started,
                ...list.gifts
                  .filter((gift) => gift.subscriptionId !== started.subscriptionId)
                  .map((gift) =>
                    gift.keepGiving?.organization === started.organization ? { ...gift, keepGiving: null } : gift,
                  ),
              ],
            }
          : list,
      );
      // Its first month joins the gifts once the card provider's payment is booked, a moment later.
      void queryClient.invalidateQueries({ queryKey: giftsKeys.visit() });
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: giftsKeys.visit() }), 2_000);
    },
  });
}
