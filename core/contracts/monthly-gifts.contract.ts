/**
 * HTTP contracts of monthly gifts: the donor's own (on their gifts page, by the visit's cookie) and an
 * organization's list of declined renewals with its one reminder.
 */
import { z } from 'zod';
import { Id, Timestamp } from '../shared/primitives';
import { MY_GIFTS_API } from './donor-gifts-paths';
import { DonationAmount } from './payments.contract';

export const MONTHLY_GIFT_PATHS = {
  /** The visit's monthly gifts. */
  mine: `${MY_GIFTS_API}/monthly`,
  mineOne: (subscriptionId: string) => `${MY_GIFTS_API}/monthly/${subscriptionId}`,
  /** Keeps giving the same each month to the organization itself, once the campaign has ended. */
  keepGiving: (subscriptionId: string) => `${MY_GIFTS_API}/monthly/${subscriptionId}/keep-giving`,
  /** The provider's page to change the card: answers its address. */
  card: (subscriptionId: string) => `${MY_GIFTS_API}/monthly/${subscriptionId}/card`,
  failed: (organizationId: string) => `/api/organizations/${organizationId}/monthly-gifts/failed`,
  reminder: (subscriptionId: string) => `/api/monthly-gifts/${subscriptionId}/reminder`,
  /** The same, as OpenAPI paths. */
  mineOneRoute: `${MY_GIFTS_API}/monthly/{id}`,
  cardRoute: `${MY_GIFTS_API}/monthly/{id}/card`,
  keepGivingRoute: `${MY_GIFTS_API}/monthly/{id}/keep-giving`,
  failedRoute: '/api/organizations/{id}/monthly-gifts/failed',
  reminderRoute: '/api/monthly-gifts/{id}/reminder',
} as const;

export const MonthlyGiftStateSchema = z.enum(['starting', 'active', 'paused', 'retrying', 'ending', 'ended']);
export type MonthlyGiftStateSchema = z.infer<typeof MonthlyGiftStateSchema>;

export const DonorMonthlyGift = z.object({
  subscriptionId: Id,
  campaignId: Id,
  /** The campaign's public headline. */
  campaign: z.string(),
  organization: z.string().nullable(),
  campaignPath: z.string().nullable(),
  amount: z.number().int(),
  formattedAmount: z.string(),
  state: MonthlyGiftStateSchema,
  /** In words, e.g. "Next gift on December 28, 2026" or "Stopped on …". */
  stateText: z.string(),
  startedAt: Timestamp,
  /** The next charge, while the gift goes on. */
  nextChargeAt: Timestamp.nullable(),
  /** The last decline, while it is being retried. */
  failureReason: z.string().nullable(),
  /** What the donor may do now. */
  can: z.object({
    changeAmount: z.boolean(),
    pause: z.boolean(),
    resume: z.boolean(),
    stop: z.boolean(),
    updateCard: z.boolean(),
  }),
  /**
   * Once its campaign has ended: the offer to keep giving the same each month to the organization
   * itself, on the card on file, in one click (null when there is none, or it was taken).
   */
  keepGiving: z
    .object({
      organization: z.string(),
      amount: z.number().int(),
      formattedAmount: z.string(),
    })
    .nullable(),
});
export type DonorMonthlyGift = z.infer<typeof DonorMonthlyGift>;

export const DonorMonthlyGiftsResponse = z.object({ gifts: z.array(DonorMonthlyGift) });
export type DonorMonthlyGiftsResponse = z.infer<typeof DonorMonthlyGiftsResponse>;

/** One change at a time: a new amount (from the next period on), pause, resume or stop. */
export const MonthlyGiftChangeBody = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('changeAmount'),
      /** Cents a month, within the gift limits; charged from the next period on. */
      amount: DonationAmount,
    }),
    z.object({ action: z.literal('pause') }),
    z.object({ action: z.literal('resume') }),
    z.object({ action: z.literal('stop') }),
  ],
  { error: 'Say what to do: changeAmount, pause, resume or stop.' },
);
export type MonthlyGiftChangeBody = z.infer<typeof MonthlyGiftChangeBody>;

export const MonthlyGiftCardResponse = z.object({ url: z.string().url() });

export const FailedMonthlyGift = z.object({
  subscriptionId: Id,
  campaignId: Id,
  campaign: z.string(),
  /** Masked unless the reader may see donors' addresses. */
  donorEmail: z.string().nullable(),
  amount: z.number().int(),
  formattedAmount: z.string(),
  /** `retrying`: the renewal is still being tried; `ended`: the last try failed and the gift ended. */
  state: z.enum(['retrying', 'ended']),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  failedAt: Timestamp,
  nextAttemptAt: Timestamp.nullable(),
  endedAt: Timestamp.nullable(),
  reminderSentAt: Timestamp.nullable(),
  /** Only an ended gift whose donor has not been reminded, with an address to write to. */
  canRemind: z.boolean(),
});
export type FailedMonthlyGift = z.infer<typeof FailedMonthlyGift>;

export const FailedMonthlyGiftsResponse = z.object({ gifts: z.array(FailedMonthlyGift) });
export type FailedMonthlyGiftsResponse = z.infer<typeof FailedMonthlyGiftsResponse>;

export const MonthlyGiftReminderResponse = z.object({ reminderSentAt: Timestamp });
