import { Circle, CircleAlert, CircleCheck, CircleX, ExternalLink, LoaderCircle, Rocket, RotateCw } from 'lucide-react';
import type { PreCampaign } from '../../../../core/campaigns/campaign.entity';
import { CAMPAIGN_PATHS } from '../../../../core/contracts/campaigns.contract';
import type { DeploymentView } from '../../../../core/contracts/deployments.contract';
import {
  deploymentFailureOf,
  deploymentHeadline,
  deploymentStepsOf,
  type DeploymentStepState,
} from '../../../../shells/shared/deployment/deployment-progress.rules';
import { useDeployment, useResumeDeployment, useStartDeployment } from '../api/deployments.api';
import { formatDateTime } from '../model/format';
import { Section } from '../ui/page-header';
import { ErrorPanel } from '../ui/states';
import '../deployment.css';

const STATE_WORDS: Record<DeploymentStepState, string> = {
  done: 'done',
  current: 'under way',
  failed: 'stopped here',
  todo: 'to come',
};

const STATE_ICONS = { done: CircleCheck, current: LoaderCircle, failed: CircleX, todo: Circle } as const;

function Steps({ deployment }: { deployment: DeploymentView }) {
  const lines = deploymentStepsOf(deployment);
  const done = lines.filter((line) => line.state === 'done').length;
  return (
    <div className="cw-admin-deploy__steps">
      <p className="cw-admin-deploy__headline" data-testid="deployment-headline" aria-live="polite">
        {deploymentHeadline(deployment)}
      </p>
      <div
        className="cw-admin-deploy__track"
        role="progressbar"
        aria-label="Publishing steps done"
        aria-valuemin={0}
        aria-valuemax={deployment.of}
        aria-valuenow={done}
      >
        <span className="cw-admin-deploy__bar" style={{ width: `${(done / deployment.of) * 100}%` }} />
      </div>
      <ol className="cw-admin-deploy__list" data-testid="deployment-steps">
        {lines.map((line) => {
          const Icon = STATE_ICONS[line.state];
          return (
            <li key={line.number} className={`cw-admin-deploy__step is-${line.state}`} data-state={line.state}>
              <Icon size={16} className={line.state === 'current' ? 'cw-spin' : undefined} aria-hidden="true" />
              <span className="cw-admin-deploy__name">
                {line.number}. {line.name}
              </span>
              <span className="cw-admin-deploy__state">{STATE_WORDS[line.state]}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function Failure({ deployment, preCampaignId }: { deployment: DeploymentView; preCampaignId: string }) {
  const resume = useResumeDeployment(preCampaignId);
  const failure = deploymentFailureOf(deployment);
  if (!failure) return null;
  return (
    <div className="cw-admin-deploy__failure" role="alert" data-testid="deployment-error">
      <p className="cw-admin-deploy__failure-title">
        Error report of step {failure.step}, {failure.stepName.toLowerCase()}
      </p>
      <dl className="cw-admin-deploy__facts">
        <div>
          <dt>Reason</dt>
          <dd>{failure.reason}</dd>
        </div>
        {failure.vendorMessage && (
          <div>
            <dt>The ad platform said</dt>
            <dd>
              <q>{failure.vendorMessage}</q>
              {failure.vendorStatus !== null && <span className="cw-admin-muted"> (HTTP {failure.vendorStatus})</span>}
            </dd>
          </div>
        )}
        <div>
          <dt>Stopped</dt>
          <dd>{formatDateTime(deployment.finishedAt)}</dd>
        </div>
        {failure.reportId && (
          <div>
            <dt>Error report</dt>
            <dd>
              <code>{failure.reportId}</code>
            </dd>
          </div>
        )}
      </dl>
      {deployment.canResume && (
        <div className="cw-admin-deploy__actions">
          <button
            type="button"
            className="cw-button cw-button--primary"
            onClick={() => resume.mutate(deployment.id)}
            disabled={resume.isPending}
          >
            {resume.isPending ? (
              <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
            ) : (
              <RotateCw size={16} aria-hidden="true" />
            )}
            Resume
          </button>
          <span className="cw-admin-muted">
            Continues at step {failure.step}; nothing already made on the ad platform is made again.
          </span>
        </div>
      )}
      {resume.isError && (
        <p className="cw-admin-deploy__error">
          <CircleAlert size={16} aria-hidden="true" />
          It couldn’t be resumed: {resume.error.message}
        </p>
      )}
    </div>
  );
}

/**
 * An approved, paid campaign's set-up on the ad platform: Start publishing when it never started (paying
 * starts it by itself; this is the way by hand), then its 8 steps live, the error report and Resume.
 */
export function DeploymentPanel({ draft, published: draftPublished }: { draft: PreCampaign; published: boolean }) {
  const deployment = useDeployment(draft.id, { enabled: true });
  const start = useStartDeployment(draft.id);
  const job = deployment.data ?? null;
  const published = job?.status === 'succeeded';

  return (
    <Section
      id="cw-review-deployment"
      title="Publishing on the ad platform"
      description="The budget is paid. The campaign becomes an insertion order, a line item, creatives and ads, in 8 steps."
    >
      {deployment.isPending ? (
        <div className="cw-admin-deploy__loading" aria-busy="true" role="status">
          <span className="cw-visually-hidden">Loading the publishing progress…</span>
          <span className="cw-admin-shimmer cw-admin-shimmer--input" />
        </div>
      ) : deployment.isError ? (
        <ErrorPanel
          compact
          title="The publishing progress couldn't be loaded"
          error={deployment.error}
          onRetry={() => void deployment.refetch()}
        />
      ) : job === null && draftPublished ? (
        <p className="cw-admin-muted">Published; no record of its set-up is kept.</p>
      ) : job === null ? (
        <div className="cw-admin-deploy__actions" data-testid="deployment-not-started">
          <button
            type="button"
            className="cw-button cw-button--primary"
            onClick={() => start.mutate(draft.id)}
            disabled={start.isPending}
          >
            {start.isPending ? (
              <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
            ) : (
              <Rocket size={16} aria-hidden="true" />
            )}
            Start publishing
          </button>
          <span className="cw-admin-muted">Publishing hasn’t started yet.</span>
        </div>
      ) : (
        <div className="cw-admin-deploy" data-status={job.status}>
          {published && (
            <p className="cw-admin-deploy__done">
              <CircleCheck size={18} aria-hidden="true" />
              <span>Published {formatDateTime(job.finishedAt)}.</span>
              <a
                href={CAMPAIGN_PATHS.page(encodeURIComponent(job.campaignId))}
                target="_blank"
                rel="noopener noreferrer"
                className="cw-admin-link"
              >
                <ExternalLink size={14} aria-hidden="true" /> Open the public page
              </a>
            </p>
          )}
          <Steps deployment={job} />
          <Failure deployment={job} preCampaignId={draft.id} />
        </div>
      )}
      {start.isError && (
        <p className="cw-admin-deploy__error" role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          Publishing couldn’t be started: {start.error.message}
        </p>
      )}
    </Section>
  );
}
