import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

type SaveBarProps = {
  dirty: boolean;
  pending: boolean;
  /** What is happening while pending, e.g. "Uploading logo… 40%". */
  progress?: ReactNode;
  saveLabel: string;
  formId: string;
  onDiscard?: () => void;
  discardLabel?: string;
  disabled?: boolean;
  /** Shown when nothing is pending and nothing changed. */
  idleText?: string;
  /** Why the last save was refused, when no single field is to blame. */
  error?: string | null;
};

/** The form's buttons, kept in view at the bottom of the page while the form is long. */
export function SaveBar({
  dirty,
  pending,
  progress,
  saveLabel,
  formId,
  onDiscard,
  discardLabel = 'Discard changes',
  disabled = false,
  idleText = 'No unsaved changes',
  error = null,
}: SaveBarProps) {
  return (
    <div className={`cw-admin-savebar${dirty ? ' is-dirty' : ''}${error ? ' has-error' : ''}`}>
      {error && (
        <p className="cw-admin-savebar__error" role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          {error}
        </p>
      )}
      <p className="cw-admin-savebar__status" aria-live="polite">
        {pending ? (
          <>
            <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
            {progress ?? 'Saving…'}
          </>
        ) : dirty ? (
          <>
            <span className="cw-admin-savebar__dot" aria-hidden="true" />
            Unsaved changes
          </>
        ) : (
          <>
            <CircleCheck size={16} aria-hidden="true" />
            {idleText}
          </>
        )}
      </p>
      <div className="cw-admin-savebar__actions">
        {onDiscard && dirty && (
          <button type="button" className="cw-button cw-button--ghost" onClick={onDiscard} disabled={pending}>
            {discardLabel}
          </button>
        )}
        <button type="submit" form={formId} className="cw-button cw-button--primary" disabled={pending || disabled}>
          {pending && <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />}
          {saveLabel}
        </button>
      </div>
    </div>
  );
}
