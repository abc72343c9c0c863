/**
 * Targeting normalization (SPEC §5): how the wizard's bands and places become the numbers and the one
 * kind of geography the ad platform takes.
 */

/** The age range of a new campaign when no band is chosen (SPEC §5). */
export const DEFAULT_AGE_RANGE = { min: 18, max: 99 } as const;
/** The age range a line item gets when the campaign names none (SPEC §5). */
export const LINE_ITEM_DEFAULT_AGE_RANGE = { min: 18, max: 64 } as const;
/** The income figure when no band is chosen, and what 'None' counts as (SPEC §5). */
export const DEFAULT_INCOME = 1;
/** The United States, the platform's country 2 (SPEC §9). */
export const DEFAULT_COUNTRY_ID = 2;

export interface AgeRange {
  min: number;
  max: number;
}

const numbersIn = (text: string): number[] => (text.match(/\d+/g) ?? []).map(Number);

/**
 * A list of bands such as ['18-24', '35-44'] reduced to its lowest and highest age; 'None' and bands
 * without a number are ignored. '+65' is open-ended (up to 99). Null when no band carries an age.
 */
export function ageRangeOf(bands: readonly string[]): AgeRange | null {
  let min = Infinity;
  let max = -Infinity;
  for (const band of bands) {
    const numbers = numbersIn(band);
    if (numbers.length === 0) continue;
    const low = Math.min(...numbers);
    // A single number is the open band '+65' (or '65+'): it runs to the oldest age.
    const high = numbers.length === 1 ? DEFAULT_AGE_RANGE.max : Math.max(...numbers);
    min = Math.min(min, low);
    max = Math.max(max, high);
  }
  return Number.isFinite(min) ? { min, max } : null;
}

/** The age range stored on a new campaign: the bands' range, else 18-99 (SPEC §5). */
export function campaignAgeRange(bands: readonly string[]): AgeRange {
  return ageRangeOf(bands) ?? { ...DEFAULT_AGE_RANGE };
}

/**
 * Income bands converted to the highest number found: 'Lower 50%' counts as 50, 'None' as 1, and no
 * band at all as 1 (SPEC §5).
 */
export function incomeOf(bands: readonly string[]): number {
  let highest: number | null = null;
  for (const band of bands) {
    const value = band.trim() === 'None' ? DEFAULT_INCOME : Math.max(...numbersIn(band), -Infinity);
    if (Number.isFinite(value)) highest = highest === null ? value : Math.max(highest, value);
  }
  return highest ?? DEFAULT_INCOME;
}

export type TargetGender = 'male' | 'female' | 'all';

/**
 * One gender only when exactly one of female or male is chosen; anything else (none chosen, both,
 * or 'none') targets everyone (SPEC §5: gender defaults to all).
 */
export function genderOf(genders: readonly string[]): TargetGender {
  const chosen = new Set(genders.filter((gender) => gender === 'female' || gender === 'male'));
  if (chosen.size === 1) return chosen.has('female') ? 'female' : 'male';
  return 'all';
}

export type Geography =
  | { kind: 'cities'; cities: string[] }
  | { kind: 'regions'; stateCodes: string[] }
  | { kind: 'country'; countryId: number };

/**
 * Cities win when any is non-blank, else the states (regions), else the default country (SPEC §5).
 * Cities are read from the campaign's city list and from the cities chosen under each state.
 */
export function geographyOf(input: {
  cities?: readonly string[];
  statesAmobee?: readonly { stateCode: string; cities?: readonly { city: string }[] }[];
  states?: readonly string[];
}): Geography {
  const cities = [
    ...(input.cities ?? []),
    ...(input.statesAmobee ?? []).flatMap((state) => (state.cities ?? []).map(({ city }) => city)),
  ]
    .map((city) => city.trim())
    .filter((city) => city !== '');
  if (cities.length > 0) return { kind: 'cities', cities: [...new Set(cities)] };
  const stateCodes = [...(input.statesAmobee ?? []).map((state) => state.stateCode), ...(input.states ?? [])]
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
  if (stateCodes.length > 0) return { kind: 'regions', stateCodes: [...new Set(stateCodes)] };
  return { kind: 'country', countryId: DEFAULT_COUNTRY_ID };
}

/** Lower bounds the platform's audience targeting accepts (reference: nielsenAudience.ageRange). */
const PLATFORM_AGE_LOWER = [13, 18, 21, 25, 30, 35, 40, 45, 50, 55, 65] as const;
/** Upper bounds it accepts; 0 means no upper limit. */
const PLATFORM_AGE_UPPER = [17, 20, 24, 29, 34, 39, 44, 49, 54, 64] as const;

/**
 * The line item's [lower, upper] age pair: the campaign's bands widened to the nearest bounds the
 * platform accepts (never narrower than asked), 18-64 when no band is chosen, upper 0 for no limit.
 */
export function lineItemAgeRange(bands: readonly string[]): [number, number] {
  const range = ageRangeOf(bands) ?? LINE_ITEM_DEFAULT_AGE_RANGE;
  const lower = [...PLATFORM_AGE_LOWER].reverse().find((bound) => bound <= range.min) ?? PLATFORM_AGE_LOWER[0];
  const upper = PLATFORM_AGE_UPPER.find((bound) => bound >= range.max) ?? 0;
  return [lower, upper];
}
