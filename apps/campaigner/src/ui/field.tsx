import type { InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import {
  Field,
  FieldErrors,
  splitField,
  type FieldCommonProps,
  type FieldMessage,
} from '@causeway/shells/shared/ui/field';
import { AMOUNT_MAX_LENGTH } from '@causeway/core/contracts/max-length';

/** A dollar amount: people type dollars, the form turns them into cents. */
export function MoneyField(
  props: FieldCommonProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'>,
) {
  const [field, input] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        <div className="cw-camp-money">
          <span className="cw-camp-money__sign" aria-hidden="true">
            $
          </span>
          <input
            className="cw-input"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            maxLength={AMOUNT_MAX_LENGTH}
            {...input}
            {...control}
          />
        </div>
      )}
    </Field>
  );
}

/** A group of controls (checkboxes, radio cards) under one legend, with its hint and messages. */
export function FieldGroup({
  legend,
  hint,
  messages = [],
  optional,
  className,
  children,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  messages?: readonly FieldMessage[];
  optional?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, messages.length > 0 ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      className={['cw-camp-group', className].filter(Boolean).join(' ')}
      aria-describedby={describedBy || undefined}
      aria-invalid={messages.length > 0 ? true : undefined}
    >
      <legend className="cw-field__label">
        {legend}
        {optional && <span className="cw-field__optional"> (optional)</span>}
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="cw-field__hint">
          {hint}
        </p>
      )}
      {children}
      <FieldErrors id={`${id}-error`} messages={messages} />
    </fieldset>
  );
}
