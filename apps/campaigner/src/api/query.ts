import { LIVE_QUERY_KEYS } from '@causeway/shells/shared/live-queries';
import { ApiError } from '@causeway/shells/shared/http';

/** Refusals and missing records are answers, not hiccups: only network and server failures are retried. */
export function retryTransient(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Query keys of drafts. All start with `['pre-campaigns']`, which the shell refreshes when a workflow
 * notification arrives, so open drafts and lists follow a reviewer's decision without a stream of their own.
 */
export const draftKeys = {
  all: LIVE_QUERY_KEYS.preCampaigns,
  lists: () => [...LIVE_QUERY_KEYS.preCampaigns, 'list'] as const,
  list: (list: string, scope: object) => [...LIVE_QUERY_KEYS.preCampaigns, 'list', list, scope] as const,
  one: (id: string) => [...LIVE_QUERY_KEYS.preCampaigns, 'one', id] as const,
  page: (id: string) => [...LIVE_QUERY_KEYS.preCampaigns, 'one', id, 'page'] as const,
};

/** A query string from the given parameters, leaving out empty ones. */
export function queryString(params: Record<string, string | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, value);
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

export const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status;
