import type {
  CollectionReference,
  DocumentData,
  DocumentReference,
  Firestore,
  WriteBatch,
} from 'firebase-admin/firestore';
import type { PendingEvent } from '../../core/events/domain-event';
import type { Clock } from '../../core/ports/clock.port';
import type { IdGenerator } from '../../core/ports/id-generator.port';

/** The collection the outbox lives in (ours; not one of the original product's collections). */
export const OUTBOX_COLLECTION = 'outbox';

/**
 * What every Firestore repository is built with. Inside a unit of work `batch` collects the writes of
 * every repository and commits them at once; outside, each change commits its own batch.
 */
export interface FirestoreContext {
  firestore: Firestore;
  clock: Clock;
  ids: IdGenerator;
  batch?: WriteBatch;
  /** Outbox positions must grow; Firestore has no sequence, so the store hands them out. */
  nextPosition(): number;
}

/**
 * Writes a change and its event in one batch. `write` adds the document writes to the batch and
 * answers the result; the event describes it.
 */
export async function changeWithFirestoreEvent<T>(
  context: FirestoreContext,
  write: (batch: WriteBatch) => T | Promise<T>,
  event: (result: T) => PendingEvent | null,
): Promise<T> {
  const batch = context.batch ?? context.firestore.batch();
  const result = await write(batch);
  const pending = event(result);
  if (pending) {
    const { ref, data } = outboxDocument(context, pending);
    batch.set(ref, data);
  }
  if (!context.batch) await batch.commit();
  return result;
}

/** The outbox document of an event, for a batch or a transaction to write with its change. */
export function outboxDocument(
  context: FirestoreContext,
  pending: PendingEvent,
): { ref: DocumentReference; data: DocumentData } {
  const id = context.ids.newId();
  return {
    ref: context.firestore.collection(OUTBOX_COLLECTION).doc(id),
    data: {
      id,
      position: context.nextPosition(),
      type: pending.type,
      aggregateType: pending.aggregateType,
      aggregateId: pending.aggregateId,
      occurredAt: context.clock.now().toISOString(),
      payload: JSON.parse(JSON.stringify(pending.payload)) as Record<string, unknown>,
      publishedAt: null,
      // Pending events are found by this flag: a boolean equality is cheaper to index than a null test.
      published: false,
    },
  };
}

/** Firestore refuses `undefined` values: drop them so a patch only writes what it supplies. */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Writes one document's change with its event. Outside a unit of work it answers the stored document
 * as read back (others' concurrent changes included); inside one, the expected value.
 */
export async function commitDocument<T>(
  context: FirestoreContext,
  document: DocumentReference,
  expected: T,
  write: (batch: WriteBatch, document: DocumentReference) => void,
  event: (value: T) => PendingEvent,
  reread: () => Promise<T | null>,
): Promise<T> {
  await changeWithFirestoreEvent(
    context,
    (batch) => {
      write(batch, document);
      return expected;
    },
    event,
  );
  return context.batch ? expected : ((await reread()) ?? expected);
}

/** `commitDocument` for the documents of one collection, read back by id with `find`. */
export const documentCommitter =
  <T>(context: FirestoreContext, collection: () => CollectionReference, find: (id: string) => Promise<T | null>) =>
  (
    id: string,
    expected: T,
    write: (batch: WriteBatch, document: DocumentReference) => void,
    event: (value: T) => PendingEvent,
  ): Promise<T> =>
    commitDocument(context, collection().doc(id), expected, write, event, () => find(id));

/** Marks a document deleted, keeping it, with its event; false when there is none. */
export async function softDeleteDocument(
  context: FirestoreContext,
  document: DocumentReference,
  event: () => PendingEvent,
): Promise<boolean> {
  if (!(await document.get()).exists) return false;
  return changeWithFirestoreEvent(
    context,
    (batch) => {
      batch.update(document, { isDeleted: true });
      return true;
    },
    event,
  );
}

/** gRPC ALREADY_EXISTS, as a batch's create answers for a taken document id. */
export const isAlreadyExists = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 6;

/**
 * Creates a document with its event, throwing `taken()` when its id is in use. The read refuses a taken
 * id before a unit of work commits; `write` (by default `create`, not set) fails the commit should the
 * id be taken in the meantime.
 */
export async function createDocument<T extends DocumentData>(...args: Parameters<typeof createUnread<T>>): Promise<T> {
  const [, document, , , taken] = args;
  if ((await document.get()).exists) throw taken();
  return createUnread(...args);
}

/**
 * As `createDocument` without the read: a taken id is refused by the commit only, so inside a unit of
 * work it fails the unit's commit instead of this call.
 */
export async function createUnread<T extends DocumentData>(
  context: FirestoreContext,
  document: DocumentReference,
  value: T,
  event: (created: T) => PendingEvent,
  taken: () => Error,
  write: (batch: WriteBatch, document: DocumentReference) => void = (batch) => batch.create(document, value),
): Promise<T> {
  try {
    return await changeWithFirestoreEvent(
      context,
      (batch) => {
        write(batch, document);
        return value;
      },
      event,
    );
  } catch (error) {
    if (isAlreadyExists(error)) throw taken();
    throw error;
  }
}

/** Stored times may be ISO strings, Firestore Timestamps or epoch milliseconds. */
export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number') return new Date(value).toISOString();
  if (typeof value === 'object' && value !== null && typeof (value as { toDate?: unknown }).toDate === 'function') {
    return (value as { toDate(): Date }).toDate().toISOString();
  }
  throw new Error(`Not a time: ${String(value)}`);
}
