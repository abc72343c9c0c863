import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncResult } from '@causeway/core/delivery/delivery.service';
import { createDeliverySyncScheduler } from './delivery-sync.worker';

const MINUTE = 60_000;
const done: SyncResult = { campaigns: 1, pulled: 1, failed: 0, paused: 0 };

describe('the delivery sync schedule', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('first runs within the interval (spread by chance), then every interval, never two at once', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const syncAll = async () => {
      runs++;
      running++;
      most = Math.max(most, running);
      // A sync slower than the interval: the next waits for it.
      await new Promise((resolve) => setTimeout(resolve, 20 * MINUTE));
      running--;
      return done;
    };
    const scheduler = createDeliverySyncScheduler({
      delivery: { syncAll },
      logger: pino({ level: 'silent' }),
      intervalMs: 15 * MINUTE,
      random: () => 0,
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(7.5 * MINUTE - 1);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(20 * MINUTE + 15 * MINUTE);
    expect(runs).toBe(2);
    expect(most).toBe(1);
    const stopping = scheduler.stop(60 * MINUTE);
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    await stopping;
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(runs).toBe(2);
  });

  it('keeps its schedule after a failed sync, and runs none with an interval of 0', async () => {
    const syncAll = vi.fn(async () => {
      throw new Error('platform down');
    });
    const scheduler = createDeliverySyncScheduler({
      delivery: { syncAll },
      logger: pino({ level: 'silent' }),
      intervalMs: MINUTE,
      random: () => 1,
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(syncAll).toHaveBeenCalledTimes(3);
    await scheduler.stop();

    const off = vi.fn(async () => done);
    const never = createDeliverySyncScheduler({
      delivery: { syncAll: off },
      logger: pino({ level: 'silent' }),
      intervalMs: 0,
    });
    never.start();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(off).not.toHaveBeenCalled();
    await never.stop();
  });
});
