import { describe, expect, it } from 'vitest';
import { keptReads } from './kept-reads';

/** A store of numbers by name, counting its reads, whose reads wait until `settle`. */
function counted(options: { cacheMs?: number; size?: number; refreshGapMs?: number } = {}) {
  let at = 0;
  const values = new Map<string, number>();
  const reads: string[] = [];
  const pending: (() => void)[] = [];
  let held = false;
  const reader = keptReads<string, number>({
    read: (name) => {
      reads.push(name);
      const value = values.get(name) ?? 0;
      if (!held) return Promise.resolve(value);
      return new Promise((resolve) => pending.push(() => resolve(value)));
    },
    cacheMs: options.cacheMs ?? 1_000,
    size: options.size ?? 10,
    refreshGapMs: options.refreshGapMs ?? 0,
    same: (a, b) => a === b,
    now: () => at,
  });
  return {
    reader,
    reads,
    set: (name: string, value: number) => values.set(name, value),
    advance: (ms: number) => (at += ms),
    hold: () => (held = true),
    settle: async () => {
      held = false;
      for (const release of pending.splice(0)) release();
      await new Promise((resolve) => setImmediate(resolve));
    },
    get: async (name: string) => (await reader.get(name, name)).value,
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('reads kept in memory', () => {
  it('shares one read among the readers waiting on it, and answers it until it is old', async () => {
    const store = counted();
    store.set('a', 1);
    store.hold();
    const waiting = [store.reader.get('a', 'a'), store.reader.get('a', 'a')];
    await store.settle();
    expect((await Promise.all(waiting)).map((read) => read.value)).toEqual([1, 1]);
    store.set('a', 2);
    store.advance(999);
    expect(await store.get('a')).toBe(1);
    expect(store.reads).toEqual(['a']);
  });

  it('answers an old read while it is read again, and waits for a read twice as old', async () => {
    const store = counted();
    store.set('a', 1);
    await store.get('a');
    store.set('a', 2);
    store.advance(1_000);
    expect(await store.get('a')).toBe(1);
    await settled();
    expect(await store.get('a')).toBe(2);
    store.set('a', 3);
    store.advance(2_000);
    expect(await store.get('a')).toBe(3);
    expect(store.reads).toEqual(['a', 'a', 'a']);
  });

  it('keeps the same snapshot while the answer is the same, so what was built from it stays', async () => {
    const store = counted();
    const first = await store.reader.get('a', 'a');
    store.advance(2_000);
    const again = await store.reader.get('a', 'a');
    expect(again).toBe(first);
    expect(again.readAt).toBe(2_000);
    store.set('a', 5);
    store.advance(2_000);
    expect(await store.reader.get('a', 'a')).not.toBe(first);
  });

  it('reads every time when kept for 0 ms', async () => {
    const store = counted({ cacheMs: 0 });
    await store.get('a');
    await store.get('a');
    expect(store.reads).toEqual(['a', 'a']);
    expect(store.reader.size).toBe(0);
  });

  it('drops what a change touched: its next reader waits for a fresh read', async () => {
    const store = counted();
    await store.get('a');
    await store.get('b');
    store.set('a', 7);
    store.set('b', 7);
    store.reader.forget((name) => name === 'a');
    expect(await store.get('a')).toBe(7);
    expect(await store.get('b')).toBe(0);
    store.reader.forget();
    expect(await store.get('b')).toBe(7);
  });

  it('does not keep a read that began before the change that dropped it', async () => {
    const store = counted();
    store.hold();
    const before = store.reader.get('a', 'a');
    store.reader.forget();
    store.set('a', 9);
    await store.settle();
    // Its waiters get it, as it was when they asked.
    expect((await before).value).toBe(0);
    expect(await store.get('a')).toBe(9);
  });

  it('reads again soon what a change marks, answering the kept read meanwhile, at most once per gap', async () => {
    const store = counted({ refreshGapMs: 250 });
    store.set('a', 1);
    store.set('b', 1);
    await store.get('a');
    await store.get('b');
    store.set('a', 2);
    store.set('b', 2);
    store.reader.refreshSoon((value) => value === 1);
    // Within the gap from its last read: answered as it is, and not read.
    expect(await store.get('a')).toBe(1);
    expect(store.reads).toEqual(['a', 'b']);
    store.advance(250);
    expect(await store.get('a')).toBe(1);
    await settled();
    expect(await store.get('a')).toBe(2);
    expect(store.reads).toEqual(['a', 'b', 'a']);
    // Read once for the mark, not again until the next change.
    expect(await store.get('a')).toBe(2);
    expect(store.reads).toEqual(['a', 'b', 'a']);
  });

  it('reads again a key whose first read was under way when a change marked it', async () => {
    const store = counted({ refreshGapMs: 0 });
    store.hold();
    const first = store.reader.get('a', 'a');
    store.reader.refreshSoon(() => false);
    store.set('a', 3);
    await store.settle();
    expect((await first).value).toBe(0);
    expect(await store.get('a')).toBe(0);
    await settled();
    expect(await store.get('a')).toBe(3);
  });

  it('keeps at most its size, dropping the key asked for least recently', async () => {
    const store = counted({ size: 2 });
    await store.get('a');
    await store.get('b');
    await store.get('a');
    await store.get('c');
    expect(store.reader.size).toBe(2);
    await store.get('a');
    await store.get('c');
    expect(store.reads).toEqual(['a', 'b', 'c']);
    await store.get('b');
    expect(store.reads).toEqual(['a', 'b', 'c', 'b']);
    expect(store.reader.size).toBe(2);
  });

  it('does not keep a failed read: the next reader tries again', async () => {
    let fail = true;
    let reads = 0;
    const reader = keptReads<string, number>({
      read: async () => {
        reads += 1;
        if (fail) throw new Error('store down');
        return 1;
      },
      cacheMs: 1_000,
      size: 10,
    });
    await expect(reader.get('a', 'a')).rejects.toThrow('store down');
    fail = false;
    expect((await reader.get('a', 'a')).value).toBe(1);
    expect(reads).toBe(2);
  });
});
