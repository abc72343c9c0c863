import type { PaymentAction, RecurringGiftEndReason, RecurringGiftStatus } from '../ports/payment-gateway.port';

/**
 * A monthly gift as the platform keeps it: the card provider's subscription (its id is the key), whom
 * it gives to, who gives, and what became of its renewals. Each paid month is a donation of its own
 * (booked by its invoice); this record is what the donor manages and what the organization follows.
 * It is written only from the provider's events (and the reminder mark), so it always says what the
 * provider last said, whichever order the events came in.
 */
export interface MonthlyGift {
  subscriptionId: string;
  customerId: string;
  campaignId: string;
  /** The campaign's organization when the gift started. */
  organizationId: string | null;
  /** Lowercased; the donor's page finds the gift by it. Null until the provider gives it. */
  donorEmail: string | null;
  /** The promoter whose link brought the first gift: credited on every month. */
  promoterId: string | null;
  /** What the next period charges (a change of amount shows here before it is charged). */
  amountCents: number;
  status: RecurringGiftStatus;
  paused: boolean;
  /** The gift ends when the period already paid ends. */
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  startedAt: string;
  endedAt: string | null;
  endedReason: RecurringGiftEndReason | null;
  /** The last renewal that was declined, while it is being retried or after it made the gift end. */
  failedInvoiceId: string | null;
  /** How many times that renewal was tried and declined. */
  failedAttempts: number;
  /** The provider's words for the last decline, e.g. "Your card was declined." */
  failureReason: string | null;
  failedAt: string | null;
  /** When the declined renewal is tried again; null when it will not be. */
  nextAttemptAt: string | null;
  /** Of the declines, how many the donor was e-mailed about (each once). */
  failuresMailed: number;
  /** The one reminder the organization may send after the gift ended for a declined card. */
  reminderSentAt: string | null;
  /** Whether the donor was told that the campaign ended and offered to keep giving to the organization. */
  endingMailed: boolean;
  /** When the provider's last applied change happened: an older event never undoes a newer one. */
  changedAt: string;
}

/** What a donor and an organization read of a gift's state. */
export type MonthlyGiftState = 'active' | 'paused' | 'retrying' | 'ending' | 'ended' | 'starting';

export function monthlyGiftState(gift: Pick<MonthlyGift, 'status' | 'paused' | 'cancelAtPeriodEnd'>): MonthlyGiftState {
  if (gift.status === 'ended') return 'ended';
  if (gift.status === 'pastDue') return 'retrying';
  if (gift.status === 'incomplete') return 'starting';
  if (gift.cancelAtPeriodEnd) return 'ending';
  if (gift.paused) return 'paused';
  return 'active';
}

/** A gift the donor can still change: not ended, not already ending. */
export const isChangeable = (gift: MonthlyGift): boolean =>
  gift.status !== 'ended' && gift.status !== 'incomplete' && !gift.cancelAtPeriodEnd;

/** A gift whose renewal was declined and which ended for it, or is still being retried. */
export const hasFailedRenewal = (gift: MonthlyGift): boolean =>
  gift.status === 'pastDue' || (gift.status === 'ended' && gift.endedReason === 'paymentFailed');

export type MonthlyGiftAction = Extract<
  PaymentAction,
  { type: 'invoicePaid' | 'invoicePaymentFailed' | 'subscriptionChanged' }
>;

/** What a gift that no event has described yet starts from. */
export interface NewGiftFacts {
  organizationId: string | null;
}

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

function startFrom(action: MonthlyGiftAction, facts: NewGiftFacts): MonthlyGift {
  return {
    subscriptionId: action.subscriptionId,
    customerId: action.customerId,
    campaignId: action.campaignId,
    organizationId: facts.organizationId,
    donorEmail: null,
    promoterId: null,
    // The gift without the card fee its giver covers (a change of the subscription says it exactly).
    amountCents: action.amountCents - (action.type === 'invoicePaid' ? (action.coveredFeeCents ?? 0) : 0),
    status: 'incomplete',
    paused: false,
    cancelAtPeriodEnd: false,
    currentPeriodEnd: null,
    startedAt: action.occurredAt,
    endedAt: null,
    endedReason: null,
    failedInvoiceId: null,
    failedAttempts: 0,
    failureReason: null,
    failedAt: null,
    nextAttemptAt: null,
    failuresMailed: 0,
    reminderSentAt: null,
    endingMailed: false,
    // Nothing of the subscription's own state applied yet: any change event is newer.
    changedAt: new Date(0).toISOString(),
  };
}

