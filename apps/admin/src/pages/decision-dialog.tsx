import { CircleCheck, LoaderCircle, Undo2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { WorkflowBody, type PreCampaignView } from '@causeway/core/contracts/campaigns.contract';
import { maxLengthOf } from '@causeway/core/contracts/max-length';
import { Dialog } from '@causeway/shells/shared/ui/dialog';
import { focusFirstInvalid, TextAreaField } from '@causeway/shells/shared/ui/field';
import { fieldErrorsOf, isConflict } from '../api/query';
import { useWorkflowMove } from '../api/pre-campaigns.api';
import { decisionStatus, type Decision } from '../model/approvals';

const COMMENT_MAX = maxLengthOf(WorkflowBody.shape.comment) ?? 2000;

const COPY: Record<
  Decision,
  { title: string; description: string; label: string; hint: string; confirm: string; optional: boolean }
> = {
  approve: {
    title: 'Approve this campaign?',
    description:
      'Its campaigner is told at once and asked to pay the ad budget. The campaign goes live once it is paid.',
    label: 'Note to the campaigner',
    hint: 'Shown to the campaigner with your approval.',
    confirm: 'Approve campaign',
    optional: true,
  },
  cancel: {
    title: 'Send this campaign back?',
    description: 'The campaign goes back to its campaigner, who can change it and send it again.',
    label: 'What should the campaigner change?',
    hint: 'The campaigner reads this message in their notification and next to their draft.',
    confirm: 'Send back',
    optional: false,
  },
  withdraw: {
    title: 'Withdraw the approval?',
    description: 'The campaign is not paid yet. It goes back to its campaigner, who can change it and send it again.',
    label: 'Why is the approval withdrawn?',
    hint: 'The campaigner reads this message in their notification and next to their draft.',
    confirm: 'Withdraw approval',
    optional: false,
  },
};

type DecisionDialogProps = {
  id: string;
  campaignName: string;
  decision: Decision | null;
  onClose: () => void;
  onDecided: (decision: Decision, view: PreCampaignView) => void;
  /** The campaign changed in the meantime (a 409): the page reloads it. */
  onConflict: () => void;
};

/**
 * Approves a campaign or sends it back. Sending back needs a message for the campaigner; the API decides
 * that and says so at the field, as it does any refusal (409 when the campaign moved meanwhile, 403).
 */
export function DecisionDialog({ id, campaignName, decision, onClose, onDecided, onConflict }: DecisionDialogProps) {
  const [comment, setComment] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const move = useWorkflowMove(id);
  const copy = COPY[decision ?? 'approve'];

  const close = () => {
    if (move.isPending) return;
    setComment('');
    setFieldError(undefined);
    setFailure(null);
    move.reset();
    onClose();
  };

  const submit = () => {
    if (decision === null || move.isPending) return;
    setFieldError(undefined);
    setFailure(null);
    const text = comment.trim();
    move.mutate(
      { status: decisionStatus[decision], ...(text === '' ? {} : { comment: text }) },
      {
        onSuccess: (view) => {
          setComment('');
          onDecided(decision, view);
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields.comment) {
            setFieldError(fields.comment);
            focusFirstInvalid(formRef.current);
          }
          // The sentence says why (which states, or who may); the field, what to write.
          setFailure(error.message);
          if (isConflict(error)) onConflict();
        },
      },
    );
  };

  return (
    <Dialog
      open={decision !== null}
      onClose={close}
      title={copy.title}
      description={
        <>
          <strong>{campaignName}</strong>. {copy.description}
        </>
      }
      icon={decision === 'approve' ? <CircleCheck size={20} /> : <Undo2 size={20} />}
      tone={decision === 'approve' ? 'default' : 'danger'}
      size="medium"
      dismissible={!move.isPending}
      footer={
        <>
          <button type="button" className="cw-button cw-button--secondary" onClick={close} disabled={move.isPending}>
            Keep reviewing
          </button>
          <button
            type="submit"
            form={formId}
            className={`cw-button ${decision === 'approve' ? 'cw-button--primary' : 'cw-button--danger'}`}
            disabled={move.isPending}
          >
            {move.isPending && <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />}
            {copy.confirm}
          </button>
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        className="cw-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextAreaField
          label={copy.label}
          hint={`${copy.hint} ${comment.length}/${COMMENT_MAX} characters.`}
          optional={copy.optional}
          error={fieldError}
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            setFieldError(undefined);
          }}
          maxLength={COMMENT_MAX}
          rows={5}
          autoFocus
          disabled={move.isPending}
        />
        {failure && !fieldError && (
          <p className="cw-alert" role="alert">
            {failure}
          </p>
        )}
        {failure && fieldError && (
          <p className="cw-visually-hidden" role="alert">
            {failure} {fieldError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
