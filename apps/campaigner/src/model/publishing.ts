import type { DeploymentView } from '../../../../core/contracts/deployments.contract';
import { DEPLOYMENT_STEP_NAMES, DEPLOYMENT_STEPS } from '../../../../core/deployment/deployment.entity';
import type { WorkflowStatus } from '../../../../core/workflow/workflow.entity';

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

export type StepState = 'done' | 'current' | 'failed' | 'todo';
export type StepLine = { number: number; name: string; state: StepState };

/** The 8 steps (SPEC §4) with what each is: done, the one under way (or that failed), or still to come. */
export function stepLinesOf(deployment: Pick<DeploymentView, 'status' | 'step'> | null): StepLine[] {
  return Array.from({ length: DEPLOYMENT_STEPS }, (_, index) => {
    const number = index + 1;
    const name = DEPLOYMENT_STEP_NAMES[number] ?? `Step ${number}`;
    let state: StepState = 'todo';
    if (deployment?.status === 'succeeded' || (deployment && number < deployment.step)) state = 'done';
    else if (deployment && number === deployment.step) state = deployment.status === 'failed' ? 'failed' : 'current';
    return { number, name, state };
  });
}

/** One line saying how far the set-up is. */
export function progressHeadline(deployment: Pick<DeploymentView, 'status' | 'step'> | null): string {
  if (!deployment) return `Publishing starts in a moment (0 of ${DEPLOYMENT_STEPS} steps done)`;
  const name = DEPLOYMENT_STEP_NAMES[deployment.step] ?? '';
  switch (deployment.status) {
    case 'succeeded':
      return `${DEPLOYMENT_STEPS} of ${DEPLOYMENT_STEPS} steps done`;
    case 'failed':
      return `Stopped at step ${deployment.step} of ${DEPLOYMENT_STEPS}: ${name}`;
    case 'queued':
      return `Step ${deployment.step} of ${DEPLOYMENT_STEPS} is about to start: ${name}`;
    case 'running':
      return `Step ${deployment.step} of ${DEPLOYMENT_STEPS}: ${name}`;
  }
}

/** A failed step's error report as people read it: which step, why, and the ad platform's own words. */
export type FailureReport = {
  reportId: string | null;
  step: number;
  stepName: string;
  reason: string;
  /** What the ad platform answered, when it said something of its own. */
  vendorMessage: string | null;
  /** The ad platform's HTTP status, when it answered at all. */
  vendorStatus: number | null;
  at: string | null;
};

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

export function failureReportOf(
  deployment: Pick<DeploymentView, 'status' | 'step' | 'lastError' | 'errorReport' | 'finishedAt'>,
): FailureReport | null {
  if (deployment.status !== 'failed') return null;
  const report = deployment.errorReport;
  const step = report?.step ?? deployment.step;
  const update = report?.update ?? {};
  const reason = textOf(update.error) ?? textOf(deployment.lastError) ?? 'The step failed without a reason.';
  const vendorMessage = textOf(update.vendorMessage);
  const status = update.status;
  return {
    reportId: report?.id ?? null,
    step,
    stepName: DEPLOYMENT_STEP_NAMES[step] ?? '',
    reason,
    // The reason often quotes the vendor already; the same words twice help nobody.
    vendorMessage: vendorMessage && vendorMessage !== reason ? vendorMessage : null,
    vendorStatus: typeof status === 'number' && Number.isInteger(status) && status > 0 ? status : null,
    at: report?.createdAt ?? deployment.finishedAt,
  };
}

/** How often to ask again while waiting, as a fallback to the live updates (ms), or false. */
export function pollIntervalOf(stage: PublishStage | null): number | false {
  if (stage === 'confirming' || stage === 'starting') return 2_000;
  if (stage === 'running') return 5_000;
  return false;
}
