import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditLogEntry } from '../../../../core/audit/audit-log.entity';
import { apiRequest } from '../../../../shells/shared/http';
import { AUDIT_PAGE_SIZE, olderPageCursor } from '../model/audit-log';
import { adminKeys, queryString, retryTransient } from './query';

export type AuditLogFilters = { document?: string; event?: string };

async function fetchEntries(params: AuditLogFilters & { before?: string; limit: number }) {
  const { entries } = await apiRequest<{ entries: AuditLogEntry[] }>('GET', `/api/logs${queryString(params)}`);
  return entries;
}

/** The audit log, newest first, one page at a time ("Load older"). */
export function useAuditLog(filters: AuditLogFilters) {
  const key = { document: filters.document || undefined, event: filters.event || undefined };
  return useInfiniteQuery({
    queryKey: adminKeys.logList(key),
    queryFn: ({ pageParam }) => fetchEntries({ ...key, before: pageParam, limit: AUDIT_PAGE_SIZE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => olderPageCursor(page, AUDIT_PAGE_SIZE),
    retry: retryTransient,
  });
}

export function useRecentAuditEntries(limit: number, { enabled = true } = {}) {
  return useQuery({
    queryKey: adminKeys.logList({ recent: limit }),
    queryFn: () => fetchEntries({ limit }),
    enabled,
    retry: retryTransient,
  });
}
