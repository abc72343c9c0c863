import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Clock, FileQuestion, Lock, MessageSquareWarning, Trash2 } from 'lucide-react';
import type { ComponentType } from 'react';
import { useEffect, useRef, useState } from 'react';
import { NEW_DRAFT_ID, type PreCampaignView } from '@causeway/core/contracts/campaigns.contract';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { ApiError } from '@causeway/shells/shared/http';
import { Link, navigate, useSearchParams } from '@causeway/shells/shared/router';
import { ErrorPanel } from '@causeway/shells/shared/ui/states';
import { PageHeader } from '@causeway/shells/shared/ui/page-header';
import { ConfirmDialog } from '@causeway/shells/shared/ui/confirm-dialog';
import { focusFirstInvalid } from '@causeway/shells/shared/ui/field';
import { useDeleteDraft, useDraft, useMoveDraft } from '../api/pre-campaigns.api';
import { draftKeys } from '../api/query';
import { listText } from '../model/audience';
import { campaignerPaths } from '../model/campaigner-routes';
import { draftTitle, reviewerNoteOf, statusOf } from '../model/draft-status';
import { paymentReturnOf, type PaymentReturn } from '../model/publishing';
import { forgetStep, rememberedStep, rememberStep } from '../model/resume';
import {
  isStepId,
  neighbourStep,
  stepById,
  stepIndex,
  stepOfField,
  WIZARD_PAGES,
  type StepId,
} from '../model/wizard-steps';
import type { FieldErrors } from '../model/wizard-form';
import { Banner, WizardSkeleton } from '../ui/states';
import { StatusBadge } from '../ui/status-badge';
import { AdFilesStep } from './steps/ad-files.step';
import { AudienceStep } from './steps/audience.step';
import { BasicsStep } from './steps/basics.step';
import { BudgetStep } from './steps/budget.step';
import { LandingPageStep } from './steps/landing-page.step';
import { PublishPanel } from './publish-panel';
import { MediaStep } from './steps/media.step';
import { ReviewStep } from './steps/review.step';
import type { StepProps } from './steps/step-props';
import { History } from './wizard/history';
import { SaveStatus } from './wizard/save-status';
import { StepList, type StepMark } from './wizard/step-list';
import { useDraftEditor } from './wizard/use-draft-editor';

const STEP_PAGES: Record<Exclude<StepId, 'review'>, ComponentType<StepProps>> = {
  basics: BasicsStep,
  media: MediaStep,
  targeting: AudienceStep,
  budget: BudgetStep,
  adFiles: AdFilesStep,
  landingPage: LandingPageStep,
};

function StatusBanner({
  view,
  user,
  paymentReturn,
  onReview,
}: {
  view: PreCampaignView;
  user: SessionUser;
  paymentReturn: PaymentReturn;
  onReview: () => void;
}) {
  const draft = view.preCampaign;
  switch (statusOf(draft)) {
    case 'Pending':
      return (
        <Banner tone="info" icon={Clock} title="Waiting for approval" role="status">
          <p>
            A reviewer is checking the campaign. It can't be changed while it waits; you'll be notified as soon as they
            decide.
          </p>
        </Banner>
      );
    case 'Canceled': {
      const note = reviewerNoteOf(draft);
      return (
        <Banner
          tone="warning"
          icon={MessageSquareWarning}
          title="Sent back for changes"
          role="status"
          actions={
            view.permissions.edit ? (
              <button type="button" className="cw-button cw-button--secondary" onClick={onReview}>
                Review and send again
              </button>
            ) : undefined
          }
        >
          {note && note.comments.length > 0 ? (
            <>
              <p>The reviewer wrote:</p>
              {note.comments.map((comment, index) => (
                <blockquote key={index} className="cw-camp-banner__quote" data-testid="reviewer-comment">
                  {comment}
                </blockquote>
              ))}
            </>
          ) : (
            <p>The reviewer sent the campaign back without a comment.</p>
          )}
          <p>Make the changes, then send it for approval again from Review.</p>
        </Banner>
      );
    }
    case 'Approved':
    case 'Published':
      return <PublishPanel draft={draft} user={user} paymentReturn={paymentReturn} />;
    default:
      return null;
  }
}

