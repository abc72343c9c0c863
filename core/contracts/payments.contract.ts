/**
 * HTTP contracts of money: paying a campaign's ad budget, donating, receipts, a donor's payments and
 * the public campaign list with its figures. The API parses with them; the donor front end validates
 * the donate panel with the same schemas.
 */
import { z } from 'zod';
import { NextCursor, PageQuery } from './paging.contract';
import { BotCheckSolution } from './auth.contract';
import { formatUsd } from '../budget/budget.rules';
import {
  centsFromDollars,
  DONATION_AMOUNT_PROBLEMS,
  DONATION_MESSAGE_MAX_LENGTH,
  DONOR_NAME_MAX_LENGTH,
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
} from '../donations/donation.rules';
import { GIFT_PLACES } from '../donations/donation.entity';
import { RETURN_ADDRESS_MAX_LENGTH } from '../organizations/embed-origins.rules';
import { CampaignStats, PaymentDetail } from '../reporting/results.entity';
import { Id, Timestamp } from '../shared/primitives';

/** Cents as people read them (SPEC §9: amounts are shown divided by 100, currency usd): $1,234.50. */
export { formatUsd };

/** Where the screens of payments live. */
export const PAYMENT_PATHS = {
  /** The donor's receipt after paying; `{CHECKOUT_SESSION_ID}` is filled in by the payment provider. */
  receipt: (campaignId: string) => `/campaign/${encodeURIComponent(campaignId)}/thank-you`,
  /** The receipt of a checkout as a PDF. */
  receiptPdf: (sessionId: string) => `/api/payments/${encodeURIComponent(sessionId)}/receipt.pdf`,
} as const;

// ── The ad budget ───────────────────────────────────────────────────────────────────────────────

/** SPEC §7 `POST /api/stripe/session {item}`: the draft to pay for, by its id (or the draft itself, as the original sent it). */
export const BudgetSessionBody = z.object({
  item: z
    .union([Id, z.object({ id: Id }).loose()], { error: 'Say which campaign to pay for: its id as item.' })
    .transform((item) => (typeof item === 'string' ? item : item.id)),
});
export type BudgetSessionBody = z.infer<typeof BudgetSessionBody>;

export const CheckoutSessionResponse = z.object({
  /** The checkout session. */
  id: z.string(),
  /** The payment provider's page to send the payer to. */
  url: z.string(),
});
export type CheckoutSessionResponse = z.infer<typeof CheckoutSessionResponse>;

// ── Donations ───────────────────────────────────────────────────────────────────────────────────

/** A gift in cents: whole cents, from $1 to $100,000, with messages in dollars (donationAmountProblem's). */
export const DonationAmount = z
  .number({ error: DONATION_AMOUNT_PROBLEMS.missing })
  .int(DONATION_AMOUNT_PROBLEMS.notWholeCents)
  .min(MIN_DONATION_CENTS, DONATION_AMOUNT_PROBLEMS.tooSmall)
  .max(MAX_DONATION_CENTS, DONATION_AMOUNT_PROBLEMS.tooLarge);

/** Dollars as typed in cents (the donate panel's reading of its amount). */
export { centsFromDollars };

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((value) => (value ? value : undefined))
    .optional();

/** How often a gift is given: once, or each month until stopped. */
export const DONATION_FREQUENCIES = ['once', 'monthly'] as const;
export const DonationFrequency = z.enum(DONATION_FREQUENCIES, { error: 'Choose once or monthly as frequency.' });
export type DonationFrequency = z.infer<typeof DonationFrequency>;

