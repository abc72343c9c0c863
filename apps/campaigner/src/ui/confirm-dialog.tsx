import { LoaderCircle, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog } from '../../../../shells/shared/ui/dialog';

/** Asks before an action that cannot be undone from here. */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  confirmLabel,
  pending,
  error,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error?: Error | null;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      tone="danger"
      icon={<TriangleAlert size={20} />}
      dismissible={!pending}
      footer={
        <>
          <button type="button" className="cw-button cw-button--secondary" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="button" className="cw-button cw-camp-button--danger" onClick={onConfirm} disabled={pending}>
            {pending && <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />}
            {confirmLabel}
          </button>
        </>
      }
    >
      {error && (
        <p className="cw-alert" role="alert">
          {error.message}
        </p>
      )}
    </Dialog>
  );
}
