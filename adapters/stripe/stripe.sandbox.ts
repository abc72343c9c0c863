import { createHash, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Clock } from '@causeway/core/ports/clock.port';
import { chargeCard, DECLINE_CARDS, type CardDetails, type CardEntry } from './stripe-sandbox.cards';
import { FormError, fromJson, parseStripeForm, type FormParams } from './stripe-sandbox.form';
import {
  allowOnly,
  badRequest,
  booleanParam,
  clone,
  descriptionAndMetadataParam,
  refill,
  refillEntries,
  currencyParam,
  expandParam,
  hashParam,
  integerParam,
  isParams,
  listParam,
  metadataParam,
  missingParam,
  noSuch,
  randomId,
  StripeApiError,
  textParam,
  urlParam,
  type Metadata,
  type StripeErrorBody,
} from './stripe-sandbox.params';
import {
  pageSecurityHeaders,
  renderCheckoutPage,
  renderNoticePage,
  renderReceiptPage,
  type CheckoutPageModel,
} from './stripe-sandbox.pages';
import type { ChangeRecorder, JournalSubject } from '../system/json-journal';
import { createSandboxBilling } from './stripe-sandbox.billing';
import type {
  Customer,
  Invoice,
  PaymentMethod,
  SessionSubscriptionData,
  Subscription,
} from './stripe-sandbox.billing-objects';
import { createSandboxClocks, type TestClock } from './stripe-sandbox.clock';
import { createSandboxPortal, type PortalSession } from './stripe-sandbox.portal';
import {
  createWebhookDeliverer,
  deliveryKey,
  type PendingDelivery,
  type WebhookAttempt,
  type WebhookDeliverer,
  type WebhookSettings,
} from './stripe-sandbox.webhooks';

export { StripeApiError, type StripeErrorBody } from './stripe-sandbox.params';

/** The API version the sandbox's objects are shaped after (the SDK's pinned version). */
export const SANDBOX_API_VERSION = '2026-10-28.endive';
/** Stripe keeps idempotent results for 24 hours. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** A checkout session stays open 24 hours unless told otherwise. */
const SESSION_TTL_SECONDS = 24 * 3600;
/** Stripe's minimum charge in usd. */
const MINIMUM_AMOUNT = 50;

export interface StripeSandboxOptions {
  /** The secret key every API call must carry (`Authorization: Bearer sk_test_...`). */
  secretKey: string;
  /** Signs the webhooks (`Stripe-Signature`), as an endpoint's `whsec_...` secret does. */
  webhookSecret: string;
  clock?: Clock;
  /** Where the sandbox is reached (its hosted pages and receipts are linked from there). */
  baseUrl?: string;
  /** Webhook delivery: the endpoint, retries, and the duplicate and out-of-order knobs. */
  webhooks?: Partial<WebhookSettings>;
  /** The business name shown on checkout pages and receipts. */
  merchantName?: string;
  /** Told when a webhook was given up on after its last attempt. */
  onDeliveryGivenUp?: (attempt: WebhookAttempt) => void;
}

/** What became of a payment tried on a checkout session. */
export type PaymentAttempt =
  | { status: 'succeeded'; session: CheckoutSession; paymentIntent: PaymentIntent; charge: Charge }
  | {
      status: 'declined';
      session: CheckoutSession;
      paymentIntent: PaymentIntent;
      charge: Charge;
      error: StripeErrorBody;
    }
  | { status: 'invalid'; session: CheckoutSession; error: StripeErrorBody & { field: 'number' | 'expiry' | 'cvc' } };

export interface StripeSandbox extends JournalSubject {
  /** The Stripe API (`/v1/...`), the hosted pages and the control API (`/_sandbox/...`). */
  router: Router;
  /** Tells the sandbox where it is reached and where its webhooks go, once that is known. */
  configure(settings: { baseUrl?: string; webhookUrl?: string | null }): void;
  /** Pays a checkout session with a card, as its page does (default: 4242 4242 4242 4242). */
  pay(sessionId: string, card?: Partial<CardEntry> & { email?: string; name?: string }): PaymentAttempt;
  /** Declines a checkout session's payment with a decline code (default `generic_decline`). */
  decline(sessionId: string, declineCode?: string): PaymentAttempt;
  /** Refunds a paid payment intent, in full unless an amount is given. */
  refund(paymentIntentId: string, amount?: number): Refund;
  /** Emits any event, delivered like the others. */
  emitEvent(type: string, object: Record<string, unknown>): StripeEvent;
  webhooks: Pick<WebhookDeliverer, 'configure' | 'settings' | 'attempts' | 'drain'>;
  /**
   * The whole state as JSON-ready data: every object, the events, the idempotent results still valid
   * and the webhook attempts, with the address its URLs were made with (not deliveries in flight).
   */
  exportState(): StripeSandboxState;
  /** Replaces the state with an exported one; throws, changing nothing, on one it cannot read. */
  restoreState(state: unknown): void;
  /** Told after each change (objects, events, idempotent results, webhook attempts); answers an unsubscribe. */
  onChange(listener: () => void): () => void;
  /**
   * The whole state for a snapshot line of the sandbox's file: `exportState` without its copies
   * (serialized at once, it shares the live objects).
   */
  snapshotState(): StripeSandboxState;
  /** Restores a snapshot and the journal records written after it (see `recordChanges`). */
  restoreJournal(snapshot: unknown, records: unknown[]): void;
  /**
   * Notes each change from now on, for a journal: `take()` answers the objects changed since the last
   * take (`{ t: table, k: id, v: object or null }`) and the webhook attempts made (`{ a: attempt }`).
   */
  recordChanges(): ChangeRecorder;
  close(): void;
}

// ---------------------------------------------------------------------------------------------
// The objects, in the shapes of Stripe's API (the fields we serve).

export interface Product {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  updated: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  metadata: Metadata;
  name: string;
  url: string | null;
}

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: {
    interval: string;
    interval_count: number;
    meter: null;
    trial_period_days: null;
    usage_type: 'licensed';
  } | null;
  tax_behavior: 'unspecified';
  type: 'one_time' | 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

interface LineItem {
  price: string | null;
  name: string;
  unit_amount: number;
  quantity: number;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  metadata: Metadata;
  mode: 'payment' | 'subscription';
  payment_intent: string | null;
  payment_link: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string | null;
  url: string | null;
}

interface LastPaymentError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
  charge: string;
  doc_url: string;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  capture_method: 'automatic';
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: LastPaymentError | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: 'requires_payment_method' | 'succeeded';
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  billing_details: { email: string | null; name: string | null };
  captured: boolean;
  created: number;
  currency: string;
  description: string | null;
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  metadata: Metadata;
  outcome: { network_status: string; reason: string | null; risk_level: string; seller_message: string; type: string };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: CardDetails };
  receipt_email: string | null;
  receipt_url: string | null;
  refunded: boolean;
  status: 'succeeded' | 'failed';
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  status: 'succeeded';
}