function Wizard({
  view,
  user,
  onCreated,
}: {
  view: PreCampaignView;
  user: SessionUser;
  onCreated: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const draft = view.preCampaign;
  const id = draft.id;
  const params = useSearchParams();
  const param = params.get('step');
  // Read once: the address loses it when the step is added below.
  const [paymentReturn] = useState(() => paymentReturnOf(params.get('payment')));
  const step: StepId = isStepId(param) ? param : (rememberedStep(id) ?? 'basics');
  const [showProblems, setShowProblems] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const problems = showProblems ? { ...view.problems, ...submitErrors } : {};
  const stepNow = useRef(step);
  stepNow.current = step;
  const editor = useDraftEditor(view, {
    problems,
    // The first save made the draft: the address becomes its own (a reload opens it, not a blank one).
    onCreated: (created) => {
      onCreated(created.preCampaign.id);
      navigate(campaignerPaths.draft(created.preCampaign.id, stepNow.current), { replace: true });
    },
  });
  const move = useMoveDraft(id);
  const remove = useDeleteDraft(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const main = useRef<HTMLDivElement>(null);
  const previous = useRef<StepId>(step);

  // The step is part of the address, so a reload or a link comes back to it.
  useEffect(() => {
    if (!isStepId(param)) navigate(campaignerPaths.draft(id, step), { replace: true });
  }, [id, param, step]);

  // Leaving a step saves it (Next, Back, a link, the browser's back button); a new step starts at its top.
  useEffect(() => {
    rememberStep(id, step);
    if (previous.current === step) return;
    const left = previous.current;
    previous.current = step;
    void editor.saveStep(stepById(left).fields);
    if (step === 'review') setShowProblems(true);
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
    // Only a change of step matters here: the editor's save is the same function throughout.
  }, [id, step]);

  // What the person just fixed is no longer what the last refusal named.
  useEffect(() => setSubmitErrors({}), [draft]);

  const index = stepIndex(step);
  const before = neighbourStep(step, -1);
  const after = neighbourStep(step, 1);
  const status = statusOf(draft);
  const openSteps = new Set<string>([
    ...Object.values(view.problemSteps),
    ...Object.keys(submitErrors).flatMap((field) => stepOfField(field) ?? []),
  ]);
  const markOf = (id: StepId): StepMark => {
    if (id === 'review') return 'review';
    return openSteps.has(id) || editor.stepHasErrors(stepById(id).fields) ? 'open' : 'ready';
  };

  const submit = async () => {
    setSubmitError(null);
    setShowProblems(true);
    await editor.flushPending();
    await editor.settled();
    if (editor.unsavedWithErrors.length > 0) {
      setSubmitError(
        `Some changes are not saved yet: fix the fields marked in ${listText(editor.unsavedStepLabels)}, then send again.`,
      );
      return;
    }
    move.mutate(
      { status: 'Pending' },
      {
        onSuccess: () => {
          forgetStep(id);
          window.scrollTo({ top: 0 });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
            setSubmitErrors(error.fields);
            setSubmitError(`${error.message} The steps marked in the list show what is missing.`);
            void queryClient.invalidateQueries({ queryKey: draftKeys.one(id) });
          } else {
            setSubmitError(error.message);
            if (error instanceof ApiError && error.status === 409) {
              void queryClient.invalidateQueries({ queryKey: draftKeys.one(id) });
            }
          }
        },
      },
    );
  };

  const StepPage = step === 'review' ? null : STEP_PAGES[step];

  return (
    <div className="cw-camp-page cw-camp-wizard">
      <PageHeader
        back={{ to: campaignerPaths.home(), label: 'All campaigns' }}
        eyebrow="Campaign"
        title={draftTitle({ campaignName: editor.values.campaignName })}
        badge={<StatusBadge status={status} />}
        actions={
          <>
            <SaveStatus editor={editor} onRetry={() => void editor.saveStep(stepById(step).fields)} />
            {view.permissions.delete && (
              <button
                type="button"
                className="cw-button cw-button--danger-ghost"
                onClick={() => setConfirmDelete(true)}
              >
                <Trash2 size={16} aria-hidden="true" />
                Delete
              </button>
            )}
          </>
        }
      />
      <StatusBanner
        view={view}
        user={user}
        paymentReturn={paymentReturn}
        onReview={() => navigate(campaignerPaths.draft(id, 'review'))}
      />
      <div className="cw-camp-wizard__grid">
        <aside className="cw-camp-wizard__side">
          <StepList draftId={id} current={step} markOf={markOf} />
          {draft.workflow.length > 0 && <History draft={draft} />}
        </aside>
        <div className="cw-camp-wizard__main" ref={main}>
          <div className="cw-camp-step-head">
            <p className="cw-eyebrow">
              Step {index + 1} of {WIZARD_PAGES.length}
            </p>
            <h2 className="cw-camp-step-title" ref={heading} tabIndex={-1}>
              {stepById(step).label}
            </h2>
            {!editor.editable && status !== 'New' && status !== 'Canceled' && (
              <p className="cw-camp-note">
                <Lock size={16} aria-hidden="true" />
                <span>
                  Read only while the campaign is {status === 'Pending' ? 'waiting for approval' : status.toLowerCase()}
                  .
                </span>
              </p>
            )}
          </div>
          <fieldset className="cw-camp-step" disabled={!editor.editable && step !== 'review'}>
            <legend className="cw-visually-hidden">{stepById(step).label}</legend>
            {StepPage ? (
              <StepPage editor={editor} view={view} />
            ) : (
              <ReviewStep
                editor={editor}
                view={view}
                onSubmit={() => void submit()}
                submitting={move.isPending}
                submitError={submitError}
              />
            )}
          </fieldset>
          <div className="cw-camp-wizard__nav">
            {before ? (
              <Link to={campaignerPaths.draft(id, before.id)} className="cw-button cw-button--secondary">
                <ArrowLeft size={16} aria-hidden="true" />
                Back<span className="cw-visually-hidden">: {before.label}</span>
              </Link>
            ) : (
              <span />
            )}
            {after && (
              <Link
                to={campaignerPaths.draft(id, after.id)}
                className="cw-button cw-button--primary"
                onClick={(event) => {
                  // A field that can't be saved as it is would be left behind: stop at it instead.
                  if (!editor.checkStep(stepById(step).fields)) {
                    event.preventDefault();
                    focusFirstInvalid(main.current);
                  }
                }}
              >
                Next: {after.label}
                <ArrowRight size={16} aria-hidden="true" />
              </Link>
            )}
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete this campaign?"
        description={`“${draftTitle(draft)}” and its uploaded files will no longer be listed. This can't be undone here.`}
        confirmLabel="Delete campaign"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              forgetStep(id);
              setConfirmDelete(false);
              navigate(campaignerPaths.home(), { replace: true });
              queryClient.removeQueries({ queryKey: draftKeys.one(id) });
            },
          })
        }
      />
    </div>
  );
}

