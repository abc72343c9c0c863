import type { DonationPaid } from './donation-recording.service';

export type DonationIngestDeps = {
  /** The bookkeeping of a batch of payments at once; when it throws, nothing of it was kept. */
  recordBatch: (actions: DonationPaid[]) => Promise<void>;
  /** The bookkeeping of one payment on its own (its failure is that payment's, as one webhook's). */
  recordOne: (action: DonationPaid) => Promise<void>;
  /** The most payments in one batch. */
  maxBatch: number;
  /** A batch that failed whole (its payments are then taken one at a time): logged. */
  onBatchFailure: (error: unknown, payments: number) => void;
};

export interface DonationIngest {
  /**
   * Books a paid donation's event with whatever others are waiting: resolved once its bookkeeping is
   * done (the payment recorded once, counted, its event marked done), rejected when it failed in a way
   * a later delivery may mend, as the bookkeeping of one event is.
   */
  paid(action: DonationPaid): Promise<void>;
  /** Resolved once nothing is waiting or being booked. */
  settled(): Promise<void>;
}

interface Waiting {
  action: DonationPaid;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Payments' bookkeeping in batches, for bursts of webhooks: each webhook's payment waits for the batch
 * it joins, and a batch takes every payment that came while the one before it was being written (up
 * to `maxBatch`). One batch at a time per instance; the store keeps each payment once whatever another
 * instance does at the same moment. A batch that fails is taken again one payment at a time, so one
 * payment's failure is only its own webhook's.
 */
export function donationIngest(deps: DonationIngestDeps): DonationIngest {
  const { recordBatch, recordOne, onBatchFailure } = deps;
  const maxBatch = Math.max(1, Math.floor(deps.maxBatch));
  let waiting: Waiting[] = [];
  let draining: Promise<void> | null = null;

  const book = async (batch: Waiting[]) => {
    try {
      await recordBatch(batch.map((entry) => entry.action));
      for (const entry of batch) entry.resolve();
      return;
    } catch (error) {
      onBatchFailure(error, batch.length);
    }
    await Promise.all(
      batch.map((entry) =>
        recordOne(entry.action).then(
          () => entry.resolve(),
          (error: unknown) => entry.reject(error),
        ),
      ),
    );
  };

  const drain = async () => {
    // The webhooks arriving in the same turn of the event loop join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(batch.length);
      await book(batch);
    }
  };

  const start = () => {
    if (draining) return;
    draining = drain().finally(() => {
      draining = null;
      // A payment that came as the last batch ended.
      if (waiting.length > 0) start();
    });
  };

  return {
    paid(action) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ action, resolve, reject });
        start();
      });
    },
    async settled() {
      while (draining) await draining;
    },
  };
}
