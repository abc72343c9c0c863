import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepJournal, readJournalFile, type JournalSubject } from './json-journal';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'json-journal-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const linesOf = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '');

/** Named counters that journal each counter changed; `rewriteAll` changes every one at once. */
function counters(): JournalSubject & {
  values: Map<string, number>;
  bump(name: string): void;
  rewriteAll(): void;
  snapshots: number;
} {
  const listeners = new Set<() => void>();
  let changed: Set<string> | null = null;
  let whole = false;
  const tell = () => {
    for (const listener of listeners) listener();
  };
  const subject = {
    values: new Map<string, number>(),
    snapshots: 0,
    bump(name: string) {
      subject.values.set(name, (subject.values.get(name) ?? 0) + 1);
      changed?.add(name);
      tell();
    },
    rewriteAll() {
      for (const name of subject.values.keys()) subject.values.set(name, 0);
      whole = true;
      tell();
    },
    snapshotState() {
      subject.snapshots++;
      return { counters: Object.fromEntries(subject.values) };
    },
    restoreJournal(snapshot: unknown, records: unknown[]) {
      const saved = (snapshot as { counters?: unknown } | null)?.counters;
      if (!saved || typeof saved !== 'object') throw new Error('Not counters');
      const next = new Map(Object.entries(saved as Record<string, number>));
      for (const record of records) {
        const { name, value } = record as { name: string; value: number };
        if (typeof name !== 'string' || typeof value !== 'number') throw new Error('Not a counter change');
        next.set(name, value);
      }
      subject.values = next;
    },
    recordChanges() {
      changed = new Set();
      return {
        take() {
          if (whole) {
            whole = false;
            changed = new Set();
            return 'snapshot' as const;
          }
          const records = [...changed!].map((name) => ({ name, value: subject.values.get(name) }));
          changed = new Set();
          return records;
        },
        stop() {
          changed = null;
        },
      };
    },
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return subject;
}

describe('a state kept as a snapshot and a journal', () => {
  it('answers a flush once every change before it is on disk, many changes in one appended line', async () => {
    const path = join(dir, 'sandboxes', 'state.json');
    const subject = counters();
    const kept = keepJournal({ path, subject, name: 'Counters', log: quiet, debounceMs: 60_000 });
    expect(kept.outcome).toEqual({ kind: 'missing' });
    // A new file starts as one snapshot line.
    expect(linesOf(path)).toEqual(['{"counters":{}}']);
    subject.bump('a');
    subject.bump('b');
    subject.bump('a');
    const flushes = [kept.writer.flush(), kept.writer.flush(), kept.writer.flush()];
    await Promise.all(flushes);
    expect(linesOf(path)).toEqual([
      '{"counters":{}}',
      JSON.stringify([
        { name: 'a', value: 2 },
        { name: 'b', value: 1 },
      ]),
    ]);
    // Nothing changed: a flush writes nothing more.
    await kept.writer.flush();
    expect(linesOf(path)).toHaveLength(2);
    subject.bump('c');
    await kept.close();
    expect(linesOf(path)).toHaveLength(3);
    expect(subject.snapshots).toBe(1);
    expect(readdirSync(join(dir, 'sandboxes'))).toEqual(['state.json']);

    const again = counters();
    const restored = keepJournal({ path, subject: again, name: 'Counters', log: quiet });
    expect(restored.outcome).toEqual({ kind: 'restored' });
    expect(Object.fromEntries(again.values)).toEqual({ a: 2, b: 1, c: 1 });
    // Restored, the file is compacted to one snapshot line again.
    expect(linesOf(path)).toEqual(['{"counters":{"a":2,"b":1,"c":1}}']);
    await restored.close();
  });

  it('groups the changes made while a write is under way into the next write', async () => {
    const path = join(dir, 'state.json');
    const subject = counters();
    const kept = keepJournal({ path, subject, name: 'Counters', log: quiet, debounceMs: 60_000 });
    const waits: Promise<void>[] = [];
    for (let round = 0; round < 50; round++) {
      subject.bump(`n${round % 7}`);
      waits.push(kept.writer.flush());
    }
    await Promise.all(waits);
    // The first flush starts a write; every later one joins the single write queued behind it.
    expect(linesOf(path).length).toBeLessThanOrEqual(3);
    await kept.close();
    const again = counters();
    keepJournal({ path, subject: again, name: 'Counters', log: quiet });
    expect(Object.fromEntries(again.values)).toEqual(Object.fromEntries(subject.values));
  });

  it('ignores a last line cut short by a crash, and sets aside a file broken anywhere else', () => {
    const path = join(dir, 'state.json');
    writeFileSync(path, `{"counters":{"a":1}}\n[{"name":"a","value":2}]\n`);
    appendFileSync(path, '[{"name":"a","val');
    expect(readJournalFile(path)).toMatchObject({ records: [{ name: 'a', value: 2 }], tornTail: true });
    const subject = counters();
    expect(keepJournal({ path, subject, name: 'Counters', log: quiet }).outcome).toEqual({ kind: 'restored' });
    expect(subject.values.get('a')).toBe(2);
    expect(linesOf(path)).toEqual(['{"counters":{"a":2}}']);

    writeFileSync(path, `{"counters":{"a":1}}\n[{"name":"a","val\n[{"name":"a","value":3}]\n`);
    const errors: string[] = [];
    const broken = counters();
    const kept = keepJournal({
      path,
      subject: broken,
      name: 'Counters',
      log: { ...quiet, error: (_fields, message) => errors.push(message) },
      now: new Date('2026-11-28T00:00:00Z'),
    });
    expect(kept.outcome).toMatchObject({ kind: 'setAside', movedTo: `${path}.unreadable-2026-11-28T00-00-00-000Z` });
    expect(errors).toEqual([expect.stringContaining('set aside')]);
    expect(broken.values.size).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['state.json', 'state.json.unreadable-2026-11-28T00-00-00-000Z']);
  });

  it('reads a file of a snapshot alone, as the earlier snapshot files were', () => {
    const path = join(dir, 'state.json');
    writeFileSync(path, '{"counters":{"kept":7}}\n');
    const subject = counters();
    expect(keepJournal({ path, subject, name: 'Counters', log: quiet }).outcome).toEqual({ kind: 'restored' });
    expect(subject.values.get('kept')).toBe(7);
  });

  it('compacts the journal into a new snapshot once it outgrows it, and when everything changed', async () => {
    const path = join(dir, 'state.json');
    const subject = counters();
    const kept = keepJournal({
      path,
      subject,
      name: 'Counters',
      log: quiet,
      debounceMs: 60_000,
      compactAfterBytes: 200,
    });
    for (let round = 0; round < 40; round++) {
      subject.bump(`counter-${round}`);
      await kept.writer.flush();
    }
    // Never many more lines than it takes to pass 200 bytes before a compaction.
    expect(linesOf(path).length).toBeLessThan(12);
    expect(subject.snapshots).toBeGreaterThan(2);
    const snapshotsBefore = subject.snapshots;
    subject.rewriteAll();
    await kept.writer.flush();
    expect(subject.snapshots).toBe(snapshotsBefore + 1);
    expect(linesOf(path)).toHaveLength(1);
    await kept.close();
    const again = counters();
    keepJournal({ path, subject: again, name: 'Counters', log: quiet });
    expect(Object.fromEntries(again.values)).toEqual(Object.fromEntries(subject.values));
  });
});
