import type { PendingEvent, StoredDomainEvent } from '@causeway/core/events/domain-event';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';

/** All data of the in-memory store: named tables of records, and the outbox. */
export class MemoryState {
  private readonly tables = new Map<string, Map<string, unknown>>();
  outbox: StoredDomainEvent[] = [];
  nextPosition = 1;

  table<T>(name: string): Map<string, T> {
    let table = this.tables.get(name);
    if (!table) {
      table = new Map();
      this.tables.set(name, table);
    }
    return table as Map<string, T>;
  }

  /** A deep copy: a unit of work writes to a copy and swaps it in on success. */
  clone(): MemoryState {
    const copy = new MemoryState();
    for (const [name, table] of this.tables) copy.tables.set(name, structuredClone(table));
    copy.outbox = structuredClone(this.outbox);
    copy.nextPosition = this.nextPosition;
    return copy;
  }
}

/** What every memory repository is built with. */
export interface MemoryContext {
  /** The state to read and write (inside a unit of work, its private copy). */
  state(): MemoryState;
  clock: Clock;
  ids: IdGenerator;
  /**
   * Runs a change exclusively: waits for a unit of work in progress so its commit cannot
   * overwrite the change. Inside a unit of work it runs at once.
   */
  exclusive<T>(change: () => T | Promise<T>): Promise<T>;
}

export function appendMemoryEvent(context: MemoryContext, event: PendingEvent): void {
  const state = context.state();
  state.outbox.push({
    id: context.ids.newId(),
    position: state.nextPosition++,
    type: event.type,
    aggregateType: event.aggregateType,
    aggregateId: event.aggregateId,
    occurredAt: context.clock.now().toISOString(),
    payload: structuredClone(event.payload),
    publishedAt: null,
  });
}

/** Applies a change and writes its event, as one step no reader can see half of. */
export function changeWithMemoryEvent<T>(
  context: MemoryContext,
  change: () => T | Promise<T>,
  event: (result: T) => PendingEvent | null,
): Promise<T> {
  return context.exclusive(async () => {
    const result = await change();
    const pending = event(result);
    if (pending) appendMemoryEvent(context, pending);
    return result;
  });
}

/** Records leave the store as copies, so callers can never change stored state by mutation. */
export const copy = <T>(value: T): T => structuredClone(value);

export const byNewest =
  <T>(key: (item: T) => string) =>
  (a: T, b: T): number =>
    key(b).localeCompare(key(a));

/** Stores a record under a key not yet taken and answers a copy; `taken()` is thrown for a key in use. */
export function insertRecord<T>(table: Map<string, T>, key: string, record: T, taken: () => Error): T {
  if (table.has(key)) throw taken();
  table.set(key, record);
  return copy(record);
}

/**
 * Replaces a stored record with `change(record)`, put in `stored` form, and answers a copy; null when
 * there is none.
 */
export function replaceRecord<T>(
  table: Map<string, T>,
  key: string,
  change: (record: T) => T,
  stored: (record: T) => T,
): T | null {
  const existing = table.get(key);
  if (!existing) return null;
  const changed = stored(change(copy(existing)));
  table.set(key, changed);
  return copy(changed);
}

/**
 * Newest first, ties by id descending, both compared by code unit as the other stores sort them
 * (`localeCompare` would order some ids differently).
 */
export const newestFirstByCodeUnit =
  <T>(time: (item: T) => string, id: (item: T) => string) =>
  (a: T, b: T): number =>
    descending(time(a), time(b)) || descending(id(a), id(b));

const descending = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);
