import { expect, it } from 'vitest';
import { describeContract } from '@causeway/tests/support/contract';

const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);

describeContract('RateLimitStore', (subject) => {
  const limits = () => subject().store.rateLimits;

  it('starts a window at the first hit and counts the next hits in it', async () => {
    const now = at('2026-05-01T10:00:00.000Z');
    expect(await limits().hit('client:a', MINUTE, now)).toEqual({ count: 1, resetAt: at('2026-05-01T10:01:00.000Z') });
    const later = at('2026-05-01T10:00:30.000Z');
    expect(await limits().hit('client:a', MINUTE, later)).toEqual({
      count: 2,
      resetAt: at('2026-05-01T10:01:00.000Z'),
    });
    expect(await limits().peek('client:a', later)).toEqual({ count: 2, resetAt: at('2026-05-01T10:01:00.000Z') });
    expect(await limits().peek('client:b', later)).toBeNull();
  });

  it('starts over once the window has ended', async () => {
    await limits().hit('k', MINUTE, at('2026-05-01T10:00:00.000Z'));
    await limits().hit('k', MINUTE, at('2026-05-01T10:00:10.000Z'));
    expect(await limits().peek('k', at('2026-05-01T10:01:00.000Z'))).toBeNull();
    expect(await limits().hit('k', MINUTE, at('2026-05-01T10:01:05.000Z'))).toEqual({
      count: 1,
      resetAt: at('2026-05-01T10:02:05.000Z'),
    });
  });

  it('counts every one of many concurrent hits once', async () => {
    const now = at('2026-05-01T10:00:00.000Z');
    const windows = await Promise.all(Array.from({ length: 25 }, () => limits().hit('burst', MINUTE, now)));
    expect(windows.map((window) => window.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, index) => index + 1),
    );
    expect((await limits().peek('burst', now))?.count).toBe(25);
  });

  it('takes a hit back without going below zero, and forgets a key', async () => {
    const now = at('2026-05-01T10:00:00.000Z');
    await limits().hit('sign-in', MINUTE, now);
    await limits().hit('sign-in', MINUTE, now);
    await limits().undo('sign-in', now);
    expect((await limits().peek('sign-in', now))?.count).toBe(1);
    await limits().undo('sign-in', now);
    await limits().undo('sign-in', now);
    expect((await limits().peek('sign-in', now))?.count).toBe(0);
    await limits().undo('never-hit', now);
    expect(await limits().peek('never-hit', now)).toBeNull();
    await limits().reset('sign-in');
    expect(await limits().peek('sign-in', now)).toBeNull();
  });

  it('keeps keys with any characters apart', async () => {
    const now = at('2026-05-01T10:00:00.000Z');
    await limits().hit('checkout|a/b|c', MINUTE, now);
    await limits().hit('checkout|a/b|c', MINUTE, now);
    await limits().hit('checkout|a/b|d', MINUTE, now);
    expect((await limits().peek('checkout|a/b|c', now))?.count).toBe(2);
    expect((await limits().peek('checkout|a/b|d', now))?.count).toBe(1);
  });

  it('counts a batch of hits in one call, each in its own window, and answers them in the order asked', async () => {
    const now = at('2026-05-01T10:00:00.000Z');
    await limits().hit('batch:b', MINUTE, at('2026-05-01T09:59:30.000Z'));
    await limits().hit('batch:b', MINUTE, at('2026-05-01T09:59:30.000Z'));
    await limits().hit('batch:ended', MINUTE, at('2026-05-01T09:58:00.000Z'));
    expect(await limits().hitMany([], now)).toEqual([]);
    expect(
      await limits().hitMany(
        [
          { key: 'batch:c', windowMs: 10 * MINUTE },
          { key: 'batch:b', windowMs: 10 * MINUTE },
          { key: 'batch:ended', windowMs: 5 * MINUTE },
          { key: 'batch:a', windowMs: MINUTE },
        ],
        now,
      ),
    ).toEqual([
      { count: 1, resetAt: at('2026-05-01T10:10:00.000Z') },
      { count: 3, resetAt: at('2026-05-01T10:00:30.000Z') },
      { count: 1, resetAt: at('2026-05-01T10:05:00.000Z') },
      { count: 1, resetAt: at('2026-05-01T10:01:00.000Z') },
    ]);
    // A batch and single hits count in the same windows.
    expect(await limits().hit('batch:c', MINUTE, now)).toEqual({ count: 2, resetAt: at('2026-05-01T10:10:00.000Z') });
    await expect(
      limits().hitMany(
        [
          { key: 'twice', windowMs: MINUTE },
          { key: 'twice', windowMs: MINUTE },
        ],
        now,
      ),
    ).rejects.toThrow();
  });

  it('counts every hit of many concurrent batches sharing keys once', async () => {
    const now = at('2026-05-01T10:00:00.000Z');
    // Each batch names the shared window and one of two others, in either order.
    const batches = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        limits().hitMany(
          index % 2 === 0
            ? [
                { key: 'shared', windowMs: MINUTE },
                { key: `own:${index % 4}`, windowMs: MINUTE },
              ]
            : [
                { key: `own:${index % 4}`, windowMs: MINUTE },
                { key: 'shared', windowMs: MINUTE },
              ],
          now,
        ),
      ),
    );
    const shared = batches.map((windows, index) => windows[index % 2 === 0 ? 0 : 1]!.count);
    expect(shared.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const counts = await limits().peekMany(['own:0', 'own:1', 'own:2', 'own:3', 'shared'], now);
    expect(counts.map((window) => window?.count)).toEqual([5, 5, 5, 5, 20]);
  });

  it('peeks at several windows in one call, null for those it has not or that have ended', async () => {
    const now = at('2026-05-01T10:00:00.000Z');
    await limits().hit('seen', MINUTE, now);
    await limits().hit('seen', MINUTE, now);
    await limits().hit('gone', MINUTE, at('2026-05-01T09:58:00.000Z'));
    expect(await limits().peekMany([], now)).toEqual([]);
    expect(await limits().peekMany(['never', 'seen', 'gone', 'seen'], now)).toEqual([
      null,
      { count: 2, resetAt: at('2026-05-01T10:01:00.000Z') },
      null,
      { count: 2, resetAt: at('2026-05-01T10:01:00.000Z') },
    ]);
  });

  it('purges the windows that have ended, and only those', async () => {
    await limits().hit('old', MINUTE, at('2026-05-01T10:00:00.000Z'));
    await limits().hit('new', 10 * MINUTE, at('2026-05-01T10:00:00.000Z'));
    expect(await limits().purgeEnded(at('2026-05-01T10:05:00.000Z'))).toBe(1);
    expect(await limits().peek('new', at('2026-05-01T10:05:00.000Z'))).not.toBeNull();
    expect(await limits().hit('old', MINUTE, at('2026-05-01T10:05:00.000Z'))).toMatchObject({ count: 1 });
  });
});
