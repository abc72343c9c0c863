import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import './switch.css';

type SwitchRowProps = {
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The change is being saved: the switch waits, with a spinner in its thumb. */
  pending?: boolean;
  disabled?: boolean;
  /** Why the switch can't be used, shown below it; disables the switch. */
  disabledReason?: string | null;
};

/** An on/off choice with its explanation and, when locked, the reason (a `role="switch"` button). */
export function SwitchRow({
  label,
  description,
  checked,
  onChange,
  pending = false,
  disabled = false,
  disabledReason,
}: SwitchRowProps) {
  const id = useId();
  return (
    <div className={`cw-switch-row${disabledReason ? ' is-locked' : ''}`}>
      <div className="cw-switch-row__text">
        <label className="cw-switch-row__label" htmlFor={id}>
          {label}
        </label>
        <p className="cw-switch-row__description" id={`${id}-description`}>
          {description}
        </p>
        {disabledReason && (
          <p className="cw-switch-row__reason" id={`${id}-reason`}>
            {disabledReason}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={[`${id}-description`, disabledReason ? `${id}-reason` : null].filter(Boolean).join(' ')}
        className="cw-switch"
        disabled={disabled || pending || Boolean(disabledReason)}
        onClick={() => onChange(!checked)}
      >
        <span className="cw-switch__thumb">
          {pending && <LoaderCircle className="cw-spin" size={12} aria-hidden="true" />}
        </span>
      </button>
    </div>
  );
}
