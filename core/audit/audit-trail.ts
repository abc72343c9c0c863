import type { Actor } from '../auth/authorization';
import type { AuditLogRepository } from '../ports/audit-log.repository';
import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { AuditLogEntry } from './audit-log.entity';

/** What an admin or workflow action did, for the `logs` collection. */
export interface AuditedAction {
  /** The collection touched, e.g. "organizations". */
  document: string;
  /** What happened, e.g. "create", "update", "delete", "restore", "invite". */
  event: string;
  /** A sentence an admin reads in the audit log, e.g. "Updated organization Harbor Light". */
  action: string;
  /** The record acted upon and its display name. */
  triggerId?: string | null;
  triggerName?: string | null;
}

export type AuditTrail = ReturnType<typeof auditTrail>;

/**
 * Writes audit entries. Call it with the repository of the unit of work that makes the change, so
 * the entry is kept exactly when the change is.
 */
export function auditTrail({ clock, ids }: { clock: Clock; ids: IdGenerator }) {
  return {
    record(logs: Pick<AuditLogRepository, 'append'>, actor: Pick<Actor, 'uid'>, action: AuditedAction) {
      const entry: AuditLogEntry = {
        id: ids.newId(),
        created_by: actor.uid,
        created_date: clock.now().toISOString(),
        document: action.document,
        event: action.event,
        action: action.action,
        trigger_id: action.triggerId ?? null,
        trigger_name: action.triggerName ?? null,
      };
      return logs.append(entry);
    },
  };
}
