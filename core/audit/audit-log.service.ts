import type { Actor } from '../auth/authorization';
import { authorize } from '../auth/authorization';
import type { AuditLogFilter, AuditLogRepository } from '../ports/audit-log.repository';
import type { AuditLogEntry } from './audit-log.entity';

export type AuditLogServiceDeps = {
  auditLogs: Pick<AuditLogRepository, 'list'>;
};

export type AuditLogService = ReturnType<typeof auditLogServiceFactory>;

/** The audit log (`logs`): what admins and the workflow did, for platform staff to read. */
export function auditLogServiceFactory({ auditLogs }: AuditLogServiceDeps) {
  return {
    /** Newest first, filtered by collection, event, author, record and time; at most `limit` (100 unless said). */
    async list(actor: Actor, filter: AuditLogFilter = {}): Promise<AuditLogEntry[]> {
      authorize(actor, 'log.read');
      return auditLogs.list(filter);
    },
  };
}
