import { CircleAlert, CircleCheck, ExternalLink, LoaderCircle, Rocket } from 'lucide-react';
import type { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import { CAMPAIGN_PATHS } from '@causeway/core/contracts/campaigns.contract';
import { DeploymentFailureReport, DeploymentSteps } from '@causeway/shells/shared/ui/deployment-progress';
import { ErrorPanel } from '@causeway/shells/shared/ui/states';
import { Section } from '@causeway/shells/shared/ui/page-header';
import { useDeployment, useResumeDeployment, useStartDeployment } from '../api/deployments.api';
import { formatDateTime } from '../model/format';
import '../deployment.css';

/**
 * An approved, paid campaign's set-up on the ad platform: Start publishing when it never started (paying
 * starts it by itself; this is the way by hand), then its 8 steps live, the error report and Resume.
 */
export function DeploymentPanel({ draft, published: draftPublished }: { draft: PreCampaign; published: boolean }) {
  const deployment = useDeployment(draft.id, { enabled: true });
  const start = useStartDeployment(draft.id);
  const resume = useResumeDeployment(draft.id);
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
          <DeploymentSteps deployment={job} />
          <DeploymentFailureReport
            deployment={job}
            resume={{ run: () => resume.mutate(job.id), pending: resume.isPending, error: resume.error }}
          />
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
