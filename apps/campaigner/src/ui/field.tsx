import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import type { FieldMessage } from '../model/wizard-form';

export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  messages?: readonly FieldMessage[];
  optional?: boolean;
  className?: string;
  /** Text after the control, such as a character count (announced with the hint). */
  after?: ReactNode;
  children: (control: ControlProps) => ReactNode;
};

/** The messages of a field, each once, for the element the control's aria-describedby points at. */
export function FieldErrors({ id, messages }: { id: string; messages: readonly FieldMessage[] }) {
  const unique = [...new Set(messages.map((message) => message.message))];
  if (unique.length === 0) return null;
  return (
    <div id={id} className="cw-field__error" data-field-error>
      {unique.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/** A labelled control with its hint and, when something is wrong, the message right below it. */
export function Field({ label, hint, messages = [], optional, className, after, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = messages.length > 0;
  const describedBy = [hint || after ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['cw-field', 'cw-camp-field', className].filter(Boolean).join(' ')}>
      <label className="cw-field__label" htmlFor={id}>
        {label}
        {optional && <span className="cw-camp-optional"> (optional)</span>}
      </label>
      {children({ id, 'aria-invalid': invalid ? true : undefined, 'aria-describedby': describedBy })}
      {(hint || after) && (
        <div id={hintId} className="cw-camp-hint-row">
          {hint && <p className="cw-camp-hint">{hint}</p>}
          {after}
        </div>
      )}
      <FieldErrors id={errorId} messages={messages} />
    </div>
  );
}

type Common = {
  label: ReactNode;
  hint?: ReactNode;
  messages?: readonly FieldMessage[];
  optional?: boolean;
  className?: string;
  after?: ReactNode;
};

export function TextField({
  label,
  hint,
  messages,
  optional,
  className,
  after,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
  return (
    <Field label={label} hint={hint} messages={messages} optional={optional} className={className} after={after}>
      {(control) => <input className="cw-input" {...input} {...control} />}
    </Field>
  );
}

/** A dollar amount: people type dollars, the form turns them into cents. */
export function MoneyField({
  label,
  hint,
  messages,
  optional,
  className,
  after,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'>) {
  return (
    <Field label={label} hint={hint} messages={messages} optional={optional} className={className} after={after}>
      {(control) => (
        <div className="cw-camp-money">
          <span className="cw-camp-money__sign" aria-hidden="true">
            $
          </span>
          <input className="cw-input" type="text" inputMode="decimal" autoComplete="off" {...input} {...control} />
        </div>
      )}
    </Field>
  );
}

export function TextAreaField({
  label,
  hint,
  messages,
  optional,
  className,
  after,
  rows = 6,
  ...textarea
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>) {
  return (
    <Field label={label} hint={hint} messages={messages} optional={optional} className={className} after={after}>
      {(control) => <textarea className="cw-input cw-camp-textarea" rows={rows} {...textarea} {...control} />}
    </Field>
  );
}

export function SelectField({
  label,
  hint,
  messages,
  optional,
  className,
  children,
  ...select
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>) {
  return (
    <Field label={label} hint={hint} messages={messages} optional={optional} className={className}>
      {(control) => (
        <select className="cw-input cw-camp-select" {...select} {...control}>
          {children}
        </select>
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
        {optional && <span className="cw-camp-optional"> (optional)</span>}
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="cw-camp-hint">
          {hint}
        </p>
      )}
      {children}
      <FieldErrors id={`${id}-error`} messages={messages} />
    </fieldset>
  );
}

/** Moves focus to the first control marked invalid, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(container: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    const target =
      invalid.tagName === 'FIELDSET'
        ? (invalid.querySelector<HTMLElement>('input, select, button') ?? invalid)
        : invalid;
    target.focus();
    target.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}
