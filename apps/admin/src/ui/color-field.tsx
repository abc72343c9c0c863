import { X } from 'lucide-react';
import { useId, useRef } from 'react';
import { isHexColor, toLongHex } from '../model/color';

type ColorFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** The color shown in the picker while the field is empty. */
  fallback: string;
};

/** A color picker and its hex value side by side; either one edits the color, the field may stay empty. */
export function ColorField({ label, value, onChange, error, fallback }: ColorFieldProps) {
  const id = useId();
  const hexRef = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const pickerValue = toLongHex(value) ?? fallback;
  return (
    <div className="cw-field cw-admin-color">
      <label className="cw-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="cw-admin-color__row">
        <input
          type="color"
          className="cw-admin-color__picker"
          value={pickerValue}
          onChange={(event) => onChange(event.target.value)}
          aria-label={`${label}: color picker`}
          aria-describedby={hintId}
        />
        <input
          ref={hexRef}
          id={id}
          className="cw-input cw-admin-color__hex"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="Not set"
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        />
        {/* Always laid out, so the hex input keeps its width whether or not a color is set. */}
        <button
          type="button"
          className="cw-admin-color__clear"
          onClick={() => {
            onChange('');
            // The button hides once the color is cleared; keep the keyboard in the field.
            hexRef.current?.focus();
          }}
          disabled={value === ''}
          aria-label={`Clear the ${label.toLowerCase()} color`}
          title="Clear"
        >
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      <p id={hintId} className="cw-admin-hint">
        {value === ''
          ? 'Not set: the default is used.'
          : isHexColor(value)
            ? 'Custom color'
            : 'A hex color, like #1a2b3c'}
      </p>
      {error && (
        <p id={errorId} className="cw-field__error" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}