/** A draft in the wizard, at `/campaigner/drafts/{id}?step=…`. */
export function DraftPage({ id, user }: { id: string; user: SessionUser }) {
  const draft = useDraft(id);
  // The draft the blank one became stays the same wizard, so an upload or typing under way goes on.
  const created = useRef<string | null>(null);
  if (draft.isPending) return <WizardSkeleton label="Loading the campaign…" />;
  if (draft.isError) {
    const status = draft.error instanceof ApiError ? draft.error.status : 0;
    if (status === 404 || status === 403) {
      return (
        <section className="cw-card cw-notice">
          <FileQuestion className="cw-notice__icon" size={22} aria-hidden="true" />
          <div>
            <h1 className="cw-notice__title">
              {status === 404 ? "This campaign doesn't exist" : "This campaign isn't yours to open"}
            </h1>
            <p className="cw-notice__text">{draft.error.message}</p>
            <Link to={campaignerPaths.home()} className="cw-button cw-button--secondary">
              Back to your campaigns
            </Link>
          </div>
        </section>
      );
    }
    return (
      <ErrorPanel title="The campaign couldn't be loaded" error={draft.error} onRetry={() => void draft.refetch()} />
    );
  }
  return (
    <Wizard
      key={id === created.current ? NEW_DRAFT_ID : id}
      view={draft.data}
      user={user}
      onCreated={(createdId) => {
        created.current = createdId;
      }}
    />
  );
}
