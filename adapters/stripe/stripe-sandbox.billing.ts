import type { Request, RequestHandler, Router } from 'express';
import type {
  CancellationReason,
  Customer,
  Invoice,
  InvoiceLine,
  PauseBehavior,
  PaymentMethod,
  SessionLineItem,
  SessionSubscriptionData,
  Subscription,
  SubscriptionItem,
  SubscriptionStatus,
} from './stripe-sandbox.billing-objects';
import { chargeCard, type CardEntry } from './stripe-sandbox.cards';
import type { SandboxClocks } from './stripe-sandbox.clock';
import type { FormParams } from './stripe-sandbox.form';
import {
  allowOnly,
  badRequest,
  booleanParam,
  clone,
  descriptionAndMetadataParam,
  refill,
  refillEntries,
  currencyParam,
  hashParam,
  integerParam,
  isParams,
  listParam,
  metadataParam,
  noSuch,
  randomId,
  textParam,
  type Metadata,
  type StripeErrorBody,
} from './stripe-sandbox.params';
import type {
  Charge,
  CheckoutSession,
  PaymentAttempt,
  PaymentIntent,
  Price,
  Product,
  StripeEvent,
} from './stripe.sandbox';

const DAY = 24 * 3600;
/**
 * A declined renewal is tried again 3, 5 and 7 days after each failure (four tries over 15 days, as
 * Stripe's smart retries spread theirs over about two weeks); after the fourth failure the
 * subscription is cancelled. The first invoice of a checkout is never retried on its own: the payer
 * tries again on the checkout page.
 */
export const RENEWAL_RETRY_DAYS = [3, 5, 7] as const;
/** A bound on the billing steps one move of the clock may take (about eight years of monthly renewals). */
const MAX_STEPS_PER_MOVE = 500;

/** What billing uses of the sandbox around it. */
export interface BillingKit {
  /** The sandbox's time and its test clocks'. */
  clocks: Pick<SandboxClocks, 'now' | 'timeOf' | 'requireTestClock'>;
  merchant: string;
  emit(type: string, object: object, previous?: Record<string, unknown>, at?: number): StripeEvent;
  /** Notes that a stored object changed, for the journal (by the state's table name). */
  changed(table: string, key: string): void;
  touch(): void;
  products: Map<string, Product>;
  prices: Map<string, Price>;
  intents: Map<string, PaymentIntent>;
  charges: Map<string, Charge>;
  sessionItems: Map<string, SessionLineItem[]>;
  receiptUrl(chargeId: string): string;
}

/** The parts of the sandbox's HTTP plumbing billing's endpoints use. */
export interface BillingHttp {
  endpoint(
    handler: (params: FormParams, req: Request) => object | Promise<object>,
    options?: { expandable?: boolean },
  ): RequestHandler;
  list<T extends { id: string }>(items: T[], params: FormParams, url: string): object;
}

type CardOnFile = { number: string };

const describeInterval = (interval: string, count: number) => (count === 1 ? interval : `${count} ${interval}s`);

/** `start` moved on by `count` intervals, the month's day kept from the anchor (clamped to the month's end). */
export function addInterval(start: number, anchor: number, interval: string, count: number): number {
  const date = new Date(start * 1000);
  if (interval === 'day') return start + count * DAY;
  if (interval === 'week') return start + count * 7 * DAY;
  const months = interval === 'year' ? 12 * count : count;
  const anchorDate = new Date(anchor * 1000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchorDate.getUTCDate(), lastDay);
  return Math.floor(
    Date.UTC(year, month, day, anchorDate.getUTCHours(), anchorDate.getUTCMinutes(), anchorDate.getUTCSeconds()) / 1000,
  );
}

/**
 * Customers, subscriptions, invoices and the clocks of the Stripe sandbox: a subscription-mode checkout
 * makes the customer, its card, the subscription and its first invoice; moving a clock (a test clock, or
 * the sandbox's own) past a period's end renews it with an invoice charged to the card on file, and a
 * declined renewal is retried on a fixed schedule until the subscription is cancelled.
 */
