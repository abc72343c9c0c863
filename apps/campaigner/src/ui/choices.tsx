import type { ReactNode } from 'react';
import { useId } from 'react';
import type { FieldMessage } from '../model/wizard-form';
import { FieldGroup } from './field';

type Option = { value: string; label: ReactNode; description?: ReactNode };

/** Several choices of a list, each a checkbox; nothing ticked is a meaningful default the hint explains. */
export function CheckboxGroup({
  legend,
  hint,
  options,
  values,
  onChange,
  messages,
  disabled = false,
  columns = 3,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly Option[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  messages?: readonly FieldMessage[];
  disabled?: boolean;
  columns?: 2 | 3 | 4;
}) {
  const chosen = new Set(values);
  return (
    <FieldGroup legend={legend} hint={hint} messages={messages} optional>
      <div className={`cw-camp-checks cw-camp-checks--${columns}`}>
        {options.map((option) => (
          <label key={option.value} className="cw-camp-check">
            <input
              type="checkbox"
              checked={chosen.has(option.value)}
              disabled={disabled}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? // Kept in the list's own order, so the saved draft reads the same way.
                      options.map((item) => item.value).filter((value) => chosen.has(value) || value === option.value)
                    : values.filter((value) => value !== option.value),
                )
              }
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </FieldGroup>
  );
}

/** One choice of a few, as cards with a sentence each (ad type, optimization). */
export function ChoiceCards({
  legend,
  hint,
  options,
  value,
  onChange,
  messages,
  disabled = false,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly (Option & { icon?: ReactNode })[];
  value: string;
  onChange: (value: string) => void;
  messages?: readonly FieldMessage[];
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <FieldGroup legend={legend} hint={hint} messages={messages}>
      <div className="cw-camp-cards">
        {options.map((option) => (
          <label key={option.value} className={`cw-camp-card-choice${value === option.value ? ' is-chosen' : ''}`}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
            />
            <span className="cw-camp-card-choice__body">
              <span className="cw-camp-card-choice__title">
                {option.icon}
                {option.label}
              </span>
              {option.description && <span className="cw-camp-card-choice__text">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
    </FieldGroup>
  );
}
