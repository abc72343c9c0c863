import { expect, test } from 'vitest';
import { audienceSummary } from './audience';

const nothing = {
  demographicTargetAge: [],
  demographicTargetIncome: [],
  demographicTargetGender: [],
  demographicHighestDegreeAttained: [],
  demographicTargetInterests: [],
  statesAmobee: [],
  zips: [],
};

test.each([
  ['nothing chosen: the defaults', {}, 'Your ads reach everyone aged 18–99, across the whole US.'],
  [
    'bands reduced to their range, one gender',
    { demographicTargetAge: ['25-34', '35-44'], demographicTargetGender: ['female'] },
    'Your ads reach women aged 25–44, across the whole US.',
  ],
  [
    'both genders are everyone',
    { demographicTargetGender: ['female', 'male'] },
    'Your ads reach everyone aged 18–99, across the whole US.',
  ],
  [
    'an open-ended band',
    { demographicTargetAge: ['55-64', '+65'] },
    'Your ads reach everyone aged 55 and over, across the whole US.',
  ],
  [
    'states without cities',
    {
      statesAmobee: [
        { stateCode: 'ME', cities: [] },
        { stateCode: 'NH', cities: [] },
      ],
    },
    'Your ads reach everyone aged 18–99, in Maine and New Hampshire.',
  ],
  [
    'cities win over states',
    {
      statesAmobee: [
        { stateCode: 'ME', cities: ['Portland', 'Bangor'] },
        { stateCode: 'NH', cities: [] },
      ],
    },
    'Your ads reach everyone aged 18–99, in Portland (ME) and Bangor (ME).',
  ],
  ['ZIP codes only', { zips: ['04101', '04102'] }, 'Your ads reach everyone aged 18–99, in ZIP codes 04101 and 04102.'],
  [
    'income, education and interests',
    {
      demographicTargetIncome: ['10%', '11-20%'],
      demographicHighestDegreeAttained: ['Bachelors'],
      demographicTargetInterests: ['Community', 'Food and cooking'],
    },
    "Your ads reach everyone aged 18–99, with household incomes in Top 10% and 11–20%, whose education is Bachelor's degree, interested in community and food and cooking, across the whole US.",
  ],
])('%s', (_case, chosen, sentence) => {
  expect(audienceSummary({ ...nothing, ...chosen })).toBe(sentence);
});
