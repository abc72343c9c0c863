import { CircleAlert, CircleCheck, CloudOff, LoaderCircle } from 'lucide-react';
import { listText } from '../../model/audience';
import type { DraftEditor } from './use-draft-editor';

/** Whether the draft is saved: "Saving…", "Saved", or what stopped it, with a way to try again. */
export function SaveStatus({ editor, onRetry }: { editor: DraftEditor; onRetry: () => void }) {
  if (!editor.editable) return null;
  const { status } = editor;
  let content;
  if (editor.saving) {
    content = (
      <>
        <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
        Saving…
      </>
    );
  } else if (status.state === 'failed') {
    content = (
      <>
        <CloudOff size={16} aria-hidden="true" />
        <span>Not saved: {status.message}</span>
        <button type="button" className="cw-button cw-button--ghost cw-camp-save__retry" onClick={onRetry}>
          Try again
        </button>
      </>
    );
  } else if (editor.unsavedWithErrors.length > 0) {
    content = (
      <>
        <CircleAlert size={16} aria-hidden="true" />
        Not saved: fix the fields marked in {listText(editor.unsavedStepLabels)}
      </>
    );
  } else if (status.state === 'saved') {
    content = (
      <>
        <CircleCheck size={16} aria-hidden="true" />
        <span title={`Saved at ${status.at.toLocaleTimeString()}`}>Saved</span>
      </>
    );
  } else {
    content = (
      <>
        <CircleCheck size={16} aria-hidden="true" />
        Saves as you type
      </>
    );
  }
  const tone = status.state === 'failed' || (!editor.saving && editor.unsavedWithErrors.length > 0) ? ' is-failed' : '';
  return (
    <p className={`cw-camp-save${tone}`} role="status" aria-live="polite" data-testid="save-status">
      {content}
    </p>
  );
}
