import type Stripe from 'stripe';
import type {
  CheckoutRequest,
  PaymentAction,
  RecurringGiftEndReason,
  RecurringGiftStatus,
  SubscriptionCheckoutRequest,
} from '@causeway/core/ports/payment-gateway.port';
import { fromSmallestUnit } from './stripe-amount';

/**
 * The metadata we write on the provider's objects and read back from its events. `userId` is the
 * promoter, as on the original product's payment links; `payerUserId` is who paid, when signed in.
 */
export type PaymentMetadata = {
  purpose?: 'budget' | 'donation';
  campaignId: string;
  userId?: string;
  payerUserId?: string;
  /** The hashed key of the client that opened a donation checkout (for counting declined cards). */
  client?: string;
  /** A monthly gift's card fee covered each month, in cents, within its amount (absent: none). */
  coveredFee?: string;
};

export function checkoutMetadata(
  request: CheckoutRequest | (SubscriptionCheckoutRequest & { purpose: 'donation' }),
): PaymentMetadata {
  const metadata: PaymentMetadata = { purpose: request.purpose, campaignId: request.campaignId };
  if (request.promoterId) metadata.userId = request.promoterId;
  if (request.payerUserId) metadata.payerUserId = request.payerUserId;
  if (request.clientKey) metadata.client = request.clientKey;
  if ('coveredFeeCents' in request && request.coveredFeeCents) metadata.coveredFee = String(request.coveredFeeCents);
  return metadata;
}

/** The card fee a monthly gift's metadata says is covered each month: whole cents, else 0. */
export function coveredFeeOfMetadata(metadata: Record<string, string>): number {
  const fee = metadata.coveredFee;
  return fee && /^\d{1,9}$/.test(fee) ? Number(fee) : 0;
}

export function paymentLinkMetadata(input: { campaignId: string; userId: string | null }): PaymentMetadata {
  const metadata: PaymentMetadata = { campaignId: input.campaignId };
  if (input.userId) metadata.userId = input.userId;
  return metadata;
}

export interface EventLookups {
  /** The checkout session that took a payment intent's money, or null when none is found. */
  sessionOfPaymentIntent(paymentIntentId: string): Promise<string | null>;
  /** The invoice a payment intent paid (a month of a monthly gift), or null when it paid none. */
  invoiceOfPaymentIntent?(paymentIntentId: string): Promise<string | null>;
  /** Why a payment intent's last attempt was declined, in the provider's words; null when unknown. */
  declineOfPaymentIntent?(paymentIntentId: string): Promise<string | null>;
  /** The checkout session that started a subscription, or null when none did. */
  sessionOfSubscription?(subscriptionId: string): Promise<string | null>;
}

const DECLINED = 'The card was declined.';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? text(value) : text(value?.id);
const metadataOf = (object: { metadata?: Stripe.Metadata | null }): Record<string, string> => object.metadata ?? {};
// Payment links carry only userId and campaignId: they are donation links.
const purposeOf = (metadata: Record<string, string>): 'budget' | 'donation' =>
  metadata.purpose === 'budget' ? 'budget' : 'donation';
const occurredAt = (event: Stripe.Event) => new Date(event.created * 1000).toISOString();
const isoOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

const billingReasonOf = (invoice: Stripe.Invoice) =>
  invoice.billing_reason === 'subscription_create'
    ? ('subscriptionStart' as const)
    : invoice.billing_reason === 'subscription_cycle'
      ? ('renewal' as const)
      : ('other' as const);

/** A subscription invoice of ours: its subscription, customer and the metadata its subscription was started with. */
function subscriptionInvoice(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  const customerId = idOf(invoice.customer as string | { id: string } | null);
  const metadata = details?.metadata ?? {};
  const campaignId = text(metadata.campaignId);
  if (!subscriptionId || !customerId || !campaignId) return null;
  return { invoiceId: invoice.id!, subscriptionId, customerId, campaignId, metadata };
}

/** The payment intent that paid an invoice, as its payments list says (when the event carries it). */
function paymentIntentOfInvoice(invoice: Stripe.Invoice): string | null {
  for (const payment of invoice.payments?.data ?? []) {
    if (payment.payment?.type === 'payment_intent') {
      const id = idOf(payment.payment.payment_intent as string | { id: string } | undefined);
      if (id && (payment.status === 'paid' || invoice.payments!.data.length === 1)) return id;
    }
  }
  return null;
}

function giftStatusOf(subscription: Stripe.Subscription, deleted: boolean): RecurringGiftStatus {
  if (deleted) return 'ended';
  switch (subscription.status) {
    case 'active':
      return 'active';
    case 'past_due':
      return 'pastDue';
    case 'incomplete':
      return 'incomplete';
    case 'canceled':
    case 'incomplete_expired':
      return 'ended';
    default:
      return 'other';
  }
}

export function endReasonOf(subscription: Stripe.Subscription): RecurringGiftEndReason {
  const reason = subscription.cancellation_details?.reason;
  if (reason === 'payment_failed') return 'paymentFailed';
  if (reason === 'cancellation_requested') return 'requested';
  return 'other';
}

/** What a subscription item charges each period. */
export const periodAmountOf = (subscription: Stripe.Subscription): number => {
  const item = subscription.items?.data?.[0];
  return item ? fromSmallestUnit((item.price?.unit_amount ?? 0) * (item.quantity ?? 1)) : 0;
};

export const giftOf = (subscription: Stripe.Subscription, deleted = false) => {
  const item = subscription.items?.data?.[0];
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer as string | { id: string }) ?? '',
    status: giftStatusOf(subscription, deleted),
    amountCents: periodAmountOf(subscription),
    currentPeriodEnd: item?.current_period_end ? isoOf(item.current_period_end) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    paused: subscription.pause_collection != null,
  };
};
const asRecord = (object: object) => object as unknown as Record<string, unknown>;