export interface PaymentLink {
  id: string;
  object: 'payment_link';
  active: boolean;
  after_completion:
    | { type: 'redirect'; redirect: { url: string } }
    | { type: 'hosted_confirmation'; hosted_confirmation: { custom_message: string | null } };
  currency: string;
  livemode: false;
  metadata: Metadata;
  payment_intent_data: { description: string | null; metadata: Metadata } | null;
  url: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** `sk_test_abc...wxyz` → `sk_test_****wxyz`, as Stripe names a key it refuses. */
const maskKey = (key: string) => {
  const prefix = /^[a-z]{2}_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}${'*'.repeat(Math.max(4, key.length - prefix.length - 4))}${key.slice(-4)}`;
};

const SNAPSHOT_FORMAT = 'causeway.stripe-sandbox';
/** The state's fields kept as `[key, value]` entries rather than objects with ids. */
const ENTRY_TABLES = new Set([
  'sessionItems',
  'sessionPaymentIntentData',
  'linkItems',
  'idempotent',
  'cardNumbers',
  'sessionSubscriptionData',
  'sandboxClock',
]);
/** Webhook attempts kept over a restart: the latest ones. */
const SNAPSHOT_ATTEMPTS = 1_000;

const stripeObject = <T extends string>(object: T, prefix: string) =>
  z.looseObject({ id: z.string().startsWith(prefix), object: z.literal(object) });
const entriesOf = <T extends z.ZodType>(value: T) => z.array(z.tuple([z.string(), value]));
const metadata = z.record(z.string(), z.string());

/** What `exportState` answers: checked on restore, since it comes back from a file. */
const SandboxStateSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.literal(1),
  /** The address the objects' URLs (pages, receipts) were made with; rewritten when it changes. */
  baseUrl: z.string().nullable(),
  products: z.array(stripeObject('product', 'prod_')),
  prices: z.array(stripeObject('price', 'price_').extend({ product: z.string(), unit_amount: z.number() })),
  sessions: z.array(
    stripeObject('checkout.session', 'cs_').extend({
      status: z.enum(['open', 'complete', 'expired']),
      expires_at: z.number(),
      amount_total: z.number(),
      payment_intent: z.string().nullable(),
    }),
  ),
  sessionItems: entriesOf(
    z.array(
      z.object({ price: z.string().nullable(), name: z.string(), unit_amount: z.number(), quantity: z.number() }),
    ),
  ),
  sessionPaymentIntentData: entriesOf(z.object({ description: z.string().nullable(), metadata })),
  intents: z.array(
    stripeObject('payment_intent', 'pi_').extend({ amount: z.number(), latest_charge: z.string().nullable() }),
  ),
  charges: z.array(
    stripeObject('charge', 'ch_').extend({
      amount: z.number(),
      amount_refunded: z.number(),
      payment_intent: z.string(),
      payment_method_details: z.looseObject({ card: z.looseObject({ brand: z.string(), last4: z.string() }) }),
    }),
  ),
  refunds: z.array(stripeObject('refund', 're_')),
  links: z.array(
    stripeObject('payment_link', 'plink_').extend({ after_completion: z.looseObject({ type: z.string() }) }),
  ),
  linkItems: entriesOf(z.array(z.object({ price: z.string(), quantity: z.number() }))),
  events: z.array(stripeObject('event', 'evt_').extend({ type: z.string() })),
  idempotent: entriesOf(
    z.object({
      endpoint: z.string(),
      fingerprint: z.string(),
      status: z.number(),
      body: z.string(),
      requestId: z.string(),
      expiresAt: z.number(),
    }),
  ),
  webhookAttempts: z.array(
    z.object({
      eventId: z.string(),
      type: z.string(),
      attempt: z.number(),
      duplicate: z.boolean(),
      url: z.string(),
      at: z.string(),
      status: z.number().nullable(),
      ok: z.boolean(),
      error: z.string().nullable(),
      willRetry: z.boolean(),
    }),
  ),
  // Billing (absent from snapshots of older versions).
  customers: z.array(stripeObject('customer', 'cus_')).default([]),
  paymentMethods: z.array(stripeObject('payment_method', 'pm_')).default([]),
  cardNumbers: entriesOf(z.object({ number: z.string() })).default([]),
  subscriptions: z
    .array(
      stripeObject('subscription', 'sub_').extend({
        customer: z.string(),
        status: z.string(),
        items: z.looseObject({ data: z.array(z.looseObject({ current_period_end: z.number() })).length(1) }),
      }),
    )
    .default([]),
  invoices: z.array(stripeObject('invoice', 'in_').extend({ status: z.string() })).default([]),
  testClocks: z
    .array(stripeObject('test_helpers.test_clock', 'clock_').extend({ frozen_time: z.number() }))
    .default([]),
  sessionSubscriptionData: entriesOf(z.object({ description: z.string().nullable(), metadata })).default([]),
  sandboxClock: entriesOf(z.object({ offset_seconds: z.number() })).default([]),
  portalSessions: z.array(stripeObject('billing_portal.session', 'bps_')).default([]),
  /** Deliveries still owed when the state was taken (absent from snapshots of older versions). */
  webhooksOwed: z
    .array(z.object({ eventId: z.string(), attempt: z.number().int().min(1), duplicate: z.boolean() }))
    .default([]),
});

type IdempotentResult = z.infer<typeof SandboxStateSchema>['idempotent'][number][1];

export interface StripeSandboxState {
  format: typeof SNAPSHOT_FORMAT;
  version: 1;
  baseUrl: string | null;
  products: Product[];
  prices: Price[];
  sessions: CheckoutSession[];
  sessionItems: [string, LineItem[]][];
  sessionPaymentIntentData: [string, { description: string | null; metadata: Metadata }][];
  intents: PaymentIntent[];
  charges: Charge[];
  refunds: Refund[];
  links: PaymentLink[];
  linkItems: [string, { price: string; quantity: number }[]][];
  events: StripeEvent[];
  idempotent: [string, IdempotentResult][];
  webhookAttempts: WebhookAttempt[];
  webhooksOwed: PendingDelivery[];
  customers: Customer[];
  paymentMethods: PaymentMethod[];
  cardNumbers: [string, { number: string }][];
  subscriptions: Subscription[];
  invoices: Invoice[];
  testClocks: TestClock[];
  sessionSubscriptionData: [string, SessionSubscriptionData][];
  sandboxClock: [string, { offset_seconds: number }][];
  portalSessions: PortalSession[];
}

/** Rewrites, in place, every string under `value` that starts with `from` to start with `to` instead. */
function rebaseUrls(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.startsWith(from) ? `${to}${value.slice(from.length)}` : value;
  if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) value[index] = rebaseUrls(entry, from, to);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const [key, entry] of Object.entries(record)) record[key] = rebaseUrls(entry, from, to);
  }
  return value;
}

/**
 * A sandbox of the Stripe endpoints Causeway uses, speaking Stripe's API (form-encoded requests,
 * objects with `object` fields and prefixed ids, Stripe's errors and idempotency) so the official
 * SDK runs against it unchanged; with a hosted test checkout page per session, payment link pages,
 * receipts, refunds, and webhooks signed and delivered as Stripe does. Everything is kept in memory;
 * `exportState`/`restoreState` carry it over a restart (the embedded app keeps it in a file).
 */
export function createStripeSandbox(options: StripeSandboxOptions): StripeSandbox {
  const clock: Clock = options.clock ?? { now: () => new Date() };
  const merchant = options.merchantName ?? 'Causeway';
  const keyDigest = sha256(options.secretKey);
  let baseUrl = options.baseUrl?.replace(/\/+$/, '') ?? null;
  /** The address the stored objects' URLs were made with. */
  let urlsBase = baseUrl;
  const listeners = new Set<() => void>();
  const touch = () => {
    for (const listener of listeners) listener();
  };

  const products = new Map<string, Product>();
  const prices = new Map<string, Price>();
  const sessions = new Map<string, CheckoutSession>();
  const sessionItems = new Map<string, LineItem[]>();
  const sessionPaymentIntentData = new Map<string, { description: string | null; metadata: Metadata }>();
  const intents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, Refund>();
  const links = new Map<string, PaymentLink>();
  const linkItems = new Map<string, { price: string; quantity: number }[]>();
  const events = new Map<string, StripeEvent>();
  const idempotent = new Map<
    string,
    { endpoint: string; fingerprint: string; status: number; body: string; requestId: string; expiresAt: number }
  >();
  /** Which checkout session took each payment intent (a webhook's lookup), kept beside the sessions. */
  const sessionOfIntent = new Map<string, string>();
  const clocks = createSandboxClocks({
    realNow: () => Math.floor(clock.now().getTime() / 1000),
    emit: (type, object) => emit(type, object),
    changed: (table, key) => changed(table as TableName, key),
    touch: () => touch(),
    bill: (clockId) => billing.bill(clockId),
  });
  const billing = createSandboxBilling({
    clocks,
    merchant,
    emit: (type, object, previous, at) => emit(type, object, previous, at),
    changed: (table, key) => changed(table as TableName, key),
    touch: () => touch(),
    products,
    prices,
    intents,
    charges,
    sessionItems,
    receiptUrl: (chargeId) => `${base()}/receipts/${chargeId}`,
  });
  const portal = createSandboxPortal({
    now: () => now(),
    merchant,
    base: () => base(),
    changed: (table, key) => changed(table as TableName, key),
    touch: () => touch(),
    billing,
  });

  /** The stores a journal records, by the names of the state's fields. */
  const tables = {
    products,
    prices,
    sessions,
    sessionItems,
    sessionPaymentIntentData,
    intents,
    charges,
    refunds,
    links,
    linkItems,
    events,
    idempotent,
    ...clocks.tables,
    ...billing.tables,
    ...portal.tables,
  } satisfies Record<string, Map<string, unknown>>;
  type TableName = keyof typeof tables;
  /** What changed since the journal last took the changes: null while no journal records them. */
  let recording: {
    changed: Map<TableName | 'webhooksOwed', Set<string>>;
    attempts: WebhookAttempt[];
    /** Every object was rewritten (a restore, new URLs): only a whole snapshot carries that. */
    whole: boolean;
  } | null = null;
  /** Notes that the object under `key` in `table` changed (it is journaled as it is at the next write). */
  function changed(table: TableName | 'webhooksOwed', key: string): void {
    if (!recording) return;
    let keys = recording.changed.get(table);
    if (!keys) recording.changed.set(table, (keys = new Set()));
    keys.add(key);
  }
  function changedAll(): void {
    if (recording) recording.whole = true;
  }

  const deliverer = createWebhookDeliverer({
    secret: () => options.webhookSecret,
    clock,
    settings: options.webhooks,
    onGiveUp: options.onDeliveryGivenUp,
    onOwedChange: (key) => changed('webhooksOwed', key),
    onAttempt: (attempt) => {
      recording?.attempts.push(attempt);
      touch();
    },
  });

  /** The sandbox's time: the real clock moved on by the sandbox clock (`POST /_sandbox/clock`). */
  const now = () => clocks.now();
  const base = () => {
    if (!baseUrl)
      throw new StripeApiError(500, { type: 'api_error', message: 'The sandbox does not know its address yet.' });
    return baseUrl;
  };

  function emit(type: string, object: object, previous?: Record<string, unknown>, at?: number): StripeEvent {
    const event: StripeEvent = {
      id: randomId('evt_'),
      object: 'event',
      api_version: SANDBOX_API_VERSION,
      created: at ?? now(),
      data: {
        object: clone(object) as Record<string, unknown>,
        ...(previous ? { previous_attributes: previous } : {}),
      },
      livemode: false,
      pending_webhooks: deliverer.settings().url ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.set(event.id, event);
    changed('events', event.id);
    // The object an event tells of is the one that changed (unless it is none of the sandbox's own).
    const id = (object as { id?: unknown }).id;
    if (typeof id === 'string') {
      const store = storeOf(id);
      if (store && tables[store].get(id) === object) changed(store, id);
    }
    deliverer.enqueue(event);
    touch();
    return event;
  }

  const ID_PREFIXES: [
    string,
    TableName &
      (
        | 'sessions'
        | 'intents'
        | 'charges'
        | 'prices'
        | 'products'
        | 'links'
        | 'refunds'
        | 'events'
        | 'customers'
        | 'paymentMethods'
        | 'subscriptions'
        | 'invoices'
        | 'testClocks'
        | 'portalSessions'
      ),
  ][] = [
    ['cus_', 'customers'],
    ['pm_', 'paymentMethods'],
    ['sub_', 'subscriptions'],
    ['in_', 'invoices'],
    ['clock_', 'testClocks'],
    ['bps_', 'portalSessions'],
    ['cs_', 'sessions'],
    ['pi_', 'intents'],
    ['ch_', 'charges'],
    ['price_', 'prices'],
    ['prod_', 'products'],
    ['plink_', 'links'],
    ['re_', 'refunds'],
    ['evt_', 'events'],
  ];
  /** The store of an object by its id's prefix. */
  const storeOf = (id: string) => ID_PREFIXES.find(([prefix]) => id.startsWith(prefix))?.[1];

  /** Any stored object by its id's prefix, for `expand`. */
  function byId(id: string): object | undefined {
    const store = storeOf(id);
    return store ? tables[store].get(id) : undefined;
  }

  function expand<T extends object>(value: T, paths: string[]): T {
    const copy = clone(value) as Record<string, unknown>;
    for (const path of paths) {
      const [head, ...rest] = path.split('.');
      if (!head) continue;
      if (head === 'data' && copy.object === 'list' && Array.isArray(copy.data)) {
        copy.data = copy.data.map((item: object) => (rest.length ? expand(item, [rest.join('.')]) : item));
        continue;
      }
      if (!(head in copy)) throw badRequest(`This property cannot be expanded (${head}).`, 'expand');
      const current = copy[head];
      const found = typeof current === 'string' ? byId(current) : current;
      if (found && typeof found === 'object') copy[head] = rest.length ? expand(found, [rest.join('.')]) : clone(found);
    }
    return copy as T;
  }

  /** A page of a list, newest first, with Stripe's cursor pagination. */
  function list<T extends { id: string }>(items: T[], params: FormParams, url: string) {
    const limit = integerParam(params.limit, 'limit', { min: 1 }) ?? 10;
    if (limit > 100) throw badRequest('This value must be less than or equal to 100.', 'limit');
    const newestFirst = [...items].reverse();
    const after = textParam(params.starting_after, 'starting_after');
    const before = textParam(params.ending_before, 'ending_before');
    let start = 0;
    let end = newestFirst.length;
    if (after) {
      const index = newestFirst.findIndex((item) => item.id === after);
      if (index < 0) throw noSuch('object', after, 'starting_after', 400);
      start = index + 1;
    }
    if (before) {
      const index = newestFirst.findIndex((item) => item.id === before);
      if (index < 0) throw noSuch('object', before, 'ending_before', 400);
      end = index;
      start = Math.max(start, end - limit);
    }
    const data = newestFirst.slice(start, Math.min(end, start + limit));
    const hasMore = before ? start > 0 : start + data.length < end;
    return expand({ object: 'list', data: clone(data), has_more: hasMore, url }, expandParam(params));
  }

  function getOr404<T>(store: Map<string, T>, id: string, kind: string, param = 'id'): T {
    const found = store.get(id);
    if (!found) throw noSuch(kind, id, param);
    return found;
  }

  // -------------------------------------------------------------------------------------------
  // Products and prices

  function createProduct(params: FormParams): Product {
    allowOnly(params, ['name', 'active', 'description', 'metadata', 'url', 'images']);
    const created = now();
    const product: Product = {
      id: randomId('prod_', 14),
      object: 'product',
      active: booleanParam(params.active, 'active') ?? true,
      created,
      updated: created,
      default_price: null,
      description: textParam(params.description, 'description') ?? null,
      images: [],
      livemode: false,
      metadata: metadataParam(params.metadata),
      name: textParam(params.name, 'name', true)!,
      url: urlParam(params.url, 'url') ?? null,
    };
    products.set(product.id, product);
    emit('product.created', product);
    return product;
  }

  function updateProduct(id: string, params: FormParams): Product {
    allowOnly(params, ['name', 'active', 'description', 'metadata']);
    const product = getOr404(products, id, 'product');
    product.name = textParam(params.name, 'name') ?? product.name;
    product.active = booleanParam(params.active, 'active') ?? product.active;
    product.description = textParam(params.description, 'description') ?? product.description;
    product.metadata = metadataParam(params.metadata, product.metadata);
    product.updated = now();
    emit('product.updated', product);
    return product;
  }

  function createPrice(params: FormParams): Price {
    allowOnly(params, [
      'product',
      'product_data',
      'unit_amount',
      'currency',
      'active',
      'metadata',
      'nickname',
      'lookup_key',
    ]);
    let productId = textParam(params.product, 'product');
    const productData = hashParam(params.product_data, 'product_data');
    if (!productId && !productData) throw missingParam('product');
    if (productId && !products.has(productId)) throw noSuch('product', productId, 'product', 400);
    const unitAmount = integerParam(params.unit_amount, 'unit_amount', { required: true })!;
    const currency = currencyParam(params.currency, 'currency')!;
    if (!productId && productData) {
      productId = createProduct({ name: textParam(productData.name, 'product_data[name]', true)! }).id;
    }
    const price: Price = {
      id: randomId('price_'),
      object: 'price',
      active: booleanParam(params.active, 'active') ?? true,
      billing_scheme: 'per_unit',
      created: now(),
      currency,
      livemode: false,
      lookup_key: textParam(params.lookup_key, 'lookup_key') ?? null,
      metadata: metadataParam(params.metadata),
      nickname: textParam(params.nickname, 'nickname') ?? null,
      product: productId!,
      recurring: null,
      tax_behavior: 'unspecified',
      type: 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    prices.set(price.id, price);
    emit('price.created', price);
    return price;
  }

  function updatePrice(id: string, params: FormParams): Price {
    allowOnly(params, ['active', 'metadata', 'nickname', 'lookup_key']);
    const price = getOr404(prices, id, 'price');
    price.active = booleanParam(params.active, 'active') ?? price.active;
    price.metadata = metadataParam(params.metadata, price.metadata);
    price.nickname = textParam(params.nickname, 'nickname') ?? price.nickname;
    emit('price.updated', price);
    return price;
  }

  /** A line item's price, which must exist and be active. */
  function activePrice(id: string, param: string): Price {
    const price = prices.get(id);
    if (!price) throw noSuch('price', id, param, 400);
    if (!price.active) {
      throw badRequest('The price specified is inactive. This field only accepts active prices.', param);
    }
    return price;
  }

  // -------------------------------------------------------------------------------------------
  // Checkout sessions

  function lineItemsOf(params: FormParams): LineItem[] {
    const items = listParam(params.line_items, 'line_items');
    if (!items || items.length === 0) throw missingParam('line_items');
    return items.map((entry, index) => {
      const param = `line_items[${index}]`;
      if (!isParams(entry)) throw badRequest(`Invalid object: ${param} must be a hash.`, param);
      const quantity = integerParam(entry.quantity, `${param}[quantity]`, { required: true, min: 1 })!;
      const priceId = textParam(entry.price, `${param}[price]`);
      if (priceId) {
        const price = activePrice(priceId, `${param}[price]`);
        return {
          price: price.id,
          name: products.get(price.product)?.name ?? 'Item',
          unit_amount: price.unit_amount,
          quantity,
        };
      }
      const data = hashParam(entry.price_data, `${param}[price_data]`);
      if (!data) throw missingParam(`${param}[price]`);
      currencyParam(data.currency, `${param}[price_data][currency]`);
      const unitAmount = integerParam(data.unit_amount, `${param}[price_data][unit_amount]`, { required: true })!;
      const productId = textParam(data.product, `${param}[price_data][product]`);
      const productData = hashParam(data.product_data, `${param}[price_data][product_data]`);
      let name: string;
      if (productId) {
        const product = products.get(productId);
        if (!product) throw noSuch('product', productId, `${param}[price_data][product]`, 400);
        name = product.name;
      } else if (productData) {
        name = textParam(productData.name, `${param}[price_data][product_data][name]`, true)!;
      } else {
        throw missingParam(`${param}[price_data][product_data]`);
      }
      return { price: null, name, unit_amount: unitAmount, quantity };
    });
  }

  function paymentIntentDataOf(params: FormParams) {
    return descriptionAndMetadataParam(params.payment_intent_data, 'payment_intent_data') ?? null;
  }

  function openSession(input: {
    items: LineItem[];
    currency: string;
    successUrl: string | null;
    cancelUrl: string | null;
    metadata: Metadata;
    paymentIntentData: { description: string | null; metadata: Metadata } | null;
    clientReferenceId: string | null;
    customerEmail: string | null;
    paymentLink: string | null;
    expiresAt?: number;
    mode?: 'payment' | 'subscription';
    customer?: string | null;
  }): CheckoutSession {
    const total = input.items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
    if (total < MINIMUM_AMOUNT) {
      throw badRequest(
        `The Checkout Session's total amount due must add up to at least $0.50 ${input.currency}`,
        undefined,
        'amount_too_small',
      );
    }
    const created = now();
    const id = randomId('cs_test_', 40);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: input.cancelUrl,
      client_reference_id: input.clientReferenceId,
      created,
      currency: input.currency,
      customer: input.customer ?? null,
      customer_details: null,
      customer_email: input.customerEmail,
      expires_at: input.expiresAt ?? created + SESSION_TTL_SECONDS,
      invoice: null,
      livemode: false,
      metadata: input.metadata,
      mode: input.mode ?? 'payment',
      payment_intent: null,
      payment_link: input.paymentLink,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: input.successUrl,
      url: `${base()}/c/pay/${id}`,
    };
    sessions.set(id, session);
    sessionItems.set(id, input.items);
    changed('sessions', id);
    changed('sessionItems', id);
    if (input.paymentIntentData) {
      sessionPaymentIntentData.set(id, input.paymentIntentData);
      changed('sessionPaymentIntentData', id);
    }
    touch();
    return session;
  }

  function createSession(params: FormParams): CheckoutSession {
    allowOnly(params, [
      'mode',
      'line_items',
      'success_url',
      'cancel_url',
      'metadata',
      'payment_intent_data',
      'client_reference_id',
      'customer_email',
      'expires_at',
      'payment_method_types',
      'submit_type',
      'locale',
      'subscription_data',
      'customer',
    ]);
    const mode = textParam(params.mode, 'mode', true);
    if (mode === 'subscription') return createSubscriptionSession(params);
    if (mode !== 'payment') {
      throw badRequest(`The sandbox serves mode=payment and mode=subscription, not ${mode}.`, 'mode');
    }
    for (const name of ['subscription_data', 'customer']) {
      if (params[name] !== undefined) {
        throw badRequest(`You can only pass \`${name}\` in \`subscription\` mode.`, name);
      }
    }
    const items = lineItemsOf(params);
    const currencies = new Set(
      (listParam(params.line_items, 'line_items') ?? []).map((entry) => {
        const priceId = isParams(entry) ? textParam(entry.price, 'price') : undefined;
        if (priceId) return prices.get(priceId)!.currency;
        const data = isParams(entry) ? hashParam(entry.price_data, 'price_data') : undefined;
        return String(data?.currency ?? '').toLowerCase();
      }),
    );
    if (currencies.size > 1) throw badRequest('All line items must use the same currency.', 'line_items');
    const expiresAt = integerParam(params.expires_at, 'expires_at');
    if (expiresAt !== undefined && (expiresAt < now() + 30 * 60 || expiresAt > now() + SESSION_TTL_SECONDS)) {
      throw badRequest('The `expires_at` timestamp must be between 30 minutes and 24 hours from now.', 'expires_at');
    }
    return openSession({
      items,
      currency: [...currencies][0]!,
      successUrl: urlParam(params.success_url, 'success_url') ?? null,
      cancelUrl: urlParam(params.cancel_url, 'cancel_url') ?? null,
      metadata: metadataParam(params.metadata),
      paymentIntentData: paymentIntentDataOf(params),
      clientReferenceId: textParam(params.client_reference_id, 'client_reference_id') ?? null,
      customerEmail: textParam(params.customer_email, 'customer_email') ?? null,
      paymentLink: null,
      expiresAt,
    });
  }

  /** A session whose card page starts a subscription (its customer, subscription and first invoice). */
  function createSubscriptionSession(params: FormParams): CheckoutSession {
    if (params.payment_intent_data !== undefined) {
      throw badRequest('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
    }
    const customerId = textParam(params.customer, 'customer');
    const customer = customerId ? billing.requireCustomer(customerId, 'customer', 400) : null;
    if (customer && params.customer_email !== undefined) {
      throw badRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    }
    const { items, currency } = billing.recurringLineItems(params);
    const subscriptionData = billing.subscriptionDataOf(params);
    const expiresAt = integerParam(params.expires_at, 'expires_at');
    if (expiresAt !== undefined && (expiresAt < now() + 30 * 60 || expiresAt > now() + SESSION_TTL_SECONDS)) {
      throw badRequest('The `expires_at` timestamp must be between 30 minutes and 24 hours from now.', 'expires_at');
    }
    const session = openSession({
      items,
      currency,
      successUrl: urlParam(params.success_url, 'success_url') ?? null,
      cancelUrl: urlParam(params.cancel_url, 'cancel_url') ?? null,
      metadata: metadataParam(params.metadata),
      paymentIntentData: null,
      clientReferenceId: textParam(params.client_reference_id, 'client_reference_id') ?? null,
      customerEmail: customer ? customer.email : (textParam(params.customer_email, 'customer_email') ?? null),
      paymentLink: null,
      expiresAt,
      mode: 'subscription',
      customer: customer?.id ?? null,
    });
    billing.keepSessionData(session.id, subscriptionData);
    return session;
  }

  /** Sessions past their expiry time are expired when next looked at. */
  function refreshExpiry(session: CheckoutSession): void {
    if (session.status === 'open' && now() >= session.expires_at) expireSession(session);
  }

  function expireSession(session: CheckoutSession): CheckoutSession {
    if (session.status !== 'open') {
      throw badRequest('Only Checkout Sessions with a status of `open` can be expired.', 'session');
    }
    session.status = 'expired';
    session.url = null;
    emit('checkout.session.expired', session, { status: 'open' });
    return session;
  }

  function requireSession(id: string): CheckoutSession {
    const session = getOr404(sessions, id, 'checkout.session', 'session');
    refreshExpiry(session);
    return session;
  }

  // -------------------------------------------------------------------------------------------
  // Paying

  function pay(sessionId: string, entry: Partial<CardEntry> & { email?: string; name?: string } = {}): PaymentAttempt {
    const session = requireSession(sessionId);
    if (session.status === 'complete') throw badRequest('This Checkout Session has already been paid.', 'session');
    if (session.status === 'expired') throw badRequest('This Checkout Session is no longer active.', 'session');
    if (session.mode === 'subscription') {
      return billing.paySession(session, {
        number: entry.number ?? '4242424242424242',
        expiry: entry.expiry ?? `12 / ${(clock.now().getUTCFullYear() + 5) % 100}`,
        cvc: entry.cvc ?? '123',
        email: entry.email?.trim() || session.customer_email || null,
        name: entry.name?.trim() || null,
      });
    }
    const outcome = chargeCard(
      {
        number: entry.number ?? '4242424242424242',
        expiry: entry.expiry ?? `12 / ${(clock.now().getUTCFullYear() + 5) % 100}`,
        cvc: entry.cvc ?? '123',
      },
      clock.now(),
    );
    // The card form refuses what it cannot read before anything is charged, as Stripe's does.
    if (outcome.kind === 'invalid') {
      return {
        status: 'invalid',
        session: clone(session),
        error: { type: 'card_error', code: outcome.code, message: outcome.message, field: outcome.field },
      };
    }
    const email = entry.email?.trim() || session.customer_email;
    const name = entry.name?.trim() || null;
    const created = now();

    let intent = session.payment_intent ? intents.get(session.payment_intent) : undefined;
    if (!intent) {
      const data = sessionPaymentIntentData.get(session.id);
      intent = {
        id: randomId('pi_3'),
        object: 'payment_intent',
        amount: session.amount_total,
        amount_capturable: 0,
        amount_received: 0,
        capture_method: 'automatic',
        created,
        currency: session.currency,
        description: data?.description ?? null,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        metadata: { ...(data?.metadata ?? {}) },
        payment_method: null,
        payment_method_types: ['card'],
        receipt_email: email ?? null,
        status: 'requires_payment_method',
      };
      intents.set(intent.id, intent);
      session.payment_intent = intent.id;
      sessionOfIntent.set(intent.id, session.id);
      changed('sessions', session.id);
      emit('payment_intent.created', intent);
    }
    const paymentMethod = randomId('pm_1');
    const approved = outcome.kind === 'approved';
    const charge: Charge = {
      id: randomId('ch_3'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: approved ? intent.amount : 0,
      amount_refunded: 0,
      billing_details: { email: email ?? null, name },
      captured: approved,
      created,
      currency: intent.currency,
      description: intent.description,
      failure_code: approved ? null : outcome.code,
      failure_message: approved ? null : outcome.message,
      livemode: false,
      metadata: { ...intent.metadata },
      outcome: approved
        ? {
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          }
        : {
            network_status: 'declined_by_network',
            reason: outcome.declineCode ?? outcome.code,
            risk_level: 'normal',
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          },
      paid: approved,
      payment_intent: intent.id,
      payment_method: paymentMethod,
      payment_method_details: { type: 'card', card: outcome.card },
      receipt_email: email ?? null,
      receipt_url: null,
      refunded: false,
      status: approved ? 'succeeded' : 'failed',
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    intent.payment_method = paymentMethod;
    changed('charges', charge.id);
    changed('intents', intent.id);

    if (outcome.kind === 'declined') {
      const error: LastPaymentError = {
        type: 'card_error',
        code: outcome.code,
        ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
        message: outcome.message,
        charge: charge.id,
        doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replaceAll('_', '-')}`,
      };
      intent.last_payment_error = error;
      intent.status = 'requires_payment_method';
      emit('charge.failed', charge);
      emit('payment_intent.payment_failed', intent);
      return {
        status: 'declined',
        session: clone(session),
        paymentIntent: clone(intent),
        charge: clone(charge),
        error: { ...error, payment_intent: clone(intent) },
      };
    }

    charge.receipt_url = `${base()}/receipts/${charge.id}`;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    session.customer_details = { email: email ?? null, name };
    changed('sessions', session.id);
    emit('charge.succeeded', charge);
    emit('payment_intent.succeeded', intent);
    emit('checkout.session.completed', session);
    return { status: 'succeeded', session: clone(session), paymentIntent: clone(intent), charge: clone(charge) };
  }

  function decline(sessionId: string, declineCode = 'generic_decline'): PaymentAttempt {
    const number = DECLINE_CARDS[declineCode];
    if (!number) {
      throw badRequest(
        `Unknown decline code ${declineCode}; one of ${Object.keys(DECLINE_CARDS).join(', ')}.`,
        'decline_code',
      );
    }
    return pay(sessionId, { number });
  }

  // -------------------------------------------------------------------------------------------
  // Payment links

  function createPaymentLink(params: FormParams): PaymentLink {
    allowOnly(params, ['line_items', 'metadata', 'payment_intent_data', 'after_completion', 'active']);
    const items = listParam(params.line_items, 'line_items');
    if (!items || items.length === 0) throw missingParam('line_items');
    if (items.length > 20) throw badRequest('A payment link can have at most 20 line items.', 'line_items');
    const lineItems = items.map((entry, index) => {
      const param = `line_items[${index}]`;
      if (!isParams(entry)) throw badRequest(`Invalid object: ${param} must be a hash.`, param);
      const price = activePrice(textParam(entry.price, `${param}[price]`, true)!, `${param}[price]`);
      const quantity = integerParam(entry.quantity, `${param}[quantity]`, { required: true, min: 1 })!;
      return { price: price.id, quantity, currency: price.currency };
    });
    if (new Set(lineItems.map((item) => item.currency)).size > 1) {
      throw badRequest('All line items must use the same currency.', 'line_items');
    }
    const after = hashParam(params.after_completion, 'after_completion');
    let afterCompletion: PaymentLink['after_completion'] = {
      type: 'hosted_confirmation',
      hosted_confirmation: { custom_message: null },
    };
    if (after) {
      const type = textParam(after.type, 'after_completion[type]', true);
      if (type === 'redirect') {
        const redirect = hashParam(after.redirect, 'after_completion[redirect]');
        const url = urlParam(redirect?.url, 'after_completion[redirect][url]', true)!;
        afterCompletion = { type: 'redirect', redirect: { url } };
      } else if (type !== 'hosted_confirmation') {
        throw badRequest(
          `Invalid after_completion[type]: must be one of redirect or hosted_confirmation`,
          'after_completion[type]',
        );
      }
    }
    const id = randomId('plink_');
    const link: PaymentLink = {
      id,
      object: 'payment_link',
      active: booleanParam(params.active, 'active') ?? true,
      after_completion: afterCompletion,
      currency: lineItems[0]!.currency,
      livemode: false,
      metadata: metadataParam(params.metadata),
      payment_intent_data: paymentIntentDataOf(params),
      url: `${base()}/b/${id}`,
    };
    links.set(id, link);
    linkItems.set(
      id,
      lineItems.map(({ price, quantity }) => ({ price, quantity })),
    );
    changed('linkItems', id);
    emit('payment_link.created', link);
    return link;
  }

  function updatePaymentLink(id: string, params: FormParams): PaymentLink {
    allowOnly(params, ['active', 'metadata']);
    const link = getOr404(links, id, 'payment_link');
    link.active = booleanParam(params.active, 'active') ?? link.active;
    link.metadata = metadataParam(params.metadata, link.metadata);
    emit('payment_link.updated', link);
    return link;
  }

  /** A visit to a payment link's page opens a new checkout session carrying the link's metadata. */
  function sessionFromLink(link: PaymentLink): CheckoutSession {
    const items = (linkItems.get(link.id) ?? []).map(({ price: priceId, quantity }) => {
      const price = prices.get(priceId)!;
      return {
        price: price.id,
        name: products.get(price.product)?.name ?? 'Item',
        unit_amount: price.unit_amount,
        quantity,
      };
    });
    return openSession({
      items,
      currency: link.currency,
      successUrl: link.after_completion.type === 'redirect' ? link.after_completion.redirect.url : null,
      cancelUrl: null,
      metadata: { ...link.metadata },
      paymentIntentData: link.payment_intent_data ? clone(link.payment_intent_data) : null,
      clientReferenceId: null,
      customerEmail: null,
      paymentLink: link.id,
    });
  }

  // -------------------------------------------------------------------------------------------
  // Refunds

  function createRefund(params: FormParams): Refund {
    allowOnly(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata']);
    const intentId = textParam(params.payment_intent, 'payment_intent');
    const chargeId = textParam(params.charge, 'charge');
    let charge: Charge | undefined;
    if (chargeId) {
      charge = charges.get(chargeId);
      if (!charge) throw noSuch('charge', chargeId, 'charge', 400);
    } else if (intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent', 400);
      charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (!charge || intent.status !== 'succeeded') {
        throw badRequest(
          `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
          'payment_intent',
          'charge_not_refundable',
        );
      }
    } else {
      throw badRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        'charge',
        'parameter_missing',
      );
    }
    if (charge.status !== 'succeeded') {
      throw badRequest(
        `Charge ${charge.id} has not succeeded and cannot be refunded.`,
        'charge',
        'charge_not_refundable',
      );
    }
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining === 0) {
      throw badRequest(`Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
    }
    const amount = integerParam(params.amount, 'amount', { min: 1 }) ?? remaining;
    if (amount > remaining) {
      const dollars = (value: number) => `$${(value / 100).toFixed(2)}`;
      throw badRequest(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
        'amount',
        'amount_too_large',
      );
    }
    const reason = textParam(params.reason, 'reason') ?? null;
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
      throw badRequest('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'reason');
    }
    const refund: Refund = {
      id: randomId('re_3'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: metadataParam(params.metadata),
      payment_intent: charge.payment_intent,
      reason,
      receipt_number: null,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    emit('charge.refunded', charge, previous);
    emit('refund.created', refund);
    return refund;
  }

  // -------------------------------------------------------------------------------------------
  // HTTP: authentication, idempotency and errors, as Stripe answers them.

  function authenticate(req: Request): void {
    const header = req.get('authorization') ?? '';
    let key: string | null = null;
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
    if (bearer) key = bearer[1]!;
    else if (basic) key = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] || null;
    if (!key) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      });
    }
    if (key.startsWith('pk_')) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
      });
    }
    if (!key.startsWith('sk_test_') || !timingSafeEqual(sha256(key), keyDigest)) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        code: 'api_key_invalid',
        message: `Invalid API Key provided: ${maskKey(key)}`,
      });
    }
  }

  function paramsOf(req: Request): { params: FormParams; fingerprint: string } {
    if (req.method === 'GET' || req.method === 'DELETE') {
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
      return { params: parseStripeForm(query), fingerprint: query };
    }
    const body: unknown = req.body;
    // Mounted behind a JSON body parser, the control API's JSON arrives parsed already.
    if (!Buffer.isBuffer(body)) {
      const parsed = body && typeof body === 'object' ? body : {};
      return { params: fromJson(parsed) as FormParams, fingerprint: JSON.stringify(parsed) };
    }
    const text = body.toString('utf8');
    if (req.is('application/json')) {
      let parsed: unknown;
      try {
        parsed = text === '' ? {} : JSON.parse(text);
      } catch {
        throw badRequest('Invalid JSON received.');
      }
      const params = fromJson(parsed);
      if (!isParams(params)) throw badRequest('The request body must be a JSON object.');
      return { params, fingerprint: text };
    }
    return { params: parseStripeForm(text), fingerprint: text };
  }

  type Handler = (params: FormParams, req: Request) => object | Promise<object>;

  function send(res: Response, status: number, body: string, requestId: string): void {
    res
      .status(status)
      .set({ 'request-id': requestId, 'stripe-version': SANDBOX_API_VERSION, 'cache-control': 'no-store' });
    res.type('application/json').send(body);
  }

  const errorJson = (error: StripeApiError) => JSON.stringify({ error: error.body }, null, 2);

  function asApiError(error: unknown): StripeApiError {
    if (error instanceof StripeApiError) return error;
    if (error instanceof FormError) return badRequest(error.message, error.param);
    return new StripeApiError(500, {
      type: 'api_error',
      message: `The sandbox failed: ${error instanceof Error ? error.message : String(error)}`,
    });
  }

  /** One API endpoint: authenticated, parameters read, POSTs idempotent by their Idempotency-Key. */
  function endpoint(handler: Handler, options: { expandable?: boolean } = {}) {
    return async (req: Request, res: Response) => {
      const requestId = randomId('req_', 14);
      try {
        authenticate(req);
        const { params, fingerprint } = paramsOf(req);
        const key = req.method === 'POST' ? req.get('idempotency-key') : undefined;
        const routeKey = `${req.method} ${req.path}`;
        if (key) {
          if (key.length > 255)
            throw badRequest(
              'Idempotency keys can be at most 255 characters long.',
              undefined,
              'idempotency_key_in_use',
            );
          const saved = idempotent.get(key);
          if (saved && saved.expiresAt > now()) {
            if (saved.endpoint !== routeKey) {
              throw new StripeApiError(400, {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.endpoint}' vs '${routeKey}'). Try using a key other than '${key}' if you meant to execute a different request.`,
              });
            }
            if (saved.fingerprint !== fingerprint) {
              throw new StripeApiError(400, {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              });
            }
            res.set({ 'idempotent-replayed': 'true', 'original-request': saved.requestId, 'idempotency-key': key });
            return send(res, saved.status, saved.body, requestId);
          }
        }
        let status = 200;
        let body: string;
        try {
          const result = await handler(params, req);
          body = JSON.stringify(options.expandable === false ? result : expand(result, expandParam(params)), null, 2);
        } catch (error) {
          const apiError = asApiError(error);
          status = apiError.status;
          body = errorJson(apiError);
        }
        // As Stripe: a request refused before it ran (bad parameters) is not remembered; one that ran is.
        if (key && (status < 400 || status === 402 || status >= 500)) {
          idempotent.set(key, {
            endpoint: routeKey,
            fingerprint,
            status,
            body,
            requestId,
            expiresAt: now() + IDEMPOTENCY_TTL_SECONDS,
          });
          changed('idempotent', key);
          touch();
        }
        if (key) res.set('idempotency-key', key);
        send(res, status, body, requestId);
      } catch (error) {
        const apiError = asApiError(error);
        send(res, apiError.status, errorJson(apiError), requestId);
      }
    };
  }

  const router = Router();
  const api = Router();
  api.use(['/v1', '/_sandbox'], express.raw({ type: () => true, limit: '1mb' }));

  api.post(
    '/v1/products',
    endpoint((params) => createProduct(params)),
  );
  api.get(
    '/v1/products',
    endpoint(
      (params) => {
        allowOnly(params, ['active', 'limit', 'starting_after', 'ending_before', 'ids']);
        const active = booleanParam(params.active, 'active');
        const items = [...products.values()].filter((product) => active === undefined || product.active === active);
        return list(items, params, '/v1/products');
      },
      { expandable: false },
    ),
  );
  api.get(
    '/v1/products/:id',
    endpoint((_params, req) => getOr404(products, String(req.params.id), 'product')),
  );
  api.post(
    '/v1/products/:id',
    endpoint((params, req) => updateProduct(String(req.params.id), params)),
  );

  api.post(
    '/v1/prices',
    endpoint((params) => createPrice(params)),
  );
  api.get(
    '/v1/prices',
    endpoint(
      (params) => {
        allowOnly(params, [
          'active',
          'product',
          'currency',
          'type',
          'limit',
          'starting_after',
          'ending_before',
          'lookup_keys',
        ]);
        const active = booleanParam(params.active, 'active');
        const product = textParam(params.product, 'product');
        const currency = currencyParam(params.currency, 'currency', false);
        const items = [...prices.values()].filter(
          (price) =>
            (active === undefined || price.active === active) &&
            (!product || price.product === product) &&
            (!currency || price.currency === currency),
        );
        return list(items, params, '/v1/prices');
      },
      { expandable: false },
    ),
  );
  api.get(
    '/v1/prices/:id',
    endpoint((_params, req) => getOr404(prices, String(req.params.id), 'price')),
  );
  api.post(
    '/v1/prices/:id',
    endpoint((params, req) => updatePrice(String(req.params.id), params)),
  );

  api.post(
    '/v1/checkout/sessions',
    endpoint((params) => createSession(params)),
  );
  api.get(
    '/v1/checkout/sessions',
    endpoint(
      (params) => {
        allowOnly(params, [
          'payment_intent',
          'payment_link',
          'subscription',
          'status',
          'limit',
          'starting_after',
          'ending_before',
          'customer',
        ]);
        const intent = textParam(params.payment_intent, 'payment_intent');
        const link = textParam(params.payment_link, 'payment_link');
        const subscription = textParam(params.subscription, 'subscription');
        const status = textParam(params.status, 'status');
        // A payment intent is taken by one session at most: found by the index, not a scan.
        const tookIntent = intent ? sessionOfIntent.get(intent) : undefined;
        const candidates = intent ? (tookIntent ? [sessions.get(tookIntent)!] : []) : [...sessions.values()];
        const items = candidates.filter(
          (session) =>
            (!intent || session.payment_intent === intent) &&
            (!link || session.payment_link === link) &&
            (!subscription || session.subscription === subscription) &&
            (!status || session.status === status),
        );
        return list(items, params, '/v1/checkout/sessions');
      },
      { expandable: false },
    ),
  );
  api.get(
    '/v1/checkout/sessions/:id',
    endpoint((_params, req) => requireSession(String(req.params.id))),
  );
  api.get(
    '/v1/checkout/sessions/:id/line_items',
    endpoint(
      (params, req) => {
        const session = requireSession(String(req.params.id));
        const items = (sessionItems.get(session.id) ?? []).map((item, index) => ({
          id: `li_${session.id.slice(8, 20)}${index}`,
          object: 'item',
          amount_subtotal: item.unit_amount * item.quantity,
          amount_total: item.unit_amount * item.quantity,
          currency: session.currency,
          description: item.name,
          price: item.price,
          quantity: item.quantity,
        }));
        return list(items.reverse(), params, `/v1/checkout/sessions/${session.id}/line_items`);
      },
      { expandable: false },
    ),
  );
  api.post(
    '/v1/checkout/sessions/:id/expire',
    endpoint((_params, req) => expireSession(requireSession(String(req.params.id)))),
  );

  api.get(
    '/v1/payment_intents/:id',
    endpoint((_params, req) => getOr404(intents, String(req.params.id), 'payment_intent', 'intent')),
  );
  api.get(
    '/v1/charges/:id',
    endpoint((_params, req) => getOr404(charges, String(req.params.id), 'charge')),
  );

  api.post(
    '/v1/payment_links',
    endpoint((params) => createPaymentLink(params)),
  );
  api.get(
    '/v1/payment_links/:id',
    endpoint((_params, req) => getOr404(links, String(req.params.id), 'payment_link')),
  );
  api.post(
    '/v1/payment_links/:id',
    endpoint((params, req) => updatePaymentLink(String(req.params.id), params)),
  );

  api.post(
    '/v1/refunds',
    endpoint((params) => createRefund(params)),
  );
  api.get(
    '/v1/refunds/:id',
    endpoint((_params, req) => getOr404(refunds, String(req.params.id), 'refund')),
  );

  api.get(
    '/v1/events',
    endpoint(
      (params) => {
        allowOnly(params, ['type', 'types', 'limit', 'starting_after', 'ending_before', 'delivery_success']);
        const type = textParam(params.type, 'type');
        // `checkout.session.*` matches every type under it, as Stripe's filter does.
        const matches = (candidate: string) =>
          !type || (type.endsWith('.*') ? candidate.startsWith(type.slice(0, -1)) : candidate === type);
        return list(
          [...events.values()].filter((event) => matches(event.type)),
          params,
          '/v1/events',
        );
      },
      { expandable: false },
    ),
  );
  api.get(
    '/v1/events/:id',
    endpoint((_params, req) => getOr404(events, String(req.params.id), 'event')),
  );

  // The control API: what a payer, the dashboard or Stripe's own timing would do, for tests.
  api.get(
    '/_sandbox/webhooks',
    endpoint(() => ({ object: 'sandbox.webhook_settings', ...deliverer.settings() })),
  );
  api.post(
    '/_sandbox/webhooks',
    endpoint((params) => {
      allowOnly(params, [
        'url',
        'duplicate',
        'out_of_order',
        'max_attempts',
        'retry_delay_ms',
        'timeout_ms',
        'concurrency',
      ]);
      const changes: Partial<WebhookSettings> = {};
      if (params.url !== undefined) changes.url = urlParam(params.url, 'url') ?? null;
      const duplicate = booleanParam(params.duplicate, 'duplicate');
      if (duplicate !== undefined) changes.duplicate = duplicate;
      const outOfOrder = booleanParam(params.out_of_order, 'out_of_order');
      if (outOfOrder !== undefined) changes.outOfOrder = outOfOrder;
      const maxAttempts = integerParam(params.max_attempts, 'max_attempts', { min: 1 });
      if (maxAttempts !== undefined) changes.maxAttempts = maxAttempts;
      const retryDelayMs = integerParam(params.retry_delay_ms, 'retry_delay_ms');
      if (retryDelayMs !== undefined) changes.retryDelayMs = retryDelayMs;
      const timeoutMs = integerParam(params.timeout_ms, 'timeout_ms', { min: 1 });
      if (timeoutMs !== undefined) changes.timeoutMs = timeoutMs;
      const concurrency = integerParam(params.concurrency, 'concurrency', { min: 1 });
      if (concurrency !== undefined) changes.concurrency = concurrency;
      return { object: 'sandbox.webhook_settings', ...deliverer.configure(changes) };
    }),
  );
  api.get(
    '/_sandbox/webhooks/attempts',
    endpoint(
      () => ({ object: 'list', data: deliverer.attempts(), has_more: false, url: '/_sandbox/webhooks/attempts' }),
      {
        expandable: false,
      },
    ),
  );
  api.post(
    '/_sandbox/webhooks/drain',
    endpoint(
      async (params) => {
        allowOnly(params, ['timeout_ms']);
        const timeoutMs = integerParam(params.timeout_ms, 'timeout_ms', { min: 1 }) ?? 30_000;
        try {
          await deliverer.drain(timeoutMs);
        } catch (error) {
          throw new StripeApiError(504, { type: 'api_error', message: (error as Error).message });
        }
        return { object: 'list', data: deliverer.attempts(), has_more: false, url: '/_sandbox/webhooks/attempts' };
      },
      { expandable: false },
    ),
  );
  api.post(
    '/_sandbox/checkout/sessions/:id/pay',
    endpoint(
      (params, req) => {
        allowOnly(params, ['number', 'expiry', 'cvc', 'email', 'name']);
        const attempt = pay(String(req.params.id), {
          number: textParam(params.number, 'number'),
          expiry: textParam(params.expiry, 'expiry'),
          cvc: textParam(params.cvc, 'cvc'),
          email: textParam(params.email, 'email'),
          name: textParam(params.name, 'name'),
        });
        return attemptResult(attempt);
      },
      { expandable: false },
    ),
  );
  api.post(
    '/_sandbox/checkout/sessions/:id/decline',
    endpoint(
      (params, req) => {
        allowOnly(params, ['decline_code']);
        return attemptResult(decline(String(req.params.id), textParam(params.decline_code, 'decline_code')));
      },
      { expandable: false },
    ),
  );
  api.post(
    '/_sandbox/payment_intents/:id/refund',
    endpoint((params, req) => {
      allowOnly(params, ['amount', 'reason']);
      return createRefund({ ...params, payment_intent: String(req.params.id) });
    }),
  );
  api.post(
    '/_sandbox/events',
    endpoint(
      (params) => {
        allowOnly(params, ['type', 'object']);
        const type = textParam(params.type, 'type', true)!;
        const object = hashParam(params.object, 'object') ?? {};
        return emit(type, object);
      },
      { expandable: false },
    ),
  );

  /** A payment attempt as the control API answers it: the objects, or Stripe's card error. */
  function attemptResult(attempt: PaymentAttempt): object {
    if (attempt.status === 'succeeded') {
      return {
        object: 'sandbox.payment',
        status: 'succeeded',
        session: attempt.session,
        payment_intent: attempt.paymentIntent,
        charge: attempt.charge,
      };
    }
    if (attempt.status === 'invalid') {
      const { field: _field, ...body } = attempt.error;
      throw new StripeApiError(402, body);
    }
    throw new StripeApiError(402, attempt.error);
  }

  billing.mountApi(api, { endpoint, list });
  clocks.mountApi(api, { endpoint, list });
  portal.mountApi(api, { endpoint });

  api.all(/^\/(v1|_sandbox)(\/.*)?$/, (req, res) => {
    send(
      res,
      404,
      errorJson(
        badRequest(
          `Unrecognized request URL (${req.method}: ${req.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        ),
      ),
      randomId('req_', 14),
    );
  });

  // -------------------------------------------------------------------------------------------
  // Hosted pages, for a browser: checkout, payment links, confirmation and receipts.

  const pages = Router();
  const sendPage = (res: Response, status: number, html: string, formTargets: string[] = []) => {
    res.status(status).set(pageSecurityHeaders(formTargets)).type('html').send(html);
  };
  const checkoutModel = (session: CheckoutSession): CheckoutPageModel => {
    const items = sessionItems.get(session.id) ?? [];
    return {
      merchant,
      description: items.map((item) => (item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name)).join(', '),
      amount: session.amount_total,
      currency: session.currency,
      email: session.customer_email ?? '',
      cancelUrl: session.cancel_url,
    };
  };
  const formTargetsOf = (session: CheckoutSession) =>
    [session.success_url, session.cancel_url].filter((url): url is string => !!url);

  function receiptUrlOf(session: CheckoutSession): string | null {
    const chargeId = session.payment_intent ? intents.get(session.payment_intent)?.latest_charge : null;
    return (chargeId && charges.get(chargeId)?.receipt_url) || null;
  }

  function sessionNotice(res: Response, session: CheckoutSession | undefined): boolean {
    if (!session) {
      sendPage(res, 404, renderNoticePage('Page not found', 'This checkout page does not exist.'));
      return true;
    }
    refreshExpiry(session);
    if (session.status === 'expired') {
      sendPage(res, 410, renderNoticePage('Session expired', 'This checkout session has expired. Please start again.'));
      return true;
    }
    if (session.status === 'complete') {
      const receipt = receiptUrlOf(session);
      sendPage(
        res,
        200,
        renderNoticePage(
          'Payment complete',
          'This payment has already been made. Thank you!',
          receipt ? { href: receipt, text: 'View the receipt' } : undefined,
        ),
      );
      return true;
    }
    return false;
  }

  pages.get('/c/pay/:id', (req, res) => {
    const session = sessions.get(String(req.params.id));
    if (sessionNotice(res, session)) return;
    sendPage(res, 200, renderCheckoutPage(checkoutModel(session!)), formTargetsOf(session!));
  });

  pages.post('/c/pay/:id', express.urlencoded({ extended: false, limit: '16kb' }), (req, res) => {
    const session = sessions.get(String(req.params.id));
    if (sessionNotice(res, session)) return;
    const form = (req.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const values = {
      email: field('email'),
      cardNumber: field('cardNumber'),
      cardExpiry: field('cardExpiry'),
      billingName: field('billingName'),
    };
    const attempt = pay(session!.id, {
      number: values.cardNumber,
      expiry: values.cardExpiry,
      cvc: field('cardCvc'),
      email: values.email,
      name: values.billingName,
    });
    if (attempt.status === 'succeeded') {
      const target = attempt.session.success_url
        ? attempt.session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', attempt.session.id)
        : `${req.baseUrl}/c/complete/${attempt.session.id}`;
      res.set(pageSecurityHeaders(formTargetsOf(attempt.session)));
      res.redirect(303, target);
      return;
    }
    const error =
      attempt.status === 'invalid'
        ? { message: attempt.error.message, field: attempt.error.field }
        : { message: attempt.error.message, field: null };
    sendPage(
      res,
      attempt.status === 'invalid' ? 400 : 402,
      renderCheckoutPage({ ...checkoutModel(session!), values, error }),
      formTargetsOf(session!),
    );
  });

  pages.get('/c/complete/:id', (req, res) => {
    const session = sessions.get(String(req.params.id));
    if (!session || session.status !== 'complete') {
      sendPage(res, 404, renderNoticePage('Page not found', 'There is no completed payment here.'));
      return;
    }
    const receipt = receiptUrlOf(session);
    sendPage(
      res,
      200,
      renderNoticePage(
        'Thanks for your payment',
        `Your payment to ${merchant} is complete.`,
        receipt ? { href: receipt, text: 'View the receipt' } : undefined,
      ),
    );
  });

  pages.get('/b/:id', (req, res) => {
    const link = links.get(String(req.params.id));
    if (!link) {
      sendPage(res, 404, renderNoticePage('Page not found', 'This payment link does not exist.'));
      return;
    }
    if (!link.active) {
      sendPage(res, 410, renderNoticePage('Link no longer active', 'This payment link is no longer active.'));
      return;
    }
    try {
      const session = sessionFromLink(link);
      res.redirect(303, `${req.baseUrl}/c/pay/${session.id}`);
    } catch (error) {
      sendPage(res, 409, renderNoticePage('Link unavailable', asApiError(error).message));
    }
  });

  pages.get('/receipts/:id', (req, res) => {
    const charge = charges.get(String(req.params.id));
    if (!charge || charge.status !== 'succeeded') {
      sendPage(res, 404, renderNoticePage('Receipt not found', 'There is no receipt here.'));
      return;
    }
    sendPage(
      res,
      200,
      renderReceiptPage({
        merchant,
        receiptNumber: `${charge.id.slice(-4).toUpperCase()}-${charge.created % 10_000}`,
        amount: charge.amount,
        amountRefunded: charge.amount_refunded,
        currency: charge.currency,
        paidAt: charge.created,
        description: charge.description,
        card: { brand: charge.payment_method_details.card.brand, last4: charge.payment_method_details.card.last4 },
      }),
    );
  });

  portal.mountPages(pages, sendPage);
  router.use(api);
  router.use(pages);
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const apiError = asApiError(error);
    send(res, apiError.status, errorJson(apiError), randomId('req_', 14));
  });

  /** Every stored object whose fields may hold the sandbox's own URLs. */
  const objectStores = (): Map<string, object>[] => [
    sessions,
    links,
    charges,
    events,
    idempotent,
    ...portal.objectStores(),
  ];

  /** Stored URLs follow the sandbox to a new address (a restart on another port or PUBLIC_URL). */
  function rebaseTo(next: string | null): void {
    if (next && urlsBase && urlsBase !== next) {
      for (const store of objectStores()) {
        for (const [id, object] of store) {
          if (store === idempotent) {
            const saved = object as { body: string };
            saved.body = saved.body.replaceAll(
              JSON.stringify(urlsBase).slice(1, -1),
              JSON.stringify(next).slice(1, -1),
            );
          } else store.set(id, rebaseUrls(object, urlsBase, next) as object);
        }
      }
      changedAll();
      touch();
    }
    if (next) urlsBase = next;
  }

  /** The whole state, sharing the live objects (a snapshot serializes it at once). */
  function snapshotState(): StripeSandboxState {
    const at = now();
    return {
      format: SNAPSHOT_FORMAT,
      version: 1,
      baseUrl: urlsBase,
      products: [...products.values()],
      prices: [...prices.values()],
      sessions: [...sessions.values()],
      sessionItems: [...sessionItems],
      sessionPaymentIntentData: [...sessionPaymentIntentData],
      intents: [...intents.values()],
      charges: [...charges.values()],
      refunds: [...refunds.values()],
      links: [...links.values()],
      linkItems: [...linkItems],
      events: [...events.values()],
      idempotent: [...idempotent].filter(([, saved]) => saved.expiresAt > at),
      webhookAttempts: deliverer.latestAttempts(SNAPSHOT_ATTEMPTS),
      webhooksOwed: deliverer.pending(),
      ...clocks.snapshot(),
      ...billing.snapshot(),
      ...portal.snapshot(),
    };
  }

  const exportState = (): StripeSandboxState => clone(snapshotState());

  /** A journal's records applied to the snapshot before them (the snapshot's own JSON, changed in place). */
  function replayJournal(snapshot: unknown, records: unknown[]): unknown {
    if (records.length === 0) return snapshot;
    if (!snapshot || typeof snapshot !== 'object') throw new Error('The snapshot is not a sandbox state.');
    const state = snapshot as Record<string, unknown>;
    const arrayOf = (field: string): unknown[] => {
      // Snapshots of older versions owe no deliveries and have no billing.
      if (
        state[field] === undefined &&
        (field === 'webhooksOwed' || field in clocks.tables || field in billing.tables || field in portal.tables)
      ) {
        state[field] = [];
      }
      const value = state[field];
      if (!Array.isArray(value)) throw new Error(`The snapshot's ${field} is not a list.`);
      return value;
    };
    const idOf = (value: unknown) => (value as { id?: unknown } | null)?.id;
    const byKey = new Map<string, Map<string, unknown>>();
    /** The snapshot's list of `field` as a map by key (entries, owed deliveries or objects by id). */
    function tableOf(field: string): Map<string, unknown> {
      let table = byKey.get(field);
      if (table) return table;
      const list = arrayOf(field);
      if (field === 'webhooksOwed') {
        table = new Map(list.map((owed) => [deliveryKey(owed as PendingDelivery), owed]));
      } else if (ENTRY_TABLES.has(field)) {
        table = new Map(list.map((entry) => entry as [string, unknown]));
      } else {
        table = new Map(list.map((object) => [String(idOf(object)), object]));
      }
      byKey.set(field, table);
      return table;
    }
    const attempts = arrayOf('webhookAttempts');
    for (const record of records) {
      const change = record as { t?: unknown; k?: unknown; v?: unknown; a?: unknown } | null;
      if (change && typeof change === 'object' && 'a' in change) {
        attempts.push(change.a);
        continue;
      }
      if (
        !change ||
        typeof change.t !== 'string' ||
        !(change.t in tables || change.t === 'webhooksOwed') ||
        typeof change.k !== 'string'
      ) {
        throw new Error(`A journal record cannot be read: ${JSON.stringify(record)?.slice(0, 200)}`);
      }
      const table = tableOf(change.t);
      if (change.v === null || change.v === undefined) table.delete(change.k);
      else table.set(change.k, change.v);
    }
    for (const [field, table] of byKey) {
      state[field] = ENTRY_TABLES.has(field) ? [...table] : [...table.values()];
    }
    state.webhookAttempts = attempts.slice(-SNAPSHOT_ATTEMPTS);
    return state;
  }

  function recordChanges(): ChangeRecorder {
    const mine: NonNullable<typeof recording> = { changed: new Map(), attempts: [], whole: false };
    recording = mine;
    return {
      take() {
        if (recording !== mine) throw new Error('Another journal records the sandbox now.');
        const { changed: tablesChanged, attempts, whole } = mine;
        mine.changed = new Map();
        mine.attempts = [];
        mine.whole = false;
        if (whole) return 'snapshot';
        const records: unknown[] = [];
        for (const [table, keys] of tablesChanged) {
          for (const key of keys) {
            const value = table === 'webhooksOwed' ? deliverer.owed(key) : tables[table].get(key);
            records.push({ t: table, k: key, v: value ?? null });
          }
        }
        for (const attempt of attempts) records.push({ a: attempt });
        return records;
      },
      stop() {
        if (recording === mine) recording = null;
      },
    };
  }

  function restoreState(input: unknown): void {
    // The schema checks what the code relies on; the rest of each object is the sandbox's own output.
    const saved = SandboxStateSchema.parse(input) as unknown as StripeSandboxState;
    refill(products, saved.products);
    refill(prices, saved.prices);
    refill(sessions, saved.sessions);
    refillEntries(sessionItems, saved.sessionItems);
    refillEntries(sessionPaymentIntentData, saved.sessionPaymentIntentData);
    refill(intents, saved.intents);
    refill(charges, saved.charges);
    refill(refunds, saved.refunds);
    refill(links, saved.links);
    refillEntries(linkItems, saved.linkItems);
    refill(events, saved.events);
    refillEntries(idempotent, saved.idempotent);
    clocks.restore(saved);
    billing.restore(saved);
    portal.restore(saved);
    sessionOfIntent.clear();
    for (const session of sessions.values()) {
      if (session.payment_intent) sessionOfIntent.set(session.payment_intent, session.id);
    }
    deliverer.restoreAttempts(saved.webhookAttempts);
    // Webhooks owed when the sandbox stopped (or crashed) are delivered once it knows its endpoint.
    deliverer.restorePending(saved.webhooksOwed, (id) => events.get(id));
    urlsBase = saved.baseUrl;
    rebaseTo(baseUrl);
    changedAll();
  }

  return {
    router,
    configure(settings) {
      if (settings.baseUrl !== undefined) {
        baseUrl = settings.baseUrl.replace(/\/+$/, '');
        rebaseTo(baseUrl);
      }
      if (settings.webhookUrl !== undefined) deliverer.configure({ url: settings.webhookUrl });
    },
    exportState,
    restoreState,
    snapshotState,
    restoreJournal: (snapshot, records) => restoreState(replayJournal(snapshot, records)),
    recordChanges,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pay,
    decline,
    refund: (paymentIntentId, amount) =>
      createRefund({ payment_intent: paymentIntentId, ...(amount === undefined ? {} : { amount: String(amount) }) }),
    emitEvent: (type, object) => emit(type, object),
    webhooks: {
      configure: deliverer.configure,
      settings: deliverer.settings,
      attempts: deliverer.attempts,
      drain: deliverer.drain,
    },
    close: () => deliverer.close(),
  };
}

export interface RunningStripeSandbox {
  sandbox: StripeSandbox;
  /** The sandbox's base URL, its path prefix included: the SDK's API base and the pages' root. */
  url: string;
  close(): Promise<void>;
}

/** The sandbox on its own port (tests, or a shared sandbox for several instances). */
export async function startStripeSandbox(
  options: StripeSandboxOptions & { port?: number; host?: string; basePath?: string },
): Promise<RunningStripeSandbox> {
  const sandbox = createStripeSandbox(options);
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  const app = express();
  app.disable('x-powered-by');
  app.use(basePath || '/', sandbox.router);
  const host = options.host ?? '127.0.0.1';
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(options.port ?? 0, host, () => resolve(listening));
    listening.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${basePath}`;
  sandbox.configure({ baseUrl: options.baseUrl ?? url });
  return {
    sandbox,
    url,
    async close() {
      sandbox.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
