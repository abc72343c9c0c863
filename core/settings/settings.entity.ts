import { z } from 'zod';
import { Id, Timestamp, patchOf } from '../shared/primitives';
import { DonationPercentage } from '../organizations/organization.entity';
import { CardFeeFixed, CardFeePercent, DEFAULT_CARD_FEE } from '../donations/card-fee.rules';

/** Global settings, `settings` collection (one document). */
export const Settings = z.object({
  id: Id,
  donationPercentage: DonationPercentage,
  termsAndConditions: z.string().max(20000).nullable().default(null),
  termsAndConditionsLink: z.string().max(2048).nullable().default(null),
  paymentDisclaimer: z.string().max(5000).nullable().default(null),
  /** The card fee a donor may cover: a percent of the charge plus a fixed amount in cents. */
  cardFeePercent: CardFeePercent.default(DEFAULT_CARD_FEE.percent),
  cardFeeFixed: CardFeeFixed.default(DEFAULT_CARD_FEE.fixedCents),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Settings = z.infer<typeof Settings>;

export const SettingsPatch = patchOf(Settings.omit({ id: true, createdAt: true, updatedAt: true }));
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** SPEC §9: the donation percentage when no settings exist. */
export const DEFAULT_DONATION_PERCENTAGE = 80;
