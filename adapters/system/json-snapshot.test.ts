import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, test } from 'vitest';
import { createJsonSnapshotWriter, keepSnapshot, restoreJsonSnapshot, type SnapshotSubject } from './json-snapshot';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'json-snapshot-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as unknown;

/** A counter that can be saved and restored, telling its listeners of each change. */
function counter(): SnapshotSubject & { value: number; bump(): void } {
  const listeners = new Set<() => void>();
  const subject = {
    value: 0,
    bump() {
      subject.value++;
      for (const listener of listeners) listener();
    },
    exportState: () => ({ value: subject.value }),
    restoreState(state: unknown) {
      const value = (state as { value?: unknown } | null)?.value;
      if (typeof value !== 'number') throw new Error('Not a counter');
      subject.value = value;
    },
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return subject;
}

describe('the snapshot writer', () => {
  it('writes once for changes close together, in a folder it makes, leaving no temporary file', async () => {
    const path = join(dir, 'sandboxes', 'state.json');
    let state = 0;
    let snapshots = 0;
    const writer = createJsonSnapshotWriter({
      path,
      debounceMs: 30,
      snapshot: () => {
        snapshots++;
        return { state };
      },
      onError: (error) => {
        throw error;
      },
    });
    for (state = 1; state <= 5; state++) writer.changed();
    // Waits for the write however slow the machine is, then a little longer for any second one.
    for (let waited = 0; !existsSync(path) && waited < 5_000; waited += 10) await wait(10);
    await wait(80);
    expect(snapshots).toBe(1);
    expect(read(path)).toEqual({ state: 6 });
    expect(readdirSync(join(dir, 'sandboxes'))).toEqual(['state.json']);
    await writer.close();
  });

  it('writes the last state on close, and nothing after', async () => {
    const path = join(dir, 'state.json');
    let state = 'first';
    const writer = createJsonSnapshotWriter({
      path,
      debounceMs: 60_000,
      snapshot: () => ({ state }),
      onError: () => undefined,
    });
    writer.changed();
    state = 'last';
    await writer.close();
    expect(read(path)).toEqual({ state: 'last' });
    state = 'after';
    writer.changed();
    await writer.flush();
    expect(read(path)).toEqual({ state: 'last' });
  });

  it('keeps a change on disk before flush resolves, one write serving the callers waiting together', async () => {
    const path = join(dir, 'state.json');
    let state = 0;
    let snapshots = 0;
    const writer = createJsonSnapshotWriter({
      path,
      debounceMs: 60_000,
      snapshot: () => {
        snapshots++;
        return { state };
      },
      onError: (error) => {
        throw error;
      },
    });
    state = 1;
    writer.changed();
    const first = writer.flush();
    while (snapshots === 0) await Promise.resolve();
    // Changed while the first write is under way: these wait for one more write, together.
    const waiting: Promise<void>[] = [];
    for (state = 2; state <= 6; state++) {
      writer.changed();
      waiting.push(writer.flush());
    }
    state = 6;
    await first;
    await Promise.all(waiting);
    expect(read(path)).toEqual({ state: 6 });
    expect(snapshots).toBe(2);
    await writer.close();
  });

  it('reports a write that fails, and writes again at the next change', async () => {
    // A folder where the file should be: the rename fails.
    const path = join(dir, 'state.json');
    mkdirSync(path);
    const errors: unknown[] = [];
    const writer = createJsonSnapshotWriter({
      path,
      debounceMs: 5,
      snapshot: () => ({}),
      onError: (e) => errors.push(e),
    });
    writer.changed();
    // Whoever waits for the change to be kept is told it was not.
    await expect(writer.flush()).rejects.toThrow();
    expect(errors).toHaveLength(1);
    rmSync(path, { recursive: true });
    await writer.flush();
    expect(read(path)).toEqual({});
    expect(readdirSync(dir)).toEqual(['state.json']);
    await writer.close();
  });
});

describe('restoring a snapshot', () => {
  it('is nothing to do when there is no file', () => {
    expect(restoreJsonSnapshot(join(dir, 'none.json'), () => undefined)).toEqual({ kind: 'missing' });
  });

  test.each([
    ['cut short', '{"value": 4'],
    ['empty', ''],
    ['not what the subject keeps', '{"value": "four"}'],
  ])('sets a file %s aside and leaves the subject as it was', (_what, content) => {
    const path = join(dir, 'state.json');
    writeFileSync(path, content);
    const subject = counter();
    const outcome = restoreJsonSnapshot(path, (state) => subject.restoreState(state), new Date('2026-01-15T12:00:00Z'));
    expect(outcome).toMatchObject({ kind: 'setAside', movedTo: `${path}.unreadable-2026-01-15T12-00-00-000Z` });
    expect(readdirSync(dir)).toEqual(['state.json.unreadable-2026-01-15T12-00-00-000Z']);
    expect(readFileSync(join(dir, 'state.json.unreadable-2026-01-15T12-00-00-000Z'), 'utf8')).toBe(content);
    expect(subject.value).toBe(0);
  });
});

describe('a subject kept in a file', () => {
  it('is restored at start and saved after its changes, across starts', async () => {
    const path = join(dir, 'counter.json');
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const first = counter();
    const kept = keepSnapshot({ path, subject: first, name: 'Counter', log, debounceMs: 5 });
    first.bump();
    first.bump();
    // Written on its own after the debounce, without a flush.
    for (let waited = 0; waited < 5_000 && !existsSync(path); waited += 10) await wait(10);
    expect(read(path)).toEqual({ value: 2 });
    first.bump();
    await kept.close();

    const second = counter();
    const again = keepSnapshot({ path, subject: second, name: 'Counter', log });
    expect(again.outcome).toEqual({ kind: 'restored' });
    expect(second.value).toBe(3);
    await again.close();
  });
});
