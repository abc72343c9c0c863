import type { StoredDomainEvent } from '../events/domain-event';
import type { MirrorFacts, MirrorKeys, MirrorKind } from '../reporting/mirror.entity';

/**
 * The operational store as the reporting mirror reads it (Postgres or Firestore): the current state of
 * the records outbox events name, and every record of a kind for a rebuild.
 */
export interface ReportingSource {
  /** The records of these keys as they are now; a key the store no longer holds is left out. */
  read(keys: MirrorKeys): Promise<MirrorFacts>;
  /** Every record of a kind, a page at a time in a stable order; `cursor` null starts, and ends. */
  scan<K extends MirrorKind>(
    kind: K,
    cursor: string | null,
    limit: number,
  ): Promise<{ items: MirrorFacts[K]; cursor: string | null }>;
}

/** The right to apply the next batch, held by one instance at a time until it expires. */
export interface MirrorLease {
  holder: string;
  token: string;
  until: string;
}

/** A batch for the mirror: the events read, and the records they name as the store holds them now. */
export interface MirrorBatch {
  events: Pick<StoredDomainEvent, 'id' | 'position' | 'occurredAt'>[];
  /** The records to write. */
  facts: MirrorFacts;
  /** The keys named and no longer in the store: removed from the mirror. */
  gone: MirrorKeys;
}

export interface MirrorStatus {
  lastEvent: { id: string; position: number; occurredAt: string; appliedAt: string } | null;
  eventsApplied: number;
  lastRebuildAt: string | null;
}

/** The mirror's write side (the projector and the rebuild). */
export interface ReportingMirror {
  /** Takes the lease when it is free or expired (or already this holder's); null when another holds it. */
  claim(holder: string, leaseMs: number, now: Date): Promise<MirrorLease | null>;
  release(lease: MirrorLease): Promise<void>;
  /** The ids among these that were applied before. */
  applied(eventIds: string[]): Promise<Set<string>>;
  /**
   * Writes a batch in one transaction under the lease (refused when the lease was lost): the records,
   * the rollups of every key they touch, the events as applied and the checkpoint. Answers how many
   * events were new.
   */
  apply(lease: MirrorLease, batch: MirrorBatch, now: Date): Promise<{ applied: number }>;
  /** Empties every fact, rollup and checkpoint (under the lease), for a rebuild. */
  clear(lease: MirrorLease): Promise<void>;
  /** Writes records read by a rebuild (no events); rollups are made by `finishRebuild`. */
  load(lease: MirrorLease, facts: Partial<MirrorFacts>): Promise<void>;
  /** Recomputes every rollup from the facts and notes the rebuild's time. */
  finishRebuild(lease: MirrorLease, now: Date): Promise<void>;
  /** Forgets applied event ids older than this (their outbox rows are long pruned). */
  forgetAppliedBefore(at: string): Promise<number>;
  status(): Promise<MirrorStatus>;
}
