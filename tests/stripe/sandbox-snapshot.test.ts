import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStripePaymentGateway } from '@causeway/adapters/stripe/stripe.payment-gateway';
import { startStripeSandbox, type RunningStripeSandbox } from '@causeway/adapters/stripe/stripe.sandbox';
import { keepJournal } from '@causeway/adapters/system/json-journal';
import { systemClock } from '@causeway/adapters/system/system-clock';
import type { CheckoutRequest, PaymentGateway } from '@causeway/core/ports/payment-gateway.port';
import { submitCheckoutForm } from './sandbox-control';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  purpose: 'donation',
  campaignId: 'campaign-1',
  amountCents: 2_500,
  description: 'Donation to Clean water',
  successUrl: 'https://app.test/donated?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://app.test/campaign/campaign-1/details/',
  promoterId: null,
  payerUserId: null,
  idempotencyKey: 'donation-1',
  ...overrides,
});

const started: (RunningStripeSandbox | WebhookReceiver | { close(): Promise<void> })[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((running) => running.close()));
});
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A sandbox on its own port with the app's gateway, each start with a key and webhook secret of its own. */
async function start(name: string): Promise<{ running: RunningStripeSandbox; gateway: PaymentGateway }> {
  const secretKey = `sk_test_${name}`;
  const webhookSecret = `whsec_${name}`;
  const running = await startStripeSandbox({ secretKey, webhookSecret });
  started.push(running);
  const gateway = createStripePaymentGateway({
    secretKey,
    webhookSecret,
    clock: systemClock,
    apiBase: new URL(running.url),
    maxNetworkRetries: 0,
  });
  return { running, gateway };
}

