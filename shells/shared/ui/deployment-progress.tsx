import { Circle, CircleAlert, CircleCheck, CircleX, LoaderCircle, RotateCw, TriangleAlert } from 'lucide-react';
import type { DeploymentView } from '@causeway/core/contracts/deployments.contract';
import { DEPLOYMENT_STEPS } from '@causeway/core/deployment/deployment.entity';
import {
  deploymentFailureOf,
  deploymentHeadline,
  deploymentStepsOf,
  type DeploymentStepState,
} from '../deployment/deployment-progress.rules';
import { formatDateTime } from '../format';
import './deployment-progress.css';

const STATE_WORDS: Record<DeploymentStepState, string> = {
  done: 'done',
  current: 'under way',
  failed: 'stopped here',
  todo: 'to come',
};

function StepIcon({ state }: { state: DeploymentStepState }) {
  switch (state) {
    case 'done':
      return <CircleCheck size={18} aria-hidden="true" />;
    case 'current':
      return <LoaderCircle size={18} className="cw-spin" aria-hidden="true" />;
    case 'failed':
      return <CircleX size={18} aria-hidden="true" />;
    case 'todo':
      return <Circle size={18} aria-hidden="true" />;
  }
}

/**
 * Step k of 8 with every step's name: done, under way, stopped, or to come; none started yet for a job
 * that does not exist. Updated live by the caller; `collapsed` folds the list away once it no longer
 * matters (a published campaign).
 */
export function DeploymentSteps({
  deployment,
  collapsed = false,
}: {
  deployment: Pick<DeploymentView, 'status' | 'step'> | null;
  collapsed?: boolean;
}) {
  const lines = deploymentStepsOf(deployment);
  const done = lines.filter((line) => line.state === 'done').length;
  const list = (
    <ol className="cw-deploy-steps__list" data-testid="deployment-steps">
      {lines.map((line) => (
        <li key={line.number} className={`cw-deploy-step is-${line.state}`} data-state={line.state}>
          <StepIcon state={line.state} />
          <span className="cw-deploy-step__name">
            <span className="cw-deploy-step__number">{line.number}.</span> {line.name}
          </span>
          <span className="cw-deploy-step__state">{STATE_WORDS[line.state]}</span>
        </li>
      ))}
    </ol>
  );
  return (
    <div className="cw-deploy-steps">
      <p className="cw-deploy-steps__headline" data-testid="deployment-headline" aria-live="polite">
        {deploymentHeadline(deployment)}
      </p>
      <div
        className="cw-deploy-steps__track"
        role="progressbar"
        aria-label="Publishing steps done"
        aria-valuemin={0}
        aria-valuemax={DEPLOYMENT_STEPS}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${DEPLOYMENT_STEPS} steps done`}
      >
        <span className="cw-deploy-steps__bar" style={{ width: `${(done / DEPLOYMENT_STEPS) * 100}%` }} />
      </div>
      {collapsed ? (
        <details className="cw-deploy-steps__details">
          <summary>The steps</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </div>
  );
}

/** Resuming a stopped deployment, as the caller's mutation runs it. */
export type ResumeAction = { run: () => void; pending: boolean; error: Error | null };

/**
 * A failed step's error report: which step, why, the ad platform's own words, when, and Resume where the
 * reader may resume it (else who can). Nothing for a deployment that did not fail.
 */
export function DeploymentFailureReport({ deployment, resume }: { deployment: DeploymentView; resume: ResumeAction }) {
  const report = deploymentFailureOf(deployment);
  if (!report) return null;
  return (
    <div className="cw-deploy-failure" role="alert" data-testid="deployment-error">
      <p className="cw-deploy-failure__title">
        <TriangleAlert size={18} aria-hidden="true" />
        Error report of step {report.step}, {report.stepName.toLowerCase()}
      </p>
      <dl className="cw-deploy-failure__facts">
        <div>
          <dt>Reason</dt>
          <dd data-testid="deployment-error-reason">{report.reason}</dd>
        </div>
        {report.vendorMessage && (
          <div>
            <dt>The ad platform said</dt>
            <dd>
              <q data-testid="deployment-error-vendor">{report.vendorMessage}</q>
              {report.vendorStatus !== null && (
                <span className="cw-deploy-failure__status"> (HTTP {report.vendorStatus})</span>
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>Stopped</dt>
          <dd>{formatDateTime(report.at)}</dd>
        </div>
        {report.reportId && (
          <div>
            <dt>Report</dt>
            <dd>
              <code>{report.reportId}</code>
            </dd>
          </div>
        )}
      </dl>
      {deployment.canResume ? (
        <div className="cw-deploy-failure__actions">
          <button type="button" className="cw-button cw-button--primary" onClick={resume.run} disabled={resume.pending}>
            {resume.pending ? (
              <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
            ) : (
              <RotateCw size={16} aria-hidden="true" />
            )}
            Resume publishing
          </button>
          <span className="cw-deploy-failure__hint">
            It continues at step {report.step}; nothing already made on the ad platform is made twice.
          </span>
        </div>
      ) : (
        <p className="cw-deploy-failure__hint">
          The person who wrote the campaign, your organization’s admin or a super user can resume it.
        </p>
      )}
      {resume.error && (
        <p className="cw-alert">
          <CircleAlert size={16} aria-hidden="true" />
          It couldn’t be resumed: {resume.error.message}
        </p>
      )}
    </div>
  );
}
