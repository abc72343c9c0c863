import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { PaymentAction } from '@causeway/core/ports/payment-gateway.port';
import { toPaymentAction } from './stripe-event.mapper';

const CREATED = Date.parse('2026-03-10T15:30:00.000Z') / 1000;
const PERIOD_START = Date.parse('2026-03-10T15:30:00.000Z') / 1000;
const PERIOD_END = Date.parse('2026-04-10T15:30:00.000Z') / 1000;
const NEXT_TRY = Date.parse('2026-03-13T15:30:00.000Z') / 1000;
const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', object: 'event', type, created: CREATED, data: { object } }) as unknown as Stripe.Event;
const lookups = { sessionOfPaymentIntent: async () => null };
const read = (type: string, object: Record<string, unknown>) => toPaymentAction(event(type, object), lookups);

const gift = { purpose: 'donation', campaignId: 'campaign-1', userId: 'promoter-1', payerUserId: 'donor-1' };

/** An invoice of a monthly gift, in the shape of Stripe's API (its subscription under `parent`). */
const invoice = (overrides: Record<string, unknown> = {}) => ({
  id: 'in_1',
  object: 'invoice',
  amount_due: 2_500,
  amount_paid: 2_500,
  attempt_count: 1,
  billing_reason: 'subscription_cycle',
  customer: 'cus_1',
  customer_email: 'dana@example.org',
  customer_name: 'Dana Donor',
  next_payment_attempt: null,
  status: 'paid',
  period_start: PERIOD_START - 31 * 86_400,
  period_end: PERIOD_START,
  lines: { object: 'list', data: [{ id: 'il_1', period: { start: PERIOD_START, end: PERIOD_END } }] },
  parent: {
    type: 'subscription_details',
    quote_details: null,
    subscription_details: { subscription: 'sub_1', metadata: gift },
  },
  payments: {
    object: 'list',
    data: [{ id: 'inpay_1', status: 'paid', payment: { type: 'payment_intent', payment_intent: 'pi_1' } }],
  },
  ...overrides,
});

const subscription = (overrides: Record<string, unknown> = {}) => ({
  id: 'sub_1',
  object: 'subscription',
  customer: 'cus_1',
  status: 'active',
  cancel_at_period_end: false,
  cancellation_details: { comment: null, feedback: null, reason: null },
  pause_collection: null,
  metadata: gift,
  items: {
    object: 'list',
    data: [{ id: 'si_1', quantity: 1, price: { unit_amount: 2_500 }, current_period_end: PERIOD_END }],
  },
  ...overrides,
});

const paid = (overrides: Partial<Extract<PaymentAction, { type: 'invoicePaid' }>> = {}) => ({
  type: 'invoicePaid',
  eventId: 'evt_1',
  invoiceId: 'in_1',
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  campaignId: 'campaign-1',
  promoterId: 'promoter-1',
  payerUserId: 'donor-1',
  amountCents: 2_500,
  periodStart: '2026-03-10T15:30:00.000Z',
  periodEnd: '2026-04-10T15:30:00.000Z',
  billingReason: 'renewal',
  paymentIntentId: 'pi_1',
  payerEmail: 'dana@example.org',
  payerName: 'Dana Donor',
  metadata: gift,
  sessionId: null,
  coveredFeeCents: 0,
  occurredAt: '2026-03-10T15:30:00.000Z',
  ...overrides,
});

const changed = (overrides: Partial<Extract<PaymentAction, { type: 'subscriptionChanged' }>> = {}) => ({
  type: 'subscriptionChanged',
  eventId: 'evt_1',
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  campaignId: 'campaign-1',
  status: 'active',
  amountCents: 2_500,
  currentPeriodEnd: '2026-04-10T15:30:00.000Z',
  cancelAtPeriodEnd: false,
  paused: false,
  endedReason: null,
  occurredAt: '2026-03-10T15:30:00.000Z',
  ...overrides,
});

const ignored = (providerType: string) => ({ type: 'ignored', eventId: 'evt_1', providerType });

