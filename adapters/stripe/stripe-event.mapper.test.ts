import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { PaymentAction } from '@causeway/core/ports/payment-gateway.port';
import { checkoutMetadata, toPaymentAction } from './stripe-event.mapper';

const CREATED = Date.parse('2026-03-10T15:30:00.000Z') / 1000;
const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', object: 'event', type, created: CREATED, data: { object } }) as unknown as Stripe.Event;
const lookups = { sessionOfPaymentIntent: async (id: string) => (id === 'pi_1' ? 'cs_test_1' : null) };

const donation = { purpose: 'donation', campaignId: 'campaign-1', userId: 'promoter-1', payerUserId: 'donor-1' };
const session = (overrides: Record<string, unknown> = {}) => ({
  id: 'cs_test_1',
  object: 'checkout.session',
  amount_total: 2_500,
  payment_intent: 'pi_1',
  payment_status: 'paid',
  metadata: donation,
  ...overrides,
});
const succeeded = (overrides: Partial<Extract<PaymentAction, { type: 'paymentSucceeded' }>>) => ({
  type: 'paymentSucceeded',
  eventId: 'evt_1',
  purpose: 'donation',
  paymentIntentId: 'pi_1',
  sessionId: 'cs_test_1',
  campaignId: 'campaign-1',
  promoterId: 'promoter-1',
  amountCents: 2_500,
  occurredAt: '2026-03-10T15:30:00.000Z',
  payerEmail: null,
  raw: expect.any(Object),
  ...overrides,
});
const ignored = (providerType: string) => ({ type: 'ignored', eventId: 'evt_1', providerType });

describe('Stripe events as payment actions', () => {
  it.each([
    ['a paid donation checkout', event('checkout.session.completed', session()), succeeded({})],
    [
      'a paid budget checkout without a promoter',
      event('checkout.session.completed', session({ metadata: { purpose: 'budget', campaignId: 'campaign-1' } })),
      succeeded({ purpose: 'budget', promoterId: null }),
    ],
    [
      "a payment link's checkout (userId and campaignId only: a donation)",
      event('checkout.session.completed', session({ metadata: { campaignId: 'campaign-1', userId: 'promoter-1' } })),
      succeeded({}),
    ],
    [
      'an expanded payment intent',
      event('checkout.session.completed', session({ payment_intent: { id: 'pi_1' } })),
      succeeded({}),
    ],
    ['a delayed payment that succeeded', event('checkout.session.async_payment_succeeded', session()), succeeded({})],
    [
      "a checkout with the payer's e-mail",
      event('checkout.session.completed', session({ customer_details: { email: 'dana@example.org', name: 'Dana' } })),
      succeeded({ payerEmail: 'dana@example.org' }),
    ],
    [
      'a checkout with only the e-mail it was opened with',
      event('checkout.session.completed', session({ customer_details: null, customer_email: 'sam@example.org' })),
      succeeded({ payerEmail: 'sam@example.org' }),
    ],
    [
      "a payment intent with its receipt's e-mail",
      event('payment_intent.succeeded', {
        id: 'pi_1',
        object: 'payment_intent',
        amount_received: 2_500,
        receipt_email: 'dana@example.org',
        metadata: donation,
      }),
      succeeded({ payerEmail: 'dana@example.org' }),
    ],
    [
      'an unpaid checkout',
      event('checkout.session.completed', session({ payment_status: 'unpaid' })),
      ignored('checkout.session.completed'),
    ],
    [
      'a checkout not ours',
      event('checkout.session.completed', session({ metadata: {} })),
      ignored('checkout.session.completed'),
    ],
    [
      'a succeeded payment intent, its session found',
      event('payment_intent.succeeded', {
        id: 'pi_1',
        object: 'payment_intent',
        amount_received: 2_500,
        metadata: donation,
      }),
      succeeded({}),
    ],
    [
      'a succeeded payment intent without a session',
      event('payment_intent.succeeded', {
        id: 'pi_2',
        object: 'payment_intent',
        amount_received: 900,
        metadata: donation,
      }),
      succeeded({ paymentIntentId: 'pi_2', sessionId: null, amountCents: 900 }),
    ],
    [
      'a payment intent not ours',
      event('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent', amount_received: 100, metadata: {} }),
      ignored('payment_intent.succeeded'),
    ],
    [
      'a declined payment',
      event('payment_intent.payment_failed', {
        id: 'pi_1',
        object: 'payment_intent',
        metadata: donation,
        last_payment_error: { message: 'Your card was declined.' },
      }),
      {
        type: 'paymentFailed',
        eventId: 'evt_1',
        paymentIntentId: 'pi_1',
        campaignId: 'campaign-1',
        reason: 'Your card was declined.',
      },
    ],
    [
      'a declined payment of a donation checkout that named its client',
      event('payment_intent.payment_failed', {
        id: 'pi_1',
        object: 'payment_intent',
        metadata: { ...donation, client: 'a1b2c3' },
        last_payment_error: { message: 'Your card was declined.' },
      }),
      {
        type: 'paymentFailed',
        eventId: 'evt_1',
        paymentIntentId: 'pi_1',
        campaignId: 'campaign-1',
        reason: 'Your card was declined.',
        clientKey: 'a1b2c3',
      },
    ],
    [
      'a failed payment without a reason or campaign',
      event('payment_intent.payment_failed', { id: 'pi_1', object: 'payment_intent', metadata: {} }),
      {
        type: 'paymentFailed',
        eventId: 'evt_1',
        paymentIntentId: 'pi_1',
        campaignId: null,
        reason: 'The payment failed.',
      },
    ],
    [
      'a refund, with all refunded so far',
      event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_1', amount_refunded: 1_500 }),
      { type: 'paymentRefunded', eventId: 'evt_1', paymentIntentId: 'pi_1', amountCents: 1_500 },
    ],
    [
      'a refunded charge without a payment intent',
      event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: null, amount_refunded: 1_500 }),
      ignored('charge.refunded'),
    ],
    ['any other event', event('charge.succeeded', { id: 'ch_1', object: 'charge' }), ignored('charge.succeeded')],
  ])('%s', async (_case, stripeEvent, expected) => {
    expect(await toPaymentAction(stripeEvent, lookups)).toEqual(expected);
  });

  it('writes purpose, campaign, promoter (userId) and payer on a checkout', () => {
    expect(
      checkoutMetadata({
        purpose: 'donation',
        campaignId: 'campaign-1',
        amountCents: 2_500,
        description: 'Gift',
        successUrl: 'https://a.test',
        cancelUrl: 'https://a.test',
        promoterId: 'promoter-1',
        payerUserId: 'donor-1',
        idempotencyKey: 'k',
      }),
    ).toEqual(donation);
  });
});
