import type { PageKey } from '../shared/paging';
import type { AuditLogEntry } from '../audit/audit-log.entity';

/** How many entries `list` answers when no limit is given. */
export const DEFAULT_AUDIT_LOG_LIMIT = 100;

export interface AuditLogFilter {
  document?: string;
  event?: string;
  createdBy?: string;
  triggerId?: string;
  /** Only entries strictly older than this instant (for paging). */
  before?: string;
  /** Only entries strictly after this key in the list's order (created_date, then id, newest first). */
  after?: PageKey;
  limit?: number;
}

export interface AuditLogRepository {
  /** Conflict when the id is taken. */
  append(entry: AuditLogEntry): Promise<AuditLogEntry>;
  /** Newest first (created_date, then id); at most `limit` (default 100). */
  list(filter?: AuditLogFilter): Promise<AuditLogEntry[]>;
}
