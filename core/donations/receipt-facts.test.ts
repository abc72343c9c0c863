import { describe, expect, test } from 'vitest';
import { donationDescription } from './receipt-facts';

describe('what a donor is told they pay for', () => {
  test.each([
    {
      case: 'the headline and the organization',
      title: 'Warm meals for 500 families this winter',
      organization: 'Harbor Light Food Bank',
      description: 'Donation of $25.00 to Warm meals for 500 families this winter · Harbor Light Food Bank',
    },
    {
      case: 'the headline alone, without an organization',
      title: 'Warm meals for 500 families this winter',
      organization: null,
      description: 'Donation of $25.00 to Warm meals for 500 families this winter',
    },
    {
      case: 'the organization, without a headline (never the internal name)',
      title: '  ',
      organization: 'Harbor Light Food Bank',
      description: 'Donation of $25.00 to a campaign of Harbor Light Food Bank',
    },
    { case: 'neither', title: '', organization: null, description: 'Donation of $25.00 to a campaign on Causeway' },
  ])('$case', ({ title, organization, description }) => {
    expect(donationDescription(2_500, { campaignTitle: title }, organization)).toBe(description);
  });
});
