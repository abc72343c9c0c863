import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStripePaymentGateway } from '@causeway/adapters/stripe/stripe.payment-gateway';
import { startStripeSandbox, type RunningStripeSandbox } from '@causeway/adapters/stripe/stripe.sandbox';
import { systemClock } from '@causeway/adapters/system/system-clock';
import type {
  PaymentAction,
  PaymentGateway,
  RecurringPayments,
  SubscriptionCheckoutRequest,
} from '@causeway/core/ports/payment-gateway.port';
import { sandboxControl, submitCheckoutForm } from './sandbox-control';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const SECRET_KEY = 'sk_test_subscription_tests';
const WEBHOOK_SECRET = 'whsec_subscription_tests';
const DAY = 24 * 3600;

const monthly = (overrides: Partial<SubscriptionCheckoutRequest> = {}): SubscriptionCheckoutRequest => ({
  campaignId: 'campaign-1',
  amountCents: 2_500,
  description: 'Monthly gift to Clean water',
  successUrl: 'https://app.test/given?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://app.test/campaign/campaign-1/details/',
  promoterId: 'promoter-1',
  payerUserId: 'donor-1',
  idempotencyKey: `key-${Math.random()}`,
  ...overrides,
});

let receiver: WebhookReceiver;
let sandbox: RunningStripeSandbox;
let gateway: PaymentGateway & RecurringPayments;
let stripe: Stripe;
let control: ReturnType<typeof sandboxControl>;

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  sandbox = await startStripeSandbox({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhooks: { url: receiver.url, retryDelayMs: 40 },
  });
  const apiBase = new URL(sandbox.url);
  gateway = createStripePaymentGateway({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    clock: systemClock,
    apiBase,
  });
  stripe = new Stripe(SECRET_KEY, {
    host: apiBase.hostname,
    port: apiBase.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  control = sandboxControl(sandbox.url, SECRET_KEY);
});

afterEach(async () => {
  await sandbox.close();
  await receiver.close();
});

/** Moves the sandbox's own clock on by whole days (what renews the subscriptions of checkouts). */
const advanceDays = (days: number) => control.advanceDays(days);

/** A monthly gift paid on its card page: its session, subscription and customer. */
async function subscribe(card = '4242 4242 4242 4242', overrides: Partial<SubscriptionCheckoutRequest> = {}) {
  const checkout = await gateway.createSubscriptionCheckout(monthly(overrides));
  const paid = await submitCheckoutForm(checkout.url, { number: card, email: 'dana@example.org' });
  expect(paid.status).toBe(303);
  const session = await stripe.checkout.sessions.retrieve(checkout.id);
  const subscription = await stripe.subscriptions.retrieve(session.subscription as string);
  return { checkout, session, subscription, customerId: session.customer as string };
}

const invoicesOf = async (subscriptionId: string) =>
  (await stripe.invoices.list({ subscription: subscriptionId, limit: 100 })).data.reverse();

/** Every webhook received so far, read by the app's gateway (so each signature is checked too). */
async function actions(): Promise<PaymentAction[]> {
  await sandbox.sandbox.webhooks.drain();
  return Promise.all(receiver.received.map((hook) => gateway.parseWebhook(hook.body, hook.signature)));
}

