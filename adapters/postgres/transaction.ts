import type { Kysely, Transaction } from 'kysely';
import type { PendingEvent } from '@causeway/core/events/domain-event';
import type { Clock } from '@causeway/core/ports/clock.port';
import { conflict } from '@causeway/core/shared/errors';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import type { Database } from './database';

export type { PendingEvent };

export type Executor = Kysely<Database> | Transaction<Database>;

/** What every Postgres repository is built with. `db` is a transaction inside a unit of work. */
export interface PgContext {
  db: Executor;
  clock: Clock;
  ids: IdGenerator;
}

/** Runs `work` in the surrounding transaction, or in a new one. */
export function inTransaction<T>(db: Executor, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  return db.transaction().execute(work);
}

/** Writes a domain event to the outbox; call it inside the transaction of the change it describes. */
export async function appendEvent(context: PgContext, trx: Executor, event: PendingEvent): Promise<void> {
  await trx
    .insertInto('outbox')
    .values({
      id: context.ids.newId(),
      type: event.type,
      aggregate_type: event.aggregateType,
      aggregate_id: event.aggregateId,
      occurred_at: context.clock.now().toISOString(),
      payload: JSON.stringify(event.payload),
    })
    .execute();
}

/** Writes several domain events to the outbox in one statement, in their order; inside their changes' transaction. */
export async function appendEvents(context: PgContext, trx: Executor, events: PendingEvent[]): Promise<void> {
  if (events.length === 0) return;
  const at = context.clock.now().toISOString();
  await trx
    .insertInto('outbox')
    .values(
      events.map((event) => ({
        id: context.ids.newId(),
        type: event.type,
        aggregate_type: event.aggregateType,
        aggregate_id: event.aggregateId,
        occurred_at: at,
        payload: JSON.stringify(event.payload),
      })),
    )
    .execute();
}

/** Runs a change and writes its event in one transaction. */
export function changeWithEvent<T>(
  context: PgContext,
  change: (trx: Transaction<Database>) => Promise<T>,
  event: (result: T) => PendingEvent | null,
): Promise<T> {
  return inTransaction(context.db, async (trx) => {
    const result = await change(trx);
    const pending = event(result);
    if (pending) await appendEvent(context, trx, pending);
    return result;
  });
}

export const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/** Postgres unique_violation. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** A taken key is the caller's conflict, as the other stores report it: for a promise's `catch`. */
export const conflictOn =
  (message: string) =>
  (error: unknown): never => {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  };
