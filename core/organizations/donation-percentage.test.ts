import { describe, expect, it } from 'vitest';
import { effectiveDonationPercentage } from './donation-percentage';

describe('the effective donation percentage (SPEC §9)', () => {
  it.each([
    { case: "the organization's own value when it is not 0", organization: 65, settings: 70, expected: 65 },
    { case: "the organization's own value, even without settings", organization: 65, settings: null, expected: 65 },
    { case: 'a fractional organization value as it is', organization: 72.5, settings: 70, expected: 72.5 },
    { case: 'the settings when the organization has 0', organization: 0, settings: 70, expected: 70 },
    {
      case: 'the default 80 when the organization has 0 and no settings exist',
      organization: 0,
      settings: null,
      expected: 80,
    },
    { case: 'the settings when there is no organization', organization: null, settings: 55, expected: 55 },
    { case: 'the default 80 with neither organization nor settings', organization: null, settings: null, expected: 80 },
    { case: 'a saved settings value of 0 as it is (a deliberate choice)', organization: 0, settings: 0, expected: 0 },
    { case: 'the organization value over settings of 0', organization: 90, settings: 0, expected: 90 },
    { case: '100 from the organization', organization: 100, settings: 70, expected: 100 },
  ])('answers $case', ({ organization, settings, expected }) => {
    expect(
      effectiveDonationPercentage(
        organization === null ? null : { donationPercentage: organization },
        settings === null ? null : { donationPercentage: settings },
      ),
    ).toBe(expected);
  });
});
