import { describe, expect, test } from 'vitest';
import { settingsBodyOf, settingsFormValuesOf } from './settings-form';

const defaults = settingsFormValuesOf({
  donationPercentage: 80,
  termsAndConditions: null,
  termsAndConditionsLink: null,
  paymentDisclaimer: 'Processed securely.',
});

test('the defaults are sent as they are, empty texts as null', () => {
  expect(settingsBodyOf(defaults)).toEqual({
    ok: true,
    body: {
      donationPercentage: 80,
      termsAndConditions: null,
      termsAndConditionsLink: null,
      paymentDisclaimer: 'Processed securely.',
    },
  });
});

describe('settingsBodyOf refuses', () => {
  test.each([
    [{ donationPercentage: '' }, 'donationPercentage', 'Enter a percentage from 0 to 100.'],
    [{ donationPercentage: '120' }, 'donationPercentage', 'Use 0 to 100.'],
    [
      { termsAndConditionsLink: 'example.org/terms' },
      'termsAndConditionsLink',
      'Enter a full web address, like https://example.org/terms.',
    ],
  ])('%o', (change, field, message) => {
    const result = settingsBodyOf({ ...defaults, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toBe(message);
  });
});
