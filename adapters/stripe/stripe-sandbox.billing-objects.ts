import type { CardDetails } from './stripe-sandbox.cards';
import type { Metadata } from './stripe-sandbox.params';
import type { Price } from './stripe.sandbox';

// ---------------------------------------------------------------------------------------------
// The objects, in the shapes of Stripe's API (the fields we serve).

export interface Customer {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: string | null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  billing_details: { address: null; email: string | null; name: string | null; phone: null };
  card: CardDetails & { checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' } };
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
  tax_rates: [];
}

export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'canceled';
export type PauseBehavior = 'void' | 'keep_as_draft' | 'mark_uncollectible';
export type CancellationReason = 'cancellation_requested' | 'payment_failed';

export interface Subscription {
  id: string;
  object: 'subscription';
  application: null;
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: CancellationReason | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string | null;
  description: string | null;
  discounts: string[];
  ended_at: number | null;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  pause_collection: { behavior: PauseBehavior; resumes_at: number | null } | null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: string | null;
  trial_end: null;
  trial_start: null;
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details';
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: null;
      proration: false;
      subscription: string;
      subscription_item: string;
    };
  };
  period: { start: number; end: number };
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  quantity: number;
  subtotal: number;
}

export interface InvoicePayment {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: true;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'open' | 'paid' | 'canceled';
  status_transitions: { canceled_at: number | null; paid_at: number | null };
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export interface Invoice {
  id: string;
  object: 'invoice';
  account_name: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  default_payment_method: null;
  description: null;
  effective_at: number | null;
  hosted_invoice_url: null;
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false; total_count: number; url: string };
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  payments: { object: 'list'; data: InvoicePayment[]; has_more: false; total_count: number; url: string };
  period_end: number;
  period_start: number;
  status: InvoiceStatus;
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  subtotal: number;
  test_clock: string | null;
  total: number;
}

/** What a subscription-mode checkout session carries for the subscription it makes. */
export interface SessionSubscriptionData {
  description: string | null;
  metadata: Metadata;
}

/** The line item of a checkout session, as the sandbox keeps it. */
export interface SessionLineItem {
  price: string | null;
  name: string;
  unit_amount: number;
  quantity: number;
}
