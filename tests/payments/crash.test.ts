import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStripePaymentGateway } from '@causeway/adapters/stripe/stripe.payment-gateway';
import { startStripeSandbox } from '@causeway/adapters/stripe/stripe.sandbox';
import { systemClock } from '@causeway/adapters/system/system-clock';
import { eventually } from '@causeway/tests/support/eventually';
import { sandboxControl, submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import {
  crashStores,
  killHard,
  okJson as json,
  serverDatabaseFor,
  startServerProcess as startServer,
} from '@causeway/tests/support/server-process';
import { expectedFromSandbox } from './renewal-expectations';

/**
 * Gifts paid through the real flow (the checkout API, the embedded payment sandbox's card form), the
 * server killed with SIGKILL while payers are paying, then started again on the same data: every gift
 * whose payer saw the payment succeed is recorded, exactly once, and its receipt still answers. On the
 * embedded default (PGlite and the sandboxes' files), on the Postgres server when TEST_DATABASE_URL
 * is set, and on Firestore (each in its store's run of the API tier).
 */
const GIFTS = 48;
const AT_ONCE = 8;
const KILL_AFTER = 20;
// After the restart the sandbox delivers what it owes one webhook at a time, and on the Firestore
// emulator a paid gift's webhook took 0.5 to 2.3 s on a busy 2-core machine (about 2.5 s a gift, with
// the gift's other events): there the gifts get 3 minutes to be recorded instead of one.
const onFirestore = process.env.TEST_STORE === 'firestore';
const RECORDED_WITHIN_MS = onFirestore ? 180_000 : 60_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server's environment over a store of `crashStores`: a data directory (and database) of its own, kept over restarts. */
async function crashServerEnv(env: Record<string, string>, more: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'causeway-crash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return {
    ...env,
    ...(env.DATABASE_URL === 'server' ? { DATABASE_URL: await serverDatabaseFor('crash', cleanups) } : {}),
    DATA_DIR: dataDir,
    DEMO_PASSWORD: 'crash-test-password-1',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DONATIONS: 'false',
    ...more,
  };
}

describe.each(crashStores)('a crash while donors pay, on $name', ({ env }) => {
  it(
    'keeps every gift a payer saw succeed, once, after a SIGKILL and a restart',
    async () => {
      const serverEnv = await crashServerEnv(env, {
        // Donors arrive through a proxy, each from an address of their own (card-testing limits count per client).
        TRUST_PROXY: 'true',
      });
      let server = await startServer(serverEnv);
      cleanups.push(() => killHard(server.child));

      const { campaigns } = await json<{ campaigns: { campaignId: string; raisedCents: number }[] }>(
        await fetch(`${server.url}/api/campaigns`),
      );
      const campaignId = campaigns[0]!.campaignId;
      const raised = async () =>
        (await json<{ campaign: { raisedCents: number } }>(await fetch(`${server.url}/api/campaigns/${campaignId}`)))
          .campaign.raisedCents;
      const raisedBefore = await raised();

      // Each gift a different amount, so the total tells which were counted.
      const gifts = Array.from({ length: GIFTS }, (_, index) => ({ amount: 500 + index, sessionId: '', url: '' }));
      for (const [index, gift] of gifts.entries()) {
        const checkout = await json<{ url: string; sessionId: string }>(
          await fetch(`${server.url}/api/campaigns/${campaignId}/donations/checkout`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: server.url,
              'x-forwarded-for': `198.51.100.${index + 1}`,
            },
            body: JSON.stringify({ amount: gift.amount, donorName: 'Crash donor' }),
          }),
        );
        gift.sessionId = checkout.sessionId;
        gift.url = checkout.url;
      }

      const seenPaid = new Set<string>();
      let killed: Promise<void> | null = null;
      let next = 0;
      const payer = async () => {
        while (next < gifts.length && !killed) {
          const gift = gifts[next++]!;
          const answer = await submitCheckoutForm(gift.url, { number: '4242 4242 4242 4242' }).catch(() => null);
          if (answer?.status === 303) seenPaid.add(gift.sessionId);
          if (seenPaid.size >= KILL_AFTER && !killed) killed = killHard(server.child);
        }
      };
      await Promise.all(Array.from({ length: AT_ONCE }, payer));
      await killed;
      expect(seenPaid.size).toBeGreaterThanOrEqual(KILL_AFTER);

      server = await startServer(serverEnv);
      cleanups.push(() => killHard(server.child));
      const recorded = async (of = gifts) => {
        const details = await Promise.all(
          of.map(async (gift) => {
            const response = await fetch(`${server.url}/api/payments/${gift.sessionId}`);
            if (response.status === 404) return { gift, paid: false, recorded: false };
            const detail = await json<{ donation: unknown }>(response);
            return { gift, paid: true, recorded: detail.donation !== null };
          }),
        );
        return details;
      };
      // While waiting, only the payments not yet recorded are asked about again (every gift's lookup each
      // half second was most of the server's work meanwhile); once they are, every gift is read afresh.
      let waitingFor = (await recorded()).filter((detail) => detail.paid && !detail.recorded);
      const deadline = Date.now() + RECORDED_WITHIN_MS;
      while (waitingFor.length > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        waitingFor = (await recorded(waitingFor.map((detail) => detail.gift))).filter((detail) => !detail.recorded);
      }
      const details = await recorded();
      const paid = details.filter((detail) => detail.paid);
      // Every payment the payer saw succeed is still a payment, with its receipt, and is recorded.
      for (const sessionId of seenPaid) {
        expect(paid.map((detail) => detail.gift.sessionId)).toContain(sessionId);
      }
      expect(paid.filter((detail) => !detail.recorded)).toEqual([]);
      // Each once: the campaign's raised amount grew by exactly the payments taken.
      const taken = paid.reduce((sum, detail) => sum + detail.gift.amount, 0);
      console.info(
        `${seenPaid.size} payers saw success before the kill; after the restart ${paid.length} payments, ` +
          `$${(taken / 100).toFixed(2)}, all recorded once`,
      );
      expect((await raised()) - raisedBefore).toBe(taken);
    },
    240_000 + RECORDED_WITHIN_MS,
  );
});

