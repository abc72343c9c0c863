import { hasFailedRenewal, type MonthlyGift } from './monthly-gift.entity';

/** How every store keeps a gift: the e-mail lowercased, instants in UTC at millisecond precision. */
export function normalizedGift(gift: MonthlyGift): MonthlyGift {
  const utc = (value: string) => new Date(value).toISOString();
  const utcOrNull = (value: string | null) => (value === null ? null : utc(value));
  return {
    subscriptionId: gift.subscriptionId,
    customerId: gift.customerId,
    campaignId: gift.campaignId,
    organizationId: gift.organizationId,
    donorEmail: gift.donorEmail === null ? null : gift.donorEmail.trim().toLowerCase(),
    promoterId: gift.promoterId,
    amountCents: gift.amountCents,
    status: gift.status,
    paused: gift.paused,
    cancelAtPeriodEnd: gift.cancelAtPeriodEnd,
    currentPeriodEnd: utcOrNull(gift.currentPeriodEnd),
    startedAt: utc(gift.startedAt),
    endedAt: utcOrNull(gift.endedAt),
    endedReason: gift.endedReason,
    failedInvoiceId: gift.failedInvoiceId,
    failedAttempts: gift.failedAttempts,
    failureReason: gift.failureReason,
    failedAt: utcOrNull(gift.failedAt),
    nextAttemptAt: utcOrNull(gift.nextAttemptAt),
    failuresMailed: gift.failuresMailed,
    reminderSentAt: utcOrNull(gift.reminderSentAt),
    endingMailed: gift.endingMailed,
    changedAt: utc(gift.changedAt),
  };
}

const byKey = (a: MonthlyGift, b: MonthlyGift) =>
  a.subscriptionId < b.subscriptionId ? 1 : a.subscriptionId > b.subscriptionId ? -1 : 0;

/** Newest start first; the same instant by subscription id, descending (every store sorts so). */
export const newestStartFirst = (a: MonthlyGift, b: MonthlyGift): number =>
  Date.parse(b.startedAt) - Date.parse(a.startedAt) || byKey(a, b);

/** Latest decline first, then by subscription id, descending. */
export const latestDeclineFirst = (a: MonthlyGift, b: MonthlyGift): number =>
  Date.parse(b.failedAt ?? '') - Date.parse(a.failedAt ?? '') || byKey(a, b);

/** A gift on an organization's list of declined renewals. */
export const isFailedGift = (gift: MonthlyGift): boolean => gift.failedAt !== null && hasFailedRenewal(gift);
