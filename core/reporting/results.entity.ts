import { z } from 'zod';
import { Cents, Timestamp } from '../shared/primitives';

/** Campaign statistics (SPEC §3 Results). */
export const CampaignStats = z.object({
  count: z.number().int().nonnegative(),
  totalRaised: Cents,
  totalPromoters: z.number().int().nonnegative(),
});
export type CampaignStats = z.infer<typeof CampaignStats>;

/** A payment as shown on a receipt (SPEC §3 Results). */
export const PaymentDetail = z.object({
  paymentId: z.string(),
  formattedDate: z.string(),
  createdAt: Timestamp,
  amount: Cents,
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  link: z.string().nullable(),
  /** True when the checkout started a monthly gift (the payment is its first month). */
  monthly: z.boolean().optional(),
});
export type PaymentDetail = z.infer<typeof PaymentDetail>;
