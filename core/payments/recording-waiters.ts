/**
 * The event bus topic on which every instance hears which checkouts' donations were just recorded
 * (payload `sessionIds`): a receipt page waiting on one instance learns of a webhook booked on another.
 */
export const PAYMENTS_RECORDED_TOPIC = 'payments.recorded';

/** The longest a receipt read may wait for its donation, in seconds (a page asks again after it). */
export const MAX_RECORDING_WAIT_SECONDS = 25;

/**
 * The most readers one instance keeps waiting at once; beyond it a read answers at once, as before
 * waiting existed, and the page asks again.
 */
export const MAX_WAITING_READERS = 20_000;

export interface RecordingWait {
  /** True once the checkout's donation is recorded; false when the time ran out or the wait was cancelled. */
  readonly recorded: Promise<boolean>;
  cancel(): void;
}

/**
 * Receipt readers waiting on this instance for a checkout's donation to be recorded. A reader starts
 * waiting before it reads the store, so a donation recorded between the read and the wait is not missed.
 */
export function recordingWaiters(limit = MAX_WAITING_READERS) {
  const waiting = new Map<string, Set<(recorded: boolean) => void>>();
  let count = 0;

  const settled: RecordingWait = { recorded: Promise.resolve(false), cancel: () => undefined };

  return {
    /** Waits at most `ms` for `sessionId`'s donation; at once false when too many wait already. */
    wait(sessionId: string, ms: number): RecordingWait {
      if (ms <= 0 || count >= limit) return settled;
      let finish!: (recorded: boolean) => void;
      const recorded = new Promise<boolean>((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        finish = (value: boolean) => {
          if (!timer) return;
          clearTimeout(timer);
          timer = undefined;
          count--;
          const readers = waiting.get(sessionId);
          readers?.delete(finish);
          if (readers?.size === 0) waiting.delete(sessionId);
          resolve(value);
        };
        timer = setTimeout(() => finish(false), ms);
        timer.unref?.();
      });
      count++;
      const readers = waiting.get(sessionId) ?? new Set();
      readers.add(finish);
      waiting.set(sessionId, readers);
      return { recorded, cancel: () => finish(false) };
    },

    /** The donations of these checkouts are recorded: their readers read again. */
    recorded(sessionIds: Iterable<string>): void {
      for (const sessionId of sessionIds) {
        for (const finish of [...(waiting.get(sessionId) ?? [])]) finish(true);
      }
    },

    /** Every reader stops waiting (the instance is closing): each answers without the donation. */
    releaseAll(): void {
      for (const readers of [...waiting.values()]) for (const finish of [...readers]) finish(false);
    },

    /** How many readers wait now. */
    get waiting(): number {
      return count;
    },
  };
}
export type RecordingWaiters = ReturnType<typeof recordingWaiters>;
