import type { PaymentDetail } from '../reporting/results.entity';

export interface CheckoutRequest {
  /** What is paid for: a campaign's ad budget or a donation to it. */
  purpose: 'budget' | 'donation';
  campaignId: string;
  amountCents: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** The promoter whose link brought a donation. */
  promoterId?: string | null;
  /** Who pays, when signed in. */
  payerUserId?: string | null;
  /**
   * The opaque key (a hash of the address) of the client that opened the checkout, so a declined card
   * can be counted against it.
   */
  clientKey?: string | null;
  /** The same key never creates a second session. */
  idempotencyKey: string;
}

export interface PaymentProduct {
  id: string;
  name: string;
  active: boolean;
}

export interface PaymentPrice {
  id: string;
  productId: string;
  unitAmount: number;
  currency: 'usd';
  active: boolean;
}

/**
 * What a provider event means to us (the provider's event names never leave the adapter). Events may
 * arrive more than once and out of order, and one payment may be announced by more than one event
 * (each its own eventId): a payment is recorded once per paymentIntentId.
 */
export type PaymentAction =
  | {
      type: 'paymentSucceeded';
      eventId: string;
      purpose: 'budget' | 'donation';
      paymentIntentId: string;
      /** The checkout session that took the payment; null when it cannot be found. */
      sessionId: string | null;
      campaignId: string;
      promoterId: string | null;
      amountCents: number;
      occurredAt: string;
      /** The payer's e-mail as the provider took it, for a receipt; null when it gave none. */
      payerEmail?: string | null;
      raw: Record<string, unknown>;
    }
  | {
      type: 'paymentFailed';
      eventId: string;
      paymentIntentId: string;
      campaignId: string | null;
      reason: string;
      /** The client that opened the checkout (CheckoutRequest.clientKey), when it was given. */
      clientKey?: string;
    }
  /** amountCents: all that has been refunded of the payment so far, this refund included. */
  | { type: 'paymentRefunded'; eventId: string; paymentIntentId: string; amountCents: number }
  | { type: 'ignored'; eventId: string; providerType: string };

export interface PaymentGateway {
  /** A hosted checkout for one payment; answers its id and the page to send the payer to. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** A reusable payment link with one line item (price, quantity 1) and metadata userId and campaignId. */
  createPaymentLink(input: {
    priceId: string;
    campaignId: string;
    userId: string | null;
    redirectUrl: string;
    idempotencyKey: string;
  }): Promise<{ id: string; url: string }>;
  /** Active products only. */
  listProducts(): Promise<PaymentProduct[]>;
  /** A product's active prices. */
  listPrices(productId: string): Promise<PaymentPrice[]>;
  createPrice(input: { productId: string; unitAmount: number; idempotencyKey: string }): Promise<PaymentPrice>;
  /** The receipt of a checkout session, or null when it cannot be had (SPEC §7). */
  getPaymentDetail(sessionId: string): Promise<PaymentDetail | null>;
  /** Verifies the signature and reads the event; throws an invalid error when the signature is wrong. */
  parseWebhook(rawBody: Uint8Array, signatureHeader: string): Promise<PaymentAction>;
}