describe('the Stripe sandbox state, exported and restored', () => {
  it('answers the same reads after a restore on another port, key and webhook secret', async () => {
    const receiver = await startWebhookReceiver();
    started.push(receiver);
    const before = await start('first');
    before.running.sandbox.configure({ webhookUrl: receiver.url });
    const paid = await before.gateway.createCheckout(checkout());
    const paidAttempt = await submitCheckoutForm(paid.url, {
      number: '4242 4242 4242 4242',
      email: 'dana@example.org',
    });
    expect(paidAttempt.status).toBe(303);
    const open = await before.gateway.createCheckout(checkout({ idempotencyKey: 'donation-2', amountCents: 4_000 }));
    await before.running.sandbox.webhooks.drain();
    const detail = await before.gateway.getPaymentDetail(paid.id);
    expect(detail).toMatchObject({ amount: 2_500, card: { brand: 'visa', last4: '4242' } });
    expect(detail!.link).toContain(`${before.running.url}/receipts/ch_`);
    const attempts = before.running.sandbox.webhooks.attempts();
    expect(attempts.length).toBeGreaterThan(0);
    const exported = JSON.parse(JSON.stringify(before.running.sandbox.exportState())) as unknown;

    const after = await start('second');
    after.running.sandbox.restoreState(exported);
    // The receipt now lives at the new address; everything else reads the same.
    const restored = await after.gateway.getPaymentDetail(paid.id);
    expect(restored).toEqual({ ...detail, link: detail!.link!.replace(before.running.url, after.running.url) });
    const receipt = await fetch(restored!.link!);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain('$25.00');
    expect(after.running.sandbox.webhooks.attempts()).toEqual(attempts);

    // The same idempotency key answers the same checkout, its page at the new address.
    const again = await after.gateway.createCheckout(checkout({ idempotencyKey: 'donation-2', amountCents: 4_000 }));
    expect(again).toEqual({ id: open.id, url: open.url.replace(before.running.url, after.running.url) });
    const page = await fetch(again.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('$40.00');

    // A payment made before the restart can be refunded after it.
    const paymentId = restored!.paymentId;
    expect(after.running.sandbox.refund(paymentId, 1_000)).toMatchObject({ amount: 1_000, payment_intent: paymentId });
    expect((await after.gateway.getPaymentDetail(paid.id))!.amount).toBe(2_500);
  });

  it('owes the webhooks of a payment across a restart, and delivers them once told where', async () => {
    const down = await startWebhookReceiver();
    started.push(down);
    const before = await start('owing');
    before.running.sandbox.configure({ webhookUrl: down.url });
    before.running.sandbox.webhooks.configure({ retryDelayMs: 60_000 });
    // The endpoint fails every attempt: the payment's events wait for their retries when the state is taken.
    down.failNext(1_000);
    const session = await before.gateway.createCheckout(checkout());
    expect(before.running.sandbox.pay(session.id).status).toBe('succeeded');
    for (let waited = 0; waited < 5_000 && before.running.sandbox.webhooks.attempts().length === 0; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const exported = JSON.parse(JSON.stringify(before.running.sandbox.exportState())) as {
      webhooksOwed: { eventId: string; attempt: number }[];
    };
    expect(exported.webhooksOwed.length).toBeGreaterThan(0);
    await before.running.close();
    started.splice(started.indexOf(before.running), 1);

    const receiver = await startWebhookReceiver();
    started.push(receiver);
    const after = await start('owed');
    after.running.sandbox.restoreState(exported);
    expect(receiver.received).toHaveLength(0);
    after.running.sandbox.configure({ webhookUrl: receiver.url });
    await after.running.sandbox.webhooks.drain();
    const completed = receiver.last('checkout.session.completed', (object) => object.id === session.id);
    expect(completed.event.data.object).toMatchObject({ payment_status: 'paid' });
    expect(receiver.received.map((webhook) => webhook.event.id).sort()).toEqual(
      [...new Set(exported.webhooksOwed.map((owed) => owed.eventId))].sort(),
    );
    expect(after.running.sandbox.exportState().webhooksOwed).toEqual([]);
  });

  it('refuses a state it cannot read and keeps its own', async () => {
    const { running, gateway } = await start('own');
    const session = await gateway.createCheckout(checkout());
    const good = running.sandbox.exportState();
    const broken = [
      undefined,
      { ...good, version: 2 },
      { ...good, sessions: [{ id: 'not-a-session', object: 'checkout.session' }] },
      { ...good, charges: 'none' },
    ];
    for (const state of broken) expect(() => running.sandbox.restoreState(state)).toThrow();
    expect((await fetch(session.url)).status).toBe(200);
  });

  it('tells its listeners of each change', async () => {
    const { running, gateway } = await start('told');
    let changes = 0;
    const stop = running.sandbox.onChange(() => changes++);
    const session = await gateway.createCheckout(checkout());
    expect(changes).toBeGreaterThan(0);
    const opened = changes;
    running.sandbox.pay(session.id);
    expect(changes).toBeGreaterThan(opened);
    stop();
    const paid = changes;
    await gateway.createCheckout(checkout({ idempotencyKey: 'another' }));
    expect(changes).toBe(paid);
  });
});

describe('the Stripe sandbox state, kept in a journal file', () => {
  it('reads back after a restart as it was at the last durable write, a write cut short ignored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stripe-journal-'));
    started.push({ close: async () => rmSync(dir, { recursive: true, force: true }) });
    const path = join(dir, 'stripe.json');
    const receiver = await startWebhookReceiver();
    started.push(receiver);
    const before = await start('journaled');
    before.running.sandbox.configure({ webhookUrl: receiver.url });
    const kept = keepJournal({ path, subject: before.running.sandbox, name: 'Stripe sandbox', log: quiet });
    started.push({ close: () => kept.close() });

    const paid = await before.gateway.createCheckout(checkout());
    expect((await submitCheckoutForm(paid.url, { number: '4242 4242 4242 4242' })).status).toBe(303);
    await before.running.sandbox.webhooks.drain();
    await kept.writer.flush();
    const firstState = JSON.parse(JSON.stringify(before.running.sandbox.exportState())) as unknown;
    const firstLength = statSync(path).size;

    const open = await before.gateway.createCheckout(checkout({ idempotencyKey: 'donation-2', amountCents: 4_000 }));
    const { paymentId } = (await before.gateway.getPaymentDetail(paid.id))!;
    before.running.sandbox.refund(paymentId, 500);
    await before.running.sandbox.webhooks.drain();
    await kept.writer.flush();
    const lastState = JSON.parse(JSON.stringify(before.running.sandbox.exportState())) as unknown;
    // Changes were appended to the snapshot, not written as a whole state again.
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(2);
    expect(statSync(path).size).toBeGreaterThan(firstLength);

    /** A sandbox started on a copy of the file as it is (or cut at `length`), its state as `before`'s URLs. */
    const restart = async (name: string, length?: number) => {
      const copy = join(dir, `${name}.json`);
      copyFileSync(path, copy);
      if (length !== undefined) truncateSync(copy, length);
      const after = await start(name);
      const restored = keepJournal({ path: copy, subject: after.running.sandbox, name: 'Stripe sandbox', log: quiet });
      started.push({ close: () => restored.close() });
      expect(restored.outcome).toEqual({ kind: 'restored' });
      return {
        after,
        state: JSON.parse(
          JSON.stringify(after.running.sandbox.exportState()).replaceAll(after.running.url, before.running.url),
        ) as unknown,
      };
    };
    // Compared as data: a restored object's fields may come in another order.
    expect((await restart('whole')).state).toEqual(lastState);
    // A crash in the middle of the last write: its line is cut short, and the state is the one before it.
    const cut = await restart('cut', firstLength + Math.floor((statSync(path).size - firstLength) / 2));
    const withoutCutLines = readFileSync(path, 'utf8').slice(0, firstLength);
    expect(withoutCutLines.endsWith('\n')).toBe(true);
    expect(cut.state).not.toEqual(lastState);
    expect((await restart('at-first', firstLength)).state).toEqual(firstState);
    // The restored sandbox goes on: the open checkout is paid, its webhooks owed and delivered.
    const { after } = await restart('goes-on');
    after.running.sandbox.configure({ webhookUrl: receiver.url });
    expect(after.running.sandbox.pay(open.id).status).toBe('succeeded');
    await after.running.sandbox.webhooks.drain();
    expect(receiver.last('checkout.session.completed', (object) => object.id === open.id)).toBeTruthy();
  });
});
