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
      cardFeePercent: 2.2,
      cardFeeFixed: 30,
    },
  });
});

test('the card fee rule is shown in dollars and sent in cents', () => {
  expect(defaults).toMatchObject({ cardFeePercent: '2.2', cardFeeFixed: '0.30' });
  const changed = settingsBodyOf({ ...defaults, cardFeePercent: '2.9', cardFeeFixed: '$0.25' });
  expect(changed).toMatchObject({ ok: true, body: { cardFeePercent: 2.9, cardFeeFixed: 25 } });
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
    [{ cardFeePercent: '11' }, 'cardFeePercent', 'The card fee percent is from 0 to 10, like 2.2.'],
    [{ cardFeePercent: '' }, 'cardFeePercent', 'The card fee percent is from 0 to 10, like 2.2.'],
    [{ cardFeePercent: '2.255' }, 'cardFeePercent', 'The card fee percent takes at most two decimals, like 2.25.'],
    [{ cardFeeFixed: '5.01' }, 'cardFeeFixed', "The card fee's fixed amount is from 0 to 500 cents ($5.00)."],
    [{ cardFeeFixed: 'thirty' }, 'cardFeeFixed', "The card fee's fixed amount is from 0 to 500 cents ($5.00)."],
  ])('%o', (change, field, message) => {
    const result = settingsBodyOf({ ...defaults, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toBe(message);
  });
});
