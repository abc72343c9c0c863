import { CircleAlert, CircleCheck, LoaderCircle, Pencil, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CampaignPage } from '@causeway/core/contracts/campaigns.contract';
import { Link } from '@causeway/shells/shared/router';
import { ErrorPanel } from '@causeway/shells/shared/ui/states';
import { Section } from '@causeway/shells/shared/ui/page-header';
import { useCampaignPagePreview } from '../../api/pre-campaigns.api';
import { describeAdFile } from '../../model/ad-files';
import { audienceSummary } from '../../model/audience';
import { budgetPlanOf } from '../../model/budget';
import { campaignerPaths } from '../../model/campaigner-routes';
import { formatDay, isoOfDayInput } from '../../model/dates';
import { statusOf } from '../../model/draft-status';
import { formatDollars, parseDollars } from '../../model/money';
import { stepById, stepOfField, type StepId } from '../../model/wizard-steps';
import type { StepProps } from './step-props';

const missing = <span className="cw-camp-missing">Not set</span>;

const dollarsText = (text: string) => {
  const parsed = parseDollars(text);
  return parsed.ok && parsed.cents !== null ? formatDollars(parsed.cents) : missing;
};
const dayText = (text: string) => {
  const parsed = isoOfDayInput(text);
  return parsed.ok && parsed.iso ? formatDay(parsed.iso) : missing;
};
const plain = (text: string) => (text.trim() === '' ? missing : text.trim());

