import { US_STATES } from '@causeway/core/campaigns/campaign-options';
import { ageRangeOf, DEFAULT_AGE_RANGE, genderOf, geographyOf } from '@causeway/core/targeting/targeting.rules';
import type { WizardValues } from './wizard-form';

/** Choices that mean "no choice" ('None', 'any') are left out of the wizard: nothing ticked is the default. */
export const AGE_CHOICES = ['18-24', '25-34', '35-44', '45-54', '55-64', '+65'] as const;
export const INCOME_CHOICES = ['10%', '11-20%', '21-30%', '31-40%', '41-50%', 'Lower 50%'] as const;
export const GENDER_CHOICES = ['female', 'male', 'none'] as const;
export const EDUCATION_CHOICES = ['GED', 'Undergraduate', 'Bachelors', 'Masters'] as const;

export const AGE_LABELS: Record<string, string> = { '+65': '65 and over' };
export const INCOME_LABELS: Record<string, string> = { '10%': 'Top 10%', 'Lower 50%': 'Lower 50%' };
export const GENDER_LABELS: Record<string, string> = { female: 'Women', male: 'Men', none: 'Gender not known' };
export const EDUCATION_LABELS: Record<string, string> = {
  GED: 'High school (GED)',
  Undergraduate: 'Some college',
  Bachelors: "Bachelor's degree",
  Masters: "Master's degree or higher",
};

export const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value.replace('-', '–');

const stateNames: ReadonlyMap<string, string> = new Map(US_STATES.map((state) => [state.code, state.name]));
export const stateNameOf = (code: string) => stateNames.get(code) ?? code;

/** "a, b and c". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function agesText(bands: readonly string[]): string {
  const range = ageRangeOf(bands) ?? DEFAULT_AGE_RANGE;
  // '+65' is open-ended: a range that runs to the oldest age reads "25 and over" (the default stays 18–99).
  if (range.max >= DEFAULT_AGE_RANGE.max && range.min > DEFAULT_AGE_RANGE.min) return `aged ${range.min} and over`;
  return `aged ${range.min}–${range.max}`;
}

function peopleText(genders: readonly string[]): string {
  const gender = genderOf(genders);
  return gender === 'all' ? 'everyone' : gender === 'female' ? 'women' : 'men';
}

function placesText(values: Pick<WizardValues, 'statesAmobee' | 'zips'>): string {
  const geography = geographyOf({
    statesAmobee: values.statesAmobee.map((state) => ({
      stateCode: state.stateCode,
      cities: state.cities.map((city) => ({ city })),
    })),
  });
  const shownZips = values.zips.slice(0, 5);
  const zips =
    values.zips.length === 0
      ? null
      : `ZIP code${values.zips.length === 1 ? '' : 's'} ${listText(shownZips)}${values.zips.length > 5 ? ` and ${values.zips.length - 5} more` : ''}`;
  if (geography.kind === 'country') return zips === null ? 'across the whole US' : `in ${zips}`;
  const places =
    geography.kind === 'cities'
      ? values.statesAmobee.flatMap((state) =>
          state.cities.filter((city) => city.trim() !== '').map((city) => `${city.trim()} (${state.stateCode})`),
        )
      : geography.stateCodes.map(stateNameOf);
  return `in ${listText(zips === null ? places : [...places, zips])}`;
}

/**
 * One sentence saying whom the ads reach, defaults included (SPEC §5: ages 18–99, everyone, the whole
 * country when nothing is chosen), so people see what leaving a choice empty means.
 */
export function audienceSummary(
  values: Pick<
    WizardValues,
    | 'demographicTargetAge'
    | 'demographicTargetIncome'
    | 'demographicTargetGender'
    | 'demographicHighestDegreeAttained'
    | 'demographicTargetInterests'
    | 'statesAmobee'
    | 'zips'
  >,
): string {
  const parts = [
    `Your ads reach ${peopleText(values.demographicTargetGender)} ${agesText(values.demographicTargetAge)}`,
  ];
  const incomes = values.demographicTargetIncome.filter((band) => band !== 'None');
  if (incomes.length > 0)
    parts.push(`with household incomes in ${listText(incomes.map((band) => labelOf(INCOME_LABELS, band)))}`);
  const education = values.demographicHighestDegreeAttained.filter((level) => level !== 'any');
  if (education.length > 0) {
    parts.push(`whose education is ${listText(education.map((level) => labelOf(EDUCATION_LABELS, level)))}`);
  }
  if (values.demographicTargetInterests.length > 0) {
    parts.push(
      `interested in ${listText(values.demographicTargetInterests.map((interest) => interest.toLowerCase()))}`,
    );
  }
  return `${parts.join(', ')}, ${placesText(values)}.`;
}
