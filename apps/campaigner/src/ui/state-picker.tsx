import { MapPin, Search, X } from 'lucide-react';
import { useId, useState } from 'react';
import { CAMPAIGN_LIMITS, US_STATES } from '@causeway/core/campaigns/campaign-options';
import { FieldErrors } from '@causeway/shells/shared/ui/field';
import type { FieldMessage, StateValue } from '../model/wizard-form';
import { ChipsInput } from './chips-input';
import { maxLengthOf, SEARCH_MAX_LENGTH } from '@causeway/core/contracts/max-length';
import { StateChoice } from '@causeway/core/contracts/campaigns.contract';

/** The messages of one chosen state's cities, as the chips of that state read them (`cities.2`). */
function cityMessages(messages: readonly FieldMessage[], index: number): FieldMessage[] {
  const prefix = `statesAmobee.${index}.cities`;
  return messages
    .filter((message) => message.path === prefix || message.path.startsWith(`${prefix}.`))
    .map((message) => {
      const city = message.path.slice(prefix.length + 1).split('.')[0];
      return { path: city ? `cities.${city}` : 'cities', message: message.message };
    });
}

/**
 * The states a campaign targets, searchable, and the cities chosen in each. Nothing chosen reaches the
 * whole country; cities, when any are named, narrow the states to those cities.
 */
/** The longest city name a draft keeps. */
const CITY_MAX_LENGTH = maxLengthOf(StateChoice.shape.cities.unwrap().element.shape.city);

export function StatePicker({
  values,
  onChange,
  messages = [],
  disabled = false,
}: {
  values: readonly StateValue[];
  onChange: (values: StateValue[]) => void;
  messages?: readonly FieldMessage[];
  disabled?: boolean;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const chosen = new Set(values.map((state) => state.stateCode));
  const query = search.trim().toLowerCase();
  const shown = US_STATES.filter(
    (state) => query === '' || state.name.toLowerCase().includes(query) || state.code.toLowerCase() === query,
  );
  const listMessages = messages.filter((message) => !/^statesAmobee\.\d+\.cities/.test(message.path));

  const toggle = (code: string, on: boolean) =>
    onChange(
      on
        ? // Kept in the list's order (alphabetical), so the choice reads the same each time.
          US_STATES.flatMap((state) =>
            state.code === code
              ? [{ stateCode: code, cities: [] }]
              : values.filter((value) => value.stateCode === state.code),
          )
        : values.filter((state) => state.stateCode !== code),
    );

  return (
    <fieldset
      className="cw-camp-group cw-camp-states"
      aria-describedby={`${id}-hint${listMessages.length > 0 ? ` ${id}-error` : ''}`}
    >
      <legend className="cw-field__label">
        States <span className="cw-field__optional">(optional)</span>
      </legend>
      <p id={`${id}-hint`} className="cw-camp-hint">
        Leave empty to advertise across the whole US. Name cities in a state to reach only those cities.
      </p>
      <div className="cw-camp-search">
        <Search size={16} aria-hidden="true" className="cw-camp-search__icon" />
        <label htmlFor={`${id}-search`} className="cw-visually-hidden">
          Find a state
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="cw-input cw-camp-search__input"
          placeholder="Find a state"
          value={search}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(event) => setSearch(event.target.value)}
          aria-controls={`${id}-list`}
        />
      </div>
      <div id={`${id}-list`} className="cw-camp-states__list" role="group" aria-label="States to choose from">
        {shown.length === 0 ? (
          <p className="cw-camp-hint">No state matches “{search.trim()}”.</p>
        ) : (
          shown.map((state) => (
            <label key={state.code} className="cw-camp-check">
              <input
                type="checkbox"
                checked={chosen.has(state.code)}
                disabled={disabled}
                onChange={(event) => toggle(state.code, event.target.checked)}
              />
              <span>
                {state.name} <span className="cw-camp-muted">{state.code}</span>
              </span>
            </label>
          ))
        )}
      </div>
      <FieldErrors id={`${id}-error`} messages={listMessages} />
      {values.length > 0 && (
        <ul className="cw-camp-states__chosen" aria-label="Chosen states">
          {values.map((state, index) => {
            const name = US_STATES.find((candidate) => candidate.code === state.stateCode)?.name ?? state.stateCode;
            return (
              <li key={state.stateCode} className="cw-camp-state">
                <div className="cw-camp-state__head">
                  <MapPin size={16} aria-hidden="true" />
                  <span className="cw-camp-state__name">{name}</span>
                  <button
                    type="button"
                    className="cw-button cw-button--ghost cw-camp-state__remove"
                    onClick={() => toggle(state.stateCode, false)}
                    disabled={disabled}
                    aria-label={`Remove ${name}`}
                  >
                    <X size={16} aria-hidden="true" />
                  </button>
                </div>
                <ChipsInput
                  label={`Cities in ${name}`}
                  itemName="city"
                  values={state.cities}
                  onChange={(cities) =>
                    onChange(
                      values.map((other) => (other.stateCode === state.stateCode ? { ...other, cities } : other)),
                    )
                  }
                  messages={cityMessages(messages, index)}
                  maxItems={CAMPAIGN_LIMITS.citiesMax}
                  maxLength={CITY_MAX_LENGTH}
                  placeholder={`All of ${name}`}
                  disabled={disabled}
                  optional
                />
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
