import { LoaderCircle, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { Dialog } from './dialog';
import './buttons.css';

type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** The refusal of the last attempt, shown inside the dialog. */
  error?: Error | null;
  tone?: 'danger' | 'default';
  /** When set, the action is enabled only once this text is typed (case-insensitive). */
  typeToConfirm?: { value: string; label: ReactNode };
};

/** Asks before an action that removes or changes something important and cannot be undone from here. */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  confirmLabel,
  pending,
  error,
  tone = 'danger',
  typeToConfirm,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  // A closed dialog forgets what was typed, however it was closed.
  if (!open && typed !== '') setTyped('');
  const confirmed =
    typeToConfirm === undefined || typed.trim().toLowerCase() === typeToConfirm.value.trim().toLowerCase();
  const close = () => {
    setTyped('');
    onClose();
  };
  const confirm = () => {
    if (confirmed && !pending) onConfirm();
  };
  const refusal = error && (
    <p className="cw-alert" role="alert">
      {error.message}
    </p>
  );
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={description}
      tone={tone}
      icon={tone === 'danger' ? <TriangleAlert size={20} /> : undefined}
      dismissible={!pending}
      footer={
        <>
          <button type="button" className="cw-button cw-button--secondary" onClick={close} disabled={pending}>
            Cancel
          </button>
          <button
            type="button"
            className={`cw-button ${tone === 'danger' ? 'cw-button--danger' : 'cw-button--primary'}`}
            onClick={confirm}
            disabled={pending || !confirmed}
            aria-disabled={pending || !confirmed}
          >
            {pending && <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />}
            {confirmLabel}
          </button>
        </>
      }
    >
      {typeToConfirm ? (
        <form
          className="cw-form"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <div className="cw-field">
            <label className="cw-field__label" htmlFor={inputId}>
              {typeToConfirm.label}
            </label>
            <input
              id={inputId}
              className="cw-input"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              autoFocus
              disabled={pending}
            />
          </div>
          {refusal}
        </form>
      ) : (
        refusal
      )}
    </Dialog>
  );
}
