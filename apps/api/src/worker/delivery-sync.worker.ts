import type { Logger } from 'pino';
import type { DeliveryService } from '@causeway/core/delivery/delivery.service';

export interface DeliverySyncScheduler {
  start(): void;
  /** Stops the schedule; waits at most `graceMs` for a sync under way (the next instance's run repeats it harmlessly). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Pulls every deployed campaign's delivery figures (and checks pacing) every `intervalMs`. Every
 * instance runs one: a sync is idempotent, so instances doubling up cost platform calls, not
 * correctness. The first run waits a random part of the interval, spreading instances started
 * together; runs never overlap within an instance.
 */
export function createDeliverySyncScheduler(options: {
  delivery: Pick<DeliveryService, 'syncAll'>;
  logger: Logger;
  intervalMs: number;
  random?: () => number;
}): DeliverySyncScheduler {
  const { delivery, logger, intervalMs } = options;
  const random = options.random ?? Math.random;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(run, delayMs);
    timer.unref();
  };

  function run() {
    timer = null;
    const started = Date.now();
    running = delivery
      .syncAll()
      .then((result) => {
        const level = result.failed > 0 ? 'warn' : 'info';
        logger[level]({ ...result, ms: Date.now() - started }, 'Delivery figures synced from the ad platform');
      })
      .catch((error: unknown) =>
        logger.error({ err: error }, 'The delivery sync failed; it runs again at its next turn'),
      )
      .finally(() => {
        running = null;
        schedule(intervalMs);
      });
  }

  return {
    start() {
      if (!stopped || intervalMs <= 0) return;
      stopped = false;
      schedule(Math.round(intervalMs * (0.5 + random() / 2)));
    },

    async stop(graceMs = 5_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    },
  };
}
