import {
  DocumentReference,
  FieldValue,
  Timestamp,
  type AggregateQuery,
  type AggregateQuerySnapshot,
  type AggregateSpec,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type Precondition,
  type Query,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
  type SetOptions,
  type Transaction,
} from 'firebase-admin/firestore';
import type { PendingEvent } from '@causeway/core/events/domain-event';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';

/** The collection the outbox lives in (ours; not one of the original product's collections). */
export const OUTBOX_COLLECTION = 'outbox';
/**
 * The document that hands out outbox positions (ours). Events are written unnumbered with their change,
 * so no two changes wait on each other for a number; the outbox numbers them, in the order of their
 * commits, before it reads them (see `sequenceOutbox`). Positions grow across every instance, with no
 * clock of any process involved.
 */
export const OUTBOX_SEQUENCE_DOCUMENT = 'outboxSequence/position';

/** How often a transaction that lost a race to another is tried again before its error is answered. */
export const TRANSACTION_ATTEMPTS = 10;

/**
 * How long a unit of work waits for another unit of this process to finish with a document it wants
 * to read, before it reads it anyway (two units waiting on each other's documents) and leaves the race
 * to Firestore.
 */
export const DOCUMENT_TURN_WAIT_MS = 3_000;

/** Firestore's most writes in one commit. */
export const MAX_WRITES_PER_COMMIT = 500;

type State = { exists: boolean; data: Record<string, unknown> };

type Write =
  | { kind: 'set'; ref: DocumentReference; data: DocumentData; options?: SetOptions }
  | { kind: 'create'; ref: DocumentReference; data: DocumentData }
  | { kind: 'update'; ref: DocumentReference; data: DocumentData; precondition?: Precondition }
  | { kind: 'delete'; ref: DocumentReference; precondition?: Precondition };

/**
 * One Firestore transaction seen as a unit of work, with the shape of a Transaction: `get` reads through
 * the transaction (isolated: Firestore locks what it read until the commit), and sees this unit's own
 * writes; `set`, `create`, `update` and `delete` are kept in order and written at `commit`, together
 * with the unit's events, which take their outbox positions there. Firestore wants every read of a
 * transaction before its first write, which keeping the writes to the end allows.
 *
 * A query sees this unit's changes to the documents it finds (and not its deleted ones), but not the
 * documents this unit created: no unit of work queries for what it has just created.
 */
export class FirestoreUnit {
  private readonly writes: Write[] = [];
  private readonly events: { ref: DocumentReference; data: DocumentData }[] = [];
  /** Documents as the transaction read them, by path. */
  private readonly read = new Map<string, DocumentSnapshot>();

  constructor(
    private readonly firestore: Firestore,
    private readonly transaction: Transaction,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly turn: DocumentTurn,
  ) {}

  get(document: DocumentReference): Promise<DocumentSnapshot>;
  get(query: Query): Promise<QuerySnapshot>;
  get<T extends AggregateSpec>(query: AggregateQuery<T>): Promise<AggregateQuerySnapshot<T>>;
  async get(target: DocumentReference | Query | AggregateQuery<AggregateSpec>): Promise<unknown> {
    if (target instanceof DocumentReference) return this.document(target);
    // firebase-admin exports no AggregateQuery class to test against; a Query is the one with `where`.
    if (typeof (target as Partial<Query>).where !== 'function') {
      return this.transaction.get(target as AggregateQuery<AggregateSpec>);
    }
    const snapshot = await this.transaction.get(target as Query);
    const docs: QueryDocumentSnapshot[] = [];
    for (const doc of snapshot.docs) {
      if (!this.read.has(doc.ref.path)) this.read.set(doc.ref.path, doc);
      if (!this.touched(doc.ref)) {
        docs.push(doc);
        continue;
      }
      const state = this.stateOf(doc.ref, doc);
      if (state.exists) docs.push(overlaySnapshot(doc.ref, state, doc) as QueryDocumentSnapshot);
    }
    return {
      docs,
      empty: docs.length === 0,
      size: docs.length,
      query: snapshot.query,
      readTime: snapshot.readTime,
      forEach: (callback: (doc: QueryDocumentSnapshot) => void) => docs.forEach(callback),
      docChanges: () => [],
      isEqual: () => false,
    } as unknown as QuerySnapshot;
  }

  set(ref: DocumentReference, data: DocumentData, options?: SetOptions): this {
    this.writes.push({ kind: 'set', ref, data, ...(options ? { options } : {}) });
    return this;
  }