/**
 * A provider event applied to the gift, or null when it changes nothing. Events come more than once and
 * in any order:
 * - a subscription change applies only when it is newer than the last one applied, and an ended gift
 *   never starts again;
 * - a paid invoice fills in who gives, marks the gift active if nothing newer said otherwise, and clears
 *   a decline of that invoice or an older one;
 * - a declined renewal keeps the highest attempt count of its invoice (a repeat counts nothing).
 */
export function applyToMonthlyGift(
  current: MonthlyGift | null,
  action: MonthlyGiftAction,
  facts: NewGiftFacts,
): MonthlyGift | null {
  const gift = current ?? startFrom(action, facts);
  const next: MonthlyGift = { ...gift };
  next.startedAt = Date.parse(action.occurredAt) < Date.parse(gift.startedAt) ? action.occurredAt : gift.startedAt;

  switch (action.type) {
    case 'subscriptionChanged': {
      if (Date.parse(action.occurredAt) < Date.parse(gift.changedAt)) return current ? null : next;
      if (gift.status === 'ended' && action.status !== 'ended') return current ? null : next;
      next.changedAt = action.occurredAt;
      next.status = action.status;
      next.amountCents = action.amountCents;
      next.currentPeriodEnd = action.currentPeriodEnd;
      next.cancelAtPeriodEnd = action.cancelAtPeriodEnd;
      next.paused = action.paused;
      if (action.status === 'ended') {
        next.endedAt = gift.endedAt ?? action.occurredAt;
        next.endedReason = action.endedReason ?? gift.endedReason ?? 'other';
        next.cancelAtPeriodEnd = false;
        next.nextAttemptAt = null;
      }
      if (action.status === 'active' && gift.status === 'pastDue') next.nextAttemptAt = null;
      break;
    }
    case 'invoicePaid': {
      next.donorEmail = gift.donorEmail ?? action.payerEmail?.trim().toLowerCase() ?? null;
      next.promoterId = gift.promoterId ?? action.promoterId;
      const paysDecline = action.invoiceId === gift.failedInvoiceId;
      if (gift.status === 'incomplete' || (gift.status === 'pastDue' && paysDecline)) {
        next.status = 'active';
        if (!gift.currentPeriodEnd || Date.parse(action.periodEnd) > Date.parse(gift.currentPeriodEnd)) {
          next.currentPeriodEnd = action.periodEnd;
        }
      }
      if (paysDecline) next.nextAttemptAt = null;
      break;
    }
    case 'invoicePaymentFailed': {
      // The first month is paid at checkout, where a decline is the donor's to retry: nothing to follow.
      if (action.billingReason !== 'renewal') return current ? null : next;
      const sameInvoice = gift.failedInvoiceId === action.invoiceId;
      if (sameInvoice && action.attemptCount <= gift.failedAttempts) return current ? null : next;
      if (!sameInvoice && gift.failedAt && Date.parse(action.occurredAt) < Date.parse(gift.failedAt)) {
        return current ? null : next;
      }
      next.failedInvoiceId = action.invoiceId;
      next.failedAttempts = action.attemptCount;
      next.failuresMailed = sameInvoice ? gift.failuresMailed : 0;
      next.failureReason = action.reason;
      next.failedAt = gift.failedAt && sameInvoice ? later(gift.failedAt, action.occurredAt) : action.occurredAt;
      next.nextAttemptAt = action.nextAttemptAt;
      next.reminderSentAt = sameInvoice ? gift.reminderSentAt : null;
      if (gift.status === 'active') next.status = 'pastDue';
      break;
    }
  }
  return next;
}
