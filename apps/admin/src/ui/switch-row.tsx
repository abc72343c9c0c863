import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';

type SwitchRowProps = {
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  pending?: boolean;
  /** Why the switch can't be used, shown below it; disables the switch. */
  disabledReason?: string | null;
};

/** An on/off setting that takes effect at once, with its explanation and, when locked, the reason. */
export function SwitchRow({ label, description, checked, onChange, pending = false, disabledReason }: SwitchRowProps) {
  const id = useId();
  const disabled = pending || Boolean(disabledReason);
  return (
    <div className={`cw-admin-switch-row${disabledReason ? ' is-locked' : ''}`}>
      <div className="cw-admin-switch-row__text">
        <label className="cw-admin-switch-row__label" htmlFor={id}>
          {label}
        </label>
        <p className="cw-admin-switch-row__description" id={`${id}-description`}>
          {description}
        </p>
        {disabledReason && (
          <p className="cw-admin-switch-row__reason" id={`${id}-reason`}>
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
        className="cw-admin-switch"
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="cw-admin-switch__thumb">
          {pending && <LoaderCircle className="cw-spin" size={12} aria-hidden="true" />}
        </span>
      </button>
    </div>
  );
}
