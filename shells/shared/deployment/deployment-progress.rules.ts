import type { DeploymentView } from '@causeway/core/contracts/deployments.contract';
import { DEPLOYMENT_STEP_NAMES, DEPLOYMENT_STEPS } from '@causeway/core/deployment/deployment.entity';

/** A campaign's set-up on the ad platform (SPEC §4: 8 steps) as people follow it, campaigners and super users alike. */

export type DeploymentStepState = 'done' | 'current' | 'failed' | 'todo';

export type DeploymentStepLine = { number: number; name: string; state: DeploymentStepState };

/** Every step with what it is: done, the one under way (or where it stopped), or still to come; all to come before it starts. */
export function deploymentStepsOf(deployment: Pick<DeploymentView, 'status' | 'step'> | null): DeploymentStepLine[] {
  return Array.from({ length: DEPLOYMENT_STEPS }, (_, index) => {
    const number = index + 1;
    const name = DEPLOYMENT_STEP_NAMES[number] ?? `Step ${number}`;
    let state: DeploymentStepState = 'todo';
    if (deployment?.status === 'succeeded' || (deployment && number < deployment.step)) state = 'done';
    else if (deployment && number === deployment.step) state = deployment.status === 'failed' ? 'failed' : 'current';
    return { number, name, state };
  });
}

/**
 * The job as a page shows it beside its draft: a draft already Published went through the last step,
 * so its job reads as done even before the job's own last word arrives.
 */
export function deploymentAsShown<T extends Pick<DeploymentView, 'status'>>(deployment: T, draftPublished: boolean): T {
  return draftPublished && deployment.status !== 'succeeded' ? { ...deployment, status: 'succeeded' } : deployment;
}

/** One line saying how far the set-up is. */
export function deploymentHeadline(deployment: Pick<DeploymentView, 'status' | 'step'> | null): string {
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
export type DeploymentFailure = {
  reportId: string | null;
  step: number;
  stepName: string;
  reason: string;
  /** What the ad platform answered, when it said something of its own. */
  vendorMessage: string | null;
  /** The ad platform's HTTP status, when it answered at all. */
  vendorStatus: number | null;
  /** When it stopped: the report's time, else the job's end. */
  at: string | null;
};

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The stored error report of a stopped deployment, read for people; null unless it failed. */
export function deploymentFailureOf(
  deployment: Pick<DeploymentView, 'status' | 'step' | 'lastError' | 'errorReport' | 'finishedAt'>,
): DeploymentFailure | null {
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
