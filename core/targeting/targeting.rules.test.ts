import { describe, expect, test } from 'vitest';
import {
  ageRangeOf,
  campaignAgeRange,
  genderOf,
  geographyOf,
  incomeOf,
  lineItemAgeRange,
  type Geography,
} from './targeting.rules';

describe('age (SPEC §5)', () => {
  test.each([
    { bands: ['18-24'], range: { min: 18, max: 24 } },
    { bands: ['18-24', '35-44'], range: { min: 18, max: 44 } },
    { bands: ['45-54', '25-34'], range: { min: 25, max: 54 } },
    { bands: ['55-64', '+65'], range: { min: 55, max: 99 } },
    { bands: ['+65'], range: { min: 65, max: 99 } },
    { bands: ['None', '25-34'], range: { min: 25, max: 34 } },
    { bands: ['None'], range: null },
    { bands: [], range: null },
  ])('$bands reduces to $range', ({ bands, range }) => {
    expect(ageRangeOf(bands)).toEqual(range);
  });

  test.each([
    { bands: [], range: { min: 18, max: 99 } },
    { bands: ['None'], range: { min: 18, max: 99 } },
    { bands: ['25-34'], range: { min: 25, max: 34 } },
  ])('a new campaign with $bands is stored as $range (default 18-99)', ({ bands, range }) => {
    expect(campaignAgeRange(bands)).toEqual(range);
  });

  test.each([
    { bands: [], pair: [18, 64] },
    { bands: ['None'], pair: [18, 64] },
    { bands: ['18-24'], pair: [18, 24] },
    { bands: ['25-34', '45-54'], pair: [25, 54] },
    { bands: ['55-64'], pair: [55, 64] },
    { bands: ['+65'], pair: [65, 0] },
    { bands: ['18-24', '+65'], pair: [18, 0] },
  ])('a line item for $bands targets ages $pair (18-64 when none, 0 = no upper limit)', ({ bands, pair }) => {
    expect(lineItemAgeRange(bands)).toEqual(pair);
  });
});

describe('income (SPEC §5)', () => {
  test.each([
    { bands: ['10%'], income: 10 },
    { bands: ['11-20%'], income: 20 },
    { bands: ['10%', '31-40%', '21-30%'], income: 40 },
    { bands: ['41-50%'], income: 50 },
    { bands: ['Lower 50%'], income: 50 },
    { bands: ['None'], income: 1 },
    { bands: ['None', '11-20%'], income: 20 },
    { bands: [], income: 1 },
  ])('$bands converts to $income', ({ bands, income }) => {
    expect(incomeOf(bands)).toBe(income);
  });
});

describe('gender (SPEC §5: defaults to all)', () => {
  test.each([
    { genders: [], gender: 'all' },
    { genders: ['female'], gender: 'female' },
    { genders: ['male'], gender: 'male' },
    { genders: ['female', 'male'], gender: 'all' },
    { genders: ['none'], gender: 'all' },
    { genders: ['male', 'none'], gender: 'male' },
  ])('$genders targets $gender', ({ genders, gender }) => {
    expect(genderOf(genders)).toBe(gender);
  });
});

describe('geography (SPEC §5: cities, else regions, else the default country)', () => {
  test.each<{ name: string; input: Parameters<typeof geographyOf>[0]; geography: Geography }>([
    {
      name: 'cities win over states',
      input: { cities: ['Austin'], statesAmobee: [{ stateCode: 'TX', cities: [] }] },
      geography: { kind: 'cities', cities: ['Austin'] },
    },
    {
      name: 'cities chosen under a state count as cities',
      input: { statesAmobee: [{ stateCode: 'TX', cities: [{ city: 'Austin' }, { city: 'Dallas' }] }] },
      geography: { kind: 'cities', cities: ['Austin', 'Dallas'] },
    },
    {
      name: 'blank cities are ignored, so the states are used',
      input: { cities: ['', '  '], statesAmobee: [{ stateCode: 'tx', cities: [{ city: ' ' }] }] },
      geography: { kind: 'regions', stateCodes: ['TX'] },
    },
    {
      name: 'states from either list, once each',
      input: { statesAmobee: [{ stateCode: 'CA' }], states: ['CA', 'NY'] },
      geography: { kind: 'regions', stateCodes: ['CA', 'NY'] },
    },
    { name: 'nothing chosen: the default country', input: {}, geography: { kind: 'country', countryId: 2 } },
    {
      name: 'only blanks: the default country',
      input: { cities: [' '], states: [''] },
      geography: { kind: 'country', countryId: 2 },
    },
  ])('$name', ({ input, geography }) => {
    expect(geographyOf(input)).toEqual(geography);
  });
});
