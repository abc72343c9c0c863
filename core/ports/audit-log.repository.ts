import type { AuditLogEntry } from '../audit/audit-log.entity';

export interface AuditLogFilter {
  document?: string;
  event?: string;
  createdBy?: string;
  triggerId?: string;
  /** Only entries strictly older than this instant (for paging). */
  before?: string;
  limit?: number;
}

export interface AuditLogRepository {
  append(entry: AuditLogEntry): Promise<AuditLogEntry>;
  /** Newest first; at most `limit` (default 100). */
  list(filter?: AuditLogFilter): Promise<AuditLogEntry[]>;
}