describe('refunds of a monthly gift', () => {
  const refund = (metadata: Record<string, string>) =>
    event('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: 'pi_1',
      amount_refunded: 1_000,
      metadata,
    });
  const invoiceOf = async (id: string) => (id === 'pi_1' ? 'in_1' : null);

  it("names the invoice a month's payment paid", async () => {
    expect(await toPaymentAction(refund({}), { ...lookups, invoiceOfPaymentIntent: invoiceOf })).toEqual({
      type: 'paymentRefunded',
      eventId: 'evt_1',
      paymentIntentId: 'in_1',
      amountCents: 1_000,
    });
  });

  it('asks nothing for a one-off gift (its charge names its campaign)', async () => {
    const asked: string[] = [];
    const action = await toPaymentAction(refund({ campaignId: 'campaign-1' }), {
      ...lookups,
      invoiceOfPaymentIntent: async (id) => {
        asked.push(id);
        return 'in_1';
      },
    });
    expect(action).toMatchObject({ paymentIntentId: 'pi_1' });
    expect(asked).toEqual([]);
  });

  it('keeps the payment intent when it paid no invoice', async () => {
    expect(await toPaymentAction(refund({}), { ...lookups, invoiceOfPaymentIntent: async () => null })).toMatchObject({
      paymentIntentId: 'pi_1',
    });
  });
});