function Summary({
  step,
  draftId,
  editable,
  open,
  children,
}: {
  step: StepId;
  draftId: string;
  editable: boolean;
  open: boolean;
  children: ReactNode;
}) {
  const { label } = stepById(step);
  return (
    <section className="cw-camp-summary-card" aria-label={`${label} summary`}>
      <div className="cw-camp-summary-card__head">
        <h4 className="cw-camp-summary-card__title">
          {open ? (
            <CircleAlert size={16} aria-label="Needs attention" className="cw-camp-icon--warning" />
          ) : (
            <CircleCheck size={16} aria-label="Ready" className="cw-camp-icon--ok" />
          )}
          {label}
        </h4>
        <Link to={campaignerPaths.draft(draftId, step)} className="cw-camp-link">
          <Pencil size={14} aria-hidden="true" />
          {editable ? 'Edit' : 'View'}
          <span className="cw-visually-hidden"> {label}</span>
        </Link>
      </div>
      <dl className="cw-camp-facts">{children}</dl>
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The essentials of the campaign page the draft will have: cover, headline, story, goal. */
function PagePreview({ page }: { page: CampaignPage }) {
  return (
    <article className="cw-camp-preview" aria-label="Campaign page preview">
      {page.coverImage ? (
        <img className="cw-camp-preview__cover" src={page.coverImage} alt="Cover" />
      ) : (
        <div className="cw-camp-preview__cover cw-camp-preview__cover--empty">No cover image yet</div>
      )}
      <div className="cw-camp-preview__body">
        {page.organization && <p className="cw-camp-preview__org">{page.organization.name}</p>}
        <p className="cw-camp-preview__title">{page.title || 'Your headline'}</p>
        <div className="cw-camp-preview__goal">
          <div className="cw-camp-preview__bar" aria-hidden="true">
            <span
              style={{ width: `${page.goalCents > 0 ? Math.min(100, (page.raisedCents / page.goalCents) * 100) : 0}%` }}
            />
          </div>
          <p>
            <strong>{formatDollars(page.raisedCents)}</strong> raised of {formatDollars(page.goalCents)}
            {page.deadline ? ` · until ${formatDay(page.deadline)}` : ''}
          </p>
        </div>
        <p className="cw-camp-preview__story">{page.story || 'Your story appears here.'}</p>
        {page.tags.length > 0 && (
          <ul className="cw-camp-preview__tags" aria-label="Tags">
            {page.tags.map((tag) => (
              <li key={tag}>#{tag}</li>
            ))}
          </ul>
        )}
        {page.allowDonations && (
          <span className="cw-button cw-button--primary cw-camp-preview__donate" aria-hidden="true">
            Donate
          </span>
        )}
      </div>
    </article>
  );
}

export type ReviewStepProps = StepProps & {
  onSubmit: () => void;
  submitting: boolean;
  submitError: string | null;
};

export function ReviewStep({ editor, view, onSubmit, submitting, submitError }: ReviewStepProps) {
  const { values, editable } = editor;
  const draft = view.preCampaign;
  const preview = useCampaignPagePreview(draft.id);
  const openSteps = new Set(Object.values(view.problemSteps));
  const plan = budgetPlanOf(values);
  const status = statusOf(draft);
  const canSubmit = view.permissions.moves.includes('Pending');
  const problems = Object.entries(view.problems);
  const summary = (step: StepId, children: ReactNode) => (
    <Summary step={step} draftId={draft.id} editable={editable} open={openSteps.has(step)}>
      {children}
    </Summary>
  );

  return (
    <>
      {(status === 'New' || status === 'Canceled') && (
        <Section
          headingLevel={3}
          title={problems.length === 0 ? 'Ready to send' : 'Still to do'}
          description={
            problems.length === 0
              ? 'Everything the reviewers need is filled in.'
              : 'Finish these before sending the campaign for approval.'
          }
        >
          {problems.length > 0 && (
            <ul className="cw-camp-problems" aria-label="What is still missing">
              {problems.map(([field, message]) => {
                const step = (view.problemSteps[field] as StepId | undefined) ?? stepOfField(field) ?? 'basics';
                return (
                  <li key={field}>
                    <Link to={campaignerPaths.draft(draft.id, step)} className="cw-camp-problem">
                      <span className="cw-camp-problem__step">{stepById(step).label}</span>
                      <span>{message}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          {submitError && (
            <p className="cw-alert" role="alert">
              <CircleAlert size={16} aria-hidden="true" />
              {submitError}
            </p>
          )}
          {canSubmit ? (
            <div className="cw-camp-submit">
              <button type="button" className="cw-button cw-button--primary" onClick={onSubmit} disabled={submitting}>
                {submitting ? (
                  <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
                ) : (
                  <Send size={16} aria-hidden="true" />
                )}
                {status === 'Canceled' ? 'Send for approval again' : 'Send for approval'}
              </button>
              <p className="cw-camp-hint">
                A reviewer checks the campaign; you are notified of the decision. It can't be changed while it waits.
              </p>
            </div>
          ) : (
            editable && (
              <p className="cw-camp-note">
                <CircleAlert size={16} aria-hidden="true" />
                <span>Your account can write campaigns but not send them for approval (demo accounts can't).</span>
              </p>
            )
          )}
        </Section>
      )}
      <Section headingLevel={3} title="Summary" description="Everything the campaign will use, step by step.">
        <div className="cw-camp-summaries">
          {summary(
            'basics',
            <>
              <Fact term="Name">{plain(values.campaignName)}</Fact>
              <Fact term="Headline">{plain(values.campaignTitle)}</Fact>
              <Fact term="Cause">{plain(values.campaignCategory)}</Fact>
              <Fact term="Ad type">
                {values.campaignChannel === 'video'
                  ? 'Video ads'
                  : values.campaignChannel === 'display'
                    ? 'Display ads'
                    : missing}
              </Fact>
              <Fact term="Goal">{dollarsText(values.campaignRaiseGoal)}</Fact>
              <Fact term="Deadline">{dayText(values.campaignRaiseGoalDeadline)}</Fact>
              <Fact term="Donations">{values.allowDonations ? 'Accepted on the page' : 'Not accepted'}</Fact>
              {values.allowDonations && (
                <Fact term="Monthly gifts">{values.allowMonthlyGifts ? 'Offered' : 'Not offered'}</Fact>
              )}
              <Fact term="Tags">{values.campaignTags.length > 0 ? values.campaignTags.join(', ') : 'None'}</Fact>
              <Fact term="Story">
                {values.campaignDescription.trim() ? `${values.campaignDescription.trim().length} characters` : missing}
              </Fact>
            </>,
          )}
          {summary(
            'media',
            <>
              <Fact term="Cover image">
                {values.campaignCoverImage ? (
                  <img className="cw-camp-facts__thumb" src={values.campaignCoverImage} alt="Cover image" />
                ) : (
                  missing
                )}
              </Fact>
              <Fact term="Cover video">{values.campaignCoverVideo ? 'Added' : 'None'}</Fact>
              <Fact term="Header">
                {[values.headerImageDesktop && 'desktop', values.headerImageMobile && 'mobile']
                  .filter(Boolean)
                  .join(' and ') || 'None'}
              </Fact>
              <Fact term="Footer">
                {[values.footerImageDesktop && 'desktop', values.footerImageMobile && 'mobile']
                  .filter(Boolean)
                  .join(' and ') || 'None'}
              </Fact>
            </>,
          )}
          {summary('targeting', <Fact term="Audience">{audienceSummary(values)}</Fact>)}
          {summary(
            'budget',
            <>
              <Fact term="Total budget">{dollarsText(values.budgetLifetime)}</Fact>
              <Fact term="Buys ads">{plan.share ? formatDollars(plan.share.adsCents) : missing}</Fact>
              <Fact term="Daily budget">
                {plan.dailyCents === 0
                  ? plan.evenDailyCents !== null
                    ? `Spread evenly, about ${formatDollars(plan.evenDailyCents)} a day`
                    : 'Spread evenly'
                  : dollarsText(values.budgetDaily)}
              </Fact>
              <Fact term="Cost per click">{dollarsText(values.budgetTargetCpc)}</Fact>
              <Fact term="Optimize for">
                {values.budgetOptimizationStrategy
                  ? `${values.budgetOptimizationStrategy.charAt(0).toUpperCase()}${values.budgetOptimizationStrategy.slice(1)}`
                  : missing}
              </Fact>
              <Fact term="Runs">
                {dayText(values.startDate)} to {dayText(values.endDate)}
              </Fact>
            </>,
          )}
          {summary(
            'adFiles',
            <Fact term={`${draft.adFiles.length} file${draft.adFiles.length === 1 ? '' : 's'}`}>
              {draft.adFiles.length === 0
                ? missing
                : draft.adFiles.map((file) => `${file.name} (${describeAdFile(file).title})`).join(', ')}
            </Fact>,
          )}
          {summary(
            'landingPage',
            <Fact term="Ad clicks land on">
              {values.landingPageToggle ? plain(values.landingPage) : 'The campaign page on Causeway'}
            </Fact>,
          )}
        </div>
      </Section>
      <Section
        headingLevel={3}
        title="Campaign page preview"
        description="What donors will see once the campaign is published."
      >
        {preview.isPending ? (
          <p className="cw-camp-hint" role="status">
            Loading the preview…
          </p>
        ) : preview.isError ? (
          <ErrorPanel
            title="The preview couldn't be loaded"
            error={preview.error}
            onRetry={() => void preview.refetch()}
          />
        ) : (
          <PagePreview page={preview.data} />
        )}
      </Section>
    </>
  );
}
