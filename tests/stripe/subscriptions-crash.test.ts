import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { createStripePaymentGateway } from '@causeway/adapters/stripe/stripe.payment-gateway';
import { startStripeSandbox } from '@causeway/adapters/stripe/stripe.sandbox';
import { systemClock } from '@causeway/adapters/system/system-clock';
import { sandboxControl, submitCheckoutForm } from './sandbox-control';
import { startWebhookReceiver } from './webhook-receiver';

const SECRET_KEY = 'sk_test_subscription_crash';
const WEBHOOK_SECRET = 'whsec_subscription_crash';
const DAY = 24 * 3600;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The sandbox as a process of its own on a state file, as the app keeps its embedded one. */
async function startProcess(statePath: string, webhookUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/stripe-sandbox-server.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      SANDBOX_SECRET_KEY: SECRET_KEY,
      SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SANDBOX_WEBHOOK_URL: webhookUrl,
      SANDBOX_STATE_PATH: statePath,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening (\S+)/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`The sandbox process ended (${code}): ${errors}`)));
  });
  return { child, url };
}

async function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

function clients(url: string) {
  const apiBase = new URL(url);
  return {
    stripe: new Stripe(SECRET_KEY, {
      host: apiBase.hostname,
      port: apiBase.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    }),
    gateway: createStripePaymentGateway({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      clock: systemClock,
      apiBase,
      maxNetworkRetries: 0,
    }),
    control: sandboxControl(url, SECRET_KEY),
  };
}

describe('monthly gifts across a crash of the sandbox', () => {
  it('keeps subscriptions, invoices, cards, the clock and the retry schedule over kill -9', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stripe-subscriptions-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const statePath = join(dir, 'stripe.json');
    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());

    const first = await startProcess(statePath, receiver.url);
    const { gateway } = clients(first.url);
    let { stripe, control } = clients(first.url);
    const checkout = await gateway.createSubscriptionCheckout({
      campaignId: 'campaign-1',
      amountCents: 2_500,
      description: 'Monthly gift',
      successUrl: 'https://app.test/given',
      cancelUrl: 'https://app.test/back',
      idempotencyKey: 'monthly-1',
    });
    expect((await submitCheckoutForm(checkout.url, { number: '4242 4242 4242 4242' })).status).toBe(303);
    const { subscription: subscriptionId, customer } = await stripe.checkout.sessions.retrieve(checkout.id);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId as string);
    const periodEnd = subscription.items.data[0]!.current_period_end;
    await control.advanceDays(32);
    const portal = await gateway.openBillingPortal({ customerId: customer as string, returnUrl: 'https://app.test/' });
    const changed = await fetch(`${portal.url}/card`, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4000 0000 0000 0002', cardExpiry: '12 / 34', cardCvc: '123' }),
      redirect: 'manual',
    });
    expect(changed.status).toBe(303);
    await control.advanceDays(31);
    const before = (await stripe.invoices.list({ subscription: subscription.id })).data;
    expect(before.map((invoice) => [invoice.billing_reason, invoice.status, invoice.attempt_count])).toEqual([
      ['subscription_cycle', 'open', 1],
      ['subscription_cycle', 'paid', 1],
      ['subscription_create', 'paid', 1],
    ]);
    // Every answer above was given once its change was on disk: the process dies with no chance to write more.
    await killed(first.child);

    const second = await startProcess(statePath, receiver.url);
    ({ stripe, control } = clients(second.url));
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: 'past_due',
      items: { data: [{ current_period_start: expect.any(Number) }] },
    });
    const after = (await stripe.invoices.list({ subscription: subscription.id })).data;
    expect(
      after.map((invoice) => [invoice.id, invoice.status, invoice.attempt_count, invoice.next_payment_attempt]),
    ).toEqual(
      before.map((invoice) => [invoice.id, invoice.status, invoice.attempt_count, invoice.next_payment_attempt]),
    );
    const clock = await fetch(`${second.url}/_sandbox/clock`, { headers: { authorization: `Bearer ${SECRET_KEY}` } });
    expect(await clock.json()).toMatchObject({ offset_seconds: 63 * DAY });
    const method = await stripe.paymentMethods.retrieve(
      ((await stripe.customers.retrieve(customer as string)) as Stripe.Customer).invoice_settings
        .default_payment_method as string,
    );
    expect(method.card!.last4).toBe('0002');

    // The retry schedule goes on after the restart, to its end.
    await control.advanceDays(15);
    const [renewal] = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data;
    expect(renewal).toMatchObject({ attempt_count: 4, next_payment_attempt: null });
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: 'canceled',
      cancellation_details: { reason: 'payment_failed' },
    });
    expect(renewal!.created).toBe((await stripe.invoices.retrieve(before[1]!.id)).lines.data[0]!.period.end);
    expect(before[1]!.created).toBe(periodEnd);

    // Every paid month's invoice.paid reached the endpoint, those owed at the crash after the restart.
    await control.drain();
    const paidInvoices = new Set(
      receiver.received.filter((hook) => hook.event.type === 'invoice.paid').map((hook) => hook.event.data.object.id),
    );
    expect(paidInvoices).toEqual(new Set([before[1]!.id, before[2]!.id]));
    expect(receiver.last('customer.subscription.deleted').event.data.object).toMatchObject({ id: subscription.id });
    second.child.kill('SIGTERM');
  }, 120_000);

  it('reads a state written before subscriptions existed', async () => {
    const running = await startStripeSandbox({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    cleanups.push(() => running.close());
    const state = running.sandbox.exportState() as unknown as Record<string, unknown>;
    for (const field of [
      'customers',
      'paymentMethods',
      'cardNumbers',
      'subscriptions',
      'invoices',
      'testClocks',
      'sessionSubscriptionData',
      'sandboxClock',
      'portalSessions',
    ]) {
      delete state[field];
    }
    running.sandbox.restoreState(state);
    expect(running.sandbox.exportState()).toMatchObject({ subscriptions: [], sandboxClock: [] });
  });
});
