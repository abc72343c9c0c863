import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { JsonSnapshotWriter, RestoreOutcome, SnapshotLog } from './json-snapshot';

/**
 * State kept in one file as a snapshot and a journal of the changes after it, written by group commit:
 * the changes of every caller waiting meanwhile go to disk in one append and one fsync, each caller told
 * once the write that holds its change is durable. What a write appends is proportional to what changed,
 * never to the whole state: the whole state is written again only when the journal has grown past the
 * snapshot (compaction: a new file written aside, fsynced and renamed over the old one), so a restart
 * reads little and the file does not grow without bound.
 *
 * The file: its first line is the whole state as JSON (a file of that one line is what the earlier
 * snapshot files were, and still reads); each further line is one write's changes, a JSON array of
 * records. A line is appended whole with its newline; a last line that a crash cut short is ignored (its
 * write was never reported durable), any other line that cannot be read makes the file unreadable.
 */

/** Something whose state is kept as a snapshot and the changes made to it since. */
export interface JournalSubject {
  /** The whole state, JSON-ready; serialized at once, so it may share the live objects. */
  snapshotState(): unknown;
  /**
   * Replaces the state with a snapshot and the records written after it, in order; throws, changing
   * nothing, on what it cannot read.
   */
  restoreJournal(snapshot: unknown, records: unknown[]): void;
  /** Starts noting changes (one recorder at a time). */
  recordChanges(): ChangeRecorder;
  /** Registers a listener told after each change; answers a function that removes it. */
  onChange(listener: () => void): () => void;
}

export interface ChangeRecorder {
  /**
   * The changes since the last take as JSON-ready records (serialized at once, so they may share the
   * live objects), or 'snapshot' when only the whole state can carry them (everything was rewritten).
   */
  take(): unknown[] | 'snapshot';
  stop(): void;
}

/** The snapshot and the records of a journal file; throws when it cannot be read. */
export function readJournalFile(path: string): { snapshot: unknown; records: unknown[]; tornTail: boolean } {
  const lines = readFileSync(path, 'utf8').split('\n');
  const snapshot = JSON.parse(lines[0]!) as unknown;
  const records: unknown[] = [];
  let tornTail = false;
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    const last = index === lines.length - 1;
    // The text after the last newline: empty after a whole write.
    if (last && line === '') break;
    let batch: unknown;
    try {
      batch = JSON.parse(line);
    } catch (error) {
      // Only the last write can have been cut short; it was never answered as durable.
      if (last) {
        tornTail = true;
        break;
      }
      throw new Error(`Line ${index + 1} of the journal cannot be read: ${(error as Error).message}`);
    }
    if (!Array.isArray(batch)) throw new Error(`Line ${index + 1} of the journal is not a list of changes.`);
    for (const record of batch) records.push(record);
  }
  return { snapshot, records, tornTail };
}

/** Writes `text` to `path` whole: to a file beside it first, fsynced, then renamed over it (and the rename fsynced). */
function replaceFileSync(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncDirectorySync(dirname(path));
}

