import { DEFAULT_DONATION_PERCENTAGE } from '../settings/settings.entity';

/**
 * The share (0-100) of a donation that goes to the organization (SPEC §9).
 *
 * An organization's 0 means "not set" (it is the field's default), so the platform settings apply;
 * with no settings saved, the default of 80 applies. A saved settings value is a deliberate choice of
 * platform staff and is used as it is, 0 included: only missing settings fall back to the default.
 */
export function effectiveDonationPercentage(
  organization: { donationPercentage: number } | null,
  settings: { donationPercentage: number } | null,
): number {
  if (organization && organization.donationPercentage !== 0) return organization.donationPercentage;
  if (settings) return settings.donationPercentage;
  return DEFAULT_DONATION_PERCENTAGE;
}
