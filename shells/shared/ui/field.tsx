import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import './field.css';

/** What a labelled control gets from its field: its id, whether it is refused, and what describes it. */
export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** One message about a field's value; `path` says which part of it, when it has parts (`zips.2`). */
export type FieldMessage = { path?: string; message: string };

export type FieldCommonProps = {
  label: ReactNode;
  hint?: ReactNode;
  /** What is wrong with the value, one sentence (a form's own check or the API's refusal). */
  error?: string | undefined;
  /** What is wrong with the value when several rules speak; each sentence is shown once. */
  messages?: readonly FieldMessage[];
  optional?: boolean;
  className?: string;
  /** Text after the control, such as a character count (announced with the hint). */
  after?: ReactNode;
};

/** The messages of a field, each once, in the element the control's aria-describedby points at. */
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
export function Field({
  label,
  hint,
  error,
  messages = [],
  optional,
  className,
  after,
  children,
}: FieldCommonProps & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const shown = error ? [{ message: error }, ...messages] : messages;
  const invalid = shown.length > 0;
  const describedBy = [hint || after ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['cw-field', 'cw-form-field', className].filter(Boolean).join(' ')}>
      <label className="cw-field__label" htmlFor={id}>
        {label}
        {optional && <span className="cw-field__optional"> (optional)</span>}
      </label>
      {children({ id, 'aria-invalid': invalid ? true : undefined, 'aria-describedby': describedBy })}
      {(hint || after) && (
        <div id={hintId} className="cw-field__hint-row">
          {hint && <p className="cw-field__hint">{hint}</p>}
          {after}
        </div>
      )}
      <FieldErrors id={errorId} messages={shown} />
    </div>
  );
}

/** A field's own props apart from the control's. */
export function splitField<T extends FieldCommonProps>({
  label,
  hint,
  error,
  messages,
  optional,
  className,
  after,
  ...control
}: T): [FieldCommonProps, Omit<T, keyof FieldCommonProps>] {
  return [{ label, hint, error, messages, optional, className, after }, control];
}

export function TextField(props: FieldCommonProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
  const [field, input] = splitField(props);
  return <Field {...field}>{(control) => <input className="cw-input" {...input} {...control} />}</Field>;
}

export function TextAreaField(
  props: FieldCommonProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>,
) {
  const [field, { rows = 4, ...textarea }] = splitField(props);
  return (
    <Field {...field}>
      {(control) => <textarea className="cw-input cw-field__textarea" rows={rows} {...textarea} {...control} />}
    </Field>
  );
}

export function SelectField(props: FieldCommonProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>) {
  const [field, { children, ...select }] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        <Select {...select} {...control}>
          {children}
        </Select>
      )}
    </Field>
  );
}

/** A drop-down in the fields' look, for a field or a list's filter. */
export function Select({ className, ...select }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={['cw-input cw-field__select', className].filter(Boolean).join(' ')} {...select} />;
}

/**
 * Moves focus to the first control marked invalid (the first of a group's controls), so keyboard and
 * screen-reader users land on what was refused.
 */
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
