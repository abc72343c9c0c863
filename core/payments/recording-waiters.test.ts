import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordingWaiters } from './recording-waiters';

afterEach(() => {
  vi.useRealTimers();
});

describe('receipt reads waiting for their donation', () => {
  it('wakes every reader of a checkout once its donation is recorded, and no other', async () => {
    const waiters = recordingWaiters();
    const first = waiters.wait('cs_1', 10_000);
    const second = waiters.wait('cs_1', 10_000);
    const other = waiters.wait('cs_2', 10_000);
    expect(waiters.waiting).toBe(3);
    waiters.recorded(['cs_1']);
    await expect(first.recorded).resolves.toBe(true);
    await expect(second.recorded).resolves.toBe(true);
    expect(waiters.waiting).toBe(1);
    other.cancel();
    await expect(other.recorded).resolves.toBe(false);
    expect(waiters.waiting).toBe(0);
  });

  it('gives up when the time runs out, and a later record changes nothing', async () => {
    vi.useFakeTimers();
    const waiters = recordingWaiters();
    const wait = waiters.wait('cs_1', 2_000);
    vi.advanceTimersByTime(2_000);
    await expect(wait.recorded).resolves.toBe(false);
    waiters.recorded(['cs_1']);
    expect(waiters.waiting).toBe(0);
  });

  it('does not wait for no time, nor beyond its limit of readers, and lets every reader go on closing', async () => {
    const waiters = recordingWaiters(2);
    await expect(waiters.wait('cs_0', 0).recorded).resolves.toBe(false);
    const kept = [waiters.wait('cs_1', 10_000), waiters.wait('cs_2', 10_000)];
    await expect(waiters.wait('cs_3', 10_000).recorded).resolves.toBe(false);
    expect(waiters.waiting).toBe(2);
    waiters.releaseAll();
    await expect(Promise.all(kept.map((wait) => wait.recorded))).resolves.toEqual([false, false]);
    expect(waiters.waiting).toBe(0);
  });
});
