import Stripe from 'stripe';
import type { Clock } from '@causeway/core/ports/clock.port';
import type {
  PaymentGateway,
  PaymentPrice,
  RecurringGift,
  RecurringPayments,
} from '@causeway/core/ports/payment-gateway.port';
import type { PaymentDetail } from '@causeway/core/reporting/results.entity';
import { conflict, DomainError, invalid, notFound } from '@causeway/core/shared/errors';
import { createApiBaseHttpClient } from './stripe-api-base.http-client';
import { fromSmallestUnit, toSmallestUnit } from './stripe-amount';
import {
  checkoutMetadata,
  coveredFeeOfMetadata,
  endReasonOf,
  giftOf,
  paymentLinkMetadata,
  toPaymentAction,
} from './stripe-event.mapper';

/** How old a signed webhook may be: Stripe's own default tolerance (5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripePaymentGatewayOptions {
  /** The account's secret key (sk_live_..., sk_test_..., or a restricted rk_ key). */
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_...). */
  webhookSecret: string;
  /** Webhook freshness is judged by this clock. */
  clock: Clock;
  /**
   * Where the SDK sends its requests: the real Stripe API when absent. A base with a path (the
   * embedded sandbox under /sandbox/stripe) or one known only later (a function) goes through
   * a small HTTP client that rewrites each request's address.
   */
  apiBase?: URL | (() => URL);
  /** Told when a call failed in a way the port turns into a null answer (a receipt, a session id). */
  onError?: (error: unknown, context: { operation: string; id: string }) => void;
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/** How many paid checkouts' receipts one gateway keeps to answer again without a request. */
export const PAID_DETAILS_KEPT = 5_000;

const formatDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The payment intent that paid an invoice, from its payments (expanded). */
function paymentIntentIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const paid = invoice.payments?.data?.find((payment) => payment.status === 'paid') ?? invoice.payments?.data?.[0];
  if (paid?.payment?.type !== 'payment_intent') return null;
  return idOf(paid.payment.payment_intent as string | { id: string } | undefined);
}

function sdkConfig(options: StripePaymentGatewayOptions): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    appInfo: { name: 'Causeway' },
  };
  const { apiBase } = options;
  if (!apiBase) return config;
  if (apiBase instanceof URL && (apiBase.pathname === '/' || apiBase.pathname === '')) {
    // A plain host: the SDK's own options say it.
    const protocol = apiBase.protocol === 'http:' ? 'http' : 'https';
    return {
      ...config,
      host: apiBase.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: apiBase.port || (protocol === 'https' ? 443 : 80),
      protocol,
    };
  }
  return { ...config, httpClient: createApiBaseHttpClient(apiBase instanceof URL ? () => apiBase : apiBase) };
}

/** The provider's error as ours: the caller's mistake (invalid, not found, conflict) or an outage. */
function domainError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return conflict('This idempotency key was already used with different parameters.');
  }
  if (error.code === 'resource_missing') return notFound(error.message);
  if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError) {
    return invalid(error.message);
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    return new DomainError('unavailable', 'The payment provider refused our credentials.');
  }
  return new DomainError(
    'unavailable',
    'The payment provider cannot be reached right now. Please try again in a moment.',
  );
}

async function call<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw domainError(error);
  }
}

/** What went wrong with a webhook, said plainly (the SDK's messages are long and about itself). */
function signatureProblem(error: unknown): string {
  if (error instanceof SyntaxError) return 'The webhook body is not JSON.';
  const message = error instanceof Error ? error.message : '';
  if (message.includes('tolerance zone')) return 'The webhook signature is too old.';
  if (message.includes('No webhook payload')) return 'The webhook body is empty.';
  if (message.includes('matching the expected signature')) return 'The webhook signature does not match its body.';
  return 'The webhook signature header is missing or malformed.';
}

/**
 * The card payment provider on Stripe, through the official SDK. Stripe stays inside: amounts go
 * through one smallest-unit helper, every mutating call carries an idempotency key (scoped by the
 * operation, so one key cannot collide across kinds of call), errors become domain errors, and
 * webhooks are verified by signature and read as the port's payment actions.
 */