describe('a monthly gift started at checkout', () => {
  it('makes the customer, the subscription and its paid first invoice on the card page', async () => {
    const checkout = await gateway.createSubscriptionCheckout(monthly());
    expect(checkout.id).toMatch(/^cs_test_/);
    const page = await fetch(checkout.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('$25.00');

    const paid = await submitCheckoutForm(checkout.url, { number: '4242 4242 4242 4242', email: 'dana@example.org' });
    expect(paid.headers.get('location')).toBe(`https://app.test/given?session=${checkout.id}`);
    const session = await stripe.checkout.sessions.retrieve(checkout.id, { expand: ['subscription'] });
    expect(session).toMatchObject({
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      payment_intent: null,
      customer: expect.stringMatching(/^cus_/),
      invoice: expect.stringMatching(/^in_/),
      metadata: { purpose: 'donation', campaignId: 'campaign-1', userId: 'promoter-1', payerUserId: 'donor-1' },
    });
    const subscription = session.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: session.customer,
      cancel_at_period_end: false,
      pause_collection: null,
      metadata: { purpose: 'donation', campaignId: 'campaign-1', userId: 'promoter-1', payerUserId: 'donor-1' },
      latest_invoice: session.invoice,
    });
    const item = subscription.items.data[0]!;
    expect(item.price).toMatchObject({ unit_amount: 2_500, currency: 'usd', recurring: { interval: 'month' } });
    // A month: from the day of the checkout to the same day next month.
    const start = new Date(item.current_period_start * 1000);
    const end = new Date(item.current_period_end * 1000);
    expect(end.getUTCDate()).toBe(Math.min(start.getUTCDate(), end.getUTCDate()));
    expect((item.current_period_end - item.current_period_start) / DAY).toBeGreaterThanOrEqual(28);

    const customer = (await stripe.customers.retrieve(session.customer as string)) as Stripe.Customer;
    expect(customer).toMatchObject({ email: 'dana@example.org', name: 'Dana Donor' });
    const method = await stripe.paymentMethods.retrieve(customer.invoice_settings.default_payment_method as string);
    expect(method).toMatchObject({ type: 'card', customer: customer.id, card: { brand: 'visa', last4: '4242' } });

    const [invoice, ...others] = await invoicesOf(subscription.id);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      id: session.invoice,
      status: 'paid',
      billing_reason: 'subscription_create',
      amount_paid: 2_500,
      attempt_count: 1,
      customer: customer.id,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      lines: { data: [{ amount: 2_500, period: { start: item.current_period_start, end: item.current_period_end } }] },
    });
    const intentId = invoice!.payments!.data[0]!.payment.payment_intent as string;
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 2_500, metadata: {} });
    expect((intent.latest_charge as Stripe.Charge).receipt_url).toContain(`${sandbox.url}/receipts/ch_`);

    const read = await actions();
    expect(receiver.received.map((hook) => hook.event.type)).toEqual(
      expect.arrayContaining([
        'customer.created',
        'customer.subscription.created',
        'invoice.created',
        'invoice.finalized',
        'invoice.paid',
        'customer.subscription.updated',
        'checkout.session.completed',
      ]),
    );
    // Only the invoice books the month: the session's completion and the payment intent are not a gift.
    expect(read.filter((action) => action.type === 'paymentSucceeded')).toEqual([]);
    expect(read.filter((action) => action.type === 'invoicePaid')).toEqual([
      {
        type: 'invoicePaid',
        eventId: expect.stringMatching(/^evt_/),
        invoiceId: invoice!.id,
        subscriptionId: subscription.id,
        customerId: customer.id,
        campaignId: 'campaign-1',
        promoterId: 'promoter-1',
        payerUserId: 'donor-1',
        amountCents: 2_500,
        periodStart: new Date(item.current_period_start * 1000).toISOString(),
        periodEnd: new Date(item.current_period_end * 1000).toISOString(),
        billingReason: 'subscriptionStart',
        paymentIntentId: intentId,
        payerEmail: 'dana@example.org',
        // The name given on the card page, which names the donor of the months after the first.
        payerName: 'Dana Donor',
        metadata: { purpose: 'donation', campaignId: 'campaign-1', userId: 'promoter-1', payerUserId: 'donor-1' },
        // The first month names the checkout that started the gift; no card fee was covered.
        sessionId: checkout.id,
        coveredFeeCents: 0,
        occurredAt: expect.any(String),
      },
    ]);
    expect(read.find((action) => action.type === 'subscriptionChanged' && action.status === 'active')).toMatchObject({
      subscriptionId: subscription.id,
      customerId: customer.id,
      campaignId: 'campaign-1',
      amountCents: 2_500,
      cancelAtPeriodEnd: false,
      paused: false,
      endedReason: null,
    });
  });

  it('keeps the subscription incomplete after a declined card, and completes it with the next card', async () => {
    const checkout = await gateway.createSubscriptionCheckout(monthly());
    const declined = await submitCheckoutForm(checkout.url, { number: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const open = await stripe.checkout.sessions.retrieve(checkout.id);
    expect(open).toMatchObject({ status: 'open', payment_status: 'unpaid' });
    const incomplete = await stripe.subscriptions.retrieve(open.subscription as string);
    expect(incomplete.status).toBe('incomplete');
    const [first] = await invoicesOf(incomplete.id);
    expect(first).toMatchObject({ status: 'open', attempt_count: 1, next_payment_attempt: null });

    expect((await submitCheckoutForm(checkout.url, { number: '4242 4242 4242 4242' })).status).toBe(303);
    expect((await stripe.subscriptions.retrieve(incomplete.id)).status).toBe('active');
    expect(await invoicesOf(incomplete.id)).toEqual([
      expect.objectContaining({ id: first!.id, status: 'paid', attempt_count: 2 }),
    ]);
    const failed = (await actions()).filter((action) => action.type === 'invoicePaymentFailed');
    expect(failed).toEqual([
      expect.objectContaining({
        invoiceId: first!.id,
        attemptCount: 1,
        nextAttemptAt: null,
        billingReason: 'subscriptionStart',
      }),
    ]);
  });

  it('refuses what Stripe refuses in subscription mode', async () => {
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          { quantity: 1, price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Gift' } } },
        ],
        success_url: 'https://app.test/ok',
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'line_items[0][price_data][recurring]' });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Gift' } } },
        ],
        subscription_data: { metadata: { a: 'b' } },
        success_url: 'https://app.test/ok',
      }),
    ).rejects.toMatchObject({ param: 'subscription_data' });
  });
});