function syncDirectorySync(directory: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(directory, 'r');
    fsyncSync(fd);
  } catch (error) {
    // Some systems cannot fsync a directory; the rename is then as durable as they make it.
    if (!isUnsupported(error)) throw error;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

async function syncDirectory(directory: string): Promise<void> {
  let handle: FileHandle | null = null;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch (error) {
    if (!isUnsupported(error)) throw error;
  } finally {
    await handle?.close();
  }
}

const isUnsupported = (error: unknown) =>
  ['EISDIR', 'EINVAL', 'EPERM', 'ENOTSUP'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Keeps a subject's state in `path`: restores it now (a file that cannot be read or restored is logged
 * and set aside, and the subject starts empty), compacts it to one snapshot line, then journals every
 * change. `writer.flush()` resolves once every change made before it is durable.
 */
export function keepJournal(options: {
  path: string;
  subject: JournalSubject;
  /** Named in the log, e.g. "Stripe sandbox". */
  name: string;
  log: SnapshotLog;
  /** How long a change nobody waits for may wait to be written (others' writes take it sooner). */
  debounceMs?: number;
  /** The journal is compacted once it is larger than the snapshot and than this. */
  compactAfterBytes?: number;
  now?: Date;
}): { outcome: RestoreOutcome; writer: JsonSnapshotWriter; close(): Promise<void> } {
  const { path, subject, name, log } = options;
  const debounceMs = options.debounceMs ?? 200;
  const compactAfterBytes = options.compactAfterBytes ?? 1024 * 1024;

  let outcome: RestoreOutcome = { kind: 'missing' };
  if (existsSync(path)) {
    try {
      const { snapshot, records, tornTail } = readJournalFile(path);
      subject.restoreJournal(snapshot, records);
      outcome = { kind: 'restored' };
      log.info({ path, changes: records.length, tornTail }, `${name}: state restored`);
    } catch (error) {
      const movedTo = `${path}.unreadable-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
      try {
        renameSync(path, movedTo);
        outcome = { kind: 'setAside', error, movedTo };
      } catch {
        outcome = { kind: 'setAside', error, movedTo: null };
      }
      log.error(
        { err: error, path, movedTo: outcome.kind === 'setAside' ? outcome.movedTo : null },
        `${name}: its saved state could not be read; it was set aside and the sandbox starts empty`,
      );
    }
  }

  const recorder = subject.recordChanges();
  let snapshotBytes = 0;
  let journalBytes = 0;
  /** The next write must be a whole snapshot: a write failed, and what it took is known only to the state. */
  let needSnapshot = false;
  // Start from one snapshot line: a cut-short last line goes, and appends begin on a line of their own.
  try {
    const text = `${JSON.stringify(subject.snapshotState())}\n`;
    recorder.take();
    replaceFileSync(path, text);
    snapshotBytes = text.length;
  } catch (error) {
    needSnapshot = true;
    log.error({ err: error, path }, `${name}: its state could not be saved; trying again later`);
  }

  let handle: FileHandle | null = null;
  let dirty = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  /** The last write queued; it never rejects (a failure is reported through the log and `latest`). */
  let writing: Promise<void> = Promise.resolve();
  /** A write queued behind the one in progress and not begun yet: changes made meanwhile join it. */
  let queued: Promise<void> | null = null;
  /** The last write queued, as its callers see it (rejecting when it failed). */
  let latest: Promise<void> = Promise.resolve();

  async function compact(text: string): Promise<void> {
    const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(dirname(path), { recursive: true });
      const file = await open(temporary, 'w', 0o600);
      try {
        await file.writeFile(text);
        await file.sync();
      } finally {
        await file.close();
      }
      await handle?.close().catch(() => undefined);
      handle = null;
      await rename(temporary, path);
      await syncDirectory(dirname(path));
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
    snapshotBytes = text.length;
    journalBytes = 0;
  }

  async function append(text: string): Promise<void> {
    handle ??= await open(path, 'a', 0o600);
    await handle.write(text);
    await handle.datasync();
    journalBytes += text.length;
  }

  async function write(): Promise<void> {
    dirty = false;
    // Taken synchronously: what is written is the state as it is when the write begins.
    const changes = recorder.take();
    try {
      if (needSnapshot || changes === 'snapshot' || journalBytes > Math.max(compactAfterBytes, snapshotBytes)) {
        needSnapshot = false;
        await compact(`${JSON.stringify(subject.snapshotState())}\n`);
      } else if (changes.length > 0) {
        await append(`${JSON.stringify(changes)}\n`);
      }
    } catch (error) {
      // What this write took is in memory only now: the next write is the whole state, on a new file.
      needSnapshot = true;
      dirty = true;
      await handle?.close().catch(() => undefined);
      handle = null;
      log.error({ err: error, path }, `${name}: its state could not be saved; trying again later`);
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

  const writer: JsonSnapshotWriter = {
    changed() {
      if (closed) return;
      dirty = true;
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        if (dirty) queueWrite().catch(() => undefined);
      }, debounceMs);
      // A pending write never keeps the process alive: close() makes the last one.
      timer.unref();
    },
    async flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      // Nothing new: what changed is in the write under way (or already on disk).
      await (dirty || needSnapshot ? queueWrite() : latest);
    },
    async close() {
      if (closed) return writing;
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await queueWrite().catch(() => undefined);
      await handle?.close().catch(() => undefined);
      handle = null;
    },
  };
  const stop = subject.onChange(() => writer.changed());
  return {
    outcome,
    writer,
    async close() {
      stop();
      await writer.close();
      recorder.stop();
    },
  };
}