  create(ref: DocumentReference, data: DocumentData): this {
    this.writes.push({ kind: 'create', ref, data });
    return this;
  }

  update(ref: DocumentReference, data: DocumentData, precondition?: Precondition): this {
    this.writes.push({ kind: 'update', ref, data, ...(precondition ? { precondition } : {}) });
    return this;
  }

  delete(ref: DocumentReference, precondition?: Precondition): this {
    this.writes.push({ kind: 'delete', ref, ...(precondition ? { precondition } : {}) });
    return this;
  }

  /** An event written with this unit's changes, numbered later in the order of the commits. */
  addEvent(pending: PendingEvent): void {
    const id = this.ids.newId();
    this.events.push({
      ref: this.firestore.collection(OUTBOX_COLLECTION).doc(id),
      data: {
        id,
        position: null,
        sequenced: false,
        // The event's place among its commit's events.
        order: this.events.length,
        type: pending.type,
        aggregateType: pending.aggregateType,
        aggregateId: pending.aggregateId,
        occurredAt: this.clock.now().toISOString(),
        payload: JSON.parse(JSON.stringify(pending.payload)) as Record<string, unknown>,
        publishedAt: null,
        // Pending events are found by this flag: a boolean equality is cheaper to index than a null test.
        published: false,
      },
    });
  }

  /** Hands the writes to the transaction, with the unit's events. */
  async commit(): Promise<void> {
    const writes: Write[] = [
      ...this.writes,
      ...this.events.map((event): Write => ({ kind: 'create', ref: event.ref, data: event.data })),
    ];
    if (writes.length > MAX_WRITES_PER_COMMIT) {
      throw new Error(
        `A unit of work wrote ${writes.length} documents; Firestore commits at most ${MAX_WRITES_PER_COMMIT} at once.`,
      );
    }
    for (const write of writes) {
      if (write.kind === 'set') {
        if (write.options) this.transaction.set(write.ref, write.data, write.options);
        else this.transaction.set(write.ref, write.data);
      } else if (write.kind === 'create') {
        this.transaction.create(write.ref, write.data);
      } else if (write.kind === 'update') {
        const precondition = this.needed(write.ref, write.precondition);
        if (precondition) this.transaction.update(write.ref, write.data, precondition);
        else this.transaction.update(write.ref, write.data);
      } else {
        const precondition = this.needed(write.ref, write.precondition);
        if (precondition) this.transaction.delete(write.ref, precondition);
        else this.transaction.delete(write.ref);
      }
    }
  }

  /**
   * A write's precondition, less an update time this unit read itself: the transaction holds what it
   * read until the commit, and an earlier write of this unit to the same document would change its time.
   */
  private needed(ref: DocumentReference, precondition: Precondition | undefined): Precondition | undefined {
    if (!precondition?.lastUpdateTime) return precondition;
    const seen = this.read.get(ref.path)?.updateTime;
    if (seen && seen.isEqual(precondition.lastUpdateTime)) {
      return precondition.exists === undefined ? undefined : { exists: precondition.exists };
    }
    return precondition;
  }

  /** Whether this unit writes the document at its commit (a read of it then answers from the unit). */
  wrote(ref: DocumentReference): boolean {
    return this.touched(ref);
  }

  private touched(ref: DocumentReference): boolean {
    return this.writes.some((write) => write.ref.path === ref.path);
  }

  private async document(ref: DocumentReference): Promise<DocumentSnapshot> {
    const ownWrites = this.writes.filter((write) => write.ref.path === ref.path);
    const [first] = ownWrites;
    // A document this unit wrote as a whole first needs no read.
    const whole =
      first && (first.kind === 'create' || first.kind === 'delete' || (first.kind === 'set' && !first.options));
    let base = this.read.get(ref.path);
    if (!base && !whole) {
      await this.turn.take(ref.path);
      base = await this.transaction.get(ref);
      this.read.set(ref.path, base);
    }
    if (ownWrites.length === 0) return base!;
    return overlaySnapshot(ref, this.stateOf(ref, base), base);
  }

  private stateOf(ref: DocumentReference, base: DocumentSnapshot | undefined): State {
    let state: State = { exists: base?.exists ?? false, data: (base?.data() as Record<string, unknown>) ?? {} };
    for (const write of this.writes) if (write.ref.path === ref.path) state = applyWrite(state, write);
    return state;
  }
}

