import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  MY_GIFTS_API,
  type DonorGiftsResponse,
  type GiftsLinkRequestBody,
  type GiftsVisitResponse,
} from '@causeway/core/contracts/donor-gifts.contract';
import { STATEMENT_PATHS, type DonorStatementsResponse } from '@causeway/core/contracts/statements.contract';
import { apiRequest } from '@causeway/shells/shared/http';
import { allItems, nextPageParam, pagePath } from '@causeway/shells/shared/paging';

/** Gifts a page: a donor with many sees the newest first and loads older ones. */
const GIFTS_PAGE_SIZE = 20;

export const giftsKeys = {
  visit: () => ['my-gifts'] as const,
  statements: () => ['my-gifts', 'statements'] as const,
};

/** The open visit's gifts, newest first, a page at a time; a 401 when no visit is open. */
export function useVisitGifts(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: giftsKeys.visit(),
    queryFn: async ({ pageParam }) => {
      const page = await apiRequest<DonorGiftsResponse>('GET', pagePath(MY_GIFTS_API, pageParam, GIFTS_PAGE_SIZE));
      return { items: page.gifts, nextCursor: page.nextCursor, email: page.email, endsAt: page.endsAt };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPageParam,
    select: (data) => ({
      gifts: allItems(data),
      email: data.pages[0]?.email ?? '',
      endsAt: data.pages[0]?.endsAt ?? '',
    }),
    enabled,
    retry: false,
  });
}

/**
 * Exchanges a link's token for a visit, once per token: the page may render twice before the answer
 * (and a link opens only once), so both renders share the one request.
 */
const exchanges = new Map<string, Promise<GiftsVisitResponse>>();
export function openGiftsLink(token: string): Promise<GiftsVisitResponse> {
  let exchange = exchanges.get(token);
  if (!exchange) {
    exchange = apiRequest<GiftsVisitResponse>('POST', `${MY_GIFTS_API}/visit`, { token });
    exchanges.set(token, exchange);
  }
  return exchange;
}

export const closeGiftsVisit = () => apiRequest<void>('DELETE', `${MY_GIFTS_API}/visit`);

export const requestGiftsLink = (body: GiftsLinkRequestBody) =>
  apiRequest<{ message: string }>('POST', `${MY_GIFTS_API}/link`, body);

/** The open visit's year-end statements: one per organization and year with gifts. */
export function useVisitStatements(enabled: boolean) {
  return useQuery({
    queryKey: giftsKeys.statements(),
    queryFn: () => apiRequest<DonorStatementsResponse>('GET', STATEMENT_PATHS.mine),
    enabled,
    retry: false,
  });
}
