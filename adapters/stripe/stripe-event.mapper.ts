import type Stripe from 'stripe';
import type { CheckoutRequest, PaymentAction } from '@causeway/core/ports/payment-gateway.port';
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
};

export function checkoutMetadata(request: CheckoutRequest): PaymentMetadata {
  const metadata: PaymentMetadata = { purpose: request.purpose, campaignId: request.campaignId };
  if (request.promoterId) metadata.userId = request.promoterId;
  if (request.payerUserId) metadata.payerUserId = request.payerUserId;
  if (request.clientKey) metadata.client = request.clientKey;
  return metadata;
}

export function paymentLinkMetadata(input: { campaignId: string; userId: string | null }): PaymentMetadata {
  const metadata: PaymentMetadata = { campaignId: input.campaignId };
  if (input.userId) metadata.userId = input.userId;
  return metadata;
}

export interface EventLookups {
  /** The checkout session that took a payment intent's money, or null when none is found. */
  sessionOfPaymentIntent(paymentIntentId: string): Promise<string | null>;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? text(value) : text(value?.id);
const metadataOf = (object: { metadata?: Stripe.Metadata | null }): Record<string, string> => object.metadata ?? {};
// Payment links carry only userId and campaignId: they are donation links.
const purposeOf = (metadata: Record<string, string>): 'budget' | 'donation' =>
  metadata.purpose === 'budget' ? 'budget' : 'donation';
const occurredAt = (event: Stripe.Event) => new Date(event.created * 1000).toISOString();
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
      // amount_refunded is what has been refunded of the charge so far, all refunds together.
      return {
        type: 'paymentRefunded',
        eventId: event.id,
        paymentIntentId,
        amountCents: fromSmallestUnit(charge.amount_refunded),
      };
    }
    default:
      return ignored;
  }
}
