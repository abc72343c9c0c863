import { Timestamp, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { AuditLogEntry } from '../../core/audit/audit-log.entity';
import { EventTypes } from '../../core/events/domain-event';
import { DEFAULT_AUDIT_LOG_LIMIT, type AuditLogRepository } from '../../core/ports/audit-log.repository';
import { conflict } from '../../core/shared/errors';
import { createDocument, type FirestoreContext } from './firestore-context';

const utc = (value: string): string => new Date(value).toISOString();
/** Documents written by the original product hold Firestore Timestamps where we write ISO strings. */
const instant = (value: unknown): unknown => (value instanceof Timestamp ? value.toDate().toISOString() : value);

/** `logs` collection; the document id is the entry's id. */
export function createFirestoreAuditLogRepository(context: FirestoreContext): AuditLogRepository {
  const collection = () => context.firestore.collection('logs');
  return {
    async append(input) {
      const parsed = AuditLogEntry.parse(input);
      const entry: AuditLogEntry = { ...parsed, created_date: utc(parsed.created_date) };
      return createDocument(
        context,
        collection().doc(entry.id),
        entry,
        (stored) => ({
          type: EventTypes.auditLogged,
          aggregateType: 'auditLog',
          aggregateId: stored.id,
          payload: { entry: stored },
        }),
        () => conflict(`An audit log entry with id ${entry.id} already exists.`),
      );
    },
    async list(filter = {}) {
      const limit = filter.limit ?? DEFAULT_AUDIT_LOG_LIMIT;
      if (limit <= 0) return [];
      let query: Query = collection();
      if (filter.document !== undefined) query = query.where('document', '==', filter.document);
      if (filter.event !== undefined) query = query.where('event', '==', filter.event);
      if (filter.createdBy !== undefined) query = query.where('created_by', '==', filter.createdBy);
      if (filter.triggerId !== undefined) query = query.where('trigger_id', '==', filter.triggerId);
      if (filter.before !== undefined) query = query.where('created_date', '<', utc(filter.before));
      // No order on an id field: the original's entries have none. Ties come in document id order.
      const snapshot = await query.orderBy('created_date', 'desc').limit(limit).get();
      return snapshot.docs.map(fromSnapshot);
    },
  };
}

function fromSnapshot(snapshot: QueryDocumentSnapshot): AuditLogEntry {
  const data = snapshot.data();
  return AuditLogEntry.parse({ ...data, id: snapshot.id, created_date: instant(data.created_date) });
}
