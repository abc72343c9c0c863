/**
 * A token bucket: up to `perSecond` requests at once, then one every 1/perSecond s. The vendor
 * allows about 8 requests a second per credential; one bucket per client keeps one process under it
 * (several processes sharing a credential would need a shared limiter, e.g. in Postgres or Redis).
 */
export interface RateLimiter {
  /** Resolves when the next request may be sent. */
  take(): Promise<void>;
}

export function createRateLimiter(options: {
  perSecond: number;
  now?: () => number;
  sleep?: (milliseconds: number) => Promise<void>;
}): RateLimiter {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((milliseconds) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds)));
  const capacity = Math.max(1, options.perSecond);
  let tokens = capacity;
  let refilledAt = now();
  let queue: Promise<void> = Promise.resolve();

  const refill = () => {
    const at = now();
    tokens = Math.min(capacity, tokens + ((at - refilledAt) / 1000) * options.perSecond);
    refilledAt = at;
  };

  return {
    take() {
      // Callers are served in order: each waits for the one before it.
      const turn = queue.then(async () => {
        refill();
        if (tokens < 1) {
          await sleep(((1 - tokens) / options.perSecond) * 1000);
          refill();
        }
        tokens -= 1;
      });
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
