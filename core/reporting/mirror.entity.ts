/**
 * What the reporting mirror holds, read from the operational store: the facts (gifts, checkouts,
 * share clicks, page visits, ad delivery, promotions, monthly gifts) and the dimensions they are reported by
 * (organizations, people, campaigns). The projector reads them when outbox events name them, and the
 * rebuild reads them all, so the mirror always equals what the store holds now.
 */
import { z } from 'zod';
import { ShareChannel } from '../campaigns/targeting.entity';
import { GiftPlace } from '../donations/donation.entity';
import { Cents, Id, Timestamp } from '../shared/primitives';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().nonnegative();

export const MirrorOrganization = z.object({
  organizationId: Id,
  name: z.string(),
  isDeleted: z.boolean(),
});
export type MirrorOrganization = z.infer<typeof MirrorOrganization>;

export const MirrorPerson = z.object({
  userId: Id,
  organizationId: Id.nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  accountType: z.string(),
  isDeleted: z.boolean(),
  createdAt: Timestamp,
});
export type MirrorPerson = z.infer<typeof MirrorPerson>;

/** A live (published) campaign, from the `campaigns` collection. */
export const MirrorCampaign = z.object({
  campaignId: Id,
  organizationId: Id.nullable(),
  ownerId: Id,
  name: z.string(),
  title: z.string(),
  goalCents: Cents,
  deadline: Timestamp.nullable(),
  budgetLifetimeCents: Cents,
  targetCpcCents: Cents,
  createdAt: Timestamp,
  isDeleted: z.boolean(),
  coverImage: z.string().nullable(),
});
export type MirrorCampaign = z.infer<typeof MirrorCampaign>;

/** One payment to a campaign, as its donation holds it now (refunds included). */
export const MirrorGift = z.object({
  paymentIntentId: z.string().min(1),
  campaignId: Id,
  organizationId: Id.nullable(),
  occurredAt: Timestamp,
  amountCents: Cents,
  refundedCents: Cents,
  donorId: Id.nullable(),
  donorName: z.string().nullable(),
  donorEmail: z.string().nullable(),
  message: z.string().nullable(),
  promoterId: Id.nullable(),
  channel: ShareChannel.nullable(),
  /** Where the donor gave (the campaign's page, a fundraising page, the donate form); null when not said. */
  givenOn: GiftPlace.nullable().default(null),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  /** The card fee the donor covered on top of the gift, and what refunds took back of it. */
  coveredFeeCents: Cents.default(0),
  coveredFeeRefundedCents: Cents.default(0),
});
export type MirrorGift = z.infer<typeof MirrorGift>;

/** A checkout a visitor opened on a campaign's page. */
export const MirrorCheckout = z.object({
  sessionId: z.string().min(1),
  campaignId: Id,
  organizationId: Id.nullable(),
  occurredAt: Timestamp,
  amountCents: Cents,
  promoterId: Id.nullable(),
  channel: ShareChannel.nullable(),
});
export type MirrorCheckout = z.infer<typeof MirrorCheckout>;

/** One click on a promoter's share link. */
export const MirrorShareClick = z.object({
  clickId: Id,
  campaignId: Id,
  organizationId: Id.nullable(),
  promoterId: Id.nullable(),
  channel: ShareChannel,
  occurredAt: Timestamp,
});
export type MirrorShareClick = z.infer<typeof MirrorShareClick>;

/** Visits of a campaign's public page on one UTC day. */
export const MirrorPageVisits = z.object({
  campaignId: Id,
  organizationId: Id.nullable(),
  day: Day,
  visits: count,
});
export type MirrorPageVisits = z.infer<typeof MirrorPageVisits>;

/** One day of a campaign's ads on the ad platform, as last pulled. */
export const MirrorAdDay = z.object({
  campaignId: Id,
  organizationId: Id.nullable(),
  day: Day,
  impressions: count,
  clicks: count,
  spendCents: Cents,
});
export type MirrorAdDay = z.infer<typeof MirrorAdDay>;

export const MirrorPromotion = z.object({
  promotionId: Id,
  promoterId: Id,
  campaignId: Id,
  organizationId: Id.nullable(),
  createdAt: Timestamp,
});
export type MirrorPromotion = z.infer<typeof MirrorPromotion>;

/**
 * A monthly gift (the card provider's subscription) as the store keeps it, with what the reports read
 * of it: when it started and ended and why, its monthly amount and whether it is paused. Each paid
 * month is also a gift of its own (`MirrorGift`, keyed by its invoice).
 */
export const MirrorMonthlyGift = z.object({
  subscriptionId: z.string().min(1),
  campaignId: Id,
  organizationId: Id.nullable(),
  donorEmail: z.string().nullable(),
  amountCents: Cents,
  status: z.enum(['incomplete', 'active', 'pastDue', 'ended', 'other']),
  paused: z.boolean(),
  cancelAtPeriodEnd: z.boolean(),
  startedAt: Timestamp,
  endedAt: Timestamp.nullable(),
  endedReason: z.enum(['requested', 'paymentFailed', 'other']).nullable(),
  failedAt: Timestamp.nullable(),
  failedAttempts: count,
  /** When the provider's last applied change happened: the mirror never replaces a gift by an older one. */
  changedAt: Timestamp,
});
export type MirrorMonthlyGift = z.infer<typeof MirrorMonthlyGift>;

/** The kinds of record the mirror holds, each with its key. */
export interface MirrorFacts {
  organizations: MirrorOrganization[];
  people: MirrorPerson[];
  campaigns: MirrorCampaign[];
  gifts: MirrorGift[];
  checkouts: MirrorCheckout[];
  shareClicks: MirrorShareClick[];
  pageVisits: MirrorPageVisits[];
  /** Every day of each campaign named (a campaign's days are replaced together). */
  adDays: MirrorAdDay[];
  promotions: MirrorPromotion[];
  monthlyGifts: MirrorMonthlyGift[];
}
export type MirrorKind = keyof MirrorFacts;

/**
 * What a batch of events touched, by key: organizationId, userId, campaignId, paymentIntentId,
 * sessionId, click id, `${campaignId}/${day}` for page visits, campaignId for ad delivery, promotion id,
 * subscriptionId for monthly gifts.
 */
export type MirrorKeys = { [K in MirrorKind]: string[] };

/** Every kind of record the mirror holds. */
export const MIRROR_KINDS: readonly MirrorKind[] = [
  'organizations',
  'people',
  'campaigns',
  'gifts',
  'checkouts',
  'shareClicks',
  'pageVisits',
  'adDays',
  'promotions',
  'monthlyGifts',
];
const emptyLists = (): unknown => Object.fromEntries(MIRROR_KINDS.map((kind) => [kind, []]));

export const emptyMirrorKeys = (): MirrorKeys => emptyLists() as MirrorKeys;

/** Facts of no kind: a source fills what it reads into it. */
export const emptyMirrorFacts = (): MirrorFacts => emptyLists() as MirrorFacts;