describe('renewals as time passes', () => {
  it('charges the card on file each month when the sandbox clock passes the period end', async () => {
    const { subscription } = await subscribe();
    const periodEnd = subscription.items.data[0]!.current_period_end;
    await advanceDays(20);
    expect(await invoicesOf(subscription.id)).toHaveLength(1);
    const clock = await advanceDays(12);
    expect(clock.now).toBeGreaterThan(periodEnd);

    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]!.current_period_start).toBe(periodEnd);
    const [, renewal] = await invoicesOf(subscription.id);
    expect(renewal).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_paid: 2_500,
      created: periodEnd,
      lines: { data: [{ period: { start: periodEnd, end: renewed.items.data[0]!.current_period_end } }] },
    });
    // Two months more at once: each renewal at its own period end.
    await advanceDays(62);
    const all = await invoicesOf(subscription.id);
    expect(all.map((invoice) => [invoice.billing_reason, invoice.status])).toEqual([
      ['subscription_create', 'paid'],
      ['subscription_cycle', 'paid'],
      ['subscription_cycle', 'paid'],
      ['subscription_cycle', 'paid'],
    ]);
    expect(new Set(all.map((invoice) => invoice.created)).size).toBe(4);
    const paid = (await actions()).flatMap((action) => (action.type === 'invoicePaid' ? [action] : []));
    expect(paid.map((action) => action.billingReason).sort()).toEqual([
      'renewal',
      'renewal',
      'renewal',
      'subscriptionStart',
    ]);
    expect(new Set(paid.map((action) => action.invoiceId))).toEqual(new Set(all.map((invoice) => invoice.id)));
  });

  it('follows a test clock: its customer’s subscription renews when the clock is advanced', async () => {
    const frozen = Math.floor(Date.UTC(2027, 0, 31, 12) / 1000);
    const testClock = await stripe.testHelpers.testClocks.create({ frozen_time: frozen, name: 'January' });
    expect(testClock).toMatchObject({ object: 'test_helpers.test_clock', status: 'ready', frozen_time: frozen });
    const customer = await stripe.customers.create({ email: 'clock@example.org', test_clock: testClock.id });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: 1_000,
            product_data: { name: 'Monthly gift' },
            recurring: { interval: 'month' },
          },
        },
      ],
      subscription_data: { metadata: { campaignId: 'campaign-2' } },
      success_url: 'https://app.test/ok',
    });
    expect((await control.pay(session.id)).status).toBe('succeeded');
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({ test_clock: testClock.id, start_date: frozen });
    // January 31st renews on the last day of February, then on March 31st.
    expect(new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString()).toBe(
      '2027-02-28T12:00:00.000Z',
    );
    // The sandbox clock does not move a test clock's customers.
    await advanceDays(40);
    expect(await invoicesOf(subscriptionId)).toHaveLength(1);

    const advanced = await stripe.testHelpers.testClocks.advance(testClock.id, {
      frozen_time: Math.floor(Date.UTC(2027, 3, 1) / 1000),
    });
    expect(advanced).toMatchObject({ status: 'ready', frozen_time: Math.floor(Date.UTC(2027, 3, 1) / 1000) });
    const invoices = await invoicesOf(subscriptionId);
    expect(invoices.map((invoice) => new Date(invoice.created * 1000).toISOString())).toEqual([
      '2027-01-31T12:00:00.000Z',
      '2027-02-28T12:00:00.000Z',
      '2027-03-31T12:00:00.000Z',
    ]);
    expect(invoices.every((invoice) => invoice.status === 'paid' && invoice.test_clock === testClock.id)).toBe(true);
    await expect(stripe.testHelpers.testClocks.advance(testClock.id, { frozen_time: frozen })).rejects.toMatchObject({
      param: 'frozen_time',
    });
  });
});

