import { readFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { replaceFile, replaceFileSync } from './durable-file';
import {
  createGroupCommitWriter,
  logRestoreOutcome,
  restoreFile,
  type JsonSnapshotWriter,
  type RestoreOutcome,
  type SnapshotLog,
} from './json-snapshot';

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

  let restored = {};
  const outcome: RestoreOutcome = restoreFile(
    path,
    () => {
      const { snapshot, records, tornTail } = readJournalFile(path);
      subject.restoreJournal(snapshot, records);
      restored = { changes: records.length, tornTail };
    },
    options.now,
  );
  logRestoreOutcome(log, name, path, outcome, restored);

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
  const closeHandle = async () => {
    await handle?.close().catch(() => undefined);
    handle = null;
  };

  async function compact(text: string): Promise<void> {
    // Appends go to the file that replaces this one, opened again after it.
    await closeHandle();
    await replaceFile(path, text);
    snapshotBytes = text.length;
    journalBytes = 0;
  }

  async function append(text: string): Promise<void> {
    handle ??= await open(path, 'a', 0o600);
    await handle.write(text);
    await handle.datasync();
    journalBytes += text.length;
  }

  const writer = createGroupCommitWriter({
    debounceMs,
    async write() {
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
        await closeHandle();
        log.error({ err: error, path }, `${name}: its state could not be saved; trying again later`);
        throw error;
      }
    },
    afterLastWrite: closeHandle,
  });
  // The whole state could not be written at start: it is written as soon as it can be.
  if (needSnapshot) writer.changed();
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