export const DonationCheckoutBody = z.object({
  amount: DonationAmount,
  donorName: optionalText(DONOR_NAME_MAX_LENGTH, `Keep your name under ${DONOR_NAME_MAX_LENGTH} characters.`),
  message: optionalText(
    DONATION_MESSAGE_MAX_LENGTH,
    `Keep your message under ${DONATION_MESSAGE_MAX_LENGTH} characters.`,
  ),
  /** The promoter who shared the link: their user id or share code (anything else is ignored). */
  ref: z.string().trim().max(200).optional(),
  /**
   * The network the shared link was posted on (the landing link's `utm_source`: x, linkedin, facebook,
   * instagram, or qr for a QR code); anything else is ignored. A share code in `ref` names its own network.
   */
  channel: z.string().trim().max(40).optional(),
  /**
   * A solved bot check (GET /api/auth/bot-check): needed only once this client has been declined or
   * limited, or while the campaign sees a burst of checkouts or declines; a 400 naming `botCheck` says so.
   */
  botCheck: BotCheckSolution.optional(),
  /**
   * The donor covers the card fee: the server works out the extra from the platform's rule in force
   * (GET /api/donations/card-fee) and charges amount + extra, so the organization receives the amount.
   */
  coverFee: z.boolean({ error: 'Say true or false: whether you cover the card fee.' }).optional(),
  /**
   * `once` (the default) or `monthly`: a monthly gift charges amount (+ the covered fee) now on the
   * payment page and again each month until the donor stops it.
   */
  frequency: DonationFrequency.optional(),
  /**
   * Where the donor is giving: `campaign_page`, `fundraiser_page` (a promoter's page, named by `ref`) or
   * `donate_form` (the form on the organization's own site), so reports show gifts by where they were
   * made. A fundraising page's gift without a promoter in `ref` is kept as not said.
   */
  givenOn: z
    .enum(GIFT_PLACES, { error: 'Say where the gift is made: campaign_page, fundraiser_page or donate_form.' })
    .optional(),
  /**
   * The page of the organization's own site the embedded donate form was shown on: paying leads to the
   * receipt with a link back to it, canceling back to it. Only a page of a site the organization lists
   * is used (checked again here, whatever the form says); any other address is ignored, and the gift
   * goes through as without it. Not a string, or longer than RETURN_ADDRESS_MAX_LENGTH, is a 400.
   */
  returnUrl: z
    .string({ error: 'Give the page to return to as an address.' })
    .max(RETURN_ADDRESS_MAX_LENGTH, `Keep the page to return to under ${RETURN_ADDRESS_MAX_LENGTH} characters.`)
    .optional(),
});
export type DonationCheckoutBody = z.infer<typeof DonationCheckoutBody>;

export const DonationCheckoutResponse = z.object({
  url: z.string(),
  sessionId: z.string(),
  /** The gift. */
  amount: z.number().int(),
  /** The card fee covered on top of it (0 when the donor did not cover it). */
  coveredFee: z.number().int(),
  /** What the checkout charges: amount + coveredFee (each month, for a monthly gift). */
  total: z.number().int(),
  frequency: DonationFrequency,
});
export type DonationCheckoutResponse = z.infer<typeof DonationCheckoutResponse>;

/** The card fee rule donors may cover (GET /api/donations/card-fee): percent of the charge plus fixed cents. */
export const CardFeeResponse = z.object({
  cardFee: z.object({ percent: z.number(), fixedCents: z.number().int() }),
});
export type CardFeeResponse = z.infer<typeof CardFeeResponse>;

// ── Receipts and a donor's payments ─────────────────────────────────────────────────────────────

export const SessionParams = z.object({ sessionId: z.string().trim().min(1).max(200) });

/** A receipt read may wait, up to 25 seconds, for the payment's donation to be recorded. */
export const PaymentDetailQuery = z.object({
  wait: z.coerce
    .number({ error: 'Ask for a number of seconds, 0 to 25.' })
    .int('Ask for whole seconds.')
    .min(0, 'Ask for 0 seconds or more.')
    .max(25, 'Ask for at most 25 seconds.')
    .optional(),
  /**
   * The page of the organization's site the donor gave from (the receipt page's `return`): answered as
   * `returnLink` only while its site is one the campaign's organization lists; anything else is ignored.
   */
  return: z.string({ error: 'Give the page to return to once, as an address.' }).optional(),
});

