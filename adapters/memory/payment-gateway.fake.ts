import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '@causeway/core/ports/clock.port';
import type {
  CheckoutRequest,
  PaymentAction,
  PaymentGateway,
  PaymentPrice,
  PaymentProduct,
  RecurringGift,
  RecurringPayments,
  SubscriptionCheckoutRequest,
} from '@causeway/core/ports/payment-gateway.port';
import type { PaymentDetail } from '@causeway/core/reporting/results.entity';
import { conflict, invalid, notFound } from '@causeway/core/shared/errors';

/** How old a signed webhook may be, as the provider's own libraries allow (5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** The provider's minimum charge in usd. */
const MINIMUM_AMOUNT_CENTS = 50;

export interface SignedWebhook {
  body: Uint8Array;
  /** The value of the signature header, `t=...,v1=...`. */
  signature: string;
}

export interface MemoryPaymentGatewayOptions {
  webhookSecret: string;
  clock: Clock;
  /** Where the hosted pages (checkout, payment links, receipts) are served. */
  baseUrl: string;
}

/** The gateway plus what a payer or the provider would do, for tests and the embedded checkout page. */
export interface MemoryPaymentGateway extends PaymentGateway, RecurringPayments {
  /**
   * The payer pays a checkout session; answers the provider's signed `checkout.session.completed` (a
   * monthly gift's checkout also starts its subscription and pays its first invoice: `invoicePaidEvent`).
   */
  completeCheckout(
    sessionId: string,
    payment?: { card?: { brand: string; last4: string }; email?: string },
  ): SignedWebhook;
  /** The payer's card is declined; answers the signed `payment_intent.payment_failed`. */
  failCheckout(sessionId: string, reason?: string): SignedWebhook;
  /** A paid payment is refunded (in full unless told); answers the signed `charge.refunded`. */
  refundPayment(paymentIntentId: string, amountCents?: number): SignedWebhook;
  /** Any provider event, signed. */
  signEvent(type: string, object: Record<string, unknown>): SignedWebhook;
  /** The subscription and customer a paid monthly gift's checkout started. */
  subscriptionOf(sessionId: string): { subscriptionId: string; customerId: string };
  /** The signed `invoice.paid` of the first month of a paid monthly gift's checkout. */
  invoicePaidEvent(sessionId: string): SignedWebhook;
  /** Products are made in the provider's dashboard, not through the port. */
  addProduct(input: { name: string; active?: boolean }): PaymentProduct;
  archivePrice(priceId: string): void;
}

interface Session {
  id: string;
  request: CheckoutRequest;
  url: string;
  createdAt: Date;
  paymentIntentId: string | null;
  /** A monthly gift's checkout: the subscription it started once paid, with its first invoice. */
  subscription?: { coveredFeeCents: number; id: string | null; invoiceId: string | null };
}

interface Subscription {
  id: string;
  customerId: string;
  /** The checkout it was started by; a gift started on an earlier gift's card keeps what it was started with as one too. */
  sessionId: string;
  amountCents: number;
  ended: boolean;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  paused: boolean;
}

interface Payment {
  id: string;
  sessionId: string;
  chargeId: string;
  amountCents: number;
  card: { brand: string; last4: string };
  paidAt: Date;
  refundedCents: number;
}

/** Signs a webhook body the way the provider does: HMAC-SHA256 of `${t}.${body}`, hex. */
export function signWebhookBody(secret: string, body: Uint8Array, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${hmac(secret, timestampSeconds, body)}`;
}

function hmac(secret: string, timestampSeconds: number, body: Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.`).update(body).digest('hex');
}

/** Throws an invalid error unless the header carries a fresh, matching v1 signature of the body. */
export function verifyWebhookSignature(
  secret: string,
  body: Uint8Array,
  header: string,
  now: Date,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): void {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value!);
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw invalid('The webhook signature header is missing or malformed.', {
      'stripe-signature': 'The webhook signature header is missing or malformed.',
    });
  }
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) {
    throw invalid('The webhook signature is too old.', { 'stripe-signature': 'The webhook signature is too old.' });
  }
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches)
    throw invalid('The webhook signature does not match.', {
      'stripe-signature': 'The webhook signature does not match.',
    });
}

