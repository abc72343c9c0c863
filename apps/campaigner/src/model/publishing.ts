import type { DeploymentView } from '@causeway/core/contracts/deployments.contract';
import type { WorkflowStatus } from '@causeway/core/workflow/workflow.entity';

/** What the payment page said when it sent the browser back (`?payment=done|canceled`). */
export type PaymentReturn = 'done' | 'canceled' | null;

export const paymentReturnOf = (value: string | null): PaymentReturn =>
  value === 'done' || value === 'canceled' ? value : null;

/**
 * Where an approved campaign is on its way to being published:
 * - pay: the ad budget is not paid;
 * - confirming: back from a payment the platform has not confirmed yet (its webhook comes a moment later);
 * - starting: paid, the set-up on the ad platform not started yet;
 * - running: the set-up is queued or under way;
 * - failed: it stopped at a step, with its error report;
 * - published: every step done.
 */
export type PublishStage = 'pay' | 'confirming' | 'starting' | 'running' | 'failed' | 'published';

/** The stage of a draft, or null when it is not approved or published (nothing to pay or publish). */
export function publishStageOf({
  status,
  isPaid,
  deployment,
  paymentReturn,
}: {
  status: WorkflowStatus;
  isPaid: boolean;
  deployment: Pick<DeploymentView, 'status'> | null;
  paymentReturn: PaymentReturn;
}): PublishStage | null {
  if (status !== 'Approved' && status !== 'Published') return null;
  // The job is the freshest word: the draft follows it a moment later.
  if (deployment) {
    if (deployment.status === 'succeeded') return 'published';
    if (status === 'Published') return 'published';
    if (deployment.status === 'failed') return 'failed';
    return 'running';
  }
  if (status === 'Published') return 'published';
  if (isPaid) return 'starting';
  return paymentReturn === 'done' ? 'confirming' : 'pay';
}

/** How often to ask again while waiting, as a fallback to the live updates (ms), or false. */
export function pollIntervalOf(stage: PublishStage | null): number | false {
  if (stage === 'confirming' || stage === 'starting') return 2_000;
  if (stage === 'running') return 5_000;
  return false;
}