export const PaymentDetailView = PaymentDetail.extend({
  /** The amount as shown: divided by 100, in dollars. */
  formattedAmount: z.string(),
});
export type PaymentDetailView = z.infer<typeof PaymentDetailView>;

export const PaymentDetailResponse = z.object({
  payment: PaymentDetailView,
  /** Our record of the donation, once its payment is recorded (a moment after paying); null before, or for other payments. */
  donation: z
    .object({
      campaignId: Id,
      donorName: z.string().nullable(),
      message: z.string().nullable(),
      /** The gift, without any card fee the donor covered. */
      amount: z.number().int(),
      /** The card fee the donor covered on top of the gift (0 when they did not): the payment is amount + coveredFee. */
      coveredFee: z.number().int(),
      /** What has been refunded of the gift. */
      refunded: z.number().int(),
      /** What has been refunded of the covered fee (a whole refund returns it with the gift). */
      coveredFeeRefunded: z.number().int(),
    })
    .nullable(),
  /** Whom the gift went to, once the donation is recorded: as the e-mail and the PDF say it. */
  party: z
    .object({
      organizationName: z.string(),
      legalName: z.string(),
      taxId: z.string().nullable(),
      campaignHeadline: z.string(),
      taxStatement: z.array(z.string()),
    })
    .nullable(),
  /** The receipt as a PDF, once the donation is recorded. */
  pdfUrl: z.string().nullable(),
  /** `monthly` when the checkout started a monthly gift (this is its first month; it renews each month). */
  frequency: DonationFrequency,
  /**
   * The page of the organization's own site to go back to (asked with `return`), with its host for the
   * link's words; absent unless the page's site is one the campaign's organization lists now.
   */
  returnLink: z.object({ url: z.string(), host: z.string() }).optional(),
});
export type PaymentDetailResponse = z.infer<typeof PaymentDetailResponse>;

export const PaymentsQuery = z.object({
  mine: z.literal('true', { error: 'Ask for mine=true: only your own payments are listed.' }),
  ...PageQuery,
});

export const MyPayment = z.object({
  donationId: Id,
  campaignId: Id,
  /** The campaign's name, or null when it is no longer listed. */
  campaignName: z.string().nullable(),
  amount: z.number().int(),
  formattedAmount: z.string(),
  refunded: z.number().int(),
  date: Timestamp,
  /** The checkout session, for its receipt. */
  sessionId: z.string().nullable(),
});
export type MyPayment = z.infer<typeof MyPayment>;
export const MyPaymentsResponse = z.object({ payments: z.array(MyPayment), nextCursor: NextCursor });
export type MyPaymentsResponse = z.infer<typeof MyPaymentsResponse>;

// ── Live campaigns and their figures ────────────────────────────────────────────────────────────

/** A live campaign as anyone may see it: no budget, targeting or ad-platform ids. */
export const PublicCampaign = z.object({
  campaignId: Id,
  name: z.string(),
  title: z.string(),
  /** The first words of the story. */
  summary: z.string(),
  category: z.string().nullable(),
  coverImage: z.string().nullable(),
  goalCents: z.number().int(),
  raisedCents: z.number().int(),
  donators: z.number().int(),
  deadline: Timestamp.nullable(),
  /** Whether a donation can be made now: donations allowed and the deadline not passed. */
  acceptingDonations: z.boolean(),
  createdAt: Timestamp,
  organization: z.object({ organizationId: Id, name: z.string(), logo: z.string().nullable() }).nullable(),
  /** The public campaign page (SPEC §2). */
  pagePath: z.string(),
});
export type PublicCampaign = z.infer<typeof PublicCampaign>;
export const PublicCampaignListQuery = z.object({ organizationId: Id.optional(), ...PageQuery });
export const PublicCampaignListResponse = z.object({ campaigns: z.array(PublicCampaign), nextCursor: NextCursor });
export const PublicCampaignResponse = z.object({ campaign: PublicCampaign });
export const CampaignStatsResponse = CampaignStats;
export type CampaignStatsResponse = z.infer<typeof CampaignStatsResponse>;
