import { describe, expect, test } from 'vitest';
import { adDays, adFileFacts, audienceOf, budgetSummary, landingOf } from './campaign-review';

describe('adFileFacts', () => {
  test.each([
    [
      { typeFormat: 'display', width: 300, height: 250, sizeBytes: 12_000 },
      { sizeName: 'Medium rectangle', dimensions: '300 × 250', weight: '12 KB', limit: '150 KB', overLimit: false },
    ],
    [
      { typeFormat: 'display', width: 970, height: 250, sizeBytes: 251 * 1024 },
      { sizeName: 'Billboard', dimensions: '970 × 250', weight: '251 KB', limit: '250 KB', overLimit: true },
    ],
    [
      { typeFormat: 'display', width: 320, height: 50, sizeBytes: 50 * 1024 },
      { sizeName: 'Mobile leaderboard', dimensions: '320 × 50', weight: '50 KB', limit: '50 KB', overLimit: false },
    ],
    [
      { typeFormat: 'display', width: 333, height: 250, sizeBytes: null },
      { sizeName: 'Non-standard size', dimensions: '333 × 250', weight: null, limit: null, overLimit: false },
    ],
    [
      { typeFormat: 'video', width: 1280, height: 720, sizeBytes: 3 * 1024 * 1024 },
      { sizeName: 'Video', dimensions: '1280 × 720', weight: '3 MB', limit: '10 MB', overLimit: false },
    ],
    [
      { typeFormat: 'video', width: null, height: null, sizeBytes: null },
      { sizeName: 'Video', dimensions: null, weight: null, limit: '10 MB', overLimit: false },
    ],
  ] as const)('%o', (file, facts) => {
    expect(adFileFacts(file)).toEqual(facts);
  });
});

const budget = {
  budgetLifetime: 2_000_00,
  budgetDaily: 0,
  budgetTargetCpc: 1_00,
  budgetOptimizationStrategy: 'clicks' as const,
  startDate: '2026-04-01T00:00:00.000Z',
  endDate: '2026-05-01T00:00:00.000Z',
};

describe('budgetSummary', () => {
  test('65% of the total buys ads; a daily budget left to the platform is spread over the days', () => {
    expect(budgetSummary(budget)).toEqual({
      total: '$2,000.00',
      adSpend: '$1,300.00',
      adShare: '65%',
      daily: 'About $43.33 a day, spread evenly over 30 days',
      targetCpc: '$1.00',
      optimization: 'Clicks',
    });
  });

  test.each([
    [{ budgetDaily: 50_00 }, '$50.00 a day'],
    [{ startDate: null }, 'Spread evenly over the days the ads run'],
    [{ endDate: '2026-04-02T00:00:00.000Z' }, 'About $1,300.00 a day, spread evenly over 1 day'],
  ])('daily budget of %o: %s', (change, daily) => {
    expect(budgetSummary({ ...budget, ...change }).daily).toBe(daily);
  });

  test('rounds the ad share down to whole cents, never more than paid', () => {
    expect(budgetSummary({ ...budget, budgetLifetime: 1_01 }).adSpend).toBe('$0.65');
    expect(budgetSummary({ ...budget, budgetOptimizationStrategy: null }).optimization).toBe('Not chosen');
  });
});

describe('adDays', () => {
  test.each([
    ['2026-04-01T00:00:00Z', '2026-04-11T00:00:00Z', 10],
    ['2026-04-01T00:00:00Z', '2026-04-01T12:00:00Z', 1],
    ['2026-04-11T00:00:00Z', '2026-04-01T00:00:00Z', null],
    [null, '2026-04-01T00:00:00Z', null],
  ])('%s to %s: %s', (startDate, endDate, days) => {
    expect(adDays({ startDate, endDate })).toBe(days);
  });
});

describe('audienceOf', () => {
  const empty = {
    demographicTargetAge: [],
    demographicTargetGender: [],
    demographicTargetIncome: [],
    demographicHighestDegreeAttained: [],
    demographicTargetInterests: [],
    statesAmobee: [],
    zips: [],
  };

  test('nothing narrowed reaches everyone, and says so', () => {
    expect(audienceOf(empty).map((line) => [line.label, line.values, line.whenEmpty])).toEqual([
      ['Places', [], 'All of the United States'],
      ['ZIP codes', [], 'None added'],
      ['Ages', [], 'Any age'],
      ['Genders', [], 'Everyone'],
      ['Household income', [], 'Any income'],
      ['Education', [], 'Any education'],
      ['Interests', [], 'No interests chosen'],
    ]);
  });

  test('states by name with their cities; "None" and "any" choices do not narrow', () => {
    const lines = audienceOf({
      ...empty,
      statesAmobee: [
        { stateCode: 'ME', cities: [{ city: 'Portland' }, { city: 'Bangor' }] },
        { stateCode: 'VT', cities: [] },
      ],
      zips: ['04101'],
      demographicTargetAge: ['25-34', 'None'],
      demographicTargetGender: ['female', 'male'],
      demographicTargetIncome: ['None'],
      demographicHighestDegreeAttained: ['any', 'Masters'],
    });
    const values = Object.fromEntries(lines.map((line) => [line.label, line.values]));
    expect(values).toMatchObject({
      Places: ['Maine: Portland, Bangor', 'Vermont (whole state)'],
      'ZIP codes': ['04101'],
      Ages: ['25-34'],
      Genders: ['Women', 'Men'],
      'Household income': [],
      Education: ['Masters'],
    });
  });
});

describe('landingOf', () => {
  test.each([
    [
      { landingPageToggle: true, landingPage: 'https://a.example', landingPageLink: null },
      'landing-page',
      'https://a.example',
    ],
    [
      { landingPageToggle: false, landingPage: 'https://a.example', landingPageLink: null },
      'campaign-page',
      'https://p.example',
    ],
    [{ landingPageToggle: true, landingPage: null, landingPageLink: null }, 'campaign-page', 'https://p.example'],
  ] as const)('%o lands on the %s', (draft, kind, url) => {
    expect(landingOf(draft, 'https://p.example')).toEqual({ kind, url });
  });
});
