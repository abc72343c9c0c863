import { existsSync, readFileSync, renameSync } from 'node:fs';
import { replaceFile } from './durable-file';

/**
 * State kept in one JSON file: read once at start, written again after changes (debounced), and a
 * last time on close. Each write replaces the file whole and durably (`durable-file.ts`), so a crash
 * mid-write leaves the previous snapshot whole. Used by the embedded DSP sandbox, whose objects must
 * outlive a restart as the database beside them does (the Stripe sandbox keeps a journal on the same
 * writer: `json-journal.ts`).
 */

/** Something whose whole state can be exported as JSON and restored, telling when it changed. */
export interface SnapshotSubject {
  exportState(): unknown;
  /** Throws on a state it cannot read, leaving its own state as it was. */
  restoreState(state: unknown): void;
  /** Registers a listener told after each change; answers a function that removes it. */
  onChange(listener: () => void): () => void;
}

/** The pino-like log the snapshot reports to. */
export interface SnapshotLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export type RestoreOutcome =
  | { kind: 'missing' }
  | { kind: 'restored' }
  /** The file could not be read or restored; it was renamed to `movedTo` (null if even that failed). */
  | { kind: 'setAside'; error: unknown; movedTo: string | null };

/**
 * Restores from the file at `path` with `restore` (which reads it); a file that cannot be read or
 * restored is renamed aside, so the next start begins empty rather than failing again.
 */
export function restoreFile(path: string, restore: () => void, now = new Date()): RestoreOutcome {
  if (!existsSync(path)) return { kind: 'missing' };
  try {
    restore();
    return { kind: 'restored' };
  } catch (error) {
    const movedTo = `${path}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`;
    try {
      renameSync(path, movedTo);
      return { kind: 'setAside', error, movedTo };
    } catch {
      return { kind: 'setAside', error, movedTo: null };
    }
  }
}

/** Reads the file and hands its JSON to `restore`; a file that fails either way is renamed aside. */
export function restoreJsonSnapshot(path: string, restore: (state: unknown) => void, now = new Date()): RestoreOutcome {
  return restoreFile(path, () => restore(JSON.parse(readFileSync(path, 'utf8')) as unknown), now);
}

/** Says in the log what a start found in its file. */
export function logRestoreOutcome(
  log: SnapshotLog,
  name: string,
  path: string,
  outcome: RestoreOutcome,
  restored: object = {},
): void {
  if (outcome.kind === 'restored') log.info({ path, ...restored }, `${name}: state restored`);
  else if (outcome.kind === 'setAside') {
    log.error(
      { err: outcome.error, path, movedTo: outcome.movedTo },
      `${name}: its saved state could not be read; it was set aside and the sandbox starts empty`,
    );
  }
}

export interface JsonSnapshotWriter {
  /** Something changed: a write follows within the debounce delay (changes meanwhile join it). */
  changed(): void;
  /**
   * Writes now when anything changed since the last write, and resolves once what had changed is on
   * disk (rejects when that write failed). Changes made before a queued write starts join it, so many
   * callers waiting at once share one write.
   */
  flush(): Promise<void>;
  /** The last write (whatever changed), then no more. */
  close(): Promise<void>;
}

/**
 * The writer both kinds of file share, as a group commit: `write` (which takes what it writes
 * synchronously, before its first await) runs after changes, at most once per `debounceMs`, one at a
 * time; callers of `flush` while one runs share the next. A failed write leaves the changes to write
 * again. `afterLastWrite` runs once the last write on close has ended.
 */
export function createGroupCommitWriter(options: {
  write: () => Promise<void>;
  debounceMs: number;
  afterLastWrite?: () => Promise<void>;
}): JsonSnapshotWriter {
  let dirty = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  /** The last write queued; it never rejects (a failure is reported through `latest`). */
  let writing: Promise<void> = Promise.resolve();
  /** A write queued behind the one in progress and not begun yet: changes made meanwhile join it. */
  let queued: Promise<void> | null = null;
  /** The last write queued, as its callers see it (rejecting when it failed). */
  let latest: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    dirty = false;
    try {
      await options.write();
    } catch (error) {
      dirty = true;
      throw error;
    }
  }

  /** Queues a write after the one in progress (two never race on the file), or joins the one queued. */
  function queueWrite(): Promise<void> {
    if (queued) return queued;
    const next = writing.then(() => {
      queued = null;
      return write();
    });
    queued = next;
    latest = next;
    writing = next.catch(() => undefined);
    return next;
  }

  return {
    changed() {
      if (closed) return;
      dirty = true;
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        if (dirty) queueWrite().catch(() => undefined);
      }, options.debounceMs);
      // A pending write never keeps the process alive: close() makes the last one.
      timer.unref();
    },
    async flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      // Nothing new: what changed is in the write under way (or already on disk).
      await (dirty ? queueWrite() : latest);
    },
    async close() {
      if (closed) return writing;
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await queueWrite().catch(() => undefined);
      await options.afterLastWrite?.();
    },
  };
}

/** Writes `snapshot()` to `path` after changes, at most once per `debounceMs`, one write at a time. */
export function createJsonSnapshotWriter(options: {
  path: string;
  snapshot: () => unknown;
  debounceMs?: number;
  onError: (error: unknown) => void;
}): JsonSnapshotWriter {
  return createGroupCommitWriter({
    debounceMs: options.debounceMs ?? 1_000,
    async write() {
      // Taken synchronously, so what is written is the state as it was when the write began.
      const text = `${JSON.stringify(options.snapshot())}\n`;
      try {
        await replaceFile(options.path, text);
      } catch (error) {
        options.onError(error);
        throw error;
      }
    },
  });
}

/**
 * Keeps a subject's state in `path`: restores it now (a file that cannot be restored is logged and
 * set aside, and the subject starts empty), then writes after each change and on close.
 */
export function keepSnapshot(options: {
  path: string;
  subject: SnapshotSubject;
  /** Named in the log, e.g. "DSP sandbox". */
  name: string;
  log: SnapshotLog;
  debounceMs?: number;
}): { outcome: RestoreOutcome; writer: JsonSnapshotWriter; close(): Promise<void> } {
  const { path, subject, name, log } = options;
  const outcome = restoreJsonSnapshot(path, (state) => subject.restoreState(state));
  logRestoreOutcome(log, name, path, outcome);
  const writer = createJsonSnapshotWriter({
    path,
    snapshot: () => subject.exportState(),
    ...(options.debounceMs === undefined ? {} : { debounceMs: options.debounceMs }),
    onError: (error) => log.error({ err: error, path }, `${name}: its state could not be saved; trying again later`),
  });
  const stop = subject.onChange(() => writer.changed());
  return {
    outcome,
    writer,
    async close() {
      stop();
      await writer.close();
    },
  };
}
