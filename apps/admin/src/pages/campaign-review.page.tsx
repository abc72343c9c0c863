import {
  ArrowRight,
  CircleAlert,
  CircleCheck,
  ExternalLink,
  Hourglass,
  Inbox,
  MessageSquareQuote,
  SearchX,
  Undo2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import type { CampaignPage, PreCampaignView } from '@causeway/core/contracts/campaigns.contract';
import type { WorkflowStatus } from '@causeway/core/workflow/workflow.entity';
import '@causeway/shells/shared/campaign-page/campaign-page.css';
import { CampaignPageView } from '@causeway/shells/shared/campaign-page/campaign-page-view';
import { Link } from '@causeway/shells/shared/router';
import { ErrorPanel } from '@causeway/shells/shared/ui/states';
import { PageHeader, Section } from '@causeway/shells/shared/ui/page-header';
import { useOrganization } from '../api/organizations.api';
import { useApprovalQueue, useCampaignPagePreview, usePreCampaign } from '../api/pre-campaigns.api';
import { isForbidden, isNotFound } from '../api/query';
import {
  approvalPaths,
  campaignName,
  decisionsOf,
  earlierSendBack,
  nextInQueue,
  submittedAt,
  waitingTime,
  workflowStatusOf,
  writtenComments,
  type Decision,
} from '../model/approvals';
import { adDaysText, audienceOf, budgetSummary, landingOf, money } from '../model/campaign-review';
import { formatDate, formatDateTime, formatRelative } from '../model/format';
import { AdFilePreview } from '../ui/ad-file-preview';
import { PersonName } from '../ui/person-name';
import { FormSkeleton, NotAllowed } from '../ui/states';
import { useToast } from '../ui/toast';
import { useNow } from '../ui/use-now';
import { WorkflowBadge } from '../ui/workflow-badges';
import { DecisionDialog } from './decision-dialog';
import { DeploymentPanel } from './deployment-panel';

const DECISION_BUTTONS: Record<Decision, { label: string; className: string; icon: typeof CircleCheck }> = {
  approve: { label: 'Approve…', className: 'cw-button cw-button--primary', icon: CircleCheck },
  cancel: { label: 'Send back…', className: 'cw-button cw-button--danger-ghost', icon: Undo2 },
  withdraw: { label: 'Withdraw approval…', className: 'cw-button cw-button--danger-ghost', icon: Undo2 },
};

/** What the page says about a campaign no longer waiting for this reviewer. */
const STATUS_NOTES: Record<WorkflowStatus, string | null> = {
  Pending: null,
  Approved: 'Approved. It goes live once its campaigner pays the ad budget.',
  Canceled: 'Sent back to its campaigner, who can change it and send it again.',
  New: 'Still a draft: its campaigner has not sent it for approval.',
  Published: 'Published: its budget is paid and its ads are running.',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The page as donors will see it, in a browser frame with its address. */
function PagePreview({ page }: { page: CampaignPage }) {
  const address = `${window.location.origin}/campaign/${page.campaignId}/details/`;
  return (
    <div className="cw-admin-browser">
      <div className="cw-admin-browser__bar" aria-hidden="true">
        <span className="cw-admin-browser__dots">
          <span />
          <span />
          <span />
        </span>
        <span className="cw-admin-browser__address">{address}</span>
      </div>
      <div className="cw-admin-browser__page">
        <CampaignPageView page={page} />
      </div>
    </div>
  );
}

function PreviewSection({ id }: { id: string }) {
  const page = useCampaignPagePreview(id);
  return (
    <Section
      id="cw-review-preview"
      title="Campaign page"
      description="Exactly what donors will see once the campaign is published."
    >
      {page.isPending ? (
        <div className="cw-admin-browser cw-admin-browser--loading" aria-busy="true" role="status">
          <span className="cw-visually-hidden">Loading the campaign page…</span>
          <span className="cw-admin-shimmer cw-admin-shimmer--input" />
          <span className="cw-admin-shimmer cw-admin-shimmer--input" />
        </div>
      ) : page.isError ? (
        <ErrorPanel
          compact
          title="The campaign page couldn't be loaded"
          error={page.error}
          onRetry={() => void page.refetch()}
        />
      ) : (
        <PagePreview page={page.data} />
      )}
    </Section>
  );
}

function AdFilesSection({ draft }: { draft: PreCampaign }) {
  const files = draft.adFiles.length > 0 ? draft.adFiles : draft.campaignAdsFiles;
  const channel = draft.campaignChannel === 'video' ? 'video' : 'display';
  return (
    <Section
      id="cw-review-ads"
      title="Ad files"
      description={`Each ad at its real size, as the ad platform will serve it. The campaign runs ${channel} ads.`}
    >
      {files.length === 0 ? (
        <p className="cw-admin-muted">No ad files yet.</p>
      ) : (
        <div className="cw-admin-ads">
          {files.map((file) => (
            <AdFilePreview key={file.path ?? file.url ?? file.name} file={file} />
          ))}
        </div>
      )}
    </Section>
  );
}

function AudienceSection({ draft }: { draft: PreCampaign }) {
  return (
    <Section id="cw-review-audience" title="Audience" description="Who the ads are shown to.">
      <dl className="cw-admin-summary">
        {audienceOf(draft).map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>
              {line.values.length === 0 ? (
                <span className="cw-admin-muted">{line.whenEmpty}</span>
              ) : (
                <ul className="cw-admin-chips">
                  {line.values.map((value) => (
                    <li key={value} className="cw-admin-chip">
                      {value}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function BudgetSection({ draft }: { draft: PreCampaign }) {
  const budget = budgetSummary(draft);
  const days = adDaysText(draft);
  return (
    <Section id="cw-review-budget" title="Budget and schedule" description="Amounts in US dollars.">
      <dl className="cw-admin-summary">
        <Fact label="Total budget">{budget.total}</Fact>
        <Fact label={`Spent on ads (${budget.adShare})`}>{budget.adSpend}</Fact>
        <Fact label="Daily budget">{budget.daily}</Fact>
        <Fact label="Target cost per click">{budget.targetCpc}</Fact>
        <Fact label="Optimized for">{budget.optimization}</Fact>
        <Fact label="Ads run">
          {draft.startDate && draft.endDate ? (
            <>
              {formatDate(draft.startDate)} to {formatDate(draft.endDate)}
              {days && <span className="cw-admin-muted"> ({days})</span>}
            </>
          ) : (
            <span className="cw-admin-muted">Not scheduled</span>
          )}
        </Fact>
        <Fact label="Fundraising goal">{money(draft.campaignRaiseGoal)}</Fact>
        <Fact label="Fundraising ends">{formatDate(draft.campaignRaiseGoalDeadline)}</Fact>
        <Fact label="Donations">{draft.allowDonations ? 'Accepted on the page' : 'Turned off'}</Fact>
        {draft.allowDonations && (
          <Fact label="Monthly gifts">{draft.allowMonthlyGifts ? 'Offered' : 'Turned off'}</Fact>
        )}
      </dl>
    </Section>
  );
}

function LandingSection({ draft, page }: { draft: PreCampaign; page: CampaignPage | undefined }) {
  const landing = landingOf(draft, page?.clickThroughUrl ?? null);
  return (
    <Section id="cw-review-landing" title="Landing page" description="Where people go when they click an ad.">
      <p className="cw-admin-inline-icon">
        <ExternalLink size={16} aria-hidden="true" />
        <span>
          {landing.kind === 'landing-page' ? 'The campaign’s own page: ' : 'The campaign page on Causeway: '}
          {landing.url ? (
            <a href={landing.url} target="_blank" rel="noreferrer noopener" className="cw-admin-link">
              {landing.url}
            </a>
          ) : (
            <span className="cw-admin-muted">its address is given once it is published</span>
          )}
        </span>
      </p>
    </Section>
  );
}

function HistorySection({ draft }: { draft: PreCampaign }) {
  const entries = [...draft.workflow].sort((a, b) => Date.parse(a.statusDate) - Date.parse(b.statusDate));
  return (
    <Section id="cw-review-history" title="History" description="Every move of the campaign, oldest first.">
      {entries.length === 0 ? (
        <p className="cw-admin-muted">No moves recorded yet.</p>
      ) : (
        <ol className="cw-admin-history">
          {entries.map((entry) => {
            const written = writtenComments(entry);
            const automatic = entry.comments.filter((comment) => !written.includes(comment));
            return (
              <li key={entry.workflowId} className="cw-admin-history__item" data-status={entry.status}>
                <span className="cw-admin-history__dot" aria-hidden="true" />
                <div className="cw-admin-history__body">
                  <p className="cw-admin-history__head">
                    <WorkflowBadge status={entry.status} />
                    <span>
                      by <PersonName uid={entry.statusUser} />
                    </span>
                    <time dateTime={entry.statusDate} className="cw-admin-muted">
                      {formatDateTime(entry.statusDate)}
                    </time>
                  </p>
                  {automatic.map((comment) => (
                    <p key={`${comment.createdAt}-${comment.comment}`} className="cw-admin-history__note">
                      {comment.comment}
                    </p>
                  ))}
                  {written.map((comment) => (
                    <blockquote key={`${comment.createdAt}-${comment.comment}`} className="cw-admin-history__comment">
                      <p>{comment.comment}</p>
                      <footer>
                        <PersonName uid={comment.createdBy} />, {formatDateTime(comment.createdAt)}
                      </footer>
                    </blockquote>
                  ))}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}

/** Said once a decision is made here: the new status, and the way on to the next campaign. */
function DecisionOutcome({ id, decision, name }: { id: string; decision: Decision; name: string }) {
  const queue = useApprovalQueue('pending', null);
  const next = queue.data ? nextInQueue(queue.data, id) : null;
  const title =
    decision === 'approve'
      ? `You approved “${name}”.`
      : decision === 'cancel'
        ? `You sent “${name}” back.`
        : `You withdrew the approval of “${name}”.`;
  const text =
    decision === 'approve'
      ? 'Its campaigner is asked to pay the ad budget; it waits under “Approved, awaiting payment” until then.'
      : 'Its campaigner has your message and can send it again once it is changed.';
  return (
    <div className="cw-admin-banner cw-admin-banner--success" role="status" data-testid="decision-outcome">
      <CircleCheck size={20} aria-hidden="true" />
      <div className="cw-admin-banner__text">
        <p className="cw-admin-banner__title">{title}</p>
        <p>{text}</p>
      </div>
      {queue.isPending ? null : next ? (
        <Link to={approvalPaths.review(next.id)} className="cw-button cw-button--primary">
          Next: {campaignName(next)}
          <ArrowRight size={16} aria-hidden="true" />
        </Link>
      ) : (
        <Link to={approvalPaths.queue} className="cw-button cw-button--secondary">
          <Inbox size={16} aria-hidden="true" />
          The queue is empty: back to it
        </Link>
      )}
    </div>
  );
}

function Review({ view, onConflict }: { view: PreCampaignView; onConflict: () => void }) {
  const { preCampaign: draft, permissions, problems } = view;
  const toast = useToast();
  const now = useNow();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [decided, setDecided] = useState<Decision | null>(null);
  const organization = useOrganization(draft.organizationId);
  const page = useCampaignPagePreview(draft.id);
  const status = workflowStatusOf(draft);
  const name = campaignName(draft);
  const decisions = decisionsOf(status, permissions.moves);
  const sentBack = status === 'Pending' ? earlierSendBack(draft) : null;
  const problemList = Object.values(problems);
  const submitted = submittedAt(draft);
  // Once paid, the publishing panel says where an approved campaign is.
  const publishing = draft.isPaid && (status === 'Approved' || status === 'Published');
  const note = decided === null && !(publishing && status === 'Approved') ? STATUS_NOTES[status] : null;

  return (
    <div className="cw-admin-page cw-admin-review">
      <PageHeader
        back={{
          to: approvalPaths.list(status === 'Approved' ? 'pending-publish' : 'pending'),
          label: 'Back to the queue',
        }}
        eyebrow="Campaign review"
        title={name}
        badge={<WorkflowBadge status={status} />}
        description={draft.campaignTitle || undefined}
        actions={decisions.map((decision) => {
          const { label, className, icon: Icon } = DECISION_BUTTONS[decision];
          return (
            <button key={decision} type="button" className={className} onClick={() => setDeciding(decision)}>
              <Icon size={16} aria-hidden="true" />
              {label}
            </button>
          );
        })}
      />

      <dl className="cw-card cw-admin-facts cw-admin-facts--strip">
        <Fact label="Organization">
          {draft.organizationId === null ? (
            <span className="cw-admin-muted">No organization</span>
          ) : (
            (organization.data?.name ?? <span className="cw-admin-muted">…</span>)
          )}
        </Fact>
        <Fact label="Owner">
          <PersonName uid={draft.userId} />
        </Fact>
        <Fact label="Submitted">
          <time dateTime={submitted} title={formatDateTime(submitted)}>
            {formatRelative(submitted, now)}
          </time>
        </Fact>
        {status === 'Pending' && (
          <Fact label="Waiting">
            <span className="cw-admin-inline-icon">
              <Hourglass size={14} aria-hidden="true" />
              {waitingTime(submitted, now)}
            </span>
          </Fact>
        )}
        <Fact label="Goal">{money(draft.campaignRaiseGoal)}</Fact>
        <Fact label="Budget">{money(draft.budgetLifetime)}</Fact>
      </dl>

      {decided !== null && <DecisionOutcome id={draft.id} decision={decided} name={name} />}
      {note && (
        <div className="cw-admin-banner cw-admin-banner--info" role="status">
          <CircleAlert size={20} aria-hidden="true" />
          <p className="cw-admin-banner__text">{note}</p>
        </div>
      )}
      {sentBack && (
        <div className="cw-admin-banner cw-admin-banner--info">
          <MessageSquareQuote size={20} aria-hidden="true" />
          <div className="cw-admin-banner__text">
            <p className="cw-admin-banner__title">Resubmitted after it was sent back</p>
            <p>
              Sent back {formatDate(sentBack.at)} by <PersonName uid={sentBack.by} />
              {sentBack.comments.length > 0 ? ': ' : '.'}
              {sentBack.comments.map((comment) => `“${comment}”`).join(' ')}
            </p>
          </div>
        </div>
      )}
      {problemList.length > 0 && status === 'Pending' && (
        <div className="cw-admin-banner cw-admin-banner--warning" role="note">
          <CircleAlert size={20} aria-hidden="true" />
          <div className="cw-admin-banner__text">
            <p className="cw-admin-banner__title">This campaign no longer meets every rule</p>
            <ul className="cw-admin-banner__list">
              {problemList.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        </div>
      )}

      {publishing && <DeploymentPanel draft={draft} published={status === 'Published'} />}
      <PreviewSection id={draft.id} />
      <AdFilesSection draft={draft} />
      <div className="cw-admin-grid-2 cw-admin-review__pair">
        <AudienceSection draft={draft} />
        <BudgetSection draft={draft} />
      </div>
      <LandingSection draft={draft} page={page.data} />
      <HistorySection draft={draft} />

      <DecisionDialog
        id={draft.id}
        campaignName={name}
        decision={deciding}
        onClose={() => setDeciding(null)}
        onConflict={onConflict}
        onDecided={(decision, updated) => {
          setDeciding(null);
          setDecided(decision);
          const updatedName = campaignName(updated.preCampaign);
          toast.success(
            decision === 'approve'
              ? `“${updatedName}” is approved.`
              : `“${updatedName}” was sent back to its campaigner.`,
          );
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </div>
  );
}

/** A campaign sent for approval, as the super user reviews it: its page, its ads, its settings, its history. */
export function CampaignReviewPage({ id }: { id: string }) {
  const view = usePreCampaign(id);
  if (view.isPending) return <FormSkeleton label="Loading the campaign…" sections={3} />;
  // A failed refresh (after a notification) keeps showing what was loaded, unless the campaign is gone.
  if (view.data !== undefined && !isNotFound(view.error)) {
    return <Review view={view.data} onConflict={() => void view.refetch()} />;
  }
  if (view.isError) {
    if (isNotFound(view.error)) {
      return (
        <NotAllowed
          icon={SearchX}
          title="This campaign doesn't exist"
          text="It may have been deleted by its campaigner. The queue shows every campaign waiting for you."
          back={{ to: approvalPaths.queue, label: 'Back to the queue' }}
        />
      );
    }
    if (isForbidden(view.error)) {
      return <NotAllowed text={view.error.message} back={{ to: approvalPaths.queue, label: 'Back to the queue' }} />;
    }
    return (
      <div className="cw-admin-page">
        <ErrorPanel title="The campaign couldn't be loaded" error={view.error} onRetry={() => void view.refetch()} />
      </div>
    );
  }
  return <Review view={view.data} onConflict={() => void view.refetch()} />;
}
