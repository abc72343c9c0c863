import type { Selectable } from 'kysely';
import { AuditLogEntry } from '@causeway/core/audit/audit-log.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import { DEFAULT_AUDIT_LOG_LIMIT, type AuditLogRepository } from '@causeway/core/ports/audit-log.repository';
import type { LogsTable } from './tables/activity.tables';
import { afterKey } from './paging';
import { changeWithEvent, conflictOn, iso, type PgContext } from './transaction';

export function createPostgresAuditLogRepository(context: PgContext): AuditLogRepository {
  const { db } = context;
  return {
    async append(input) {
      const entry = AuditLogEntry.parse(input);
      return changeWithEvent(
        context,
        async (trx) => {
          const row = await trx
            .insertInto('logs')
            .values({
              id: entry.id,
              created_by: entry.created_by,
              created_date: entry.created_date,
              document: entry.document,
              event: entry.event,
              action: entry.action,
              trigger_id: entry.trigger_id,
              trigger_name: entry.trigger_name,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return toEntry(row);
        },
        (stored) => ({
          type: EventTypes.auditLogged,
          aggregateType: 'auditLog',
          aggregateId: stored.id,
          payload: { entry: stored },
        }),
      ).catch(conflictOn(`An audit log entry with id ${entry.id} already exists.`));
    },
    async list(filter = {}) {
      let query = db
        .selectFrom('logs')
        .selectAll()
        .orderBy('created_date', 'desc')
        .orderBy('id', 'desc')
        .limit(Math.max(0, filter.limit ?? DEFAULT_AUDIT_LOG_LIMIT));
      if (filter.document !== undefined) query = query.where('document', '=', filter.document);
      if (filter.event !== undefined) query = query.where('event', '=', filter.event);
      if (filter.createdBy !== undefined) query = query.where('created_by', '=', filter.createdBy);
      if (filter.triggerId !== undefined) query = query.where('trigger_id', '=', filter.triggerId);
      if (filter.before !== undefined) query = query.where('created_date', '<', new Date(filter.before));
      if (filter.after !== undefined) query = query.where(afterKey('created_date', 'id', filter.after));
      const rows = await query.execute();
      return rows.map(toEntry);
    },
  };
}

function toEntry(row: Selectable<LogsTable>): AuditLogEntry {
  return AuditLogEntry.parse({
    id: row.id,
    created_by: row.created_by,
    created_date: iso(row.created_date),
    document: row.document,
    event: row.event,
    action: row.action,
    trigger_id: row.trigger_id,
    trigger_name: row.trigger_name,
  });
}
