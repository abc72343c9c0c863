import type { DonationPaid } from './donation-recording.service';

export type DonationIngestDeps = {
  /** The bookkeeping of a batch of payments at once; when it throws, nothing of it was kept. */
  recordBatch: (actions: DonationPaid[]) => Promise<void>;
  /** The bookkeeping of one payment on its own (its failure is that payment's, as one webhook's). */
  recordOne: (action: DonationPaid) => Promise<void>;
  /** The most payments in one batch. */
  maxBatch: number;
  /** How many batches may be booked at once (1 unless said). */
  concurrency?: number;
  /** How long a batch waits for more webhooks to join it before it starts (0 unless said: the same turn only). */
  gatherMs?: number;
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

/** How many payments must wait before a batch is started beside one being booked. */
const BESIDE = 8;

interface Waiting {
  action: DonationPaid;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Payments' bookkeeping in batches, for bursts of webhooks: each webhook's payment waits for the batch
 * it joins, and a batch takes every payment that came while the one before it was being written (up
 * to `maxBatch`), up to `concurrency` batches at once; the store keeps each payment once whatever another
 * instance does at the same moment. A batch that fails is taken again one payment at a time, so one
 * payment's failure is only its own webhook's.
 */
export function donationIngest(deps: DonationIngestDeps): DonationIngest {
  const { recordBatch, recordOne, onBatchFailure } = deps;
  const maxBatch = Math.max(1, Math.floor(deps.maxBatch));
  const concurrency = Math.max(1, Math.floor(deps.concurrency ?? 1));
  const gatherMs = Math.max(0, deps.gatherMs ?? 0);
  let waiting: Waiting[] = [];

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

  let booking = 0;
  let scheduled = false;
  let onIdle: (() => void)[] = [];

  /** Starts batches while there are payments waiting and fewer than `concurrency` batches are being booked. */
  const pump = () => {
    scheduled = false;
    // A batch beside one being booked only when enough wait for it: few payments wait for the next turn.
    while (booking < concurrency && waiting.length > 0 && (booking === 0 || waiting.length >= BESIDE)) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(batch.length);
      booking += 1;
      void book(batch).finally(() => {
        booking -= 1;
        schedule();
        if (booking === 0 && waiting.length === 0 && !scheduled) {
          const idle = onIdle;
          onIdle = [];
          for (const resolve of idle) resolve();
        }
      });
    }
  };

  /** The next batches start after `gatherMs`, so the webhooks arriving meanwhile join them. */
  const schedule = () => {
    if (scheduled || waiting.length === 0 || booking >= concurrency) return;
    if (booking > 0 && waiting.length < BESIDE) return;
    scheduled = true;
    if (gatherMs > 0) setTimeout(pump, gatherMs);
    else setImmediate(pump);
  };

  return {
    paid(action) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ action, resolve, reject });
        schedule();
      });
    },
    settled() {
      if (booking === 0 && waiting.length === 0 && !scheduled) return Promise.resolve();
      return new Promise<void>((resolve) => onIdle.push(resolve));
    },
  };
}
