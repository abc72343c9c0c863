import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';

export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

/** A labelled form control with its hint and, when refused, its error right below it. */
export function Field({ label, hint, error, optional, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['cw-field', className].filter(Boolean).join(' ')}>
      <label className="cw-field__label" htmlFor={id}>
        {label}
        {optional && <span className="cw-admin-optional"> (optional)</span>}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="cw-admin-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="cw-field__error" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}

type Common = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  className?: string;
};

export function TextField({
  label,
  hint,
  error,
  optional,
  className,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional} className={className}>
      {(control) => <input className="cw-input" {...input} {...control} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  optional,
  className,
  rows = 4,
  ...textarea
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional} className={className}>
      {(control) => <textarea className="cw-input cw-admin-textarea" rows={rows} {...textarea} {...control} />}
    </Field>
  );
}

export function SelectField({
  label,
  hint,
  error,
  optional,
  className,
  children,
  ...select
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>) {
  return (
    <Field label={label} hint={hint} error={error} optional={optional} className={className}>
      {(control) => (
        <select className="cw-input cw-admin-select" {...select} {...control}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** Moves focus to the first field the form or the API refused, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
    invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}
