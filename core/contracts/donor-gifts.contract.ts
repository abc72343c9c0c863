/**
 * HTTP contracts of a donor's own gifts page, open without an account: the "Find my gifts" form, the
 * link an e-mail carries, the visit it opens and the gifts listed in it.
 */
import { z } from 'zod';
import { BotCheckSolution } from './auth.contract';
import { NextCursor, PageQuery } from './paging.contract';
import { Id, Timestamp } from '../shared/primitives';

export { linkTokenOf, MY_GIFTS_API, MY_GIFTS_PATH, myGiftsLink } from './donor-gifts-paths';

export const GiftsLinkRequestBody = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail address.').email('Enter a valid e-mail address.').max(254),
  /** A solved bot check (`GET /api/auth/bot-check`). */
  botCheck: BotCheckSolution,
});
export type GiftsLinkRequestBody = z.infer<typeof GiftsLinkRequestBody>;

export const GIFTS_LINK_REQUESTED =
  'If gifts were made with this address, we have sent it a link to them. It works once, for an hour.';

/** The same answer whether or not the address ever gave. */
export const GiftsLinkRequestResponse = z.object({ message: z.string() });

export const GiftsLinkToken = z
  .string({ error: 'The link is incomplete: open the whole link from the e-mail.' })
  .trim()
  .min(1, 'The link is incomplete: open the whole link from the e-mail.')
  .max(200, 'This link is not valid.');

export const GiftsVisitBody = z.object({ token: GiftsLinkToken });
export type GiftsVisitBody = z.infer<typeof GiftsVisitBody>;

/** The visit a link opened: whose gifts, and until when (the cookie's own end). */
export const GiftsVisitResponse = z.object({ email: z.string(), endsAt: Timestamp });
export type GiftsVisitResponse = z.infer<typeof GiftsVisitResponse>;

export const GiftStatusSchema = z.enum(['paid', 'partlyRefunded', 'refunded']);

export const DonorGift = z.object({
  donationId: Id,
  campaignId: Id,
  /** The campaign's public headline. */
  campaign: z.string(),
  /** The organization as donors know it; null when the campaign is no longer listed. */
  organization: z.string().nullable(),
  /** The campaign's page, while it is listed. */
  campaignPath: z.string().nullable(),
  date: Timestamp,
  amount: z.number().int(),
  formattedAmount: z.string(),
  refunded: z.number().int(),
  status: GiftStatusSchema,
  /** The gift's receipt as a PDF; null for gifts whose checkout is not known. */
  receiptPdfUrl: z.string().nullable(),
});
export type DonorGift = z.infer<typeof DonorGift>;

export const DonorGiftsQuery = z.object({ ...PageQuery });

export const DonorGiftsResponse = z.object({
  /** The address the gifts were given with. */
  email: z.string(),
  /** When this visit ends. */
  endsAt: Timestamp,
  gifts: z.array(DonorGift),
  nextCursor: NextCursor,
});
export type DonorGiftsResponse = z.infer<typeof DonorGiftsResponse>;
