import { Plus, X } from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useId, useState } from 'react';
import { FieldErrors } from '@causeway/shells/shared/ui/field';
import { itemIndexOf, type FieldMessage } from '../model/wizard-form';

type ChipsInputProps = {
  label: ReactNode;
  hint?: ReactNode;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** Messages of the list (`zips`) and of its items (`zips.2`). */
  messages?: readonly FieldMessage[];
  /** What one item is called, for the buttons: "tag", "ZIP code", "city". */
  itemName: string;
  placeholder?: string;
  /** What separates several items typed or pasted at once. */
  separators?: RegExp;
  inputMode?: 'text' | 'numeric';
  maxItems?: number;
  /** The most characters the box takes at once (an item's maximum, or several items pasted together). */
  maxLength: number | undefined;
  disabled?: boolean;
  optional?: boolean;
  /** Shown on each chip instead of the value itself. */
  formatItem?: (value: string) => string;
};

/**
 * A list of short texts typed one by one (tags, ZIP codes, cities): Enter, a comma or leaving the box
 * adds what was typed; each chip has its own remove button.
 */
export function ChipsInput({
  label,
  hint,
  values,
  onChange,
  messages = [],
  itemName,
  placeholder,
  separators = /,/,
  inputMode = 'text',
  maxLength,
  maxItems,
  disabled = false,
  optional = false,
  formatItem = (value) => value,
}: ChipsInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const full = maxItems !== undefined && values.length >= maxItems;

  const add = (parts: readonly string[], rest = '') => {
    setText(rest);
    const typed = parts.map((item) => item.trim()).filter(Boolean);
    if (typed.length === 0) return;
    const known = new Set(values.map((value) => value.toLowerCase()));
    const fresh: string[] = [];
    const repeated: string[] = [];
    for (const item of typed) {
      if (known.has(item.toLowerCase())) repeated.push(item);
      else {
        known.add(item.toLowerCase());
        fresh.push(item);
      }
    }
    const room = maxItems === undefined ? fresh.length : Math.max(0, maxItems - values.length);
    const kept = fresh.slice(0, room);
    setNote(
      repeated.length > 0
        ? `${repeated.join(', ')} ${repeated.length === 1 ? 'is' : 'are'} already in the list.`
        : kept.length < fresh.length
          ? `Only ${maxItems} can be added.`
          : null,
    );
    if (kept.length > 0) onChange([...values, ...kept]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text.split(separators));
    }
  };

  const itemMessages = new Map<number, string>();
  const listMessages: FieldMessage[] = [];
  for (const message of messages) {
    const index = message.path.split('.').length === 2 ? itemIndexOf(message.path) : null;
    if (index !== null && values[index] !== undefined) itemMessages.set(index, message.message);
    else listMessages.push(message);
  }
  const errors: FieldMessage[] = [
    ...listMessages,
    ...[...itemMessages].map(([index, message]) => ({ path: String(index), message: `${values[index]}: ${message}` })),
  ];
  const describedBy = [hint ? `${id}-hint` : null, errors.length > 0 ? `${id}-error` : null, note ? `${id}-note` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="cw-field cw-form-field cw-camp-chips">
      <label className="cw-field__label" htmlFor={id}>
        {label}
        {optional && <span className="cw-field__optional"> (optional)</span>}
      </label>
      {values.length > 0 && (
        <ul className="cw-camp-chips__list" aria-label={`${typeof label === 'string' ? label : itemName} added`}>
          {values.map((value, index) => (
            <li
              key={`${value}-${index}`}
              className={`cw-camp-chip${itemMessages.has(index) ? ' is-invalid' : ''}`}
              aria-invalid={itemMessages.has(index) ? true : undefined}
            >
              <span>{formatItem(value)}</span>
              <button
                type="button"
                className="cw-camp-chip__remove"
                onClick={() => onChange(values.filter((_, other) => other !== index))}
                disabled={disabled}
                aria-label={`Remove ${itemName} ${formatItem(value)}`}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="cw-camp-chips__entry">
        <input
          id={id}
          className="cw-input"
          value={text}
          maxLength={maxLength}
          placeholder={full ? `No more than ${maxItems}` : placeholder}
          inputMode={inputMode}
          autoComplete="off"
          disabled={disabled || full}
          aria-invalid={errors.length > 0 ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => {
            // A separator typed or pasted adds everything before it; what follows stays in the box.
            const parts = event.target.value.split(separators);
            const rest = parts.pop() ?? '';
            if (parts.length > 0) add(parts, rest.trimStart());
            else setText(rest);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => add(text.split(separators))}
        />
        <button
          type="button"
          className="cw-button cw-button--secondary"
          onClick={() => add(text.split(separators))}
          disabled={disabled || full || text.trim() === ''}
        >
          <Plus size={16} aria-hidden="true" />
          Add<span className="cw-visually-hidden"> {itemName}</span>
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="cw-camp-hint">
          {hint}
        </p>
      )}
      {note && (
        <p id={`${id}-note`} className="cw-camp-hint" role="status">
          {note}
        </p>
      )}
      <FieldErrors id={`${id}-error`} messages={errors} />
    </div>
  );
}
