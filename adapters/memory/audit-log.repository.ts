import { AuditLogEntry } from '@causeway/core/audit/audit-log.entity';
import { isAfter } from '@causeway/core/shared/paging';
import { EventTypes } from '@causeway/core/events/domain-event';
import { DEFAULT_AUDIT_LOG_LIMIT, type AuditLogRepository } from '@causeway/core/ports/audit-log.repository';
import { conflict } from '@causeway/core/shared/errors';
import { changeWithMemoryEvent, copy, insertRecord, newestFirstByCodeUnit, type MemoryContext } from './memory-state';

/** Instants are kept as Postgres gives them back: UTC, millisecond precision. */
const utc = (value: string): string => new Date(value).toISOString();

const newestFirst = newestFirstByCodeUnit<AuditLogEntry>(
  (entry) => entry.created_date,
  (entry) => entry.id,
);

export function createMemoryAuditLogRepository(context: MemoryContext): AuditLogRepository {
  const table = () => context.state().table<AuditLogEntry>('logs');
  return {
    append(input) {
      return changeWithMemoryEvent(
        context,
        () => {
          const parsed = AuditLogEntry.parse(input);
          const entry = { ...parsed, created_date: utc(parsed.created_date) };
          return insertRecord(table(), entry.id, entry, () =>
            conflict(`An audit log entry with id ${entry.id} already exists.`),
          );
        },
        (stored) => ({
          type: EventTypes.auditLogged,
          aggregateType: 'auditLog',
          aggregateId: stored.id,
          payload: { entry: stored },
        }),
      );
    },
    async list(filter = {}) {
      const before = filter.before === undefined ? undefined : utc(filter.before);
      const found = [...table().values()]
        .filter(
          (entry) =>
            (filter.document === undefined || entry.document === filter.document) &&
            (filter.event === undefined || entry.event === filter.event) &&
            (filter.createdBy === undefined || entry.created_by === filter.createdBy) &&
            (filter.triggerId === undefined || entry.trigger_id === filter.triggerId) &&
            (before === undefined || entry.created_date < before) &&
            isAfter({ at: entry.created_date, id: entry.id }, filter.after),
        )
        .sort(newestFirst);
      return copy(found.slice(0, Math.max(0, filter.limit ?? DEFAULT_AUDIT_LOG_LIMIT)));
    },
  };
}
