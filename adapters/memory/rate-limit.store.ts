import {
  assertDistinctRateKeys,
  type RateHit,
  type RateLimitStore,
  type RateWindow,
} from '@causeway/core/ports/rate-limit.store';

/** Rate windows in memory (tests, the memory data store): one process only. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, RateWindow>();
  const live = (key: string, now: Date) => {
    const window = windows.get(key);
    return window && window.resetAt.getTime() > now.getTime() ? window : null;
  };
  const hitOne = ({ key, windowMs }: RateHit, now: Date): RateWindow => {
    const current = live(key, now);
    const next = current
      ? { count: current.count + 1, resetAt: current.resetAt }
      : { count: 1, resetAt: new Date(now.getTime() + windowMs) };
    windows.set(key, next);
    return { ...next };
  };
  const peekOne = (key: string, now: Date): RateWindow | null => {
    const current = live(key, now);
    return current ? { ...current } : null;
  };
  return {
    async hit(key, windowMs, now) {
      return hitOne({ key, windowMs }, now);
    },
    async hitMany(hits, now) {
      assertDistinctRateKeys(hits.map((hit) => hit.key));
      return hits.map((hit) => hitOne(hit, now));
    },
    async peek(key, now) {
      return peekOne(key, now);
    },
    async peekMany(keys, now) {
      return keys.map((key) => peekOne(key, now));
    },
    async undo(key, now) {
      const current = live(key, now);
      if (current) windows.set(key, { count: Math.max(0, current.count - 1), resetAt: current.resetAt });
    },
    async reset(key) {
      windows.delete(key);
    },
    async purgeEnded(now) {
      let removed = 0;
      for (const [key, window] of windows)
        if (window.resetAt.getTime() <= now.getTime()) {
          windows.delete(key);
          removed++;
        }
      return removed;
    },
  };
}
