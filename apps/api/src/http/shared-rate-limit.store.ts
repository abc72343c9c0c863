import { createHash } from 'node:crypto';
import type { IncrementResponse, Options, Store } from 'express-rate-limit';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { RateLimitStore } from '@causeway/core/ports/rate-limit.store';

/** What a route limiter needs to count in the data store instead of in the process. */
export interface SharedLimits {
  limits: RateLimitStore;
  clock: Clock;
}

/**
 * An express-rate-limit store over the data store's rate windows, so every instance counts the same
 * attempts. Keys (an address and an e-mail) are kept only as hashes, under the limiter's prefix.
 */
export class SharedRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly shared: SharedLimits,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private keyOf(key: string): string {
    return `${this.prefix}:${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const window = await this.shared.limits.hit(this.keyOf(key), this.windowMs, this.shared.clock.now());
    return { totalHits: window.count, resetTime: window.resetAt };
  }

  async get(key: string): Promise<IncrementResponse | undefined> {
    const window = await this.shared.limits.peek(this.keyOf(key), this.shared.clock.now());
    return window ? { totalHits: window.count, resetTime: window.resetAt } : undefined;
  }

  async decrement(key: string): Promise<void> {
    await this.shared.limits.undo(this.keyOf(key), this.shared.clock.now());
  }

  async resetKey(key: string): Promise<void> {
    await this.shared.limits.reset(this.keyOf(key));
  }
}
