import { Timestamp, type CollectionReference, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { EmailRecord, ErrorEmailRecord } from '@causeway/core/email/email-record.entity';
import { EventTypes } from '@causeway/core/events/domain-event';
import type { EmailLogRepository } from '@causeway/core/ports/email-log.repository';
import { conflict } from '@causeway/core/shared/errors';
import { createDocument, type FirestoreContext, readIn } from './firestore-context';

const utc = (value: string): string => new Date(value).toISOString();
/** Documents written by the original product hold Firestore Timestamps where we write ISO strings. */
const instant = (value: unknown): unknown => (value instanceof Timestamp ? value.toDate().toISOString() : value);

/** `emails` (sent) and `errorEmails` (failed) collections; the document id is the record's id. */
export function createFirestoreEmailLogRepository(context: FirestoreContext): EmailLogRepository {
  const sent = () => context.firestore.collection('emails');
  const failures = () => context.firestore.collection('errorEmails');

  /** Creates the document and its event; a taken id is a conflict. */
  const record = async <T extends { id: string }>(
    collection: CollectionReference,
    value: T,
    type: typeof EventTypes.emailSent | typeof EventTypes.emailFailed,
  ): Promise<T> =>
    createDocument(
      context,
      collection.doc(value.id),
      value,
      (stored) => ({ type, aggregateType: 'email', aggregateId: stored.id, payload: { email: stored } }),
      () => conflict(`An e-mail record with id ${value.id} already exists.`),
    );

  const newestFirst = async (query: Query, limit: number | undefined) => {
    if (limit !== undefined && limit <= 0) return [];
    let ordered = query.orderBy('createdAt', 'desc').orderBy('id', 'desc');
    if (limit !== undefined) ordered = ordered.limit(limit);
    return (await readIn(context, ordered)).docs.map(withInstants);
  };

  return {
    recordSent(input) {
      const parsed = EmailRecord.parse(input);
      return record(
        sent(),
        { ...parsed, to: parsed.to.toLowerCase(), createdAt: utc(parsed.createdAt) },
        EventTypes.emailSent,
      );
    },
    recordFailure(input) {
      const parsed = ErrorEmailRecord.parse(input);
      return record(
        failures(),
        { ...parsed, to: parsed.to.toLowerCase(), createdAt: utc(parsed.createdAt) },
        EventTypes.emailFailed,
      );
    },
    async listSent(options = {}) {
      const query = options.to === undefined ? sent() : sent().where('to', '==', options.to.toLowerCase());
      return (await newestFirst(query, options.limit)).map((data) => EmailRecord.parse(data));
    },
    async listFailures(options = {}) {
      return (await newestFirst(failures(), options.limit)).map((data) => ErrorEmailRecord.parse(data));
    },
  };
}

function withInstants(snapshot: QueryDocumentSnapshot): Record<string, unknown> {
  const data = snapshot.data();
  return { ...data, id: snapshot.id, createdAt: instant(data.createdAt) };
}
