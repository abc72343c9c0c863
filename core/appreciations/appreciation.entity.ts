import { z } from 'zod';
import { Id, Timestamp } from '../shared/primitives';

/** What a campaigner says to donors and promoters, `appreciations` collection. */
export const Appreciation = z.object({
  id: Id,
  campaignId: Id,
  campaigner_id: Id,
  promoter_id: Id.nullable().default(null),
  paymentIntentId: z.string().max(200).nullable().default(null),
  emailMessage: z.string().max(10000).default(''),
  pageMessage: z.string().max(10000).default(''),
  includePageCampaignName: z.boolean().default(true),
  includePageDonorName: z.boolean().default(true),
  includePageDonorAmount: z.boolean().default(true),
  includeEmailCampaignName: z.boolean().default(true),
  includeEmailDonorName: z.boolean().default(true),
  includeEmailDonorAmount: z.boolean().default(true),
  includeHeaderEmail: z.boolean().default(false),
  includeCustomizedHeaderEmail: z.boolean().default(false),
  emailHeaderUrl: z.string().max(2048).nullable().default(null),
  updateDate: Timestamp,
});
export type Appreciation = z.infer<typeof Appreciation>;
