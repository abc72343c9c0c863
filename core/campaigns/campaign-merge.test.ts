import { describe, expect, test } from 'vitest';
import { Campaign, type CampaignPatch } from './campaign.entity';
import { mergeCampaignUpdate } from './campaign-merge';

const current = Campaign.parse({
  campaignUUID: 'c-1',
  userId: 'u-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  campaignName: 'Clean water',
  campaignDescription: 'Wells for villages',
  budgetLifetime: 50_000,
  promoters: ['p-1', 'p-2'],
  adIds: ['ad-1'],
  creativeIds: ['cr-1'],
  statesAmobee: [
    { stateCode: 'TX', cities: [{ city: 'Austin' }] },
    { stateCode: 'CA', cities: [] },
  ],
});

describe('updating a campaign (SPEC §5)', () => {
  test.each<{ name: string; update: CampaignPatch; expected: CampaignPatch }>([
    {
      name: 'promoters merge as a unique union',
      update: { promoters: ['p-2', 'p-3'] },
      expected: { promoters: ['p-1', 'p-2', 'p-3'] },
    },
    {
      name: 'adIds merge as a unique union',
      update: { adIds: ['ad-1', 'ad-2', 'ad-2'] },
      expected: { adIds: ['ad-1', 'ad-2'] },
    },
    {
      name: 'creativeIds merge as a unique union',
      update: { creativeIds: ['cr-2'] },
      expected: { creativeIds: ['cr-1', 'cr-2'] },
    },
    {
      name: 'an empty list adds nothing and removes nothing',
      update: { promoters: [] },
      expected: { promoters: ['p-1', 'p-2'] },
    },
    {
      name: 'statesAmobee merges with duplicates removed by stateCode',
      update: {
        statesAmobee: [
          { stateCode: 'TX', cities: [] },
          { stateCode: 'NY', cities: [] },
        ],
      },
      expected: {
        statesAmobee: [
          { stateCode: 'TX', cities: [{ city: 'Austin' }] },
          { stateCode: 'CA', cities: [] },
          { stateCode: 'NY', cities: [] },
        ],
      },
    },
    {
      name: 'another field overwrites when supplied',
      update: { campaignName: 'Clean water 2027', budgetLifetime: 80_000 },
      expected: { campaignName: 'Clean water 2027', budgetLifetime: 80_000 },
    },
    {
      name: 'a field not supplied is left alone',
      update: { campaignName: undefined },
      expected: {},
    },
    {
      name: 'null is a supplied value and clears the field',
      update: { landingPageLink: null },
      expected: { landingPageLink: null },
    },
  ])('$name', ({ update, expected }) => {
    expect(mergeCampaignUpdate(current, update)).toEqual(expected);
  });
});