/**
 * What a provider event means to us; the provider's event names stop here. Events of payments that
 * are not ours (no campaign in their metadata), unpaid sessions and every other type are ignored.
 * One payment is announced by both `payment_intent.succeeded` and `checkout.session.completed`:
 * both become `paymentSucceeded` with the same payment intent, the key to record it once by.
 */
export async function toPaymentAction(event: Stripe.Event, lookups: EventLookups): Promise<PaymentAction> {
  const ignored: PaymentAction = { type: 'ignored', eventId: event.id, providerType: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A monthly gift's first month is booked from its invoice (invoice.paid), not from its session.
      if (session.mode === 'subscription') return ignored;
      const metadata = metadataOf(session);
      const campaignId = text(metadata.campaignId);
      const paymentIntentId = idOf(session.payment_intent);
      if (!campaignId || !paymentIntentId || session.payment_status !== 'paid') return ignored;
      return {
        type: 'paymentSucceeded',
        eventId: event.id,
        purpose: purposeOf(metadata),
        paymentIntentId,
        sessionId: session.id,
        campaignId,
        promoterId: text(metadata.userId),
        amountCents: fromSmallestUnit(session.amount_total ?? 0),
        occurredAt: occurredAt(event),
        payerEmail: text(session.customer_details?.email) ?? text(session.customer_email),
        raw: asRecord(session),
      };
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const metadata = metadataOf(intent);
      const campaignId = text(metadata.campaignId);
      if (!campaignId) return ignored;
      return {
        type: 'paymentSucceeded',
        eventId: event.id,
        purpose: purposeOf(metadata),
        paymentIntentId: intent.id,
        sessionId: await lookups.sessionOfPaymentIntent(intent.id),
        campaignId,
        promoterId: text(metadata.userId),
        amountCents: fromSmallestUnit(intent.amount_received),
        occurredAt: occurredAt(event),
        payerEmail: text(intent.receipt_email),
        raw: asRecord(intent),
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const clientKey = text(metadataOf(intent).client);
      return {
        type: 'paymentFailed',
        eventId: event.id,
        paymentIntentId: intent.id,
        campaignId: text(metadataOf(intent).campaignId),
        reason: text(intent.last_payment_error?.message) ?? 'The payment failed.',
        ...(clientKey ? { clientKey } : {}),
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!paymentIntentId) return ignored;
      // A month of a monthly gift is recorded by its invoice: its refund names that invoice. Only a
      // charge of no campaign of its own (an invoice's carries none) is looked up.
      const invoiceId =
        !text(metadataOf(charge).campaignId) && lookups.invoiceOfPaymentIntent
          ? await lookups.invoiceOfPaymentIntent(paymentIntentId)
          : null;
      // amount_refunded is what has been refunded of the charge so far, all refunds together.
      return {
        type: 'paymentRefunded',
        eventId: event.id,
        paymentIntentId: invoiceId ?? paymentIntentId,
        amountCents: fromSmallestUnit(charge.amount_refunded),
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const facts = subscriptionInvoice(invoice);
      if (!facts) return ignored;
      const line = invoice.lines?.data?.[0];
      const period = line?.period ?? { start: invoice.period_start, end: invoice.period_end };
      const billingReason = billingReasonOf(invoice);
      // The first month is the checkout's payment: its receipt page waits for the donation by the session.
      const sessionId =
        billingReason === 'subscriptionStart' && lookups.sessionOfSubscription
          ? await lookups.sessionOfSubscription(facts.subscriptionId)
          : null;
      return {
        type: 'invoicePaid',
        eventId: event.id,
        invoiceId: facts.invoiceId,
        subscriptionId: facts.subscriptionId,
        customerId: facts.customerId,
        campaignId: facts.campaignId,
        promoterId: text(facts.metadata.userId),
        payerUserId: text(facts.metadata.payerUserId),
        amountCents: fromSmallestUnit(invoice.amount_paid),
        periodStart: isoOf(period.start),
        periodEnd: isoOf(period.end),
        billingReason,
        paymentIntentId: paymentIntentOfInvoice(invoice),
        payerEmail: text(invoice.customer_email),
        payerName: text(invoice.customer_name),
        metadata: { ...facts.metadata },
        sessionId,
        coveredFeeCents: coveredFeeOfMetadata(facts.metadata),
        occurredAt: occurredAt(event),
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const facts = subscriptionInvoice(invoice);
      if (!facts) return ignored;
      const intentId = paymentIntentOfInvoice(invoice);
      const reason = (intentId && (await lookups.declineOfPaymentIntent?.(intentId))) || DECLINED;
      return {
        type: 'invoicePaymentFailed',
        eventId: event.id,
        invoiceId: facts.invoiceId,
        subscriptionId: facts.subscriptionId,
        customerId: facts.customerId,
        campaignId: facts.campaignId,
        amountCents: fromSmallestUnit(invoice.amount_due),
        attemptCount: invoice.attempt_count,
        nextAttemptAt: invoice.next_payment_attempt ? isoOf(invoice.next_payment_attempt) : null,
        reason,
        billingReason: billingReasonOf(invoice),
        occurredAt: occurredAt(event),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const campaignId = text(metadataOf(subscription).campaignId);
      if (!campaignId) return ignored;
      const gift = giftOf(subscription, event.type === 'customer.subscription.deleted');
      return {
        type: 'subscriptionChanged',
        eventId: event.id,
        ...gift,
        campaignId,
        endedReason: gift.status === 'ended' ? endReasonOf(subscription) : null,
        occurredAt: occurredAt(event),
      };
    }
    default:
      return ignored;
  }
}