/**
 * Runs `work` in a Firestore transaction as a unit of work, tried again (from the start) when it lost a
 * race to another transaction.
 */
export function runFirestoreUnit<T>(
  deps: { firestore: Firestore; clock: Clock; ids: IdGenerator },
  work: (unit: FirestoreUnit) => Promise<T>,
): Promise<T> {
  // Firestore makes a transaction that lost a race wait a second or more before its next try; units of
  // this process that read the same document take turns instead, so a burst on one document is served
  // one commit after another.
  const turn = new DocumentTurn(turnsOf(deps.firestore));
  return deps.firestore
    .runTransaction(
      async (transaction) => {
        const unit = new FirestoreUnit(deps.firestore, transaction, deps.clock, deps.ids, turn);
        const result = await work(unit);
        await unit.commit();
        return result;
      },
      { maxAttempts: TRANSACTION_ATTEMPTS },
    )
    .finally(() => turn.release());
}

/** The documents units of work of this process are reading, each with its unit's turn. */
class DocumentTurns {
  readonly held = new Map<string, { owner: DocumentTurn; done: Promise<void> }>();
}

const turnsByFirestore = new WeakMap<Firestore, DocumentTurns>();
const turnsOf = (firestore: Firestore): DocumentTurns => {
  let turns = turnsByFirestore.get(firestore);
  if (!turns) turnsByFirestore.set(firestore, (turns = new DocumentTurns()));
  return turns;
};

/**
 * One unit of work's hold on the documents it read, over all of its tries, until it has committed.
 * Queries take no turn, yet Firestore holds what they matched: a unit that queries and then waits for a
 * turn may hold what the turn's holder needs to commit, and both wait until the wait runs out. So a use
 * case whose units contend on one document reads that document before it queries.
 */
class DocumentTurn {
  private readonly paths: string[] = [];
  private finish: () => void = () => {};
  private readonly done = new Promise<void>((resolve) => (this.finish = resolve));

  constructor(private readonly turns: DocumentTurns) {}

  /** Waits until no other unit of this process holds `path` (or the wait ran out), then holds it. */
  async take(path: string): Promise<void> {
    for (;;) {
      const current = this.turns.held.get(path);
      if (!current) {
        this.turns.held.set(path, { owner: this, done: this.done });
        this.paths.push(path);
        return;
      }
      if (current.owner === this) return;
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        current.done.then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DOCUMENT_TURN_WAIT_MS))),
      ]);
      clearTimeout(timer);
      if (!waited) return;
    }
  }

  release(): void {
    for (const path of this.paths) if (this.turns.held.get(path)?.owner === this) this.turns.held.delete(path);
    this.finish();
  }
}

/**
 * Numbers the outbox's unnumbered events after its highest position, in the order of their commits
 * (commit time, then their place in their commit), in transactions of at most 500 writes. Whoever reads
 * the outbox calls it first: a commit is visible to every read that starts after it, and a later commit
 * has a later time, so no event can turn up later with a time before those already numbered.
 */
export async function sequenceOutbox(firestore: Firestore): Promise<void> {
  const batchSize = MAX_WRITES_PER_COMMIT - 1;
  for (;;) {
    const numbered = await firestore.runTransaction(
      async (transaction) => {
        const sequence = firestore.doc(OUTBOX_SEQUENCE_DOCUMENT);
        const outbox = firestore.collection(OUTBOX_COLLECTION);
        const [current, unnumbered] = await Promise.all([
          transaction.get(sequence),
          transaction.get(outbox.where('sequenced', '==', false).limit(batchSize)),
        ]);
        if (unnumbered.empty) return 0;
        let last = Number(current.get('last') ?? 0);
        if (!current.exists) {
          // Events written before the sequence existed keep their positions; the sequence goes on after them.
          const highest = await transaction.get(outbox.orderBy('position', 'desc').limit(1));
          const position: unknown = highest.docs[0]?.get('position');
          last = typeof position === 'number' ? position : 0;
        }
        const inCommitOrder = [...unnumbered.docs].sort(
          (a, b) =>
            a.createTime.toMillis() - b.createTime.toMillis() ||
            a.createTime.nanoseconds - b.createTime.nanoseconds ||
            Number(a.get('order') ?? 0) - Number(b.get('order') ?? 0) ||
            a.id.localeCompare(b.id),
        );
        for (const doc of inCommitOrder) transaction.update(doc.ref, { position: ++last, sequenced: true });
        transaction.set(sequence, { last });
        return unnumbered.size;
      },
      { maxAttempts: TRANSACTION_ATTEMPTS },
    );
    if (numbered < batchSize) return;
  }
}

