import { Circle, CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import type { DeploymentView } from '../../../../core/contracts/deployments.contract';
import { DEPLOYMENT_STEPS } from '../../../../core/deployment/deployment.entity';
import {
  deploymentHeadline,
  deploymentStepsOf,
  type DeploymentStepState,
} from '../../../../shells/shared/deployment/deployment-progress.rules';

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
 * Step k of 8 with every step's name: done, under way, stopped, or to come. Updated live by the caller;
 * `collapsed` folds the list away once it no longer matters (a published campaign).
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
    <ol className="cw-pub-steps__list" data-testid="deployment-steps">
      {lines.map((line) => (
        <li key={line.number} className={`cw-pub-step is-${line.state}`} data-state={line.state}>
          <StepIcon state={line.state} />
          <span className="cw-pub-step__name">
            <span className="cw-pub-step__number">{line.number}.</span> {line.name}
          </span>
          <span className="cw-pub-step__state">{STATE_WORDS[line.state]}</span>
        </li>
      ))}
    </ol>
  );
  return (
    <div className="cw-pub-steps">
      <p className="cw-pub-steps__headline" data-testid="deployment-headline" aria-live="polite">
        {deploymentHeadline(deployment)}
      </p>
      <div
        className="cw-pub-steps__track"
        role="progressbar"
        aria-label="Publishing steps done"
        aria-valuemin={0}
        aria-valuemax={DEPLOYMENT_STEPS}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${DEPLOYMENT_STEPS} steps done`}
      >
        <span className="cw-pub-steps__bar" style={{ width: `${(done / DEPLOYMENT_STEPS) * 100}%` }} />
      </div>
      {collapsed ? (
        <details className="cw-pub-steps__details">
          <summary>The steps</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </div>
  );
}