const providerId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const formatDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Reads a provider event as what it means to us; unknown or foreign events are ignored. */
export function toPaymentAction(event: Record<string, unknown>): PaymentAction {
  const eventId = text(event.id);
  const providerType = text(event.type);
  const data = isRecord(event.data) ? event.data : null;
  const object = data && isRecord(data.object) ? data.object : null;
  if (!eventId || !providerType || !object) throw invalid('The webhook body is not a payment event.');
  const metadata = isRecord(object.metadata) ? object.metadata : {};
  const ignored: PaymentAction = { type: 'ignored', eventId, providerType };

  switch (providerType) {
    case 'checkout.session.completed': {
      // A monthly gift's first month is booked from its invoice (invoice.paid), not from its session.
      if (object.mode === 'subscription') return ignored;
      const campaignId = text(metadata.campaignId);
      const paymentIntentId = text(object.payment_intent);
      if (!campaignId || !paymentIntentId || object.payment_status !== 'paid') return ignored;
      return {
        type: 'paymentSucceeded',
        eventId,
        // Payment links carry only userId and campaignId: they are donation links.
        purpose: metadata.purpose === 'budget' ? 'budget' : 'donation',
        paymentIntentId,
        sessionId: text(object.id),
        campaignId,
        promoterId: text(metadata.promoterId),
        amountCents: Number(object.amount_total ?? 0),
        occurredAt: new Date(Number(event.created) * 1000).toISOString(),
        payerEmail: isRecord(object.customer_details) ? text(object.customer_details.email) : null,
        raw: object,
      };
    }
    case 'payment_intent.payment_failed': {
      const paymentIntentId = text(object.id);
      if (!paymentIntentId) return ignored;
      const lastError = isRecord(object.last_payment_error) ? object.last_payment_error : {};
      return {
        type: 'paymentFailed',
        eventId,
        paymentIntentId,
        campaignId: text(metadata.campaignId),
        reason: text(lastError.message) ?? 'The payment failed.',
        ...(text(metadata.client) ? { clientKey: text(metadata.client)! } : {}),
      };
    }
    case 'charge.refunded': {
      const paymentIntentId = text(object.payment_intent);
      if (!paymentIntentId) return ignored;
      return { type: 'paymentRefunded', eventId, paymentIntentId, amountCents: Number(object.amount_refunded ?? 0) };
    }
    case 'invoice.paid': {
      const campaignId = text(metadata.campaignId);
      const subscriptionId = text(object.subscription);
      const customerId = text(object.customer);
      const invoiceId = text(object.id);
      if (!campaignId || !subscriptionId || !customerId || !invoiceId) return ignored;
      const strings = Object.fromEntries(
        Object.entries(metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      const fee = Number(metadata.coveredFee ?? 0);
      const start = Number(object.period_start);
      return {
        type: 'invoicePaid',
        eventId,
        invoiceId,
        subscriptionId,
        customerId,
        campaignId,
        promoterId: text(metadata.promoterId),
        payerUserId: text(metadata.payerUserId),
        amountCents: Number(object.amount_paid ?? 0),
        periodStart: new Date(start * 1000).toISOString(),
        periodEnd: new Date(Number(object.period_end) * 1000).toISOString(),
        billingReason: object.billing_reason === 'subscription_create' ? 'subscriptionStart' : 'renewal',
        paymentIntentId: text(object.payment_intent),
        payerEmail: text(object.customer_email),
        metadata: strings,
        sessionId: text(object.checkout_session),
        coveredFeeCents: Number.isInteger(fee) && fee > 0 ? fee : 0,
        occurredAt: new Date(Number(event.created) * 1000).toISOString(),
      };
    }
    default:
      return ignored;
  }
}

/**
 * An in-memory card payment provider with the provider's habits: prefixed ids, idempotency keys,
 * active-only listings, and webhooks signed with the endpoint secret.
 */
export function createMemoryPaymentGateway(options: MemoryPaymentGatewayOptions): MemoryPaymentGateway {
  const { webhookSecret, clock } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const sessions = new Map<string, Session>();
  const payments = new Map<string, Payment>();
  const links = new Map<string, { id: string; url: string; priceId: string; metadata: Record<string, string> }>();
  const products = new Map<string, PaymentProduct>();
  const prices = new Map<string, PaymentPrice>();
  const idempotent = new Map<string, { fingerprint: string; result: unknown }>();

  /** The same key answers the first result; reusing it with other parameters is refused. */
  function once<T>(operation: string, key: string, parameters: unknown, make: () => T): T {
    if (!key) throw invalid('An idempotency key is required.');
    const fingerprint = JSON.stringify(parameters);
    const previous = idempotent.get(`${operation}:${key}`);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        throw conflict('This idempotency key was already used with different parameters.');
      }
      return structuredClone(previous.result as T);
    }
    const result = make();
    idempotent.set(`${operation}:${key}`, { fingerprint, result: structuredClone(result) });
    return result;
  }

  function signEvent(type: string, object: Record<string, unknown>): SignedWebhook {
    const created = Math.floor(clock.now().getTime() / 1000);
    const event = { id: providerId('evt'), object: 'event', type, created, livemode: false, data: { object } };
    const body = new TextEncoder().encode(JSON.stringify(event));
    return { body, signature: signWebhookBody(webhookSecret, body, created) };
  }

  function metadataOf(session: Session | CheckoutRequest): Record<string, string> {
    const request = 'request' in session ? session.request : session;
    const metadata: Record<string, string> = { purpose: request.purpose, campaignId: request.campaignId };
    if (request.promoterId) metadata.promoterId = request.promoterId;
    if (request.payerUserId) metadata.payerUserId = request.payerUserId;
    if (request.clientKey) metadata.client = request.clientKey;
    const fee = 'request' in session ? (session.subscription?.coveredFeeCents ?? 0) : 0;
    if (fee > 0) metadata.coveredFee = String(fee);
    return metadata;
  }

  const subscriptions = new Map<string, Subscription>();
  const giftOf = (subscription: Subscription): RecurringGift => ({
    subscriptionId: subscription.id,
    customerId: subscription.customerId,
    status: subscription.ended ? 'ended' : 'active',
    amountCents: subscription.amountCents,
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    paused: subscription.paused,
    // Only the giver (or the platform) ends a gift here: no renewal is ever declined.
    endedReason: subscription.ended ? 'requested' : null,
    coveredFeeCents: sessions.get(subscription.sessionId)?.subscription?.coveredFeeCents ?? 0,
  });
  function requireSubscription(subscriptionId: string): Subscription {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw notFound(`No such subscription: '${subscriptionId}'`);
    return subscription;
  }
  /** A change of a gift, once per idempotency key; an ended gift cannot change. */
  function changeGift(
    operation: string,
    input: { subscriptionId: string; idempotencyKey: string },
    change: (subscription: Subscription) => void,
  ): RecurringGift {
    return once(operation, input.idempotencyKey, { ...input, idempotencyKey: undefined }, () => {
      const subscription = requireSubscription(input.subscriptionId);
      if (subscription.ended)
        throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
      change(subscription);
      return giftOf(subscription);
    });
  }
  function requireAmount(amountCents: number): void {
    if (!Number.isInteger(amountCents) || amountCents < MINIMUM_AMOUNT_CENTS) {
      throw invalid(`The amount must be a whole number of cents, at least ${MINIMUM_AMOUNT_CENTS}.`);
    }
  }
  function requireSubscriptionSession(sessionId: string) {
    const session = requireSession(sessionId);
    const subscription = session.subscription?.id ? subscriptions.get(session.subscription.id) : undefined;
    if (!session.subscription?.invoiceId || !subscription)
      throw invalid(`The checkout session ${sessionId} started no paid monthly gift.`);
    return { session, subscription, invoiceId: session.subscription.invoiceId };
  }

  function requireSession(sessionId: string): Session {
    const session = sessions.get(sessionId);
    if (!session) throw notFound(`No checkout session ${sessionId}.`);
    return session;
  }

  return {
    async createCheckout(request) {
      if (!Number.isInteger(request.amountCents) || request.amountCents < MINIMUM_AMOUNT_CENTS) {
        throw invalid(`The amount must be a whole number of cents, at least ${MINIMUM_AMOUNT_CENTS}.`);
      }
      if (!request.successUrl || !request.cancelUrl) throw invalid('Success and cancel URLs are required.');
      return once('checkout', request.idempotencyKey, { ...request, idempotencyKey: undefined }, () => {
        const id = providerId('cs');
        const url = `${baseUrl}/checkout/${id}`;
        sessions.set(id, { id, request: structuredClone(request), url, createdAt: clock.now(), paymentIntentId: null });
        return { id, url };
      });
    },

    async createSubscriptionCheckout(request: SubscriptionCheckoutRequest) {
      requireAmount(request.amountCents);
      if (!request.successUrl || !request.cancelUrl) throw invalid('Success and cancel URLs are required.');
      return once('subscriptionCheckout', request.idempotencyKey, { ...request, idempotencyKey: undefined }, () => {
        const id = providerId('cs');
        const url = `${baseUrl}/checkout/${id}`;
        const { coveredFeeCents = 0, ...rest } = structuredClone(request);
        sessions.set(id, {
          id,
          request: { ...rest, purpose: 'donation' },
          url,
          createdAt: clock.now(),
          paymentIntentId: null,
          subscription: { coveredFeeCents, id: null, invoiceId: null },
        });
        return { id, url };
      });
    },

    async changeSubscriptionAmount(input) {
      requireAmount(input.amountCents);
      return changeGift('subscriptionAmount', input, (subscription) => {
        subscription.amountCents = input.amountCents;
        // The card fee the giver goes on covering, within the new amount (none when not said).
        const session = sessions.get(subscription.sessionId);
        if (session?.subscription) session.subscription.coveredFeeCents = input.coveredFeeCents ?? 0;
      });
    },

    async pauseSubscription(input) {
      return changeGift('subscriptionPause', input, (subscription) => {
        subscription.paused = true;
      });
    },

    async resumeSubscription(input) {
      return changeGift('subscriptionResume', input, (subscription) => {
        subscription.paused = false;
      });
    },

    async cancelSubscription(input) {
      return changeGift('subscriptionCancel', input, (subscription) => {
        if (input.when === 'periodEnd') subscription.cancelAtPeriodEnd = true;
        else subscription.ended = true;
      });
    },

    async getSubscription(subscriptionId) {
      return giftOf(requireSubscription(subscriptionId));
    },

    async startSubscriptionOnCardOf(input) {
      requireAmount(input.amountCents);
      return once('subscriptionStart', input.idempotencyKey, { ...input, idempotencyKey: undefined }, () => {
        const from = requireSubscription(input.fromSubscriptionId);
        const sessionId = providerId('cs');
        sessions.set(sessionId, {
          id: sessionId,
          request: {
            purpose: 'donation',
            campaignId: input.campaignId,
            amountCents: input.amountCents,
            description: input.description,
            successUrl: '',
            cancelUrl: '',
            payerUserId: input.payerUserId ?? null,
            idempotencyKey: input.idempotencyKey,
          },
          url: '',
          createdAt: clock.now(),
          paymentIntentId: null,
          subscription: { coveredFeeCents: input.coveredFeeCents, id: null, invoiceId: providerId('in') },
        });
        // The card on file is always taken here: no charge is ever declined.
        const periodEnd = clock.now();
        periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
        const subscription: Subscription = {
          id: providerId('sub'),
          customerId: from.customerId,
          sessionId,
          amountCents: input.amountCents,
          ended: false,
          currentPeriodEnd: periodEnd,
          cancelAtPeriodEnd: false,
          paused: false,
        };
        subscriptions.set(subscription.id, subscription);
        sessions.get(sessionId)!.subscription!.id = subscription.id;
        return giftOf(subscription);
      });
    },

    async openBillingPortal(input) {
      if (![...subscriptions.values()].some((subscription) => subscription.customerId === input.customerId)) {
        throw notFound(`No such customer: '${input.customerId}'`);
      }
      return { url: `${baseUrl}/billing/${providerId('bps')}?return=${encodeURIComponent(input.returnUrl)}` };
    },

    subscriptionOf(sessionId) {
      const { subscription } = requireSubscriptionSession(sessionId);
      return { subscriptionId: subscription.id, customerId: subscription.customerId };
    },

    invoicePaidEvent(sessionId) {
      const { session, subscription, invoiceId } = requireSubscriptionSession(sessionId);
      const payment = payments.get(session.paymentIntentId!)!;
      const start = Math.floor(payment.paidAt.getTime() / 1000);
      return signEvent('invoice.paid', {
        id: invoiceId,
        object: 'invoice',
        billing_reason: 'subscription_create',
        amount_paid: payment.amountCents,
        customer: subscription.customerId,
        customer_email: 'donor@example.org',
        subscription: subscription.id,
        payment_intent: payment.id,
        checkout_session: session.id,
        period_start: start,
        period_end: Math.floor(subscription.currentPeriodEnd.getTime() / 1000),
        metadata: metadataOf(session),
      });
    },

    async createPaymentLink(input) {
      const price = prices.get(input.priceId);
      if (!price) throw notFound(`No price ${input.priceId}.`);
      if (!price.active) throw invalid(`The price ${input.priceId} is not active.`);
      return once('paymentLink', input.idempotencyKey, { ...input, idempotencyKey: undefined }, () => {
        const id = providerId('plink');
        const url = `${baseUrl}/pay/${id}`;
        const metadata: Record<string, string> = { campaignId: input.campaignId };
        if (input.userId) metadata.userId = input.userId;
        links.set(id, { id, url, priceId: input.priceId, metadata });
        return { id, url };
      });
    },

    async listProducts() {
      return [...products.values()].filter((product) => product.active).map((product) => ({ ...product }));
    },

    async listPrices(productId) {
      return [...prices.values()]
        .filter((price) => price.productId === productId && price.active)
        .map((price) => ({ ...price }));
    },

    async createPrice(input) {
      if (!products.has(input.productId)) throw notFound(`No product ${input.productId}.`);
      if (!Number.isInteger(input.unitAmount) || input.unitAmount < 0) {
        throw invalid('The unit amount must be a whole number of cents.');
      }
      return once('price', input.idempotencyKey, { ...input, idempotencyKey: undefined }, () => {
        const price: PaymentPrice = {
          id: providerId('price'),
          productId: input.productId,
          unitAmount: input.unitAmount,
          currency: 'usd',
          active: true,
        };
        prices.set(price.id, price);
        return { ...price };
      });
    },

    async getPaymentDetail(sessionId): Promise<PaymentDetail | null> {
      const paymentIntentId = sessions.get(sessionId)?.paymentIntentId;
      const payment = paymentIntentId ? payments.get(paymentIntentId) : undefined;
      if (!payment) return null;
      return {
        paymentId: payment.id,
        formattedDate: formatDate.format(payment.paidAt),
        createdAt: payment.paidAt.toISOString(),
        amount: payment.amountCents,
        card: { ...payment.card },
        link: `${baseUrl}/receipts/${payment.chargeId}`,
        ...(sessions.get(sessionId)?.subscription ? { monthly: true } : {}),
      };
    },

    async parseWebhook(rawBody, signatureHeader) {
      verifyWebhookSignature(webhookSecret, rawBody, signatureHeader, clock.now());
      let event: unknown;
      try {
        event = JSON.parse(new TextDecoder().decode(rawBody));
      } catch {
        throw invalid('The webhook body is not JSON.', { '(body)': 'Not JSON.' });
      }
      if (!isRecord(event))
        throw invalid('The webhook body is not a payment event.', { '(body)': 'Not a payment event.' });
      return toPaymentAction(event);
    },

    completeCheckout(sessionId, payment = {}) {
      const session = requireSession(sessionId);
      if (session.paymentIntentId && payments.has(session.paymentIntentId)) {
        throw conflict(`The checkout session ${sessionId} is already paid.`);
      }
      const paid: Payment = {
        id: session.paymentIntentId ?? providerId('pi'),
        sessionId,
        chargeId: providerId('ch'),
        amountCents: session.request.amountCents,
        card: payment.card ?? { brand: 'visa', last4: '4242' },
        paidAt: clock.now(),
        refundedCents: 0,
      };
      session.paymentIntentId = paid.id;
      payments.set(paid.id, paid);
      if (session.subscription) {
        // A monthly gift starts: its customer, its subscription and its first invoice, paid now.
        const periodEnd = new Date(paid.paidAt);
        periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
        const subscription: Subscription = {
          id: providerId('sub'),
          customerId: providerId('cus'),
          sessionId,
          amountCents: paid.amountCents,
          ended: false,
          currentPeriodEnd: periodEnd,
          cancelAtPeriodEnd: false,
          paused: false,
        };
        subscriptions.set(subscription.id, subscription);
        session.subscription.id = subscription.id;
        session.subscription.invoiceId = providerId('in');
      }
      return signEvent('checkout.session.completed', {
        id: session.id,
        object: 'checkout.session',
        amount_total: paid.amountCents,
        currency: 'usd',
        payment_intent: paid.id,
        payment_status: 'paid',
        status: 'complete',
        // The e-mail the payer gave on the checkout page.
        customer_details: { email: payment.email ?? 'donor@example.org' },
        metadata: metadataOf(session),
        mode: session.subscription ? 'subscription' : 'payment',
        ...(session.subscription ? { subscription: session.subscription.id } : {}),
        created: Math.floor(session.createdAt.getTime() / 1000),
      });
    },

    failCheckout(sessionId, reason = 'Your card was declined.') {
      const session = requireSession(sessionId);
      session.paymentIntentId ??= providerId('pi');
      return signEvent('payment_intent.payment_failed', {
        id: session.paymentIntentId,
        object: 'payment_intent',
        amount: session.request.amountCents,
        currency: 'usd',
        status: 'requires_payment_method',
        metadata: metadataOf(session.request),
        last_payment_error: { message: reason },
      });
    },

    refundPayment(paymentIntentId, amountCents) {
      const payment = payments.get(paymentIntentId);
      if (!payment) throw notFound(`No payment ${paymentIntentId}.`);
      const refund = amountCents ?? payment.amountCents - payment.refundedCents;
      if (!Number.isInteger(refund) || refund <= 0 || payment.refundedCents + refund > payment.amountCents) {
        throw invalid('The refund exceeds what is left of the payment.');
      }
      payment.refundedCents += refund;
      return signEvent('charge.refunded', {
        id: payment.chargeId,
        object: 'charge',
        amount: payment.amountCents,
        amount_refunded: payment.refundedCents,
        payment_intent: payment.id,
        refunded: payment.refundedCents === payment.amountCents,
      });
    },

    signEvent,

    addProduct(input) {
      const product: PaymentProduct = { id: providerId('prod'), name: input.name, active: input.active ?? true };
      products.set(product.id, product);
      return { ...product };
    },

    archivePrice(priceId) {
      const price = prices.get(priceId);
      if (!price) throw notFound(`No price ${priceId}.`);
      price.active = false;
    },
  };
}