describe('a declined renewal', () => {
  it('is retried 3, 5 and 7 days later, then the subscription is cancelled for failed payment', async () => {
    const { subscription, customerId } = await subscribe();
    // The donor changes their card on the portal, to one the bank declines.
    const portal = await gateway.openBillingPortal({ customerId, returnUrl: 'https://app.test/donor/donations' });
    expect(portal.url).toMatch(new RegExp(`^${sandbox.url}/p/session/bps_`));
    const page = await fetch(portal.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('$25.00');
    expect(html).toContain('VISA &ndash; 4242');
    expect(html).toContain('https://app.test/donor/donations');
    const changed = await fetch(`${portal.url}/card`, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4000 0000 0000 0002', cardExpiry: '12 / 34', cardCvc: '123' }),
      redirect: 'manual',
    });
    expect(changed.status).toBe(303);
    expect(await (await fetch(new URL(changed.headers.get('location')!, portal.url))).text()).toContain(
      'VISA &ndash; 0002',
    );
    const customer = (await stripe.customers.retrieve(customerId)) as Stripe.Customer;
    const method = await stripe.paymentMethods.retrieve(customer.invoice_settings.default_payment_method as string);
    expect(method.card!.last4).toBe('0002');
    expect((await stripe.subscriptions.retrieve(subscription.id)).default_payment_method).toBe(method.id);

    const periodEnd = subscription.items.data[0]!.current_period_end;
    await advanceDays(32);
    let [, renewal] = await invoicesOf(subscription.id);
    expect(renewal).toMatchObject({ status: 'open', attempt_count: 1, next_payment_attempt: periodEnd + 3 * DAY });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await advanceDays(3);
    [, renewal] = await invoicesOf(subscription.id);
    expect(renewal).toMatchObject({ attempt_count: 2, next_payment_attempt: periodEnd + 8 * DAY });
    await advanceDays(5);
    [, renewal] = await invoicesOf(subscription.id);
    expect(renewal).toMatchObject({ attempt_count: 3, next_payment_attempt: periodEnd + 15 * DAY });
    await advanceDays(7);
    [, renewal] = await invoicesOf(subscription.id);
    expect(renewal).toMatchObject({ status: 'open', attempt_count: 4, next_payment_attempt: null });
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({
      status: 'canceled',
      ended_at: periodEnd + 15 * DAY,
      cancellation_details: { reason: 'payment_failed' },
    });

    // Nothing is tried again, however long the clock runs.
    await advanceDays(90);
    expect(await invoicesOf(subscription.id)).toHaveLength(2);
    const intent = await stripe.paymentIntents.retrieve(renewal!.payments!.data[0]!.payment.payment_intent as string);
    expect(intent.status).toBe('requires_payment_method');

    const read = await actions();
    // Deliveries of separate actions come in any order, as Stripe's do: read in the order of the attempts.
    const failures = read
      .flatMap((action) => (action.type === 'invoicePaymentFailed' ? [action] : []))
      .sort((a, b) => a.attemptCount - b.attemptCount);
    expect(failures.map((action) => [action.attemptCount, action.nextAttemptAt])).toEqual([
      [1, new Date((periodEnd + 3 * DAY) * 1000).toISOString()],
      [2, new Date((periodEnd + 8 * DAY) * 1000).toISOString()],
      [3, new Date((periodEnd + 15 * DAY) * 1000).toISOString()],
      [4, null],
    ]);
    const deleted = receiver.last('customer.subscription.deleted');
    expect(deleted.event.data.object).toMatchObject({ cancellation_details: { reason: 'payment_failed' } });
    expect(read.find((action) => action.type === 'subscriptionChanged' && action.status === 'ended')).toMatchObject({
      subscriptionId: subscription.id,
      endedReason: 'paymentFailed',
    });
    expect(read.some((action) => action.type === 'subscriptionChanged' && action.status === 'pastDue')).toBe(true);
  });

  it('is paid by a retry once the card on file is good again', async () => {
    const { subscription, customerId } = await subscribe();
    const portal = await gateway.openBillingPortal({ customerId, returnUrl: 'https://app.test/back' });
    const post = (number: string) =>
      fetch(`${portal.url}/card`, {
        method: 'POST',
        body: new URLSearchParams({ cardNumber: number, cardExpiry: '12 / 34', cardCvc: '123' }),
        redirect: 'manual',
      });
    expect((await post('4000 0000 0000 9995')).status).toBe(303);
    await advanceDays(32);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    // A card the form cannot read is refused on the page, changing nothing.
    const refused = await post('4242 4242 4242 4241');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Your card number is invalid.');
    expect((await post('5555 5555 5555 4444')).status).toBe(303);
    await advanceDays(3);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    const [, renewal] = await invoicesOf(subscription.id);
    expect(renewal).toMatchObject({ status: 'paid', attempt_count: 2, next_payment_attempt: null });
  });
});

