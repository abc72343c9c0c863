import type { ReactNode } from 'react';
import { Field } from '@causeway/shells/shared/ui/field';

/** A percentage from 0 to 100 (or a smaller `max`), typed as a number with a % after it (donation percentages). */
export function PercentField({
  label,
  hint,
  error,
  value,
  onChange,
  disabled,
  max = 100,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The largest percentage the field takes (100 unless said). */
  max?: number;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <div className="cw-admin-suffix-input">
          <input
            {...control}
            className="cw-input"
            type="number"
            inputMode="decimal"
            min={0}
            max={max}
            step="any"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            disabled={disabled}
          />
          <span className="cw-admin-suffix-input__suffix" aria-hidden="true">
            %
          </span>
        </div>
      )}
    </Field>
  );
}
