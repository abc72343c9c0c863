import { describe, expect, test } from 'vitest';
import { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import { errorsOfField, formOf, itemIndexOf, patchOf, type WizardValues } from './wizard-form';
import type { DraftField } from './wizard-steps';

const fresh = PreCampaign.parse({
  id: 'draft-1',
  campaignUUID: 'uuid-1',
  userId: 'user-1',
  createdAt: '2026-01-05T10:00:00.000Z',
});
const values = (changes: Partial<WizardValues> = {}): WizardValues => ({ ...formOf(fresh), ...changes });

describe('formOf', () => {
  test('a fresh draft starts with empty amounts, except the platform’s default cost per click', () => {
    expect(formOf(fresh)).toMatchObject({
      campaignRaiseGoal: '',
      budgetLifetime: '',
      budgetDaily: '',
      budgetTargetCpc: '1',
      campaignCategory: '',
      allowDonations: true,
      landingPageToggle: false,
    });
  });

  test('a saved draft reads back as typed', () => {
    const draft = PreCampaign.parse({
      ...fresh,
      campaignRaiseGoal: 25_000_00,
      budgetDaily: 43_50,
      campaignRaiseGoalDeadline: '2026-04-05T00:00:00.000Z',
      statesAmobee: [{ stateCode: 'ME', name: 'Maine', cities: [{ city: 'Portland', cityId: null }] }],
      adFiles: [{ name: 'banner.png', path: 'campaigns/uuid-1-banner.png', typeFormat: 'display' }],
    });
    expect(formOf(draft)).toMatchObject({
      campaignRaiseGoal: '25000',
      budgetDaily: '43.50',
      campaignRaiseGoalDeadline: '2026-04-05',
      statesAmobee: [{ stateCode: 'ME', cities: ['Portland'] }],
      adFiles: [{ path: 'campaigns/uuid-1-banner.png', name: 'banner.png' }],
    });
  });
});

describe('patchOf', () => {
  test.each<[string, Partial<WizardValues>, DraftField[], object]>([
    ['dollars become cents', { campaignRaiseGoal: '$25,000' }, ['campaignRaiseGoal'], { campaignRaiseGoal: 2_500_000 }],
    ['an empty daily budget is 0 (spread evenly)', { budgetDaily: '' }, ['budgetDaily'], { budgetDaily: 0 }],
    [
      'a day becomes its UTC midnight',
      { startDate: '2026-03-10' },
      ['startDate'],
      { startDate: '2026-03-10T00:00:00.000Z' },
    ],
    ['an empty day clears it', { endDate: '' }, ['endDate'], { endDate: null }],
    ['an empty choice is null', { campaignCategory: '' }, ['campaignCategory'], { campaignCategory: null }],
    ['an empty link is null', { headerUrlDesktop: '  ' }, ['headerUrlDesktop'], { headerUrlDesktop: null }],
    [
      'states carry their cities',
      { statesAmobee: [{ stateCode: 'ME', cities: ['Portland'] }] },
      ['statesAmobee'],
      { statesAmobee: [{ stateCode: 'ME', cities: [{ city: 'Portland' }] }] },
    ],
  ])('%s', (_case, changes, fields, patch) => {
    expect(patchOf(values(changes), fields)).toEqual({ patch, errors: {} });
  });

  test.each<[string, Partial<WizardValues>, DraftField, Record<string, string>]>([
    [
      'letters in an amount',
      { campaignRaiseGoal: 'lots' },
      'campaignRaiseGoal',
      {
        campaignRaiseGoal: 'Enter an amount in dollars, like 2,000 or 0.75.',
      },
    ],
    [
      'no goal at all',
      { campaignRaiseGoal: '' },
      'campaignRaiseGoal',
      {
        campaignRaiseGoal: 'Enter the fundraising goal.',
      },
    ],
    [
      'a goal under the minimum',
      { campaignRaiseGoal: '50' },
      'campaignRaiseGoal',
      {
        campaignRaiseGoal: 'The fundraising goal must be at least $100.',
      },
    ],
    [
      'a cost per click over $5',
      { budgetTargetCpc: '6' },
      'budgetTargetCpc',
      {
        budgetTargetCpc: 'The target cost per click can be at most $5.',
      },
    ],
    [
      'a cost per click under 10 cents',
      { budgetTargetCpc: '0.05' },
      'budgetTargetCpc',
      {
        budgetTargetCpc: 'The target cost per click must be at least $0.10.',
      },
    ],
    ['a short ZIP code', { zips: ['04101', '0410'] }, 'zips', { 'zips.1': 'A ZIP code has five digits.' }],
    [
      'a link that is not a web address',
      { landingPage: 'javascript:alert(1)' },
      'landingPage',
      {
        landingPage: 'Enter a full web address, like https://example.org.',
      },
    ],
    [
      'a date that does not exist',
      { campaignRaiseGoalDeadline: '2026-02-30' },
      'campaignRaiseGoalDeadline',
      {
        campaignRaiseGoalDeadline: 'That date does not exist.',
      },
    ],
    [
      'a repeated tag',
      { campaignTags: ['food', 'food'] },
      'campaignTags',
      {
        campaignTags: 'Each choice only once.',
      },
    ],
  ])('keeps out %s, with the schema’s message', (_case, changes, field, errors) => {
    const answer = patchOf(values({ ...changes, campaignName: 'Winter meals' }), ['campaignName', field]);
    expect(answer.errors).toEqual(errors);
    expect(answer.patch).toEqual({ campaignName: 'Winter meals' });
  });
});

describe('errors of a field', () => {
  const errors = { zips: 'Use at most 200 ZIP codes.', 'zips.3': 'A ZIP code has five digits.', zipsExtra: 'x' };

  test('are its own and its items’, not another field’s with the same start', () => {
    expect(errorsOfField(errors, 'zips')).toEqual([
      { path: 'zips', message: 'Use at most 200 ZIP codes.' },
      { path: 'zips.3', message: 'A ZIP code has five digits.' },
    ]);
  });

  test.each([
    ['zips.3', 3],
    ['statesAmobee.0.cities.2.city', 0],
    ['zips', null],
  ])('%s names item %j', (path, index) => {
    expect(itemIndexOf(path)).toBe(index);
  });
});