export function createStripePaymentGateway(options: StripePaymentGatewayOptions): PaymentGateway & RecurringPayments {
  const { webhookSecret, clock, onError } = options;
  const stripe = new Stripe(options.secretKey, sdkConfig(options));
  const keyFor = (operation: string, key: string) => {
    if (!key) throw invalid('An idempotency key is required.');
    return `${operation}:${key}`;
  };
  const toPrice = (price: Stripe.Price): PaymentPrice => ({
    id: price.id,
    productId: idOf(price.product) ?? '',
    unitAmount: fromSmallestUnit(price.unit_amount ?? 0),
    currency: 'usd',
    active: price.active,
  });
  /**
   * Receipts of paid checkouts already read, newest kept: a succeeded payment's amount, date, card and
   * receipt link do not change (refunds are the platform's own record), so a receipt page read again
   * while its gift is being booked asks the provider nothing more.
   */
  const paidDetails = new Map<string, PaymentDetail>();
  const remember = (sessionId: string, detail: PaymentDetail) => {
    paidDetails.set(sessionId, detail);
    if (paidDetails.size > PAID_DETAILS_KEPT) paidDetails.delete(paidDetails.keys().next().value!);
  };

  async function sessionOfPaymentIntent(paymentIntentId: string): Promise<string | null> {
    try {
      const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 });
      return sessions.data[0]?.id ?? null;
    } catch (error) {
      onError?.(error, { operation: 'find the checkout session of a payment', id: paymentIntentId });
      return null;
    }
  }

  /** The checkout session that started a subscription (a monthly gift's first month is its payment). */
  async function sessionOfSubscription(subscriptionId: string): Promise<string | null> {
    const sessions = await call(() => stripe.checkout.sessions.list({ subscription: subscriptionId, limit: 1 }));
    return sessions.data[0]?.id ?? null;
  }

  /** A paid payment intent with its charge, as a receipt shows it. */
  const detailOf = (intent: Stripe.PaymentIntent, monthly: boolean): PaymentDetail => {
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    const paidAt = new Date(intent.created * 1000);
    return Object.freeze({
      paymentId: intent.id,
      formattedDate: formatDate.format(paidAt),
      createdAt: paidAt.toISOString(),
      amount: fromSmallestUnit(intent.amount_received),
      card: card ? Object.freeze({ brand: card.brand ?? 'card', last4: card.last4 ?? '' }) : null,
      link: charge?.receipt_url ?? null,
      ...(monthly ? { monthly: true } : {}),
    });
  };

  /** The payment of a subscription checkout: its first invoice's, once that invoice is paid. */
  async function firstMonthOf(session: Stripe.Checkout.Session): Promise<Stripe.PaymentIntent | null> {
    const invoice = typeof session.invoice === 'object' ? session.invoice : null;
    if (!invoice || invoice.status !== 'paid') return null;
    const intentId = paymentIntentIdOfInvoice(invoice);
    if (!intentId) return null;
    return stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
  }

  const recurringGift = (subscription: Stripe.Subscription): RecurringGift => {
    const gift = giftOf(subscription);
    return {
      ...gift,
      currentPeriodEnd: gift.currentPeriodEnd ?? new Date(0).toISOString(),
      endedReason: gift.status === 'ended' ? endReasonOf(subscription) : null,
      coveredFeeCents: coveredFeeOfMetadata(subscription.metadata ?? {}),
    };
  };
  const updateSubscription = (subscriptionId: string, params: Stripe.SubscriptionUpdateParams, key: string) =>
    call(() => stripe.subscriptions.update(subscriptionId, params, { idempotencyKey: key })).then(recurringGift);

  /**
   * The invoice a payment intent paid. A failure to ask fails the webhook (answered as an error, so it
   * comes again): a month's refund must not be taken for a refund of a payment we never had.
   */
  async function invoiceOfPaymentIntent(paymentIntentId: string): Promise<string | null> {
    const payments = await call(() =>
      stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntentId }, limit: 1 }),
    );
    const invoice = payments.data[0]?.invoice;
    return typeof invoice === 'string' ? invoice : (invoice?.id ?? null);
  }

  async function declineOfPaymentIntent(paymentIntentId: string): Promise<string | null> {
    try {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      return intent.last_payment_error?.message ?? null;
    } catch (error) {
      // The decline is still followed, in general words.
      onError?.(error, { operation: 'read why a payment was declined', id: paymentIntentId });
      return null;
    }
  }

  return {
    async createCheckout(request) {
      const amount = toSmallestUnit(request.amountCents, 'usd');
      const idempotencyKey = keyFor('checkout', request.idempotencyKey);
      const metadata = checkoutMetadata(request);
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: 'usd', unit_amount: amount, product_data: { name: request.description } },
              },
            ],
            metadata,
            // The payment intent carries the same metadata, so its own events (a failure) name the campaign.
            payment_intent_data: { metadata, description: request.description },
            client_reference_id: request.campaignId,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey },
        ),
      );
      if (!session.url) {
        throw new DomainError('unavailable', 'The payment provider did not give a checkout page for this payment.');
      }
      return { id: session.id, url: session.url };
    },

    async createSubscriptionCheckout(request) {
      const amount = toSmallestUnit(request.amountCents, 'usd');
      const idempotencyKey = keyFor('subscription-checkout', request.idempotencyKey);
      const metadata = checkoutMetadata({ ...request, purpose: 'donation' });
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: amount,
                  product_data: { name: request.description },
                  recurring: { interval: 'month' },
                },
              },
            ],
            metadata,
            // The subscription carries the same metadata, so each of its invoices names the campaign.
            subscription_data: { metadata, description: request.description },
            client_reference_id: request.campaignId,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey },
        ),
      );
      if (!session.url) {
        throw new DomainError('unavailable', 'The payment provider did not give a checkout page for this gift.');
      }
      return { id: session.id, url: session.url };
    },

    async changeSubscriptionAmount(input) {
      const amount = toSmallestUnit(input.amountCents, 'usd');
      const idempotencyKey = keyFor('subscription-amount', input.idempotencyKey);
      const subscription = await call(() => stripe.subscriptions.retrieve(input.subscriptionId));
      const item = subscription.items.data[0];
      const product = idOf(item?.price.product as string | { id: string } | undefined);
      if (!item || !product) throw invalid('This monthly gift has no amount to change.');
      // No proration: the month already paid stays as it was, the next one is charged the new amount, with
      // the card fee the giver goes on covering within it (none when not said).
      return updateSubscription(
        input.subscriptionId,
        {
          items: [
            {
              id: item.id,
              price_data: { currency: 'usd', product, unit_amount: amount, recurring: { interval: 'month' } },
            },
          ],
          proration_behavior: 'none',
          metadata: { coveredFee: input.coveredFeeCents ? String(input.coveredFeeCents) : '' },
        },
        idempotencyKey,
      );
    },

    pauseSubscription: (input) =>
      updateSubscription(
        input.subscriptionId,
        { pause_collection: { behavior: 'void' } },
        keyFor('subscription-pause', input.idempotencyKey),
      ),

    resumeSubscription: (input) =>
      updateSubscription(
        input.subscriptionId,
        { pause_collection: '' },
        keyFor('subscription-resume', input.idempotencyKey),
      ),

    async cancelSubscription(input) {
      const idempotencyKey = keyFor('subscription-cancel', input.idempotencyKey);
      if (input.when === 'periodEnd') {
        return updateSubscription(input.subscriptionId, { cancel_at_period_end: true }, idempotencyKey);
      }
      const subscription = await call(() => stripe.subscriptions.cancel(input.subscriptionId, {}, { idempotencyKey }));
      return recurringGift(subscription);
    },

    async getSubscription(subscriptionId) {
      return recurringGift(await call(() => stripe.subscriptions.retrieve(subscriptionId)));
    },

    async startSubscriptionOnCardOf(input) {
      const amount = toSmallestUnit(input.amountCents, 'usd');
      const from = await call(() => stripe.subscriptions.retrieve(input.fromSubscriptionId));
      const customer = idOf(from.customer as string | { id: string });
      const card = idOf(from.default_payment_method as string | { id: string } | null);
      if (!customer || !card)
        throw conflict('There is no card on file for this monthly gift: give again from the page.');
      const metadata = checkoutMetadata({
        purpose: 'donation',
        campaignId: input.campaignId,
        amountCents: input.amountCents,
        description: input.description,
        successUrl: '',
        cancelUrl: '',
        payerUserId: input.payerUserId ?? null,
        coveredFeeCents: input.coveredFeeCents,
        idempotencyKey: input.idempotencyKey,
      });
      const product = await call(() =>
        stripe.products.create(
          { name: input.description },
          { idempotencyKey: keyFor('subscription-product', input.idempotencyKey) },
        ),
      );
      const subscription = await call(() =>
        stripe.subscriptions.create(
          {
            customer,
            default_payment_method: card,
            items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  product: product.id,
                  unit_amount: amount,
                  recurring: { interval: 'month' },
                },
              },
            ],
            description: input.description,
            metadata,
            payment_behavior: 'allow_incomplete',
            expand: ['latest_invoice.payments'],
          },
          { idempotencyKey: keyFor('subscription-start', input.idempotencyKey) },
        ),
      );
      if (subscription.status === 'active') return recurringGift(subscription);
      // The card was declined: nothing is left waiting to be paid.
      const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
      const intentId = invoice ? paymentIntentIdOfInvoice(invoice) : null;
      const reason = (intentId ? await declineOfPaymentIntent(intentId) : null) ?? 'The card was declined.';
      await call(() =>
        stripe.subscriptions.cancel(
          subscription.id,
          {},
          { idempotencyKey: keyFor('subscription-cancel', `declined-${input.idempotencyKey}`) },
        ),
      );
      throw conflict(`The card on file was declined: ${reason} Nothing was charged.`);
    },

    async openBillingPortal(input) {
      const session = await call(() =>
        stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl }),
      );
      return { url: session.url };
    },

    async createPaymentLink(input) {
      const idempotencyKey = keyFor('payment-link', input.idempotencyKey);
      const metadata = paymentLinkMetadata(input);
      const link = await call(() =>
        stripe.paymentLinks.create(
          {
            line_items: [{ price: input.priceId, quantity: 1 }],
            metadata,
            payment_intent_data: { metadata },
            after_completion: { type: 'redirect', redirect: { url: input.redirectUrl } },
          },
          { idempotencyKey },
        ),
      );
      return { id: link.id, url: link.url };
    },

    async listProducts() {
      const products = await call(() =>
        stripe.products.list({ active: true, limit: 100 }).autoPagingToArray({ limit: 10_000 }),
      );
      return products.map((product) => ({ id: product.id, name: product.name, active: product.active }));
    },

    async listPrices(productId) {
      const prices = await call(() =>
        stripe.prices
          .list({ product: productId, active: true, currency: 'usd', limit: 100 })
          .autoPagingToArray({ limit: 10_000 }),
      );
      return prices.map(toPrice);
    },

    async createPrice(input) {
      const unitAmount = toSmallestUnit(input.unitAmount, 'usd');
      const idempotencyKey = keyFor('price', input.idempotencyKey);
      const price = await call(() =>
        stripe.prices.create(
          { product: input.productId, unit_amount: unitAmount, currency: 'usd' },
          { idempotencyKey },
        ),
      );
      return toPrice(price);
    },

    async getPaymentDetail(sessionId): Promise<PaymentDetail | null> {
      const known = paidDetails.get(sessionId);
      if (known) return known;
      try {
        // One request: the session with its payment and that payment's charge (the card and receipt link);
        // a monthly gift's checkout with its first invoice, whose payment is a second one.
        const session = await stripe.checkout.sessions.retrieve(sessionId, {
          expand: ['payment_intent.latest_charge', 'invoice.payments'],
        });
        const monthly = session.mode === 'subscription';
        const intent = monthly
          ? await firstMonthOf(session)
          : typeof session.payment_intent === 'object'
            ? session.payment_intent
            : null;
        if (!intent || intent.status !== 'succeeded') return null;
        const detail = detailOf(intent, monthly);
        remember(sessionId, detail);
        return detail;
      } catch (error) {
        // SPEC §7: a payment whose detail cannot be had is shown as null. Unknown sessions are no news.
        const missing = error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';
        if (!missing) onError?.(error, { operation: 'read the payment detail of a checkout session', id: sessionId });
        return null;
      }
    },

    async parseWebhook(rawBody, signatureHeader) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          clock.now().getTime(),
        );
      } catch (error) {
        const problem = signatureProblem(error);
        // The answer names what is wrong: the body, or the signature header.
        const field = problem.startsWith('The webhook body') ? '(body)' : 'stripe-signature';
        throw invalid(problem, { [field]: problem });
      }
      const data: unknown = (event as { data?: { object?: unknown } } | null)?.data?.object;
      if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof data !== 'object' || !data) {
        throw invalid('The webhook body is not a payment event.', { '(body)': 'Not a payment event.' });
      }
      return toPaymentAction(event, {
        sessionOfPaymentIntent,
        invoiceOfPaymentIntent,
        declineOfPaymentIntent,
        sessionOfSubscription,
      });
    },
  };
}
