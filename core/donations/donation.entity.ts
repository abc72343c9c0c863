import { z } from 'zod';
import { ShareChannel } from '../campaigns/targeting.entity';
import { DonationPercentage } from '../organizations/organization.entity';
import { Cents, Id, Timestamp } from '../shared/primitives';

/**
 * A donation as counted for a campaign, `donator` collection: one per payment (its paymentIntentId is
 * unique). The spec reads campaignId also as campaignID.
 */
/**
 * Where a donor gave: the campaign's own page, a promoter's fundraising page for it, or the donate form
 * an organization shows on its own site.
 */
export const GIFT_PLACES = ['campaign_page', 'fundraiser_page', 'donate_form'] as const;
export const GiftPlace = z.enum(GIFT_PLACES);
export type GiftPlace = z.infer<typeof GiftPlace>;

export const Donator = z.object({
  id: Id,
  campaignId: Id,
  paymentIntentId: z.string().min(1).max(200),
  amount: Cents,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Donator = z.infer<typeof Donator>;

/** The payment events kept in `donator_raw`. */
export const RawEventType = z.enum(['paymentSucceeded', 'paymentRefunded']);
export type RawEventType = z.infer<typeof RawEventType>;

/**
 * A payment event exactly as the provider reported it, `donator_raw` collection: one per provider
 * event (a payment announced by two events has two), kept before anything is counted, so a payment
 * whose bookkeeping failed can be found and counted again.
 */
export const DonatorRaw = z.object({
  id: Id,
  /** The provider's event id: the same event delivered twice is kept once. */
  eventId: z.string().min(1).max(200),
  eventType: RawEventType,
  /** Null for a refund of a payment not recorded (yet). */
  campaignId: Id.nullable(),
  paymentIntentId: z.string().min(1).max(200),
  /** The amount paid, or for a refund all refunded so far. */
  amount: Cents,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** The provider's event payload as received, for audit. */
  raw: z.record(z.string(), z.unknown()).default({}),
  /** When its bookkeeping was done; null until then. */
  processedAt: Timestamp.nullable().default(null),
  /** Why its bookkeeping failed, when it did. */
  error: z.string().max(2000).nullable().default(null),
});
export type DonatorRaw = z.infer<typeof DonatorRaw>;
export type NewDonatorRaw = z.input<typeof DonatorRaw>;

/**
 * A payment as the donor's history and the reports show it, `donations` collection: the spec's
 * fields (campaign_id, user_id, amount, date, session_id) and what bookkeeping adds to them.
 */
export const Donation = z.object({
  id: Id,
  campaign_id: Id,
  /** The promoter whose link brought the donation; null when none did. */
  user_id: Id.nullable().default(null),
  amount: Cents,
  date: Timestamp,
  session_id: z.string().max(200).nullable().default(null),
  /** The payment; null only on records written before payments were kept with their donation. */
  payment_intent_id: z.string().max(200).nullable().default(null),
  /** The donor, when signed in while giving. */
  donor_id: Id.nullable().default(null),
  donor_name: z.string().max(100).nullable().default(null),
  /** The payer's e-mail as the payment provider took it, lowercased: the donor's gifts page finds gifts by it. */
  donor_email: z.string().max(254).nullable().default(null),
  message: z.string().max(500).nullable().default(null),
  /** The organization's share in percent the donation was split by (SPEC §9). */
  donation_percentage: DonationPercentage.default(80),
  /** What goes to the organization, of the amount not refunded. */
  organization_share: Cents.default(0),
  /** What goes to the campaign's ad budget, of the amount not refunded. */
  ad_budget_share: Cents.default(0),
  /** All that has been refunded of it so far; never more than the amount. */
  refunded: Cents.default(0),
  /** The network of the shared link that brought it (x, linkedin, facebook, instagram, or qr for a QR code); null when none did. */
  channel: ShareChannel.nullable().default(null),
  /**
   * Where the donor gave: the campaign's page, a promoter's fundraising page, or the donate form on the
   * organization's own site; null for a gift that did not say (a month after the first, an older gift).
   */
  given_on: GiftPlace.nullable().default(null),
  /**
   * The card fee the donor chose to cover, paid on top of the gift: the payment is amount + covered_fee.
   * It is not part of the gift: the campaign's raised amount and the split count the amount alone.
   */
  covered_fee: Cents.default(0),
  /** What has been refunded of the covered fee so far (a refund comes off the gift first); never more than it. */
  covered_fee_refunded: Cents.default(0),
});
export type Donation = z.infer<typeof Donation>;
export type NewDonation = z.input<typeof Donation>;

/**
 * A checkout a donor opened, `donationCheckouts` collection: what they wrote beside the amount waits
 * here for the payment's webhook, which carries only the checkout's id.
 */
export const DonationCheckout = z.object({
  sessionId: z.string().min(1).max(200),
  campaignId: Id,
  amount: Cents,
  donorName: z.string().max(100).nullable().default(null),
  message: z.string().max(500).nullable().default(null),
  promoterId: Id.nullable().default(null),
  donorId: Id.nullable().default(null),
  createdAt: Timestamp,
  /** The network of the shared link the donor came by; null when none. */
  channel: ShareChannel.nullable().default(null),
  /** Where the donor opened it (see Donation.given_on); null when the page did not say. */
  givenOn: GiftPlace.nullable().default(null),
  /** The card fee the donor chose to cover, charged on top of the amount (0 when they did not). */
  coveredFee: Cents.default(0),
});
export type DonationCheckout = z.infer<typeof DonationCheckout>;
export type NewDonationCheckout = z.input<typeof DonationCheckout>;

/**
 * A donation just recorded, as the hooks after it receive it (`afterDonation`): the donation, the
 * campaign it went to (null when this store does not hold it) and the donor's e-mail when the payment
 * provider gave one.
 */
export interface RecordedDonation {
  donation: Donation;
  campaign: { campaignUUID: string; name: string; ownerId: string; organizationId: string | null } | null;
  donorEmail: string | null;
}
