import {
  BadgeCheck,
  CircleAlert,
  CircleSlash,
  CreditCard,
  ExternalLink,
  LoaderCircle,
  PiggyBank,
  Rocket,
  TriangleAlert,
} from 'lucide-react';
import { useEffect } from 'react';
import { actorOf, can } from '@causeway/core/auth/authorization';
import type { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import { CAMPAIGN_PATHS } from '@causeway/core/contracts/campaigns.contract';
import type { DeploymentView } from '@causeway/core/contracts/deployments.contract';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { Link } from '@causeway/shells/shared/router';
import { deploymentAsShown } from '@causeway/shells/shared/deployment/deployment-progress.rules';
import { DeploymentFailureReport, DeploymentSteps } from '@causeway/shells/shared/ui/deployment-progress';
import { useBudgetCheckout, useDeployment, useResumeDeployment } from '../api/publishing.api';
import { budgetShareOf } from '../model/budget';
import { campaignerPaths } from '../model/campaigner-routes';
import { formatDay } from '../model/dates';
import { statusOf } from '../model/draft-status';
import { formatDollars } from '../model/money';
import { pollIntervalOf, publishStageOf, type PaymentReturn, type PublishStage } from '../model/publishing';
import { Banner } from '../ui/states';
import '../publishing.css';

/** What the budget buys, in the words of the Budget step. */
function BudgetBreakdown({ draft }: { draft: PreCampaign }) {
  const { totalCents, adsCents, restCents, adsPercent } = budgetShareOf(draft.budgetLifetime);
  return (
    <div className="cw-camp-explainer" data-testid="budget-breakdown">
      <PiggyBank size={20} aria-hidden="true" />
      <div>
        <p>
          Of the {formatDollars(totalCents)}, <strong>{formatDollars(adsCents)} buys ads</strong> ({adsPercent}%); the
          rest, {formatDollars(restCents)}, pays for running the campaign on Causeway and the card payment costs.
        </p>
        {draft.startDate && draft.endDate && (
          <p>
            The ads run from {formatDay(draft.startDate)} to {formatDay(draft.endDate)}.
          </p>
        )}
      </div>
    </div>
  );
}

function PayCard({ draft, user, canceled }: { draft: PreCampaign; user: SessionUser; canceled: boolean }) {
  const checkout = useBudgetCheckout(draft.id);
  const { reset } = checkout;
  // Back from the payment page through the browser's cache: the page is as it was left, mid-redirect.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);
  const mayPay = can(actorOf(user), 'preCampaign.pay', { uid: draft.userId, organizationId: draft.organizationId });
  const amount = formatDollars(draft.budgetLifetime);
  return (
    <section className="cw-card cw-pub-card" aria-labelledby="cw-pub-pay-title" data-testid="publish-panel">
      <div className="cw-pub-card__head">
        <BadgeCheck className="cw-pub-card__icon is-success" size={22} aria-hidden="true" />
        <div>
          <h2 id="cw-pub-pay-title" className="cw-pub-card__title">
            Approved – pay the ad budget to publish
          </h2>
          <p className="cw-pub-card__text">
            A reviewer approved the campaign. Once its budget of {amount} is paid, it is set up as ads on the ad
            platform and its page goes public.
          </p>
        </div>
      </div>
      {canceled && (
        <p className="cw-camp-note cw-camp-note--info" role="status" data-testid="payment-canceled">
          <CircleSlash size={16} aria-hidden="true" />
          <span>The payment was canceled: nothing was charged. You can pay whenever you are ready.</span>
        </p>
      )}
      <BudgetBreakdown draft={draft} />
      {mayPay ? (
        <div className="cw-pub-card__actions">
          <button
            type="button"
            className="cw-button cw-button--primary"
            onClick={() => checkout.mutate()}
            disabled={checkout.isPending}
          >
            {checkout.isPending ? (
              <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
            ) : (
              <CreditCard size={16} aria-hidden="true" />
            )}
            Pay the ad budget ({amount})
          </button>
          <span className="cw-pub-card__hint">
            You pay by card on our payment provider’s secure page, then come back here.
          </span>
        </div>
      ) : (
        <p className="cw-camp-note">
          <CircleAlert size={16} aria-hidden="true" />
          <span>
            Only the person who wrote this campaign, or your organization’s admin, can pay its budget
            {user.demoUser ? '; demo accounts cannot' : ''}.
          </span>
        </p>
      )}
      {checkout.isError && (
        <p className="cw-alert" role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          The payment page couldn’t be opened: {checkout.error.message}
        </p>
      )}
    </section>
  );
}

/** The error report of the step that failed, with Resume for those who may resume it. */
function FailureReport({ deployment, preCampaignId }: { deployment: DeploymentView; preCampaignId: string }) {
  const resume = useResumeDeployment(preCampaignId);
  return (
    <DeploymentFailureReport
      deployment={deployment}
      resume={{ run: () => resume.mutate(deployment.id), pending: resume.isPending, error: resume.error }}
    />
  );
}

const STAGE_TITLES: Record<Exclude<PublishStage, 'pay'>, string> = {
  confirming: 'Payment received',
  starting: 'Budget paid – publishing starts in a moment',
  running: 'Publishing on the ad platform',
  failed: 'Publishing stopped',
  published: 'Published',
};

function ProgressCard({
  draft,
  stage,
  deployment,
  paymentReturn,
}: {
  draft: PreCampaign;
  stage: Exclude<PublishStage, 'pay'>;
  deployment: DeploymentView | null;
  paymentReturn: PaymentReturn;
}) {
  const tone = stage === 'published' ? 'is-success' : stage === 'failed' ? 'is-danger' : 'is-info';
  const Icon = stage === 'published' ? Rocket : stage === 'failed' ? TriangleAlert : LoaderCircle;
  return (
    <section
      className={`cw-card cw-pub-card cw-pub-card--${stage}`}
      aria-labelledby="cw-pub-progress-title"
      data-testid="publish-panel"
      data-stage={stage}
    >
      <div className="cw-pub-card__head">
        <Icon
          className={`cw-pub-card__icon ${tone}${stage === 'confirming' || stage === 'starting' || stage === 'running' ? ' cw-spin' : ''}`}
          size={22}
          aria-hidden="true"
        />
        <div>
          <h2 id="cw-pub-progress-title" className="cw-pub-card__title">
            {STAGE_TITLES[stage]}
          </h2>
          {paymentReturn === 'done' && stage !== 'confirming' && (
            <p className="cw-pub-card__text" data-testid="payment-received">
              Payment received: thank you.
            </p>
          )}
          {stage === 'confirming' && (
            <p className="cw-pub-card__text" data-testid="payment-received">
              Thank you. The payment is being confirmed; publishing starts as soon as it is.
            </p>
          )}
          {(stage === 'starting' || stage === 'running') && (
            <p className="cw-pub-card__text">
              The campaign is being set up as ads, step by step. This page follows along; you can also leave it, you
              will be notified when it is published.
            </p>
          )}
          {stage === 'published' && (
            <p className="cw-pub-card__text">
              The budget is paid, the ads are set up and the campaign’s page is public.
            </p>
          )}
        </div>
      </div>
      {stage === 'published' ? (
        <>
          <div className="cw-pub-card__actions">
            <a
              href={CAMPAIGN_PATHS.page(encodeURIComponent(draft.campaignUUID))}
              className="cw-button cw-button--secondary"
              target="_blank"
              rel="noopener noreferrer"
            >
              <ExternalLink size={16} aria-hidden="true" />
              Open the public page
            </a>
            <Link to={campaignerPaths.campaign(draft.campaignUUID)} className="cw-button cw-button--primary">
              See its figures and ads
            </Link>
          </div>
          {deployment && <DeploymentSteps deployment={deploymentAsShown(deployment, true)} collapsed />}
        </>
      ) : (
        <DeploymentSteps deployment={deployment} />
      )}
      {stage === 'failed' && deployment && <FailureReport deployment={deployment} preCampaignId={draft.id} />}
    </section>
  );
}

/**
 * An approved campaign's way to being published: paying its ad budget, then its set-up on the ad platform
 * step by step, live, with the error report and Resume when a step fails, and the public page once done.
 */
export function PublishPanel({
  draft,
  user,
  paymentReturn,
}: {
  draft: PreCampaign;
  user: SessionUser;
  paymentReturn: PaymentReturn;
}) {
  const status = statusOf(draft);
  const watching = status === 'Published' || (status === 'Approved' && (draft.isPaid || paymentReturn === 'done'));
  const stageWith = (job: DeploymentView | null) =>
    publishStageOf({ status, isPaid: draft.isPaid, deployment: job, paymentReturn });
  // The live updates move it along; a slow poll covers a missed message (and the payment's confirmation).
  const deployment = useDeployment(draft.id, { enabled: watching, pollMs: (job) => pollIntervalOf(stageWith(job)) });
  const job = deployment.data ?? null;
  const stage = stageWith(job);

  if (stage === null) return null;
  if (stage === 'pay') return <PayCard draft={draft} user={user} canceled={paymentReturn === 'canceled'} />;
  if (watching && deployment.isError) {
    return (
      <Banner tone="danger" icon={CircleAlert} title="Publishing progress couldn’t be loaded" role="alert">
        <p>{deployment.error.message}</p>
      </Banner>
    );
  }
  return <ProgressCard draft={draft} stage={stage} deployment={job} paymentReturn={paymentReturn} />;
}
