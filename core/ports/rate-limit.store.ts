/** The count of one key's current window and when that window ends. */
export interface RateWindow {
  count: number;
  resetAt: Date;
}

/** One hit of a batch: the key, and the length of the window it starts when it has none. */
export interface RateHit {
  key: string;
  windowMs: number;
}

/**
 * Fixed-window counters shared by every instance of the app (kept in the data store), so limits hold
 * however many servers answer. Keys are chosen by the caller (a client's hash, a campaign, a purpose).
 */
export interface RateLimitStore {
  /**
   * Counts one more hit on `key` and answers its window: a key with no window, or whose window has
   * ended, starts a new one of `windowMs` from `now` with a count of 1. Atomic: concurrent hits from
   * several instances each count once.
   */
  hit(key: string, windowMs: number, now: Date): Promise<RateWindow>;
  /**
   * `hit` on several keys at once, in one round trip to the store: answers their windows in the order
   * asked. Each key at most once; each hit is atomic as `hit` is (the batch as a whole need not be).
   */
  hitMany(hits: readonly RateHit[], now: Date): Promise<RateWindow[]>;
  /** The key's current window without counting; null when it has none or it has ended. */
  peek(key: string, now: Date): Promise<RateWindow | null>;
  /** `peek` on several keys at once, in one round trip to the store, in the order asked. */
  peekMany(keys: readonly string[], now: Date): Promise<(RateWindow | null)[]>;
  /** Takes one hit back (never below 0), as a limiter that counts only failures does after a success. */
  undo(key: string, now: Date): Promise<void>;
  /** Forgets the key. */
  reset(key: string): Promise<void>;
  /** Removes the windows that ended before `now` (housekeeping); answers how many. */
  purgeEnded(now: Date): Promise<number>;
}

/** Refuses a batch that names a key twice (each key at most once, as `hitMany` says). */
export function assertDistinctRateKeys(keys: readonly string[]): void {
  if (new Set(keys).size !== keys.length) throw new Error('A batch of rate windows names a key twice.');
}
