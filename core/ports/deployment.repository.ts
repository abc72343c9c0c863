import type { Deployment, DeploymentProgress, NewDeployment } from '../deployment/deployment.entity';

/** Durable deployment jobs: created once per start, taken up by one worker at a time under a lease. */
export interface DeploymentRepository {
  /**
   * Stores a new job. A draft has at most one active (queued or running) job: creating a second is
   * a conflict.
   */
  create(deployment: NewDeployment): Promise<Deployment>;
  findById(id: string): Promise<Deployment | null>;
  /** The draft's newest job, or null. */
  findLatest(preCampaignId: string): Promise<Deployment | null>;
  /**
   * Takes up the oldest job that is queued, or running with a lease that ran out before `now` (its
   * worker died): marks it running, held by `worker` until `leaseUntil`, attempts + 1. Null when none.
   * Two workers never take the same job.
   */
  claim(worker: string, now: string, leaseUntil: string): Promise<Deployment | null>;
  /**
   * Records progress of a job `worker` holds (and extends the lease when `leaseUntil` is given).
   * Null, writing nothing, when the worker no longer holds it: another took it up.
   */
  progress(
    id: string,
    worker: string,
    change: DeploymentProgress,
    options?: { leaseUntil?: string; at?: string },
  ): Promise<Deployment | null>;
  /** A failed job queued again at the step it failed; null when it is not failed. */
  requeue(id: string, at: string): Promise<Deployment | null>;
}
