import type {
  AggregateQuery,
  AggregateQuerySnapshot,
  AggregateSpec,
  CollectionReference,
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  Query,
  QuerySnapshot,
} from 'firebase-admin/firestore';
import type { PendingEvent } from '@causeway/core/events/domain-event';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import { runFirestoreUnit, type FirestoreUnit } from './firestore-unit';

export { OUTBOX_COLLECTION, type FirestoreUnit } from './firestore-unit';

/**
 * What every Firestore repository is built with. Inside a unit of work `unit` is its transaction: every
 * repository reads through it and leaves its writes there, committed at once at the end; outside, each
 * change runs in a transaction of its own.
 */
export interface FirestoreContext {
  firestore: Firestore;
  clock: Clock;
  ids: IdGenerator;
  unit?: FirestoreUnit;
}

/** Runs `work` in the context's unit of work, or in a transaction of its own outside one. */
export function inUnit<T>(context: FirestoreContext, work: (unit: FirestoreUnit) => Promise<T>): Promise<T> {
  return context.unit ? work(context.unit) : runFirestoreUnit(context, work);
}

/** Reads a document or a query: through the unit of work inside one (seeing its own writes), else directly. */
export function readIn(context: FirestoreContext, target: DocumentReference): Promise<DocumentSnapshot>;
export function readIn(context: FirestoreContext, target: Query): Promise<QuerySnapshot>;
export function readIn<T extends AggregateSpec>(
  context: FirestoreContext,
  target: AggregateQuery<T>,
): Promise<AggregateQuerySnapshot<T>>;
export function readIn(
  context: FirestoreContext,
  target: DocumentReference | Query | AggregateQuery<AggregateSpec>,
): Promise<unknown> {
  const { unit } = context;
  if (unit) return unit.get(target as DocumentReference);
  return (target as { get(): Promise<unknown> }).get();
}

/**
 * Writes a change and its event in one commit. `write` leaves the document writes with the unit and
 * answers the result; the event describes it.
 */
export async function changeWithFirestoreEvent<T>(
  context: FirestoreContext,
  write: (unit: FirestoreUnit) => T | Promise<T>,
  event: (result: T) => PendingEvent | null,
): Promise<T> {
  return inUnit(context, async (unit) => {
    const result = await write(unit);
    const pending = event(result);
    if (pending) unit.addEvent(pending);
    return result;
  });
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
  write: (unit: FirestoreUnit, document: DocumentReference) => void,
  event: (value: T) => PendingEvent,
  reread: () => Promise<T | null>,
): Promise<T> {
  await changeWithFirestoreEvent(
    context,
    (unit) => {
      write(unit, document);
      return expected;
    },
    event,
  );
  return context.unit ? expected : ((await reread()) ?? expected);
}

/** `commitDocument` for the documents of one collection, read back by id with `find`. */
export const documentCommitter =
  <T>(context: FirestoreContext, collection: () => CollectionReference, find: (id: string) => Promise<T | null>) =>
  (
    id: string,
    expected: T,
    write: (unit: FirestoreUnit, document: DocumentReference) => void,
    event: (value: T) => PendingEvent,
  ): Promise<T> =>
    commitDocument(context, collection().doc(id), expected, write, event, () => find(id));

/** Marks a document deleted, keeping it, with its event; false when there is none. */
export async function softDeleteDocument(
  context: FirestoreContext,
  document: DocumentReference,
  event: () => PendingEvent,
): Promise<boolean> {
  return inUnit(context, async (unit) => {
    if (!(await unit.get(document)).exists) return false;
    unit.update(document, { isDeleted: true });
    unit.addEvent(event());
    return true;
  });
}

/** gRPC ALREADY_EXISTS, as a commit's create answers for a taken document id. */
export const isAlreadyExists = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 6;

/**
 * Creates a document with its event, throwing `taken()` when its id is in use. The read refuses a taken
 * id before a unit of work commits; `write` (by default `create`, not set) fails the commit should the
 * id be taken in the meantime.
 */
export async function createDocument<T extends DocumentData>(...args: Parameters<typeof createUnread<T>>): Promise<T> {
  const [context, document, , , taken] = args;
  if ((await readIn(context, document)).exists) throw taken();
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
  write: (unit: FirestoreUnit, document: DocumentReference) => void = (unit) => unit.create(document, value),
): Promise<T> {
  try {
    return await changeWithFirestoreEvent(
      context,
      (unit) => {
        write(unit, document);
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
