import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wakeableWait } from './wakeable-wait';

describe('a wakeable wait', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };

  it('ends after its time, or as soon as woken', async () => {
    const idle = wakeableWait();
    const timedOut = settled(idle.wait(1_000));
    await vi.advanceTimersByTimeAsync(999);
    expect(timedOut()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(timedOut()).toBe(true);

    const woken = settled(idle.wait(1_000));
    await vi.advanceTimersByTimeAsync(10);
    idle.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(woken()).toBe(true);
  });

  it('ends the next wait at once when woken between waits, once', async () => {
    const idle = wakeableWait();
    idle.wake();
    const first = settled(idle.wait(1_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(first()).toBe(true);
    const second = settled(idle.wait(1_000));
    await vi.advanceTimersByTimeAsync(500);
    expect(second()).toBe(false);
  });

  it('forgets a wake-up that came before the work it announced began', async () => {
    const idle = wakeableWait();
    idle.wake();
    idle.forget();
    const waited = settled(idle.wait(1_000));
    await vi.advanceTimersByTimeAsync(500);
    expect(waited()).toBe(false);
  });
});
