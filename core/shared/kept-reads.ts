/**
 * Reads kept in memory by key, for answers many readers share (a public list, an organization's report):
 * one read in flight per key, shared by everyone waiting on it; a kept read is answered as it is for
 * `cacheMs`, then answered while it is read again in the background, and waited for once it is twice
 * that old. A change drops what it touched (`forget`: the next reader waits for a fresh read) or marks it
 * to be read again soon (`refreshSoon`: answered as it is while the next reader's read runs, at most
 * once per `refreshGapMs`). At most `size` keys are kept; the least recently asked for goes first.
 */
export interface KeptRead<V> {
  value: V;
  /** When the read that gave it started (what it shows is as of then, at the latest). */
  readAt: number;
}

/**
 * One object per kept read, made from it once: what is built from that object (a page's HTML, its
 * compressed bytes) can be kept beside it by identity, and goes when the read is replaced or dropped.
 */
export function snapshotsOf<V, A extends unknown[], S extends object>(
  make: (kept: KeptRead<V>, ...args: A) => S,
): (kept: KeptRead<V>, ...args: A) => S {
  const made = new WeakMap<KeptRead<V>, S>();
  return (kept, ...args) => {
    let found = made.get(kept);
    if (!found) {
      found = make(kept, ...args);
      made.set(kept, found);
    }
    return found;
  };
}

export interface KeptReadsOptions<Q, V> {
  /** Reads what the query of a key asks for (every query of one key asks for the same). */
  read(query: Q): Promise<V>;
  /** How long a read is answered before it is read again in the background (0: every reader reads). */
  cacheMs: number;
  /** Keys kept at most. */
  size: number;
  /** The least time from one read of a key to the next that `refreshSoon` asks for. */
  refreshGapMs?: number;
  /** Whether two reads answer the same: the kept snapshot is then kept (with what was built from it). */
  same?: (a: V, b: V) => boolean;
  now?: () => number;
}

interface Entry<Q, V> {
  query: Q;
  current: KeptRead<V> | null;
  reading: Promise<KeptRead<V>> | null;
  /** When the last read began. */
  startedAt: number;
  /** A change asked for a read soon (`refreshSoon`). */
  due: boolean;
}

export type KeptReads<Q, V> = ReturnType<typeof keptReads<Q, V>>;

export function keptReads<Q, V>({
  read,
  cacheMs,
  size,
  refreshGapMs = 0,
  same,
  now = Date.now,
}: KeptReadsOptions<Q, V>) {
  const kept = new Map<string, Entry<Q, V>>();

  const readInto = (key: string, entry: Entry<Q, V>): Promise<KeptRead<V>> => {
    if (entry.reading) return entry.reading;
    const startedAt = now();
    entry.startedAt = startedAt;
    entry.due = false;
    const reading = read(entry.query).then(
      (value) => {
        const previous = entry.current;
        // An unchanged answer keeps its snapshot (and what was built from it); only its time moves on.
        const snapshot =
          previous !== null && same?.(previous.value, value)
            ? Object.assign(previous, { readAt: startedAt })
            : { value, readAt: startedAt };
        // A dropped entry's read answers its waiters and is not kept: it may predate the change.
        if (kept.get(key) === entry) {
          entry.current = snapshot;
          entry.reading = null;
        }
        return snapshot;
      },
      (error: unknown) => {
        // A failed read is not kept: the next reader tries again.
        if (entry.reading === reading) entry.reading = null;
        throw error;
      },
    );
    entry.reading = reading;
    return reading;
  };

  const inBackground = (key: string, entry: Entry<Q, V>) => {
    readInto(key, entry).catch(() => undefined);
  };

  return {
    /** The key's kept read, or a fresh one of `query`. */
    get(key: string, query: Q): Promise<KeptRead<V>> {
      if (cacheMs <= 0) {
        const startedAt = now();
        return read(query).then((value) => ({ value, readAt: startedAt }));
      }
      let entry = kept.get(key);
      if (entry) {
        // The most recently asked for is the last to go.
        kept.delete(key);
        kept.set(key, entry);
      } else {
        entry = { query, current: null, reading: null, startedAt: 0, due: false };
        kept.set(key, entry);
        if (kept.size > size) kept.delete(kept.keys().next().value!);
      }
      const current = entry.current;
      if (current === null) return readInto(key, entry);
      const at = now();
      const age = at - current.readAt;
      if (age >= 2 * cacheMs) return readInto(key, entry);
      if (age >= cacheMs || (entry.due && at - entry.startedAt >= refreshGapMs)) inBackground(key, entry);
      return Promise.resolve(current);
    },

    /**
     * Drops the kept reads `which` picks by their query and what they last read (null while the first
     * read is under way), all without one: their next reader waits for a read.
     */
    forget(which?: (query: Q, current: V | null) => boolean) {
      for (const [key, entry] of kept) {
        if (!which || which(entry.query, entry.current?.value ?? null)) kept.delete(key);
      }
    },

    /**
     * Marks the reads `which` picks to be read again by their next reader, who is answered the kept read
     * meanwhile. A key still being read for the first time is marked too: its read may predate the change.
     */
    refreshSoon(which: (current: V) => boolean) {
      for (const entry of kept.values()) {
        if (entry.current === null || which(entry.current.value)) entry.due = true;
      }
    },

    /** Keys kept now. */
    get size() {
      return kept.size;
    },
  };
}
