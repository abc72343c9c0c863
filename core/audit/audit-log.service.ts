import type { Actor } from '../auth/authorization';
import { authorize } from '../auth/authorization';
import { DEFAULT_AUDIT_LOG_LIMIT, type AuditLogFilter, type AuditLogRepository } from '../ports/audit-log.repository';
import { decodeCursor, pageOf } from '../shared/paging';
import type { AuditLogEntry } from './audit-log.entity';

export type AuditLogServiceDeps = {
  auditLogs: Pick<AuditLogRepository, 'list'>;
};

export type AuditLogService = ReturnType<typeof auditLogServiceFactory>;

/** The audit log (`logs`): what admins and the workflow did, for platform staff to read. */
export function auditLogServiceFactory({ auditLogs }: AuditLogServiceDeps) {
  return {
    /** Newest first, filtered by collection, event, author, record and time; at most `limit` (100 unless said). */
    async list(
      actor: Actor,
      filter: Omit<AuditLogFilter, 'after'> & { cursor?: string } = {},
    ): Promise<{ entries: AuditLogEntry[]; nextCursor: string | null }> {
      authorize(actor, 'log.read');
      const { cursor, ...rest } = filter;
      const limit = rest.limit ?? DEFAULT_AUDIT_LOG_LIMIT;
      const found = await auditLogs.list({
        ...rest,
        limit: limit + 1,
        ...(cursor === undefined ? {} : { after: decodeCursor(cursor) }),
      });
      const page = pageOf(found, limit, (entry) => ({ at: entry.created_date, id: entry.id }));
      return { entries: page.items, nextCursor: page.nextCursor };
    },
  };
}
