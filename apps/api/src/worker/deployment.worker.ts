import type { Logger } from 'pino';
import type { DeploymentService } from '@causeway/core/deployment/deployment.service';
import { wakeableWait } from './wakeable-wait';

export interface DeploymentWorker {
  start(): void;
  /** There is work: look now instead of at the next poll. */
  wake(): void;
  /** Stops taking up jobs; waits at most `graceMs` for the one in hand (its lease lets another finish it). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Takes up queued deployments one at a time and runs them. Every instance runs one; the store hands
 * each job to one worker, and a job whose worker died is taken up again when its lease runs out.
 */
export function createDeploymentWorker(options: {
  deployments: Pick<DeploymentService, 'runNext'>;
  logger: Logger;
  /** This worker's name in the jobs it holds. */
  name: string;
  /** How often to look for work nobody woke it for (jobs of other instances, expired leases). */
  pollMs: number;
}): DeploymentWorker {
  const { deployments, logger, name, pollMs } = options;
  let running = false;
  let loop: Promise<void> | null = null;
  const idle = wakeableWait();

  return {
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          let ran = false;
          try {
            ran = await deployments.runNext(name);
          } catch (error) {
            logger.error({ err: error }, 'The deployment worker failed to run a job; it will look again');
          }
          if (!ran && running) await idle.wait(pollMs);
        }
      })();
    },

    wake: idle.wake,

    async stop(graceMs = 5_000) {
      running = false;
      idle.wake();
      if (!loop) return;
      await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    },
  };
}
