import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '@causeway/core/ports/clock.port';
import type {
  CheckoutRequest,
  PaymentAction,
  PaymentGateway,
  PaymentPrice,
  PaymentProduct,
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
export interface MemoryPaymentGateway extends PaymentGateway {
  /** The payer pays a checkout session; answers the provider's signed `checkout.session.completed`. */
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

  function metadataOf(request: CheckoutRequest): Record<string, string> {
    const metadata: Record<string, string> = { purpose: request.purpose, campaignId: request.campaignId };
    if (request.promoterId) metadata.promoterId = request.promoterId;
    if (request.payerUserId) metadata.payerUserId = request.payerUserId;
    if (request.clientKey) metadata.client = request.clientKey;
    return metadata;
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
        metadata: metadataOf(session.request),
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
