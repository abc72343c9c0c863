import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditLogEntry } from '@causeway/core/audit/audit-log.entity';
import { apiRequest } from '@causeway/shells/shared/http';
import { AUDIT_PAGE_SIZE } from '../model/audit-log';
import { adminKeys, queryString, retryTransient } from './query';

export type AuditLogFilters = { document?: string; event?: string };

async function fetchEntries(params: AuditLogFilters & { cursor?: string | undefined; limit: number }) {
  return apiRequest<{ entries: AuditLogEntry[]; nextCursor: string | null }>('GET', `/api/logs${queryString(params)}`);
}

/** The audit log, newest first, one page at a time ("Load older"). */
export function useAuditLog(filters: AuditLogFilters) {
  const key = { document: filters.document || undefined, event: filters.event || undefined };
  return useInfiniteQuery({
    queryKey: adminKeys.logList(key),
    queryFn: ({ pageParam }) => fetchEntries({ ...key, cursor: pageParam, limit: AUDIT_PAGE_SIZE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    select: (data) => ({ ...data, pages: data.pages.map((page) => page.entries) }),
    retry: retryTransient,
  });
}

export function useRecentAuditEntries(limit: number, { enabled = true } = {}) {
  return useQuery({
    queryKey: adminKeys.logList({ recent: limit }),
    queryFn: async () => (await fetchEntries({ limit })).entries,
    enabled,
    retry: retryTransient,
  });
}
