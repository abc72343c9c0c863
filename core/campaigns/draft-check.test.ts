import { describe, expect, test } from 'vitest';
import { PreCampaign, type NewPreCampaign } from './campaign.entity';
import { draftProblems } from './draft-check';

const NOW = new Date('2026-06-10T12:00:00.000Z');

/** A draft that is ready to submit; each row breaks one thing. */
const ready: NewPreCampaign = {
  id: 'd-1',
  campaignUUID: 'c-1',
  userId: 'u-1',
  organizationId: 'o-1',
  createdAt: '2026-06-01T00:00:00.000Z',
  campaignName: 'Winter meals',
  campaignTitle: 'Warm meals for 500 families this winter',
  campaignDescription: 'Every week our volunteers cook and deliver meals to families across Portland.',
  campaignCategory: 'Hunger and food security',
  campaignChannel: 'display',
  campaignRaiseGoal: 25_000_00,
  campaignRaiseGoalDeadline: '2026-12-31T00:00:00.000Z',
  campaignCoverImage: 'http://localhost/files/preCampaigns/cover_d-1.jpg',
  budgetLifetime: 1_000_00,
  budgetDaily: 0,
  budgetTargetCpc: 1_00,
  budgetOptimizationStrategy: 'clicks',
  startDate: '2026-06-10T00:00:00.000Z',
  endDate: '2026-07-10T00:00:00.000Z',
  adFiles: [{ name: 'banner.png', typeFormat: 'display', width: 300, height: 250 }],
};
const draftWith = (change: Partial<NewPreCampaign>) => PreCampaign.parse({ ...ready, ...change });

describe('what a draft needs before it is submitted', () => {
  test('a complete draft has no problems', () => {
    expect(draftProblems(draftWith({}), NOW)).toEqual({ problems: {}, problemSteps: {} });
  });

  test.each<{ name: string; change: Partial<NewPreCampaign>; field: string; step: string; message: RegExp }>([
    { name: 'no name', change: { campaignName: '  ' }, field: 'campaignName', step: 'basics', message: /name/ },
    { name: 'no headline', change: { campaignTitle: '' }, field: 'campaignTitle', step: 'basics', message: /headline/ },
    {
      name: 'a story under 50 characters',
      change: { campaignDescription: 'Too short.' },
      field: 'campaignDescription',
      step: 'basics',
      message: /at least 50/,
    },
    {
      name: 'no cause',
      change: { campaignCategory: null },
      field: 'campaignCategory',
      step: 'basics',
      message: /cause/,
    },
    {
      name: 'no ad channel',
      change: { campaignChannel: null },
      field: 'campaignChannel',
      step: 'basics',
      message: /display or video/,
    },
    {
      name: 'a goal under $100',
      change: { campaignRaiseGoal: 99_99 },
      field: 'campaignRaiseGoal',
      step: 'basics',
      message: /at least \$100/,
    },
    {
      name: 'no deadline',
      change: { campaignRaiseGoalDeadline: null },
      field: 'campaignRaiseGoalDeadline',
      step: 'basics',
      message: /Choose the date/,
    },
    {
      name: 'a deadline in the past',
      change: { campaignRaiseGoalDeadline: '2026-06-10T11:59:59.000Z', endDate: '2026-06-10T06:00:00.000Z' },
      field: 'campaignRaiseGoalDeadline',
      step: 'basics',
      message: /future/,
    },
    {
      name: 'no cover image',
      change: { campaignCoverImage: null },
      field: 'campaignCoverImage',
      step: 'media',
      message: /cover image/,
    },
    {
      name: 'a header link without its image',
      change: { headerUrlDesktop: 'https://example.org' },
      field: 'headerImageDesktop',
      step: 'media',
      message: /image this link/,
    },
    {
      name: 'a budget under $50',
      change: { budgetLifetime: 49_99 },
      field: 'budgetLifetime',
      step: 'budget',
      message: /at least \$50/,
    },
    {
      name: 'a daily budget over the total',
      change: { budgetDaily: 1_000_01 },
      field: 'budgetDaily',
      step: 'budget',
      message: /more than the total/,
    },
    {
      name: 'a target cost per click over $5',
      change: { budgetTargetCpc: 5_01 },
      field: 'budgetTargetCpc',
      step: 'budget',
      message: /between \$0\.10 and \$5\./,
    },
    {
      name: 'no optimization strategy',
      change: { budgetOptimizationStrategy: null },
      field: 'budgetOptimizationStrategy',
      step: 'budget',
      message: /most of/,
    },
    { name: 'no start', change: { startDate: null }, field: 'startDate', step: 'budget', message: /start/ },
    {
      name: 'a start yesterday',
      change: { startDate: '2026-06-09T23:59:59.000Z' },
      field: 'startDate',
      step: 'budget',
      message: /past/,
    },
    { name: 'no end', change: { endDate: null }, field: 'endDate', step: 'budget', message: /when the ads end/ },
    {
      name: 'an end before the start',
      change: { endDate: '2026-06-09T00:00:00.000Z' },
      field: 'endDate',
      step: 'budget',
      message: /after they start/,
    },
    {
      name: 'ads running past the fundraising deadline',
      change: { endDate: '2027-02-01T00:00:00.000Z' },
      field: 'endDate',
      step: 'budget',
      message: /by the fundraising deadline/,
    },
    { name: 'no ad file', change: { adFiles: [] }, field: 'adFiles', step: 'adFiles', message: /at least one ad/ },
    {
      name: 'a video ad in a display campaign',
      change: { adFiles: [{ name: 'spot.mp4', typeFormat: 'video' }] },
      field: 'adFiles',
      step: 'adFiles',
      message: /spot.mp4 is a video ad/,
    },
    {
      name: 'a landing page turned on without an address',
      change: { landingPageToggle: true, landingPage: null },
      field: 'landingPage',
      step: 'landingPage',
      message: /landing page address/,
    },
  ])('$name: $field on step $step', ({ change, field, step, message }) => {
    const { problems, problemSteps } = draftProblems(draftWith(change), NOW);
    expect(Object.keys(problems)).toEqual([field]);
    expect(problems[field]).toMatch(message);
    expect(problemSteps[field]).toBe(step);
  });

  test('a start today is fine, and the targeting step never blocks', () => {
    expect(draftProblems(draftWith({ startDate: '2026-06-10T00:00:00.000Z' }), NOW).problems).toEqual({});
    expect(draftProblems(draftWith({ campaignName: '' }), NOW, ['targeting']).problems).toEqual({});
  });

  test('only the steps asked for are checked', () => {
    const broken = draftWith({ campaignName: '', adFiles: [] });
    expect(Object.keys(draftProblems(broken, NOW, ['adFiles']).problems)).toEqual(['adFiles']);
    expect(Object.keys(draftProblems(broken, NOW).problems).sort()).toEqual(['adFiles', 'campaignName']);
  });
});