describe('changing a monthly gift', () => {
  it('charges a new amount from the next period, the month paid left as it was', async () => {
    const { subscription } = await subscribe();
    const changed = await gateway.changeSubscriptionAmount({
      subscriptionId: subscription.id,
      amountCents: 4_000,
      idempotencyKey: 'raise-1',
    });
    expect(changed).toMatchObject({ subscriptionId: subscription.id, status: 'active', amountCents: 4_000 });
    const [first] = await invoicesOf(subscription.id);
    expect(first).toMatchObject({ amount_paid: 2_500, status: 'paid' });
    expect(await invoicesOf(subscription.id)).toHaveLength(1);
    await advanceDays(32);
    const [, renewal] = await invoicesOf(subscription.id);
    expect(renewal).toMatchObject({ amount_paid: 4_000, billing_reason: 'subscription_cycle' });
    const updated = receiver.last('customer.subscription.updated', (object) => object.id === subscription.id);
    expect(updated).toBeTruthy();
    await expect(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: subscription.items.data[0]!.id, quantity: 2 }],
        proration_behavior: 'create_prorations',
      }),
    ).rejects.toMatchObject({ param: 'proration_behavior' });
  });

  it('ends at the period end when asked, and at once when cancelled now', async () => {
    const { subscription } = await subscribe();
    const ending = await gateway.cancelSubscription({
      subscriptionId: subscription.id,
      when: 'periodEnd',
      idempotencyKey: 'end-1',
    });
    expect(ending).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const periodEnd = subscription.items.data[0]!.current_period_end;
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: periodEnd,
    });
    await advanceDays(32);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: 'canceled',
      ended_at: periodEnd,
      cancellation_details: { reason: 'cancellation_requested' },
    });
    expect(await invoicesOf(subscription.id)).toHaveLength(1);

    const other = await subscribe();
    const now = await gateway.cancelSubscription({
      subscriptionId: other.subscription.id,
      when: 'now',
      idempotencyKey: 'end-2',
    });
    expect(now).toMatchObject({ status: 'ended' });
    await advanceDays(40);
    expect(await invoicesOf(other.subscription.id)).toHaveLength(1);
    const ended = (await actions()).filter(
      (action) => action.type === 'subscriptionChanged' && action.status === 'ended',
    );
    expect(ended.map((action) => action.type === 'subscriptionChanged' && action.subscriptionId).sort()).toEqual(
      [subscription.id, other.subscription.id].sort(),
    );
    // Listed without a status, cancelled subscriptions are left out, as Stripe does.
    expect((await stripe.subscriptions.list({ customer: other.customerId })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: other.customerId, status: 'all' })).data).toHaveLength(1);
  });

  it('charges nothing while paused, and again once resumed', async () => {
    const { subscription } = await subscribe();
    expect(await gateway.pauseSubscription({ subscriptionId: subscription.id, idempotencyKey: 'p-1' })).toMatchObject({
      paused: true,
    });
    await advanceDays(32);
    let invoices = await invoicesOf(subscription.id);
    expect(invoices.map((invoice) => invoice.status)).toEqual(['paid', 'void']);
    expect(await gateway.resumeSubscription({ subscriptionId: subscription.id, idempotencyKey: 'r-1' })).toMatchObject({
      paused: false,
    });
    await advanceDays(31);
    invoices = await invoicesOf(subscription.id);
    expect(invoices.map((invoice) => invoice.status)).toEqual(['paid', 'void', 'paid']);
  });

  it('cancels from the portal at the end of the period', async () => {
    const { subscription, customerId } = await subscribe();
    const portal = await gateway.openBillingPortal({ customerId, returnUrl: 'https://app.test/back' });
    const cancelled = await fetch(`${portal.url}/subscriptions/${subscription.id}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);
    expect(await (await fetch(new URL(cancelled.headers.get('location')!, portal.url))).text()).toContain('Ends on');
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
  });
});

describe('refunds of a monthly gift', () => {
  it('refunds one invoice’s month only', async () => {
    const { subscription } = await subscribe();
    await advanceDays(32);
    const [first, second] = await invoicesOf(subscription.id);
    const secondIntent = second!.payments!.data[0]!.payment.payment_intent as string;
    const refund = await stripe.refunds.create({ payment_intent: secondIntent });
    expect(refund).toMatchObject({ amount: 2_500, payment_intent: secondIntent });
    const firstIntent = await stripe.paymentIntents.retrieve(
      first!.payments!.data[0]!.payment.payment_intent as string,
      {
        expand: ['latest_charge'],
      },
    );
    expect((firstIntent.latest_charge as Stripe.Charge).amount_refunded).toBe(0);
    const refunded = (await actions()).filter((action) => action.type === 'paymentRefunded');
    // The refund names the month's invoice, which the month is recorded by.
    expect(refunded).toEqual([expect.objectContaining({ paymentIntentId: second!.id, amountCents: 2_500 })]);
    const payments = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: secondIntent },
    });
    expect(payments.data).toEqual([expect.objectContaining({ invoice: second!.id, status: 'paid' })]);
  });
});

describe('a monthly gift on the card of an earlier one', () => {
  const start = (fromSubscriptionId: string, idempotencyKey: string) =>
    gateway.startSubscriptionOnCardOf({
      fromSubscriptionId,
      campaignId: 'general-fund-1',
      amountCents: 2_587,
      coveredFeeCents: 87,
      description: 'Monthly gift to Harbor Light',
      payerUserId: null,
      idempotencyKey,
    });

  it('charges its first month now on the same customer and card, once per key', async () => {
    const { subscription, customerId } = await subscribe();
    const gift = await start(subscription.id, 'keep-1');
    expect(gift).toMatchObject({ customerId, status: 'active', amountCents: 2_587, coveredFeeCents: 87 });
    expect(gift.subscriptionId).not.toBe(subscription.id);
    expect(await start(subscription.id, 'keep-1')).toEqual(gift);
    const created = await stripe.subscriptions.retrieve(gift.subscriptionId);
    expect(created.default_payment_method).toBe(subscription.default_payment_method);
    expect(created.metadata).toMatchObject({ campaignId: 'general-fund-1', purpose: 'donation', coveredFee: '87' });
    const [first] = await invoicesOf(gift.subscriptionId);
    expect(first).toMatchObject({ status: 'paid', amount_paid: 2_587, billing_reason: 'subscription_create' });
    const read = await actions();
    expect(
      read.find((action) => action.type === 'invoicePaid' && action.subscriptionId === gift.subscriptionId),
    ).toMatchObject({
      campaignId: 'general-fund-1',
      amountCents: 2_587,
      coveredFeeCents: 87,
      billingReason: 'subscriptionStart',
    });
    // The next month renews it like any monthly gift.
    await advanceDays(32);
    expect(await invoicesOf(gift.subscriptionId)).toHaveLength(2);
  });

  it('starts nothing when the card on file is declined, and says so', async () => {
    const { subscription, customerId } = await subscribe();
    const portal = await gateway.openBillingPortal({ customerId, returnUrl: 'https://app.test/back' });
    const changed = await fetch(`${portal.url}/card`, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4000 0000 0000 9995', cardExpiry: '12 / 34', cardCvc: '123' }),
      redirect: 'manual',
    });
    expect(changed.status).toBe(303);
    await expect(start(subscription.id, 'keep-declined')).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('Your card has insufficient funds.'),
    });
    const left = await stripe.subscriptions.list({ customer: customerId, status: 'all' });
    const declined = left.data.find((entry) => entry.id !== subscription.id);
    expect(declined?.status).toBe('canceled');
    await expect(
      stripe.subscriptions.create({ customer: customerId, items: [{ price: 'price_unknown' }] }),
    ).rejects.toMatchObject({ param: 'items[0][price]' });
  });
});
