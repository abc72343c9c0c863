import type { DocumentReference, Firestore, WriteBatch } from 'firebase-admin/firestore';
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
    const id = context.ids.newId();
    batch.set(context.firestore.collection(OUTBOX_COLLECTION).doc(id), {
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
    });
  }
  if (!context.batch) await batch.commit();
  return result;
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