describe('Stripe events of monthly gifts as payment actions', () => {
  it('names the checkout of a first month (only), and the card fee its gift covers each month', async () => {
    const asked: string[] = [];
    const withSessions = {
      ...lookups,
      sessionOfSubscription: async (subscriptionId: string) => {
        asked.push(subscriptionId);
        return 'cs_first';
      },
    };
    const covered = { ...gift, coveredFee: '87' };
    const first = invoice({
      billing_reason: 'subscription_create',
      amount_paid: 2_587,
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: covered } },
    });
    expect(await toPaymentAction(event('invoice.paid', first), withSessions)).toEqual(
      paid({
        billingReason: 'subscriptionStart',
        amountCents: 2_587,
        metadata: covered,
        sessionId: 'cs_first',
        coveredFeeCents: 87,
      }),
    );
    expect(asked).toEqual(['sub_1']);
    const renewal = invoice({
      amount_paid: 2_587,
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: covered } },
    });
    expect(await toPaymentAction(event('invoice.paid', renewal), withSessions)).toMatchObject({
      billingReason: 'renewal',
      sessionId: null,
      coveredFeeCents: 87,
    });
    expect(asked).toEqual(['sub_1']);
    // A fee that is not whole cents is none.
    const odd = invoice({
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_1', metadata: { ...gift, coveredFee: '8.7' } },
      },
    });
    expect(await toPaymentAction(event('invoice.paid', odd), withSessions)).toMatchObject({ coveredFeeCents: 0 });
  });

  it.each([
    ['a paid renewal', read('invoice.paid', invoice()), paid()],
    [
      'the paid first month of a checkout',
      read('invoice.paid', invoice({ billing_reason: 'subscription_create' })),
      paid({ billingReason: 'subscriptionStart' }),
    ],
    [
      'an invoice of another reason',
      read('invoice.paid', invoice({ billing_reason: 'manual' })),
      paid({ billingReason: 'other' }),
    ],
    [
      'an expanded customer and subscription',
      read(
        'invoice.paid',
        invoice({
          customer: { id: 'cus_1' },
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: { id: 'sub_1' }, metadata: gift },
          },
        }),
      ),
      paid(),
    ],
    [
      'a gift without a promoter or a signed-in giver',
      read(
        'invoice.paid',
        invoice({
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: 'sub_1', metadata: { campaignId: 'campaign-1' } },
          },
        }),
      ),
      paid({ promoterId: null, payerUserId: null, metadata: { campaignId: 'campaign-1' } }),
    ],
    [
      'an invoice whose event carries no payments',
      read('invoice.paid', invoice({ payments: undefined, customer_email: null })),
      paid({ paymentIntentId: null, payerEmail: null }),
    ],
    [
      'an invoice without lines: the invoice’s own period',
      read('invoice.paid', invoice({ lines: undefined, period_start: PERIOD_START, period_end: PERIOD_END })),
      paid(),
    ],
    [
      'a declined renewal with its next try',
      read(
        'invoice.payment_failed',
        invoice({ status: 'open', amount_paid: 0, attempt_count: 2, next_payment_attempt: NEXT_TRY }),
      ),
      {
        type: 'invoicePaymentFailed',
        eventId: 'evt_1',
        invoiceId: 'in_1',
        subscriptionId: 'sub_1',
        customerId: 'cus_1',
        campaignId: 'campaign-1',
        amountCents: 2_500,
        attemptCount: 2,
        nextAttemptAt: '2026-03-13T15:30:00.000Z',
        reason: 'The card was declined.',
        billingReason: 'renewal',
        occurredAt: '2026-03-10T15:30:00.000Z',
      },
    ],
    [
      'the last declined try',
      read('invoice.payment_failed', invoice({ status: 'open', attempt_count: 4, next_payment_attempt: null })),
      expect.objectContaining({ type: 'invoicePaymentFailed', attemptCount: 4, nextAttemptAt: null }),
    ],
    [
      'a started gift',
      read('customer.subscription.created', subscription({ status: 'incomplete' })),
      changed({ status: 'incomplete' }),
    ],
    ['an active gift', read('customer.subscription.updated', subscription()), changed()],
    [
      'a renewal being retried',
      read('customer.subscription.updated', subscription({ status: 'past_due' })),
      changed({ status: 'pastDue' }),
    ],
    [
      'a new amount for the next period, two of the item',
      read(
        'customer.subscription.updated',
        subscription({
          items: { data: [{ id: 'si_1', quantity: 2, price: { unit_amount: 2_000 }, current_period_end: PERIOD_END }] },
        }),
      ),
      changed({ amountCents: 4_000 }),
    ],
    [
      'a paused gift',
      read('customer.subscription.updated', subscription({ pause_collection: { behavior: 'void', resumes_at: null } })),
      changed({ paused: true }),
    ],
    [
      'a gift ending at its period end',
      read(
        'customer.subscription.updated',
        subscription({
          cancel_at_period_end: true,
          cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
        }),
      ),
      changed({ cancelAtPeriodEnd: true }),
    ],
    [
      'a gift cancelled by the giver',
      read(
        'customer.subscription.deleted',
        subscription({
          status: 'canceled',
          cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
        }),
      ),
      changed({ status: 'ended', endedReason: 'requested' }),
    ],
    [
      'a gift ended by declined renewals',
      read(
        'customer.subscription.deleted',
        subscription({
          status: 'canceled',
          cancellation_details: { comment: null, feedback: null, reason: 'payment_failed' },
        }),
      ),
      changed({ status: 'ended', endedReason: 'paymentFailed' }),
    ],
    [
      'a deleted gift with no reason given',
      read('customer.subscription.deleted', subscription({ status: 'canceled', cancellation_details: null })),
      changed({ status: 'ended', endedReason: 'other' }),
    ],
    [
      'a first checkout that expired unpaid',
      read('customer.subscription.updated', subscription({ status: 'incomplete_expired' })),
      changed({ status: 'ended', endedReason: 'other' }),
    ],
    [
      'a trialing gift',
      read('customer.subscription.updated', subscription({ status: 'trialing' })),
      changed({ status: 'other' }),
    ],
  ] as const)('%s', async (_case, action, expected) => {
    expect(await action).toEqual(expected);
  });

  it.each([
    ['an invoice of no subscription', 'invoice.paid', invoice({ parent: null })],
    [
      'an invoice of a subscription not ours (no campaign)',
      'invoice.paid',
      invoice({
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: {} } },
      }),
    ],
    ['a declined invoice not ours', 'invoice.payment_failed', invoice({ parent: null })],
    ['a subscription not ours', 'customer.subscription.updated', subscription({ metadata: {} })],
    ['an invoice being drafted', 'invoice.created', invoice()],
    [
      'the completed checkout of a monthly gift (its invoice books the month)',
      'checkout.session.completed',
      {
        id: 'cs_test_1',
        object: 'checkout.session',
        mode: 'subscription',
        amount_total: 2_500,
        payment_intent: null,
        payment_status: 'paid',
        metadata: gift,
      },
    ],
    [
      'the payment intent of an invoice (no campaign in its metadata)',
      'payment_intent.succeeded',
      { id: 'pi_1', object: 'payment_intent', amount_received: 2_500, metadata: {} },
    ],
  ] as const)('ignores %s', async (_case, type, object) => {
    expect(await read(type, object as Record<string, unknown>)).toEqual(ignored(type));
  });
});

describe('why a renewal was declined', () => {
  const declined = event(
    'invoice.payment_failed',
    invoice({ status: 'open', amount_paid: 0, attempt_count: 1, next_payment_attempt: PERIOD_END }),
  );

  it("gives the provider's words for the decline of the invoice's payment", async () => {
    const asked: string[] = [];
    const action = await toPaymentAction(declined, {
      ...lookups,
      declineOfPaymentIntent: async (id) => {
        asked.push(id);
        return 'Your card has insufficient funds.';
      },
    });
    expect(action).toMatchObject({ type: 'invoicePaymentFailed', reason: 'Your card has insufficient funds.' });
    expect(asked).toEqual(['pi_1']);
  });

  it('says the card was declined when the provider gives no words', async () => {
    const action = await toPaymentAction(declined, { ...lookups, declineOfPaymentIntent: async () => null });
    expect(action).toMatchObject({ reason: 'The card was declined.' });
  });
});
