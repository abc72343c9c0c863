import { z } from 'zod';
import { Cents, Id, Timestamp } from '../shared/primitives';

/**
 * A donation as counted for a campaign, `donator` collection; `donator_raw` keeps the same record
 * exactly as the payment provider reported it. The spec reads campaignId also as campaignID.
 */
export const Donator = z.object({
  id: Id,
  campaignId: Id,
  paymentIntentId: z.string().min(1).max(200),
  amount: Cents,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Donator = z.infer<typeof Donator>;

export const DonatorRaw = Donator.extend({
  /** The provider's event payload as received, for audit. */
  raw: z.record(z.string(), z.unknown()).default({}),
});
export type DonatorRaw = z.infer<typeof DonatorRaw>;

/** A payment as the donor's history shows it, `donations` collection. */
export const Donation = z.object({
  id: Id,
  campaign_id: Id,
  /** The promoter whose link brought the donation, or the donor when signed in. */
  user_id: Id.nullable().default(null),
  amount: Cents,
  date: Timestamp,
  session_id: z.string().max(200).nullable().default(null),
});
export type Donation = z.infer<typeof Donation>;