/** Writes outside a unit of work that need not be atomic together, in commits of at most 500. */
export async function commitInChunks<T>(
  firestore: Firestore,
  items: readonly T[],
  write: (batch: FirebaseFirestore.WriteBatch, item: T) => void,
): Promise<void> {
  for (let start = 0; start < items.length; start += MAX_WRITES_PER_COMMIT) {
    const batch = firestore.batch();
    for (const item of items.slice(start, start + MAX_WRITES_PER_COMMIT)) write(batch, item);
    await batch.commit();
  }
}

function overlaySnapshot(ref: DocumentReference, state: State, base: DocumentSnapshot | undefined): DocumentSnapshot {
  return {
    exists: state.exists,
    id: ref.id,
    ref,
    createTime: state.exists ? base?.createTime : undefined,
    updateTime: state.exists ? base?.updateTime : undefined,
    readTime: base?.readTime,
    data: () => (state.exists ? (copy(state.data) as DocumentData) : undefined),
    get: (field: string) => (state.exists ? copy(valueAt(state.data, field.split('.'))) : undefined),
    isEqual: () => false,
  } as unknown as DocumentSnapshot;
}

function applyWrite(state: State, write: Write): State {
  if (write.kind === 'delete') return { exists: false, data: {} };
  if (write.kind === 'create' || (write.kind === 'set' && !write.options)) {
    return { exists: true, data: resolved(write.data, undefined) as Record<string, unknown> };
  }
  if (write.kind === 'set') {
    // A merge: nested maps merge field by field.
    return { exists: true, data: merged(state.exists ? state.data : {}, write.data) };
  }
  // An update of a missing document fails the commit; until then the unit sees it missing.
  if (!state.exists) return state;
  const data = copy(state.data) as Record<string, unknown>;
  for (const [field, value] of Object.entries(write.data)) setAt(data, field.split('.'), value);
  return { exists: true, data };
}

function merged(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const data = copy(current) as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    const existing = data[key];
    if (isPlainObject(value) && isPlainObject(existing)) data[key] = merged(existing, value);
    else if (isDelete(value)) delete data[key];
    else data[key] = resolved(value, existing);
  }
  return data;
}

function setAt(data: Record<string, unknown>, path: string[], value: unknown): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    if (isDelete(value)) delete data[head];
    else data[head] = resolved(value, data[head]);
    return;
  }
  const inner = data[head];
  const next: Record<string, unknown> = isPlainObject(inner) ? inner : {};
  data[head] = next;
  setAt(next, rest, value);
}

function valueAt(data: unknown, path: string[]): unknown {
  let value = data;
  for (const key of path) {
    if (!isPlainObject(value)) return undefined;
    value = value[key];
  }
  return value;
}

/** A written value as the commit will store it: the field transforms applied to what was there. */
function resolved(value: unknown, current: unknown): unknown {
  if (value instanceof FieldValue) {
    const transform = value as unknown as { methodName: string; operand?: number; elements?: unknown[] };
    switch (transform.methodName) {
      case 'FieldValue.increment':
        return (typeof current === 'number' ? current : 0) + (transform.operand ?? 0);
      case 'FieldValue.arrayUnion': {
        const list = Array.isArray(current) ? [...current] : [];
        for (const element of transform.elements ?? [])
          if (!list.some((e) => sameValue(e, element))) list.push(element);
        return list;
      }
      case 'FieldValue.arrayRemove':
        return Array.isArray(current)
          ? current.filter((e) => !(transform.elements ?? []).some((removed) => sameValue(e, removed)))
          : [];
      case 'FieldValue.serverTimestamp':
        return Timestamp.now();
      default:
        return undefined;
    }
  }
  if (Array.isArray(value)) return value.map((element) => resolved(element, undefined));
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => !isDelete(inner))
        .map(([key, inner]) => [key, resolved(inner, undefined)]),
    );
  }
  return value;
}

const isDelete = (value: unknown): boolean =>
  value instanceof FieldValue && (value as unknown as { methodName: string }).methodName === 'FieldValue.delete';

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** A deep copy of plain data; Timestamps and other values are shared (they are immutable). */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copy(inner)]));
  return value;
}
