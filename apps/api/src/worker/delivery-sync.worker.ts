import type { Logger } from 'pino';
import type { DeliveryService } from '@causeway/core/delivery/delivery.service';
import { createPeriodicJob, type PeriodicJob } from './periodic-job';

export type DeliverySyncScheduler = PeriodicJob;

/**
 * Pulls every deployed campaign's delivery figures (and checks pacing) every `intervalMs`, on every
 * instance: a sync is idempotent, so instances doubling up cost platform calls, not correctness.
 */
export function createDeliverySyncScheduler(options: {
  delivery: Pick<DeliveryService, 'syncAll'>;
  logger: Logger;
  intervalMs: number;
  random?: () => number;
}): DeliverySyncScheduler {
  const { delivery, logger } = options;
  return createPeriodicJob({
    work: () => delivery.syncAll(),
    done: (result, ms) => {
      const level = result.failed > 0 ? 'warn' : 'info';
      logger[level]({ ...result, ms }, 'Delivery figures synced from the ad platform');
    },
    failed: (error) => logger.error({ err: error }, 'The delivery sync failed; it runs again at its next turn'),
    intervalMs: options.intervalMs,
    ...(options.random ? { random: options.random } : {}),
  });
}
