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

/** A monthly gift's checkout: the first month is paid on the provider's page, the next ones are charged there. */
export interface SubscriptionCheckoutRequest {
  campaignId: string;
  /** Given each month. */
  amountCents: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** The promoter whose link brought the gift. */
  promoterId?: string | null;
  /** Who gives, when signed in. */
  payerUserId?: string | null;
  /** The opaque key of the client that opened the checkout (see CheckoutRequest.clientKey). */
  clientKey?: string | null;
  /** The same key never creates a second session. */
  idempotencyKey: string;
  /**
   * The card fee the giver covers each month, already within amountCents (0 or absent: none). It is kept
   * with the gift, so each month's invoice is booked as the gift and the fee apart.
   */
  coveredFeeCents?: number;
}

/** A monthly gift as the provider holds it. */
export interface RecurringGift {
  subscriptionId: string;
  customerId: string;
  status: RecurringGiftStatus;
  /** What the next period will charge (a change of amount shows here before it is charged). */
  amountCents: number;
  /** When the current period ends: the next charge, unless the gift ends or is paused. */
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  paused: boolean;
  /** Why it ended, once it has. */
  endedReason: RecurringGiftEndReason | null;
  /** The card fee the giver covers each month, within amountCents (0 when none). */
  coveredFeeCents: number;
}

/** `pastDue`: a renewal was declined and is being retried; `ended`: nothing more is charged. */
export type RecurringGiftStatus = 'incomplete' | 'active' | 'pastDue' | 'ended' | 'other';

/** Why a monthly gift ended: the giver (or the platform) asked, or its renewal kept being declined. */
export type RecurringGiftEndReason = 'requested' | 'paymentFailed' | 'other';

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
      /** The payer's name as the provider holds it (a monthly gift's customer), when no checkout says it. */
      payerName?: string | null;
      /**
       * The card fee the payer covered within amountCents, when the payment itself says it (a month of a
       * monthly gift); absent, the checkout's record says it.
       */
      coveredFeeCents?: number;
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
  /** A monthly gift's invoice was paid: one month's gift, to be recorded once per invoiceId. */
  | {
      type: 'invoicePaid';
      eventId: string;
      invoiceId: string;
      subscriptionId: string;
      customerId: string;
      campaignId: string;
      promoterId: string | null;
      payerUserId: string | null;
      amountCents: number;
      /** The period the invoice pays for. */
      periodStart: string;
      periodEnd: string;
      /** The first month (paid at checkout) or a renewal. */
      billingReason: 'subscriptionStart' | 'renewal' | 'other';
      /** The payment that took the money (a refund names it); null when the event does not say. */
      paymentIntentId: string | null;
      payerEmail: string | null;
      /** The customer's name, as given on the card page; null when none. */
      payerName?: string | null;
      /** The metadata the gift was started with. */
      metadata: Record<string, string>;
      /** The checkout that started the gift, for its first month (its receipt page waits on it); else null. */
      sessionId?: string | null;
      /** The card fee the giver covers each month, within amountCents (0 when none). */
      coveredFeeCents?: number;
      occurredAt: string;
    }
  /** A monthly gift's invoice was declined; nextAttemptAt is null when it will not be tried again. */
  | {
      type: 'invoicePaymentFailed';
      eventId: string;
      invoiceId: string;
      subscriptionId: string;
      customerId: string;
      campaignId: string;
      amountCents: number;
      attemptCount: number;
      nextAttemptAt: string | null;
      /** The provider's words for the decline, e.g. "Your card was declined." */
      reason: string;
      billingReason: 'subscriptionStart' | 'renewal' | 'other';
      occurredAt: string;
    }
  /** A monthly gift was started, changed or ended (`ended` with its reason). */
  | {
      type: 'subscriptionChanged';
      eventId: string;
      subscriptionId: string;
      customerId: string;
      campaignId: string;
      status: RecurringGiftStatus;
      amountCents: number;
      currentPeriodEnd: string | null;
      cancelAtPeriodEnd: boolean;
      paused: boolean;
      endedReason: RecurringGiftEndReason | null;
      occurredAt: string;
    }
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

/**
 * Monthly gifts on the card provider: a subscription checkout, its changes (each taking effect from the
 * next period) and the provider's page where the giver manages their card and gifts. Their invoices and
 * changes come back as payment actions through `PaymentGateway.parseWebhook`.
 */
export interface RecurringPayments {
  /** A hosted checkout that starts a monthly gift; answers its id and the page to send the giver to. */
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<{ id: string; url: string }>;
  /** Charges the new amount from the next period on (the current one is not prorated). */
  changeSubscriptionAmount(input: {
    subscriptionId: string;
    amountCents: number;
    /** The card fee the giver goes on covering, within amountCents (absent or 0: none). */
    coveredFeeCents?: number;
    idempotencyKey: string;
  }): Promise<RecurringGift>;
  /** Stops charging until resumed; the periods go on, uncharged. */
  pauseSubscription(input: { subscriptionId: string; idempotencyKey: string }): Promise<RecurringGift>;
  resumeSubscription(input: { subscriptionId: string; idempotencyKey: string }): Promise<RecurringGift>;
  /** Ends a gift now, or at the end of the period already paid. */
  cancelSubscription(input: {
    subscriptionId: string;
    when: 'now' | 'periodEnd';
    idempotencyKey: string;
  }): Promise<RecurringGift>;
  getSubscription(subscriptionId: string): Promise<RecurringGift>;
  /**
   * A new monthly gift on the card of an earlier one (the same customer, its card on file), its first
   * month charged now. A declined card starts nothing: the gift is not kept and the call fails with a
   * conflict in the provider's words.
   */
  startSubscriptionOnCardOf(input: {
    fromSubscriptionId: string;
    campaignId: string;
    amountCents: number;
    /** The card fee the giver covers each month, within amountCents (0: none). */
    coveredFeeCents: number;
    description: string;
    payerUserId?: string | null;
    idempotencyKey: string;
  }): Promise<RecurringGift>;
  /** The provider's page where a customer changes their card or cancels; it links back to returnUrl. */
  openBillingPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
}
