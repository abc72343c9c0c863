import type { DeploymentView } from '../../../../core/contracts/deployments.contract';
import { DEPLOYMENT_STEP_NAMES, DEPLOYMENT_STEPS } from '../../../../core/deployment/deployment.entity';

/** A deployment (SPEC §4: 8 steps) as the review page shows it to the super user. */

export type StepState = 'done' | 'current' | 'failed' | 'todo';

export interface DeploymentStepLine {
  number: number;
  name: string;
  state: StepState;
}

/** Every step with what it is: done, under way (or where it stopped), or to come. */
export function deploymentStepsOf(deployment: Pick<DeploymentView, 'status' | 'step'>): DeploymentStepLine[] {
  return Array.from({ length: DEPLOYMENT_STEPS }, (_, index) => {
    const number = index + 1;
    let state: StepState = 'todo';
    if (deployment.status === 'succeeded' || number < deployment.step) state = 'done';
    else if (number === deployment.step) state = deployment.status === 'failed' ? 'failed' : 'current';
    return { number, name: DEPLOYMENT_STEP_NAMES[number] ?? `Step ${number}`, state };
  });
}

export function deploymentHeadline(deployment: Pick<DeploymentView, 'status' | 'step'>): string {
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

export interface DeploymentFailure {
  step: number;
  stepName: string;
  reason: string;
  /** The ad platform's own words, when they add to the reason. */
  vendorMessage: string | null;
  vendorStatus: number | null;
  reportId: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The stored error report of a stopped deployment, read for people; null unless it failed. */
export function deploymentFailureOf(
  deployment: Pick<DeploymentView, 'status' | 'step' | 'lastError' | 'errorReport'>,
): DeploymentFailure | null {
  if (deployment.status !== 'failed') return null;
  const step = deployment.errorReport?.step ?? deployment.step;
  const update = deployment.errorReport?.update ?? {};
  const reason = text(update.error) ?? text(deployment.lastError) ?? 'The step failed without a reason.';
  const vendorMessage = text(update.vendorMessage);
  const status = update.status;
  return {
    step,
    stepName: DEPLOYMENT_STEP_NAMES[step] ?? '',
    reason,
    vendorMessage: vendorMessage === reason ? null : vendorMessage,
    vendorStatus: typeof status === 'number' && Number.isInteger(status) && status > 0 ? status : null,
    reportId: deployment.errorReport?.id ?? null,
  };
}
