import { Timestamp, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { pagedQuery } from './paging';
import { AuditLogEntry } from '@causeway/core/audit/audit-log.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import { DEFAULT_AUDIT_LOG_LIMIT, type AuditLogRepository } from '@causeway/core/ports/audit-log.repository';
import { conflict } from '@causeway/core/shared/errors';
import { createDocument, type FirestoreContext, readIn } from './firestore-context';

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
      // Ties by document id: the original's entries have no id field.
      const snapshot = await readIn(
        context,
        pagedQuery(query, 'created_date', { limit, ...(filter.after ? { after: filter.after } : {}) }),
      );
      return snapshot.docs.map(fromSnapshot);
    },
  };
}

function fromSnapshot(snapshot: QueryDocumentSnapshot): AuditLogEntry {
  const data = snapshot.data();
  return AuditLogEntry.parse({ ...data, id: snapshot.id, created_date: instant(data.created_date) });
}