/**
 * Monthly gifts (Stripe's subscriptions, on a Stripe sandbox of their own outside the server, as Stripe
 * is) renewed all at once when the sandbox's clock passes their month, the server killed with SIGKILL
 * while the renewals' webhooks are being delivered and booked, then started again on the same data: the
 * sandbox delivers again whatever was not answered (every event twice, each action's events last
 * first), and every paid month is booked exactly once, a declined month not at all.
 */
const MONTHLY_GIFTS = 16;
const KILL_AFTER_RENEWALS = 5;
const STRIPE_KEY = 'sk_test_renewalCrash';
const STRIPE_WEBHOOK_SECRET = 'whsec_renewalCrash';

describe.each(crashStores)('a crash while monthly gifts renew, on $name', ({ env }) => {
  it(
    'books every paid month once after a SIGKILL during the renewals and a restart',
    async () => {
      const marks: [string, number][] = [['start', performance.now()]];
      const mark = (what: string) => marks.push([what, performance.now()]);
      const stripe = await startStripeSandbox({
        secretKey: STRIPE_KEY,
        webhookSecret: STRIPE_WEBHOOK_SECRET,
        // Enough tries, soon enough, to outlast the restart (the endpoint is taken away while it is down).
        webhooks: { outOfOrder: true, maxAttempts: 12, retryDelayMs: 100, concurrency: 8 },
      });
      const drained = (what: string) =>
        stripe.sandbox.webhooks.drain(2 * RECORDED_WITHIN_MS).catch((error: unknown) => {
          const owed = stripe.sandbox.exportState().webhooksOwed.length;
          throw new Error(`${what}: ${(error as Error).message} (${owed} deliveries owed)`);
        });
      cleanups.push(() => stripe.close());
      const serverEnv = await crashServerEnv(env, {
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
      });
      let server = await startServer(serverEnv);
      cleanups.push(() => killHard(server.child));
      mark('started');
      stripe.sandbox.configure({ webhookUrl: `${server.url}/api/stripe/webhook` });

      const { campaigns } = await json<{ campaigns: { campaignId: string }[] }>(
        await fetch(`${server.url}/api/campaigns`),
      );
      const campaignIds = campaigns.slice(0, 3).map((campaign) => campaign.campaignId);
      const figures = async () =>
        Promise.all(
          campaignIds.map(
            async (campaignId) =>
              (
                await json<{ page: { raisedCents: number; donators: number } }>(
                  await fetch(`${server.url}/api/campaigns/${campaignId}/page`),
                )
              ).page,
          ),
        );
      const before = await figures();

      const gateway = createStripePaymentGateway({
        secretKey: STRIPE_KEY,
        webhookSecret: STRIPE_WEBHOOK_SECRET,
        clock: systemClock,
        apiBase: new URL(stripe.url),
        maxNetworkRetries: 0,
      });
      const customers: string[] = [];
      for (let index = 0; index < MONTHLY_GIFTS; index++) {
        const campaignId = campaignIds[index % campaignIds.length]!;
        const checkout = await gateway.createSubscriptionCheckout({
          campaignId,
          // Each gift a different amount, so the totals tell which months were counted.
          amountCents: 700 + 13 * index,
          description: 'Monthly gift',
          successUrl: `${server.url}/campaign/${campaignId}/thank-you`,
          cancelUrl: `${server.url}/campaign/${campaignId}/details/`,
          promoterId: index % 3 === 0 ? 'crash-promoter' : null,
          idempotencyKey: `renewal-crash-${index}`,
        });
        const paid = await submitCheckoutForm(checkout.url, { number: '4242 4242 4242 4242' });
        expect(paid.status).toBe(303);
        customers.push(stripe.sandbox.exportState().sessions.find((session) => session.id === checkout.id)!.customer!);
      }
      // A few donors' cards now decline: their renewals fail and are retried later.
      for (const customerId of customers.filter((_, index) => index % 8 === 5)) {
        const portal = await gateway.openBillingPortal({ customerId, returnUrl: server.url });
        const changed = await fetch(`${portal.url}/card`, {
          method: 'POST',
          body: new URLSearchParams({ cardNumber: '4000 0000 0000 0002', cardExpiry: '12 / 34', cardCvc: '123' }),
          redirect: 'manual',
        });
        expect(changed.status).toBe(303);
      }
      await drained('the first months');
      mark('first months booked');

      // Every gift renews at once (and every renewal's event is delivered twice); the server is killed once some renewals are booked and answered.
      stripe.sandbox.webhooks.configure({ duplicate: true });
      const startAttempts = stripe.sandbox.webhooks.attempts().length;
      const renewalsAnswered = () =>
        stripe.sandbox.webhooks
          .attempts()
          .slice(startAttempts)
          .filter((attempt) => attempt.type === 'invoice.paid' && attempt.ok).length;
      await sandboxControl(stripe.url, STRIPE_KEY).advanceDays(31);
      const deadline = Date.now() + RECORDED_WITHIN_MS;
      while (renewalsAnswered() < KILL_AFTER_RENEWALS && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await killHard(server.child);
      stripe.sandbox.configure({ webhookUrl: null });
      const answeredBeforeKill = renewalsAnswered();
      const unanswered = stripe.sandbox.exportState().webhooksOwed.length;
      expect(answeredBeforeKill).toBeGreaterThanOrEqual(KILL_AFTER_RENEWALS);

      server = await startServer(serverEnv);
      cleanups.push(() => killHard(server.child));
      mark('killed and started again');
      stripe.sandbox.configure({ webhookUrl: `${server.url}/api/stripe/webhook` });
      await drained('the renewals after the restart');
      mark('renewals booked');
      const givenUp = stripe.sandbox.webhooks.attempts().filter((attempt) => !attempt.ok && !attempt.willRetry);
      expect(givenUp).toEqual([]);

      const books = expectedFromSandbox(stripe.sandbox.exportState(), campaignIds);
      expect(books.paidInvoices).toHaveLength(2 * MONTHLY_GIFTS - books.declinedInvoices.length);
      const owedAtTheEnd = stripe.sandbox.exportState().webhooksOwed;
      expect(owedAtTheEnd).toEqual([]);
      expect(books.declinedInvoices.length).toBeGreaterThan(0);
      const expected = campaignIds.map((campaignId, index) => ({
        raisedCents: before[index]!.raisedCents + books.campaigns.get(campaignId)!.raisedCents,
        donators: before[index]!.donators + books.campaigns.get(campaignId)!.donors,
      }));
      console.info(
        `${MONTHLY_GIFTS} monthly gifts renewed, ${books.declinedInvoices.length} declined; killed after ` +
          `${answeredBeforeKill} renewals were answered, with ${unanswered} deliveries owed; ` +
          `after the restart ${books.paidInvoices.length} paid months, each booked once (` +
          marks
            .slice(1)
            .map(([what, at], index) => `${what} ${((at - marks[index]![1]) / 1000).toFixed(1)} s`)
            .join(', ') +
          ')',
      );
      // The page's figures may lag a moment behind the bookkeeping: read until they match, then compare.
      const totals = async () => (await figures()).map(({ raisedCents, donators }) => ({ raisedCents, donators }));
      await eventually(
        totals,
        (now) => JSON.stringify(now) === JSON.stringify(expected),
        'every paid month to be counted once',
        100,
      ).catch(() => undefined);
      expect(await totals()).toEqual(expected);
    },
    240_000 + 4 * RECORDED_WITHIN_MS,
  );
});
