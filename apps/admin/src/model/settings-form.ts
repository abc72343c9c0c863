import type { UpdateSettingsBody } from '@causeway/core/contracts/people.contract';
import { CardFeeFixed, CardFeePercent, DEFAULT_CARD_FEE } from '@causeway/core/donations/card-fee.rules';
import { centsFromDollars } from '@causeway/core/donations/donation.rules';
import { isWebAddress, type FieldErrors } from './organization-form';

export type SettingsFormValues = {
  donationPercentage: string;
  termsAndConditions: string;
  termsAndConditionsLink: string;
  paymentDisclaimer: string;
  /** The card fee donors may cover: a percent, and the fixed part in dollars as typed ("0.30"). */
  cardFeePercent: string;
  cardFeeFixed: string;
};

type SettingsLike = {
  donationPercentage: number;
  termsAndConditions: string | null;
  termsAndConditionsLink: string | null;
  paymentDisclaimer: string | null;
  cardFeePercent?: number;
  cardFeeFixed?: number;
};

export function settingsFormValuesOf(settings: SettingsLike): SettingsFormValues {
  return {
    donationPercentage: String(settings.donationPercentage),
    termsAndConditions: settings.termsAndConditions ?? '',
    termsAndConditionsLink: settings.termsAndConditionsLink ?? '',
    paymentDisclaimer: settings.paymentDisclaimer ?? '',
    cardFeePercent: String(settings.cardFeePercent ?? DEFAULT_CARD_FEE.percent),
    cardFeeFixed: ((settings.cardFeeFixed ?? DEFAULT_CARD_FEE.fixedCents) / 100).toFixed(2),
  };
}

/** Checks the settings form as the API will; emptied texts are sent as null to clear them. */
export function settingsBodyOf(
  values: SettingsFormValues,
): { ok: true; body: UpdateSettingsBody } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const percentageText = values.donationPercentage.trim();
  const percentage = Number(percentageText);
  if (percentageText === '') errors.donationPercentage = 'Enter a percentage from 0 to 100.';
  else if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100)
    errors.donationPercentage = 'Use 0 to 100.';
  const link = values.termsAndConditionsLink.trim();
  if (link !== '' && !isWebAddress(link))
    errors.termsAndConditionsLink = 'Enter a full web address, like https://example.org/terms.';
  if (values.termsAndConditions.trim().length > 20000) errors.termsAndConditions = 'Use at most 20,000 characters.';
  if (values.paymentDisclaimer.trim().length > 5000) errors.paymentDisclaimer = 'Use at most 5,000 characters.';
  // The card fee rule, with the API's own checks and words.
  const feePercentText = values.cardFeePercent.trim();
  const feePercent = CardFeePercent.safeParse(feePercentText === '' ? Number.NaN : Number(feePercentText));
  if (!feePercent.success) errors.cardFeePercent = feePercent.error.issues[0]?.message ?? 'Check the percent.';
  const feeFixedCents = centsFromDollars(values.cardFeeFixed);
  const feeFixed = CardFeeFixed.safeParse(feeFixedCents ?? Number.NaN);
  if (!feeFixed.success) errors.cardFeeFixed = feeFixed.error.issues[0]?.message ?? 'Check the amount.';
  if (Object.keys(errors).length > 0 || !feePercent.success || !feeFixed.success) return { ok: false, errors };
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    ok: true,
    body: {
      donationPercentage: percentage,
      termsAndConditions: orNull(values.termsAndConditions),
      termsAndConditionsLink: orNull(link),
      paymentDisclaimer: orNull(values.paymentDisclaimer),
      cardFeePercent: feePercent.data,
      cardFeeFixed: feeFixed.data,
    },
  };
}
