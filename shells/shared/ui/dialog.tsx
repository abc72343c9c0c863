import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';

export type DialogProps = {
  open: boolean;
  /** Called on Escape, the close button or a click on the backdrop (unless `dismissible` is false). */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** The dialog's buttons, right-aligned below its content. */
  footer?: ReactNode;
  /** The tone of the title's icon area: "danger" for destructive confirmations. */
  tone?: 'default' | 'danger';
  icon?: ReactNode;
  size?: 'small' | 'medium';
  /** False while an action runs, so it cannot be dismissed half-way. */
  dismissible?: boolean;
  className?: string;
};

/**
 * A modal dialog on the native `<dialog>` element: the browser traps focus, restores it on close,
 * makes the page behind inert and closes on Escape.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  tone = 'default',
  icon,
  size = 'small',
  dismissible = true,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // A drag that starts inside the panel and ends on the backdrop is not a click on the backdrop.
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={['cw-dialog', `cw-dialog--${size}`, `cw-dialog--${tone}`, className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // The dialog element itself (not its panel) is only hit through the backdrop.
        if (event.target === event.currentTarget && pressedOnBackdrop.current && dismissible) onClose();
      }}
    >
      {open && (
        <div className="cw-dialog__panel">
          <header className="cw-dialog__header">
            {icon && (
              <span className="cw-dialog__icon" aria-hidden="true">
                {icon}
              </span>
            )}
            <div className="cw-dialog__heading">
              <h2 id={titleId} className="cw-dialog__title">
                {title}
              </h2>
              {description && (
                <div id={descriptionId} className="cw-dialog__description">
                  {description}
                </div>
              )}
            </div>
            <button
              type="button"
              className="cw-dialog__close"
              onClick={onClose}
              disabled={!dismissible}
              aria-label="Close"
            >
              <X size={18} aria-hidden="true" />
            </button>
          </header>
          {children && <div className="cw-dialog__body">{children}</div>}
          {footer && <footer className="cw-dialog__footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