export function createSandboxBilling(kit: BillingKit) {
  const customers = new Map<string, Customer>();
  const paymentMethods = new Map<string, PaymentMethod>();
  /** The card number behind each payment method: what a renewal is charged with. */
  const cardNumbers = new Map<string, CardOnFile>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const sessionSubscriptionData = new Map<string, SessionSubscriptionData>();

  const tables = {
    customers,
    paymentMethods,
    cardNumbers,
    subscriptions,
    invoices,
    sessionSubscriptionData,
  };

  const now = () => kit.clocks.now();
  /** A customer's time: its test clock's frozen time, else the sandbox's. */
  const timeOf = (customerId: string | null): number =>
    kit.clocks.timeOf((customerId ? customers.get(customerId)?.test_clock : null) ?? null);

  const save = (table: keyof typeof tables, id: string) => kit.changed(table, id);

  // -------------------------------------------------------------------------------------------
  // Customers and their cards

  function createCustomer(params: FormParams): Customer {
    allowOnly(params, ['email', 'name', 'description', 'metadata', 'test_clock', 'payment_method']);
    const clockId = textParam(params.test_clock, 'test_clock') ?? null;
    if (clockId) kit.clocks.requireTestClock(clockId, 'test_clock', 400);
    const paymentMethod = textParam(params.payment_method, 'payment_method');
    const customer = newCustomer({
      email: textParam(params.email, 'email') ?? null,
      name: textParam(params.name, 'name') ?? null,
      description: textParam(params.description, 'description') ?? null,
      metadata: metadataParam(params.metadata),
      testClock: clockId,
    });
    if (paymentMethod) attachCard(customer, requirePaymentMethod(paymentMethod, 'payment_method'));
    return customer;
  }

  function newCustomer(input: {
    email: string | null;
    name: string | null;
    description?: string | null;
    metadata?: Metadata;
    testClock?: string | null;
  }): Customer {
    const id = randomId('cus_', 14);
    const customer: Customer = {
      id,
      object: 'customer',
      address: null,
      balance: 0,
      created: kit.clocks.timeOf(input.testClock ?? null),
      currency: null,
      default_source: null,
      delinquent: false,
      description: input.description ?? null,
      email: input.email,
      invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: input.metadata ?? {},
      name: input.name,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: input.testClock ?? null,
    };
    customers.set(id, customer);
    save('customers', id);
    kit.emit('customer.created', customer, undefined, customer.created);
    return customer;
  }

  function updateCustomer(id: string, params: FormParams): Customer {
    allowOnly(params, ['email', 'name', 'description', 'metadata', 'invoice_settings']);
    const customer = requireCustomer(id, 'id');
    const previous: Record<string, unknown> = {};
    const email = textParam(params.email, 'email');
    if (email !== undefined && email !== customer.email) {
      previous.email = customer.email;
      customer.email = email;
    }
    const name = textParam(params.name, 'name');
    if (name !== undefined && name !== customer.name) {
      previous.name = customer.name;
      customer.name = name;
    }
    customer.description = textParam(params.description, 'description') ?? customer.description;
    customer.metadata = metadataParam(params.metadata, customer.metadata);
    const settings = hashParam(params.invoice_settings, 'invoice_settings');
    const methodId = settings
      ? textParam(settings.default_payment_method, 'invoice_settings[default_payment_method]')
      : undefined;
    if (methodId) {
      const method = requirePaymentMethod(methodId, 'invoice_settings[default_payment_method]');
      if (method.customer !== customer.id) {
        throw badRequest(
          `The customer does not have a payment method with the ID ${methodId}. The payment method must be attached to the customer.`,
          'invoice_settings[default_payment_method]',
          'resource_missing',
        );
      }
      previous.invoice_settings = clone(customer.invoice_settings);
      customer.invoice_settings.default_payment_method = methodId;
    }
    save('customers', customer.id);
    kit.emit('customer.updated', customer, previous, timeOf(customer.id));
    return customer;
  }

  function requireCustomer(id: string, param: string, status = 404): Customer {
    const customer = customers.get(id);
    if (!customer) throw noSuch('customer', id, param, status);
    return customer;
  }

  function requirePaymentMethod(id: string, param: string): PaymentMethod {
    const method = paymentMethods.get(id);
    if (!method) throw noSuch('PaymentMethod', id, param, 400);
    return method;
  }

  /** A card the payer typed, kept as a payment method of no one yet; null with the error when it cannot be read. */
  function newCard(
    entry: CardEntry,
    billing: { email: string | null; name: string | null },
  ): { method: PaymentMethod } | { invalid: StripeErrorBody & { field: 'number' | 'expiry' | 'cvc' } } {
    const outcome = chargeCard(entry, new Date(now() * 1000));
    if (outcome.kind === 'invalid') {
      return { invalid: { type: 'card_error', code: outcome.code, message: outcome.message, field: outcome.field } };
    }
    const method: PaymentMethod = {
      id: randomId('pm_1'),
      object: 'payment_method',
      billing_details: { address: null, email: billing.email, name: billing.name, phone: null },
      card: {
        ...outcome.card,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      },
      created: now(),
      customer: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    paymentMethods.set(method.id, method);
    cardNumbers.set(method.id, { number: entry.number.replace(/[\s-]/g, '') });
    save('paymentMethods', method.id);
    save('cardNumbers', method.id);
    return { method };
  }

  /** Attaches a card to a customer and makes it the one its invoices and subscriptions are charged to. */
  function attachCard(customer: Customer, method: PaymentMethod): void {
    const at = timeOf(customer.id);
    if (method.customer !== customer.id) {
      method.customer = customer.id;
      save('paymentMethods', method.id);
      kit.emit('payment_method.attached', method, undefined, at);
    }
    const previous = { invoice_settings: clone(customer.invoice_settings) };
    customer.invoice_settings.default_payment_method = method.id;
    save('customers', customer.id);
    kit.emit('customer.updated', customer, previous, at);
    for (const subscription of subscriptions.values()) {
      if (subscription.customer !== customer.id || subscription.status === 'canceled') continue;
      const before = { default_payment_method: subscription.default_payment_method };
      subscription.default_payment_method = method.id;
      save('subscriptions', subscription.id);
      kit.emit('customer.subscription.updated', subscription, before, at);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Recurring prices of a checkout session

  /** The inline recurring prices of a subscription-mode session's line items (made as prices of their own). */
  function recurringLineItems(params: FormParams): { items: SessionLineItem[]; currency: string } {
    const entries = listParam(params.line_items, 'line_items');
    if (!entries || entries.length === 0) throw badRequest('Missing required param: line_items.', 'line_items');
    if (entries.length > 1) {
      throw badRequest('The sandbox makes subscriptions of one line item.', 'line_items', 'parameter_invalid_integer');
    }
    const entry = entries[0]!;
    const param = 'line_items[0]';
    if (!isParams(entry)) throw badRequest(`Invalid object: ${param} must be a hash.`, param);
    const quantity = integerParam(entry.quantity, `${param}[quantity]`, { required: true, min: 1 })!;
    const priceId = textParam(entry.price, `${param}[price]`);
    let price: Price;
    if (priceId) {
      const found = kit.prices.get(priceId);
      if (!found) throw noSuch('price', priceId, `${param}[price]`, 400);
      if (!found.recurring) {
        throw badRequest(
          'You must provide at least one recurring price in `subscription` mode when using prices.',
          `${param}[price]`,
        );
      }
      price = found;
    } else {
      const data = hashParam(entry.price_data, `${param}[price_data]`);
      if (!data) throw badRequest(`Missing required param: ${param}[price].`, `${param}[price]`, 'parameter_missing');
      price = inlinePrice(data, `${param}[price_data]`, true);
    }
    return {
      items: [
        {
          price: price.id,
          name: kit.products.get(price.product)?.name ?? 'Subscription',
          unit_amount: price.unit_amount,
          quantity,
        },
      ],
      currency: price.currency,
    };
  }

  /** A price made from `price_data` (a checkout's or a subscription item's): kept out of the catalogue lists. */
  function inlinePrice(data: FormParams, param: string, productDataAllowed: boolean): Price {
    const currency = currencyParam(data.currency, `${param}[currency]`)!;
    const unitAmount = integerParam(data.unit_amount, `${param}[unit_amount]`, { required: true })!;
    const recurring = hashParam(data.recurring, `${param}[recurring]`);
    if (!recurring) {
      throw badRequest(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        `${param}[recurring]`,
      );
    }
    const interval = textParam(recurring.interval, `${param}[recurring][interval]`, true)!;
    if (!['day', 'week', 'month', 'year'].includes(interval)) {
      throw badRequest(
        `Invalid ${param}[recurring][interval]: must be one of day, week, month, or year`,
        `${param}[recurring][interval]`,
      );
    }
    const intervalCount =
      integerParam(recurring.interval_count, `${param}[recurring][interval_count]`, { min: 1 }) ?? 1;
    let productId = textParam(data.product, `${param}[product]`);
    if (productId) {
      if (!kit.products.has(productId)) throw noSuch('product', productId, `${param}[product]`, 400);
    } else {
      const productData = productDataAllowed ? hashParam(data.product_data, `${param}[product_data]`) : undefined;
      if (!productData) {
        throw badRequest(`Missing required param: ${param}[product].`, `${param}[product]`, 'parameter_missing');
      }
      const created = now();
      const product: Product = {
        id: randomId('prod_', 14),
        object: 'product',
        active: false,
        created,
        updated: created,
        default_price: null,
        description: null,
        images: [],
        livemode: false,
        metadata: {},
        name: textParam(productData.name, `${param}[product_data][name]`, true)!,
        url: null,
      };
      kit.products.set(product.id, product);
      kit.changed('products', product.id);
      productId = product.id;
    }
    const price: Price = {
      id: randomId('price_'),
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created: now(),
      currency,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: productId,
      recurring: {
        interval,
        interval_count: intervalCount,
        meter: null,
        trial_period_days: null,
        usage_type: 'licensed',
      },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    kit.prices.set(price.id, price);
    kit.changed('prices', price.id);
    return price;
  }

  function subscriptionDataOf(params: FormParams): SessionSubscriptionData {
    return (
      descriptionAndMetadataParam(params.subscription_data, 'subscription_data') ?? { description: null, metadata: {} }
    );
  }

  function keepSessionData(sessionId: string, data: SessionSubscriptionData): void {
    sessionSubscriptionData.set(sessionId, data);
    save('sessionSubscriptionData', sessionId);
  }

  // -------------------------------------------------------------------------------------------
  // Subscriptions and invoices

  function newSubscription(session: CheckoutSession, customer: Customer, start: number): Subscription {
    const line = (kit.sessionItems.get(session.id) ?? [])[0];
    const price = line?.price ? kit.prices.get(line.price) : undefined;
    if (!line || !price?.recurring) throw badRequest('This Checkout Session has no recurring price.', 'session');
    const data = sessionSubscriptionData.get(session.id) ?? { description: null, metadata: {} };
    return subscriptionOf(
      { price, quantity: line.quantity, ...data, paymentMethod: customer.invoice_settings.default_payment_method },
      customer,
      start,
    );
  }

  /** A new, incomplete subscription of one item, kept and announced (`customer.subscription.created`). */
  function subscriptionOf(
    input: {
      price: Price;
      quantity: number;
      description: string | null;
      metadata: Metadata;
      paymentMethod: string | null;
    },
    customer: Customer,
    start: number,
  ): Subscription {
    const { price, quantity, description, metadata } = input;
    const id = randomId('sub_1');
    const end = addInterval(start, start, price.recurring!.interval, price.recurring!.interval_count);
    const item: SubscriptionItem = {
      id: randomId('si_', 14),
      object: 'subscription_item',
      created: start,
      current_period_end: end,
      current_period_start: start,
      discounts: [],
      metadata: {},
      price: clone(price),
      quantity,
      subscription: id,
      tax_rates: [],
    };
    const subscription: Subscription = {
      id,
      object: 'subscription',
      application: null,
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: price.currency,
      customer: customer.id,
      default_payment_method: input.paymentMethod,
      description,
      discounts: [],
      ended_at: null,
      items: {
        object: 'list',
        data: [item],
        has_more: false,
        total_count: 1,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: { ...metadata },
      pause_collection: null,
      start_date: start,
      status: 'incomplete',
      test_clock: customer.test_clock,
      trial_end: null,
      trial_start: null,
    };
    subscriptions.set(id, subscription);
    save('subscriptions', id);
    kit.emit('customer.subscription.created', subscription, undefined, start);
    return subscription;
  }

  const itemOf = (subscription: Subscription) => subscription.items.data[0]!;

  /** A finalized invoice for the subscription's current period (its line bills the item's price and quantity). */
  function newInvoice(
    subscription: Subscription,
    reason: Invoice['billing_reason'],
    at: number,
    previousPeriod: { start: number; end: number },
  ): Invoice {
    const customer = customers.get(subscription.customer)!;
    const item = itemOf(subscription);
    const amount = item.price.unit_amount * item.quantity;
    const id = randomId('in_1');
    const recurring = item.price.recurring!;
    const productName = kit.products.get(item.price.product)?.name ?? 'Subscription';
    const line: InvoiceLine = {
      id: randomId('il_1'),
      object: 'line_item',
      amount,
      currency: subscription.currency,
      description: `${item.quantity} × ${productName} (at $${(item.price.unit_amount / 100).toFixed(2)} / ${describeInterval(recurring.interval, recurring.interval_count)})`,
      invoice: id,
      livemode: false,
      metadata: { ...subscription.metadata },
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          subscription: subscription.id,
          subscription_item: item.id,
        },
      },
      period: { start: item.current_period_start, end: item.current_period_end },
      pricing: {
        type: 'price_details',
        price_details: { price: item.price.id, product: item.price.product },
        unit_amount_decimal: String(item.price.unit_amount),
      },
      quantity: item.quantity,
      subtotal: amount,
    };
    const sequence = customer.next_invoice_sequence++;
    save('customers', customer.id);
    const invoice: Invoice = {
      id,
      object: 'invoice',
      account_name: kit.merchant,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: at,
      currency: subscription.currency,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name,
      default_payment_method: null,
      description: null,
      effective_at: at,
      hosted_invoice_url: null,
      lines: { object: 'list', data: [line], has_more: false, total_count: 1, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      },
      payments: { object: 'list', data: [], has_more: false, total_count: 0, url: '/v1/invoice_payments' },
      // Stripe's invoice period is the one before it (its line's period is what it bills).
      period_end: previousPeriod.end,
      period_start: previousPeriod.start,
      status: 'draft',
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: amount,
      test_clock: subscription.test_clock,
      total: amount,
    };
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    save('invoices', id);
    save('subscriptions', subscription.id);
    kit.emit('invoice.created', invoice, undefined, at);
    return invoice;
  }

  function finalize(invoice: Invoice, at: number): void {
    invoice.status = 'open';
    invoice.status_transitions.finalized_at = at;
    save('invoices', invoice.id);
    kit.emit('invoice.finalized', invoice, { status: 'draft' }, at);
  }

  /** The invoice's payment intent (one per invoice, its attempts each a charge), made at its first attempt. */
  function intentOf(invoice: Invoice, at: number): PaymentIntent {
    const known = invoice.payments.data[0]?.payment.payment_intent;
    const existing = known ? kit.intents.get(known) : undefined;
    if (existing) return existing;
    const customer = customers.get(invoice.customer);
    const intent: PaymentIntent = {
      id: randomId('pi_3'),
      object: 'payment_intent',
      amount: invoice.amount_due,
      amount_capturable: 0,
      amount_received: 0,
      capture_method: 'automatic',
      created: at,
      currency: invoice.currency,
      description: invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: {},
      payment_method: null,
      payment_method_types: ['card'],
      receipt_email: customer?.email ?? null,
      status: 'requires_payment_method',
    };
    kit.intents.set(intent.id, intent);
    kit.changed('intents', intent.id);
    invoice.payments = {
      object: 'list',
      data: [
        {
          id: randomId('inpay_1'),
          object: 'invoice_payment',
          amount_paid: null,
          amount_requested: invoice.amount_due,
          created: at,
          currency: invoice.currency,
          invoice: invoice.id,
          is_default: true,
          livemode: false,
          payment: { type: 'payment_intent', payment_intent: intent.id },
          status: 'open',
          status_transitions: { canceled_at: null, paid_at: null },
        },
      ],
      has_more: false,
      total_count: 1,
      url: '/v1/invoice_payments',
    };
    save('invoices', invoice.id);
    kit.emit('payment_intent.created', intent, undefined, at);
    return intent;
  }

  type Collected =
    | { paid: true; intent: PaymentIntent; charge: Charge }
    | { paid: false; intent: PaymentIntent; charge: Charge | null; error: StripeErrorBody };

  /** Charges an open invoice to the subscription's card on file, as one more attempt. */
  function collect(invoice: Invoice, subscription: Subscription, at: number): Collected {
    const intent = intentOf(invoice, at);
    const methodId = subscription.default_payment_method;
    const method = methodId ? paymentMethods.get(methodId) : undefined;
    const number = methodId ? cardNumbers.get(methodId)?.number : undefined;
    invoice.attempt_count += 1;
    invoice.attempted = true;
    let charge: Charge | null = null;
    let error: StripeErrorBody | null = null;
    if (!method || !number) {
      error = {
        type: 'invalid_request_error',
        code: 'payment_method_missing',
        message: 'The customer has no payment method to charge.',
      };
    } else {
      const card = method.card;
      const outcome = chargeCard(
        { number, expiry: `${card.exp_month} / ${card.exp_year}`, cvc: card.brand === 'amex' ? '1234' : '123' },
        new Date(at * 1000),
      );
      const approved = outcome.kind === 'approved';
      const decline =
        outcome.kind === 'declined'
          ? outcome
          : outcome.kind === 'invalid'
            ? { code: 'expired_card', declineCode: null, message: 'Your card has expired.' }
            : null;
      charge = {
        id: randomId('ch_3'),
        object: 'charge',
        amount: intent.amount,
        amount_captured: approved ? intent.amount : 0,
        amount_refunded: 0,
        billing_details: { email: method.billing_details.email, name: method.billing_details.name },
        captured: approved,
        created: at,
        currency: intent.currency,
        description: intent.description,
        failure_code: decline ? decline.code : null,
        failure_message: decline ? decline.message : null,
        livemode: false,
        metadata: {},
        outcome: decline
          ? {
              network_status: 'declined_by_network',
              reason: decline.declineCode ?? decline.code,
              risk_level: 'normal',
              seller_message: 'The bank did not return any further details with this decline.',
              type: 'issuer_declined',
            }
          : {
              network_status: 'approved_by_network',
              reason: null,
              risk_level: 'normal',
              seller_message: 'Payment complete.',
              type: 'authorized',
            },
        paid: approved,
        payment_intent: intent.id,
        payment_method: method.id,
        payment_method_details: {
          type: 'card',
          card: {
            brand: card.brand,
            last4: card.last4,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
            funding: card.funding,
            country: card.country,
          },
        },
        receipt_email: intent.receipt_email,
        receipt_url: null,
        refunded: false,
        status: approved ? 'succeeded' : 'failed',
      };
      if (approved) charge.receipt_url = kit.receiptUrl(charge.id);
      kit.charges.set(charge.id, charge);
      kit.changed('charges', charge.id);
      intent.latest_charge = charge.id;
      intent.payment_method = method.id;
      if (decline) {
        error = {
          type: 'card_error',
          code: decline.code,
          ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
          message: decline.message,
          charge: charge.id,
          doc_url: `https://stripe.com/docs/error-codes/${decline.code.replaceAll('_', '-')}`,
        };
      }
    }
    kit.changed('intents', intent.id);

    if (!error && charge) {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.last_payment_error = null;
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      invoice.amount_remaining = 0;
      invoice.next_payment_attempt = null;
      invoice.status_transitions.paid_at = at;
      const payment = invoice.payments.data[0]!;
      payment.status = 'paid';
      payment.amount_paid = invoice.amount_due;
      payment.status_transitions.paid_at = at;
      save('invoices', invoice.id);
      kit.emit('charge.succeeded', charge, undefined, at);
      kit.emit('payment_intent.succeeded', intent, undefined, at);
      kit.emit('invoice.paid', invoice, { status: 'open' }, at);
      kit.emit('invoice.payment_succeeded', invoice, undefined, at);
      if (subscription.status !== 'active' && subscription.status !== 'canceled') {
        setStatus(subscription, 'active', at);
      }
      return { paid: true, intent, charge };
    }

    const failure = error!;
    intent.status = 'requires_payment_method';
    intent.last_payment_error =
      failure.type === 'card_error' && charge
        ? {
            type: 'card_error',
            code: failure.code!,
            ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
            message: failure.message,
            charge: charge.id,
            doc_url: failure.doc_url!,
          }
        : null;
    const retries = invoice.billing_reason === 'subscription_cycle' ? RENEWAL_RETRY_DAYS : [];
    const delay = retries[invoice.attempt_count - 1];
    invoice.next_payment_attempt = delay === undefined ? null : at + delay * DAY;
    save('invoices', invoice.id);
    if (charge) kit.emit('charge.failed', charge, undefined, at);
    kit.emit('payment_intent.payment_failed', intent, undefined, at);
    kit.emit('invoice.payment_failed', invoice, undefined, at);
    if (invoice.billing_reason === 'subscription_cycle') {
      if (invoice.next_payment_attempt === null) {
        // The last try failed: nothing is retried any more, and the subscription ends.
        invoice.auto_advance = false;
        save('invoices', invoice.id);
        cancel(subscription, 'payment_failed', at);
      } else if (subscription.status === 'active') {
        setStatus(subscription, 'past_due', at);
      }
    }
    return { paid: false, intent, charge, error: { ...failure, payment_intent: clone(intent) } };
  }

  function setStatus(subscription: Subscription, status: SubscriptionStatus, at: number): void {
    const previous = { status: subscription.status };
    subscription.status = status;
    save('subscriptions', subscription.id);
    kit.emit('customer.subscription.updated', subscription, previous, at);
  }

  /** Ends a subscription now: nothing more is billed or retried. */
  function cancel(subscription: Subscription, reason: CancellationReason, at: number, comment?: string | null) {
    if (subscription.status === 'canceled') {
      throw badRequest(
        `A canceled subscription can only update its cancellation_details and metadata.`,
        undefined,
        'resource_missing',
      );
    }
    subscription.status = 'canceled';
    subscription.canceled_at = at;
    subscription.ended_at = at;
    subscription.cancellation_details = {
      comment: comment ?? subscription.cancellation_details.comment,
      feedback: subscription.cancellation_details.feedback,
      reason,
    };
    save('subscriptions', subscription.id);
    for (const invoice of invoices.values()) {
      if (invoice.parent.subscription_details.subscription !== subscription.id) continue;
      if (invoice.next_payment_attempt !== null) {
        invoice.next_payment_attempt = null;
        invoice.auto_advance = false;
        save('invoices', invoice.id);
      }
    }
    kit.emit('customer.subscription.deleted', subscription, undefined, at);
  }

  /** The subscription's next period begins at `at`: a new invoice, charged unless collection is paused. */
  function renew(subscription: Subscription, at: number): void {
    const item = itemOf(subscription);
    if (subscription.cancel_at_period_end || (subscription.cancel_at !== null && subscription.cancel_at <= at)) {
      cancel(subscription, 'cancellation_requested', at);
      return;
    }
    const previousPeriod = { start: item.current_period_start, end: item.current_period_end };
    const recurring = item.price.recurring!;
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(
      item.current_period_start,
      subscription.billing_cycle_anchor,
      recurring.interval,
      recurring.interval_count,
    );
    save('subscriptions', subscription.id);
    kit.emit(
      'customer.subscription.updated',
      subscription,
      {
        items: {
          ...subscription.items,
          data: [
            { ...clone(item), current_period_start: previousPeriod.start, current_period_end: previousPeriod.end },
          ],
        },
      },
      at,
    );
    const invoice = newInvoice(subscription, 'subscription_cycle', at, previousPeriod);
    const paused = subscription.pause_collection;
    if (paused) {
      // Collection is paused: the invoice is kept as the behaviour says, and nothing is charged.
      if (paused.behavior === 'void') {
        finalize(invoice, at);
        invoice.status = 'void';
        invoice.status_transitions.voided_at = at;
        invoice.amount_remaining = 0;
        save('invoices', invoice.id);
        kit.emit('invoice.voided', invoice, { status: 'open' }, at);
      } else if (paused.behavior === 'mark_uncollectible') {
        finalize(invoice, at);
        invoice.status = 'uncollectible';
        invoice.status_transitions.marked_uncollectible_at = at;
        save('invoices', invoice.id);
        kit.emit('invoice.marked_uncollectible', invoice, { status: 'open' }, at);
      }
      return;
    }
    finalize(invoice, at);
    collect(invoice, subscription, at);
  }

  /** Bills a subscription up to `to`: renewals, retries and the end of a pause, each at its own time. */
  function catchUp(subscription: Subscription, to: number): void {
    for (let step = 0; step < MAX_STEPS_PER_MOVE; step++) {
      if (subscription.status !== 'active' && subscription.status !== 'past_due') return;
      const periodEnd = itemOf(subscription).current_period_end;
      const open = [...invoices.values()].find(
        (invoice) =>
          invoice.parent.subscription_details.subscription === subscription.id &&
          invoice.status === 'open' &&
          invoice.next_payment_attempt !== null,
      );
      const retryAt = open?.next_payment_attempt ?? Infinity;
      const resumesAt = subscription.pause_collection?.resumes_at ?? Infinity;
      const next = Math.min(periodEnd, retryAt, resumesAt);
      if (next > to) return;
      if (resumesAt === next) {
        const previous = { pause_collection: subscription.pause_collection };
        subscription.pause_collection = null;
        save('subscriptions', subscription.id);
        kit.emit('customer.subscription.updated', subscription, previous, next);
      } else if (retryAt === next && open) {
        collect(open, subscription, next);
      } else {
        renew(subscription, next);
      }
    }
  }

  /** Bills every subscription that follows the given clock (null: the sandbox's own) up to its time. */
  function runClock(clockId: string | null): void {
    for (const subscription of subscriptions.values()) {
      if (subscription.test_clock !== clockId) continue;
      catchUp(subscription, kit.clocks.timeOf(clockId));
    }
    kit.touch();
  }

  // -------------------------------------------------------------------------------------------
  // Paying a subscription-mode checkout session

  /**
   * The card page of a subscription-mode session: the first try makes the customer, the subscription
   * and its first invoice; a declined card leaves them incomplete and open for the next try on the
   * page, which charges the same invoice to the new card.
   */
  function paySession(
    session: CheckoutSession,
    entry: CardEntry & { email: string | null; name: string | null },
  ): PaymentAttempt {
    const card = newCard(entry, { email: entry.email, name: entry.name });
    if ('invalid' in card) return { status: 'invalid', session: clone(session), error: card.invalid };
    let customer = session.customer ? customers.get(session.customer) : undefined;
    if (!customer) {
      customer = newCustomer({ email: entry.email, name: entry.name });
      session.customer = customer.id;
      kit.changed('sessions', session.id);
    }
    attachCard(customer, card.method);
    const at = timeOf(customer.id);
    let subscription = session.subscription ? subscriptions.get(session.subscription) : undefined;
    let invoice: Invoice;
    if (!subscription) {
      subscription = newSubscription(session, customer, at);
      session.subscription = subscription.id;
      kit.changed('sessions', session.id);
      invoice = newInvoice(subscription, 'subscription_create', at, { start: at, end: at });
      finalize(invoice, at);
    } else {
      invoice = invoices.get(subscription.latest_invoice!)!;
    }
    subscription.default_payment_method = card.method.id;
    save('subscriptions', subscription.id);
    const result = collect(invoice, subscription, at);
    if (!result.paid) {
      return {
        status: 'declined',
        session: clone(session),
        paymentIntent: clone(result.intent),
        charge: clone(result.charge!),
        error: result.error,
      };
    }
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    session.invoice = invoice.id;
    session.customer_details = { email: entry.email, name: entry.name };
    kit.changed('sessions', session.id);
    kit.emit('checkout.session.completed', session, undefined, at);
    return {
      status: 'succeeded',
      session: clone(session),
      paymentIntent: clone(result.intent),
      charge: clone(result.charge),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Changing and ending subscriptions

  function requireSubscription(id: string, param = 'id', status = 404): Subscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw noSuch('subscription', id, param, status);
    return subscription;
  }

  function updateSubscription(id: string, params: FormParams): Subscription {
    allowOnly(params, [
      'items',
      'proration_behavior',
      'pause_collection',
      'cancel_at_period_end',
      'cancellation_details',
      'metadata',
      'default_payment_method',
      'description',
    ]);
    const subscription = requireSubscription(id);
    const at = timeOf(subscription.customer);
    catchUp(subscription, at);
    const previous: Record<string, unknown> = {};
    const details = hashParam(params.cancellation_details, 'cancellation_details');
    if (subscription.status === 'canceled') {
      const others = Object.keys(params).filter(
        (name) => !['metadata', 'cancellation_details', 'expand'].includes(name),
      );
      if (others.length > 0) {
        throw badRequest('A canceled subscription can only update its cancellation_details and metadata.', others[0]);
      }
    }
    const items = listParam(params.items, 'items');
    if (items) {
      const proration = textParam(params.proration_behavior, 'proration_behavior') ?? 'create_prorations';
      if (proration !== 'none') {
        throw badRequest(
          'The sandbox bills a changed price from the next period only: pass proration_behavior=none.',
          'proration_behavior',
        );
      }
      if (items.length !== 1 || !isParams(items[0])) {
        throw badRequest('The sandbox changes the one item of a subscription.', 'items');
      }
      const change = items[0];
      const item = itemOf(subscription);
      const itemId = textParam(change.id, 'items[0][id]');
      if (itemId && itemId !== item.id) throw noSuch('subscription_item', itemId, 'items[0][id]', 400);
      if (!itemId && (change.price !== undefined || change.price_data !== undefined)) {
        throw badRequest('The sandbox changes the existing item of a subscription: pass items[0][id].', 'items[0][id]');
      }
      previous.items = clone(subscription.items);
      const priceId = textParam(change.price, 'items[0][price]');
      const data = hashParam(change.price_data, 'items[0][price_data]');
      if (priceId) {
        const price = kit.prices.get(priceId);
        if (!price) throw noSuch('price', priceId, 'items[0][price]', 400);
        if (!price.recurring) {
          throw badRequest('The price specified is not a recurring price.', 'items[0][price]');
        }
        item.price = clone(price);
      } else if (data) {
        item.price = clone(inlinePrice(data, 'items[0][price_data]', false));
      }
      const quantity = integerParam(change.quantity, 'items[0][quantity]', { min: 1 });
      if (quantity !== undefined) item.quantity = quantity;
      if (item.price.currency !== subscription.currency) {
        throw badRequest('The price currency must match the subscription currency.', 'items[0][price_data][currency]');
      }
    }
    if (params.pause_collection === '') {
      previous.pause_collection = subscription.pause_collection;
      subscription.pause_collection = null;
    } else {
      const pause = hashParam(params.pause_collection, 'pause_collection');
      if (pause) {
        const behavior = textParam(pause.behavior, 'pause_collection[behavior]', true)!;
        if (!['void', 'keep_as_draft', 'mark_uncollectible'].includes(behavior)) {
          throw badRequest(
            'Invalid pause_collection[behavior]: must be one of keep_as_draft, mark_uncollectible, or void',
            'pause_collection[behavior]',
          );
        }
        const resumesAt = integerParam(pause.resumes_at, 'pause_collection[resumes_at]') ?? null;
        if (resumesAt !== null && resumesAt <= at) {
          throw badRequest('pause_collection[resumes_at] must be in the future.', 'pause_collection[resumes_at]');
        }
        previous.pause_collection = subscription.pause_collection;
        subscription.pause_collection = { behavior: behavior as PauseBehavior, resumes_at: resumesAt };
      }
    }
    const atPeriodEnd = booleanParam(params.cancel_at_period_end, 'cancel_at_period_end');
    if (atPeriodEnd !== undefined && atPeriodEnd !== subscription.cancel_at_period_end) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      previous.cancel_at = subscription.cancel_at;
      previous.cancellation_details = clone(subscription.cancellation_details);
      subscription.cancel_at_period_end = atPeriodEnd;
      subscription.cancel_at = atPeriodEnd ? itemOf(subscription).current_period_end : null;
      subscription.cancellation_details.reason = atPeriodEnd ? 'cancellation_requested' : null;
    }
    if (details) {
      const comment = textParam(details.comment, 'cancellation_details[comment]');
      const feedback = textParam(details.feedback, 'cancellation_details[feedback]');
      if (comment !== undefined) subscription.cancellation_details.comment = comment;
      if (feedback !== undefined) subscription.cancellation_details.feedback = feedback;
    }
    if (params.metadata !== undefined) {
      previous.metadata = { ...subscription.metadata };
      subscription.metadata = metadataParam(params.metadata, subscription.metadata);
    }
    const description = textParam(params.description, 'description');
    if (description !== undefined) subscription.description = description;
    const methodId = textParam(params.default_payment_method, 'default_payment_method');
    if (methodId) {
      const method = requirePaymentMethod(methodId, 'default_payment_method');
      if (method.customer !== subscription.customer) {
        throw badRequest(
          `The customer does not have a payment method with the ID ${methodId}.`,
          'default_payment_method',
          'resource_missing',
        );
      }
      previous.default_payment_method = subscription.default_payment_method;
      subscription.default_payment_method = methodId;
    }
    save('subscriptions', subscription.id);
    kit.emit('customer.subscription.updated', subscription, previous, at);
    return subscription;
  }

  /**
   * `POST /v1/subscriptions`: a subscription of one item for a customer, on a card of theirs, its first
   * invoice charged at once (`payment_behavior=allow_incomplete`, Stripe's default): paid, it is active;
   * declined, it stays incomplete with the invoice open, as Stripe leaves it.
   */
  function createSubscription(params: FormParams): Subscription {
    allowOnly(params, ['customer', 'items', 'default_payment_method', 'description', 'metadata', 'payment_behavior']);
    const customer = requireCustomer(textParam(params.customer, 'customer', true)!, 'customer', 400);
    const behavior = textParam(params.payment_behavior, 'payment_behavior') ?? 'allow_incomplete';
    if (behavior !== 'allow_incomplete') {
      throw badRequest(
        'The sandbox charges a new subscription at once: pass payment_behavior=allow_incomplete.',
        'payment_behavior',
      );
    }
    const items = listParam(params.items, 'items');
    if (!items || items.length === 0) throw badRequest('Missing required param: items.', 'items', 'parameter_missing');
    if (items.length !== 1 || !isParams(items[0])) {
      throw badRequest('The sandbox makes subscriptions of one item.', 'items');
    }
    const entry = items[0];
    const priceId = textParam(entry.price, 'items[0][price]');
    let price: Price;
    if (priceId) {
      const found = kit.prices.get(priceId);
      if (!found) throw noSuch('price', priceId, 'items[0][price]', 400);
      if (!found.recurring) throw badRequest('The price specified is not a recurring price.', 'items[0][price]');
      price = found;
    } else {
      const data = hashParam(entry.price_data, 'items[0][price_data]');
      if (!data) throw badRequest('Missing required param: items[0][price].', 'items[0][price]', 'parameter_missing');
      price = inlinePrice(data, 'items[0][price_data]', false);
    }
    const quantity = integerParam(entry.quantity, 'items[0][quantity]', { min: 1 }) ?? 1;
    const methodId =
      textParam(params.default_payment_method, 'default_payment_method') ??
      customer.invoice_settings.default_payment_method;
    if (methodId) {
      const method = requirePaymentMethod(methodId, 'default_payment_method');
      if (method.customer !== customer.id) {
        throw badRequest(
          `The customer does not have a payment method with the ID ${methodId}.`,
          'default_payment_method',
          'resource_missing',
        );
      }
    } else {
      throw badRequest(
        'This customer has no attached payment source or default payment method.',
        'default_payment_method',
        'resource_missing',
      );
    }
    const at = timeOf(customer.id);
    const subscription = subscriptionOf(
      {
        price,
        quantity,
        description: textParam(params.description, 'description') ?? null,
        metadata: metadataParam(params.metadata),
        paymentMethod: methodId,
      },
      customer,
      at,
    );
    const invoice = newInvoice(subscription, 'subscription_create', at, { start: at, end: at });
    finalize(invoice, at);
    collect(invoice, subscription, at);
    save('subscriptions', subscription.id);
    return subscription;
  }

  function cancelSubscription(id: string, params: FormParams): Subscription {
    allowOnly(params, ['cancellation_details', 'invoice_now', 'prorate']);
    const subscription = requireSubscription(id);
    const at = timeOf(subscription.customer);
    catchUp(subscription, at);
    const details = hashParam(params.cancellation_details, 'cancellation_details');
    const comment = details ? textParam(details.comment, 'cancellation_details[comment]') : undefined;
    cancel(subscription, 'cancellation_requested', at, comment);
    return subscription;
  }

  // -------------------------------------------------------------------------------------------
  // HTTP

  function mountApi(api: Router, http: BillingHttp): void {
    const { endpoint, list } = http;
    const id = (req: { params: Record<string, unknown> }) => String(req.params.id);

    api.post(
      '/v1/customers',
      endpoint((params) => createCustomer(params)),
    );
    api.get(
      '/v1/customers',
      endpoint(
        (params) => {
          allowOnly(params, ['email', 'test_clock', 'limit', 'starting_after', 'ending_before']);
          const email = textParam(params.email, 'email');
          const clock = textParam(params.test_clock, 'test_clock');
          const items = [...customers.values()].filter(
            (customer) => (!email || customer.email === email) && (!clock || customer.test_clock === clock),
          );
          return list(items, params, '/v1/customers');
        },
        { expandable: false },
      ),
    );
    api.get(
      '/v1/customers/:id',
      endpoint((_params, req) => requireCustomer(id(req), 'id')),
    );
    api.post(
      '/v1/customers/:id',
      endpoint((params, req) => updateCustomer(id(req), params)),
    );
    api.get(
      '/v1/payment_methods/:id',
      endpoint((_params, req) => {
        const method = paymentMethods.get(id(req));
        if (!method) throw noSuch('PaymentMethod', id(req), 'payment_method');
        return method;
      }),
    );

    api.get(
      '/v1/subscriptions',
      endpoint(
        (params) => {
          allowOnly(params, ['customer', 'status', 'price', 'test_clock', 'limit', 'starting_after', 'ending_before']);
          const customer = textParam(params.customer, 'customer');
          // As Stripe: without a status, every subscription not cancelled; `all` includes those.
          const status = textParam(params.status, 'status');
          const items = [...subscriptions.values()].filter(
            (subscription) =>
              (!customer || subscription.customer === customer) &&
              (status === 'all' || (status ? subscription.status === status : subscription.status !== 'canceled')),
          );
          return list(items, params, '/v1/subscriptions');
        },
        { expandable: false },
      ),
    );
    api.post(
      '/v1/subscriptions',
      endpoint((params) => createSubscription(params)),
    );
    api.get(
      '/v1/subscriptions/:id',
      endpoint((_params, req) => {
        const subscription = requireSubscription(id(req));
        catchUp(subscription, timeOf(subscription.customer));
        return subscription;
      }),
    );
    api.post(
      '/v1/subscriptions/:id',
      endpoint((params, req) => updateSubscription(id(req), params)),
    );
    api.delete(
      '/v1/subscriptions/:id',
      endpoint((params, req) => cancelSubscription(id(req), params)),
    );

    api.get(
      '/v1/invoices',
      endpoint(
        (params) => {
          allowOnly(params, ['customer', 'subscription', 'status', 'limit', 'starting_after', 'ending_before']);
          const customer = textParam(params.customer, 'customer');
          const subscription = textParam(params.subscription, 'subscription');
          const status = textParam(params.status, 'status');
          const items = [...invoices.values()].filter(
            (invoice) =>
              (!customer || invoice.customer === customer) &&
              (!subscription || invoice.parent.subscription_details.subscription === subscription) &&
              (!status || invoice.status === status),
          );
          return list(items, params, '/v1/invoices');
        },
        { expandable: false },
      ),
    );
    api.get(
      '/v1/invoice_payments',
      endpoint(
        (params) => {
          allowOnly(params, ['invoice', 'payment', 'status', 'limit', 'starting_after', 'ending_before']);
          const invoiceId = textParam(params.invoice, 'invoice');
          const payment = hashParam(params.payment, 'payment');
          const intent = payment ? textParam(payment.payment_intent, 'payment[payment_intent]') : undefined;
          const status = textParam(params.status, 'status');
          const items = [...invoices.values()].flatMap((invoice) =>
            invoice.payments.data.filter(
              (entry) =>
                (!invoiceId || entry.invoice === invoiceId) &&
                (!intent || entry.payment.payment_intent === intent) &&
                (!status || entry.status === status),
            ),
          );
          return list(items, params, '/v1/invoice_payments');
        },
        { expandable: false },
      ),
    );
    api.get(
      '/v1/invoices/:id',
      endpoint((_params, req) => {
        const invoice = invoices.get(id(req));
        if (!invoice) throw noSuch('invoice', id(req), 'invoice');
        return invoice;
      }),
    );
  }

  /** The state's billing fields (each object by id, the card numbers and session data as entries). */
  function snapshot() {
    return {
      customers: [...customers.values()],
      paymentMethods: [...paymentMethods.values()],
      cardNumbers: [...cardNumbers],
      subscriptions: [...subscriptions.values()],
      invoices: [...invoices.values()],
      sessionSubscriptionData: [...sessionSubscriptionData],
    };
  }

  function restore(saved: ReturnType<typeof snapshot>): void {
    refill(customers, saved.customers);
    refill(paymentMethods, saved.paymentMethods);
    refillEntries(cardNumbers, saved.cardNumbers);
    refill(subscriptions, saved.subscriptions);
    refill(invoices, saved.invoices);
    refillEntries(sessionSubscriptionData, saved.sessionSubscriptionData);
  }

  return {
    tables,
    now,
    timeOf,
    recurringLineItems,
    subscriptionDataOf,
    keepSessionData,
    paySession,
    newCard,
    attachCard,
    updateSubscription,
    requireCustomer,
    subscriptionsOf: (customerId: string) =>
      [...subscriptions.values()].filter((subscription) => subscription.customer === customerId),
    paymentMethod: (methodId: string | null) => (methodId ? paymentMethods.get(methodId) : undefined),
    /** Bills the subscriptions that follow a clock (null: the sandbox's own) up to its time. */
    bill: runClock,
    mountApi,
    snapshot,
    restore,
  };
}

export type SandboxBilling = ReturnType<typeof createSandboxBilling>;
