import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProjectorRunner } from './reporting-mirror.module';

describe('the projector runner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const runner = (gapMs: number) => {
    let drains = 0;
    let wake: () => void = () => undefined;
    const started = createProjectorRunner({
      projector: {
        drain: async () => {
          drains += 1;
          return { applied: 0 } as never;
        },
      },
      pollMs: 1_000,
      gapMs,
      subscribe: async (onWake) => {
        wake = onWake;
        return async () => undefined;
      },
      onError: (error) => {
        throw error;
      },
    });
    return { runner: started, drains: () => drains, wake: () => wake() };
  };

  it('applies a burst of wake-ups in one drain after the gap, not one drain each', async () => {
    const { runner: projector, drains, wake } = runner(100);
    await projector.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(drains()).toBe(1);
    for (let n = 0; n < 20; n++) {
      wake();
      await vi.advanceTimersByTimeAsync(4);
    }
    // 80 ms of wake-ups: the next drain waits for the gap, then takes them all.
    expect(drains()).toBe(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(drains()).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(drains()).toBe(2);
    // Without wake-ups it still looks every pollMs.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(drains()).toBe(3);
    await projector.stop();
  });

  it('drains at once when woken after the gap has passed', async () => {
    const { runner: projector, drains, wake } = runner(100);
    await projector.start();
    await vi.advanceTimersByTimeAsync(300);
    wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(drains()).toBe(2);
    await projector.stop();
  });

  it('stops without waiting out the gap', async () => {
    const { runner: projector, drains, wake } = runner(60_000);
    await projector.start();
    await vi.advanceTimersByTimeAsync(0);
    wake();
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    void projector.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(true);
    expect(drains()).toBe(1);
  });
});
