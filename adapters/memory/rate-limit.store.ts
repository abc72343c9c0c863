import type { RateLimitStore, RateWindow } from '@causeway/core/ports/rate-limit.store';

/** Rate windows in memory (tests, the memory data store): one process only. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, RateWindow>();
  const live = (key: string, now: Date) => {
    const window = windows.get(key);
    return window && window.resetAt.getTime() > now.getTime() ? window : null;
  };
  return {
    async hit(key, windowMs, now) {
      const current = live(key, now);
      const next = current
        ? { count: current.count + 1, resetAt: current.resetAt }
        : { count: 1, resetAt: new Date(now.getTime() + windowMs) };
      windows.set(key, next);
      return { ...next };
    },
    async peek(key, now) {
      const current = live(key, now);
      return current ? { ...current } : null;
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
