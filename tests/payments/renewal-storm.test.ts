import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecurringPayments } from '@causeway/core/ports/payment-gateway.port';
import { STRIPE_SANDBOX } from '@causeway/api/container';
import { TYPES } from '@causeway/api/types';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { testStoreName } from '@causeway/tests/support/test-stores';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import { REPORTING_API, type CampaignReportResponse } from '@causeway/core/contracts/reporting.contract';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { mirrorCaughtUp } from '@causeway/tests/support/reporting';
import { expectedFromSandbox, type SandboxBooks } from './renewal-expectations';
import { deliveryOrder, seededRandom, sendStorm, type StormEvent } from './webhook-storm';

/**
 * Monthly gifts to several campaigns (some brought by a promoter) renewed month after month on the
 * embedded Stripe sandbox, whose clock is moved a month at a time: some donors change their card to a
 * declining one in the customer portal (the renewal fails, is tried again after 3, 5 and 7 days, and
 * the gift ends after the last try), some change back in time and their month is paid late; some months
 * are refunded, in part (in one or two steps) or in full. Then every event the sandbox made is delivered
 * twice, shuffled, signed as Stripe signs them: each campaign must end with exactly what the sandbox
 * itself holds (paid invoices minus their refunds), each paid month booked once under its invoice and
 * no declined month at all. Once per store (TEST_STORE).
 */
const WEBHOOK_SECRET = 'whsec_renewalStormTestSecret';
const GIFTS = 30;
const MONTHS = 4;
const SENDERS = 20;
const DECLINING = '4000 0000 0000 0002';
const GOOD = '4242 4242 4242 4242';
const CAMPAIGNS = ['c-renew-river', 'c-renew-school', 'c-renew-clinic'] as const;
/**
 * The events Causeway's webhook endpoint is subscribed to (those stripe-event.mapper.ts reads): Stripe
 * sends an endpoint only its enabled events, so the sandbox's others (invoice.created, charge.succeeded...)
 * are not part of the storm.
 */
const SUBSCRIBED = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

// Measured on a busy 2-core machine; see docs/testing.md.
const STORM_TIMEOUT_MS = process.env.TEST_STORE === 'firestore' ? 480_000 : 180_000;

let app: TestApp;
const container = () => app.server.container;
const repositories = () => container().get(TYPES.Repositories);
const sandbox = () => container().get(STRIPE_SANDBOX);

interface Gift {
  index: number;
  campaignId: string;
  amountCents: number;
  promoterId: string | null;
  sessionId: string;
  customerId: string;
}

beforeAll(async () => {
  app = await startTestApp({ env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  // The sandbox keeps its events undelivered: the storm delivers them all at the end, its own way.
  sandbox().configure({ webhookUrl: null });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

async function moveClock(days: number): Promise<void> {
  const moved = await fetch(`${app.url}/sandbox/stripe/_sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_days: days }),
  });
  expect(moved.status).toBe(200);
}

describe(`a storm of monthly gifts' renewals on ${testStoreName()}`, () => {
  it(
    'books every paid month once, under its invoice, and no declined month, whatever the order of the events',
    async () => {
      const started = performance.now();
      const owner = (await repositories().users.findByEmail('campaigner@demo.local'))!;
      const promoters = await Promise.all(
        ['promoter@demo.local', 'admin@demo.local'].map(
          async (email) => (await repositories().users.findByEmail(email))!.uid,
        ),
      );
      for (const campaignId of CAMPAIGNS) {
        await repositories().campaigns.create({
          campaignUUID: campaignId,
          userId: owner.uid,
          organizationId: owner.organizationId,
          campaignName: `Monthly ${campaignId}`,
          createdAt: new Date().toISOString(),
          isPaid: true,
        });
      }
      const gateway = container().get(TYPES.PaymentGateway) as unknown as RecurringPayments;
      const gifts: Gift[] = [];
      for (let index = 0; index < GIFTS; index++) {
        const campaignId = CAMPAIGNS[index % CAMPAIGNS.length]!;
        const promoterId = index % 4 === 0 ? promoters[0]! : index % 4 === 1 ? promoters[1]! : null;
        const amountCents = 1_000 + 37 * index;
        const checkout = await gateway.createSubscriptionCheckout({
          campaignId,
          amountCents,
          description: `Monthly gift to ${campaignId}`,
          successUrl: `${app.url}/campaign/${campaignId}/thank-you`,
          cancelUrl: `${app.url}/campaign/${campaignId}/details/`,
          promoterId,
          idempotencyKey: `renewal-storm-${index}`,
        });
        const paid = await submitCheckoutForm(checkout.url, { number: GOOD, email: `donor${index}@example.org` });
        expect(paid.status).toBe(303);
        const session = sandbox()
          .exportState()
          .sessions.find((candidate) => candidate.id === checkout.id)!;
        gifts.push({
          index,
          campaignId,
          amountCents,
          promoterId,
          sessionId: checkout.id,
          customerId: session.customer!,
        });
      }

      const changeCard = async (gift: Gift, number: string) => {
        const portal = await gateway.openBillingPortal({ customerId: gift.customerId, returnUrl: app.url });
        const changed = await fetch(`${portal.url}/card`, {
          method: 'POST',
          body: new URLSearchParams({ cardNumber: number, cardExpiry: '12 / 34', cardCvc: '123' }),
          redirect: 'manual',
        });
        expect(changed.status).toBe(303);
      };
      // One in five declines from the first renewal; of those, every other one changes back in time.
      const decliners = gifts.filter((gift) => gift.index % 5 === 0);
      const recovering = decliners.filter((gift) => gift.index % 10 === 0);
      // Some decline only from the third month on, and never recover.
      const lateDecliners = gifts.filter((gift) => gift.index % 7 === 3);
      for (const gift of decliners) await changeCard(gift, DECLINING);

      const random = seededRandom(23);
      const refundedOnce = new Set<string>();
      for (let month = 1; month <= MONTHS; month++) {
        await moveClock(31);
        if (month === 1) for (const gift of recovering) await changeCard(gift, GOOD);
        if (month === 2) for (const gift of lateDecliners) await changeCard(gift, DECLINING);
        // Some of the months paid so far are refunded: a third, then (for a few) the rest in a second step.
        const paid = sandbox()
          .exportState()
          .invoices.filter((invoice) => invoice.status === 'paid');
        for (const invoice of paid) {
          const intent = invoice.payments.data[0]!.payment.payment_intent;
          const draw = random();
          if (refundedOnce.has(invoice.id)) {
            if (draw < 0.3) sandbox().refund(intent);
            refundedOnce.delete(invoice.id);
          } else if (!refundedOnce.has(`done:${invoice.id}`) && draw < 0.12) {
            sandbox().refund(intent, Math.floor(invoice.amount_paid / 3));
            refundedOnce.add(invoice.id);
            refundedOnce.add(`done:${invoice.id}`);
          } else if (!refundedOnce.has(`done:${invoice.id}`) && draw < 0.16) {
            sandbox().refund(intent);
            refundedOnce.add(`done:${invoice.id}`);
          }
        }
      }
      // The last retries run out.
      await moveClock(16);

      const state = sandbox().exportState();
      const books: SandboxBooks = expectedFromSandbox(state, CAMPAIGNS);
      const events: StormEvent[] = state.events
        .filter((event) => SUBSCRIBED.has(event.type))
        .map((event) => ({
          id: event.id,
          type: event.type,
          created: event.created,
          object: event.data.object as Record<string, unknown>,
        }));
      const prepared = performance.now();

      // The storm's own checks that it tried what it says: renewals declined, some paid late, some gifts ended.
      expect(books.declinedInvoices.length).toBeGreaterThan(0);
      expect(books.paidAfterDecline.length).toBeGreaterThan(0);
      const ending = new Set([...decliners.filter((gift) => !recovering.includes(gift)), ...lateDecliners]);
      expect(state.subscriptions.filter((subscription) => subscription.status === 'canceled')).toHaveLength(
        ending.size,
      );
      expect(books.refunds).toBeGreaterThan(0);

      const deliveries = deliveryOrder(events);
      const sent = await sendStorm(`${app.url}/api/stripe/webhook`, WEBHOOK_SECRET, deliveries, SENDERS);
      const stormMs = performance.now() - prepared;
      console.info(
        `${GIFTS} monthly gifts over ${MONTHS} months on ${testStoreName()}: ${events.length} events ` +
          `(of ${state.events.length} the sandbox made) ` +
          `(${books.paidInvoices.length} paid months, ${books.declinedInvoices.length} declined, ${books.refunds} refunded), ` +
          `${sent.deliveries} deliveries in ${(stormMs / 1000).toFixed(1)} s ` +
          `(set up in ${((prepared - started) / 1000).toFixed(1)} s), ${sent.retries} sent again`,
      );
      expect(sent.failures).toEqual([]);

      for (const campaignId of CAMPAIGNS) {
        const expected = books.campaigns.get(campaignId)!;
        const donations = await repositories().donations.listDonationsByCampaign(campaignId);
        expect(
          donations.map((donation) => donation.payment_intent_id).sort(),
          `the months booked for ${campaignId}`,
        ).toEqual([...expected.invoices].sort());
        expect(await repositories().campaigns.findById(campaignId)).toMatchObject({
          campaignRaised: expected.raisedCents,
          donators: expected.donors,
        });
        expect(donations.reduce((sum, donation) => sum + donation.refunded, 0)).toBe(expected.refundedCents);
        for (const donation of donations) {
          expect(donation, `the month ${donation.payment_intent_id}`).toMatchObject(
            books.invoices.get(donation.payment_intent_id!)!,
          );
        }
      }
      for (const promoterId of promoters) {
        // The promoter's monthly gifts (the demo's own one-off gifts aside).
        const credited = (await repositories().donations.listDonationsByUser(promoterId)).filter((donation) =>
          donation.payment_intent_id?.startsWith('in_'),
        );
        const expected = books.promoters.get(promoterId)!;
        expect(credited).toHaveLength(expected.donations);
        expect(credited.reduce((sum, donation) => sum + donation.amount - donation.refunded, 0)).toBe(
          expected.raisedCents,
        );
      }
      expect(await repositories().donations.listUnprocessedRawEvents(10)).toEqual([]);

      // The reports, once the mirror has every change: the same figures, over the months the gifts ran.
      const staff = await signInAs(app, 'super@demo.local');
      await mirrorCaughtUp(app, staff, 60_000);
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const range = `from=${day(new Date())}&to=${day(new Date(Date.now() + 200 * 24 * 3600 * 1000))}`;
      for (const campaignId of CAMPAIGNS) {
        const expected = books.campaigns.get(campaignId)!;
        const report = await callApi<CampaignReportResponse>(
          app,
          'GET',
          `${REPORTING_API.campaign(campaignId)}?${range}&interval=week`,
          { cookie: staff },
        );
        expect(report.status).toBe(200);
        expect(report.body.campaign).toMatchObject({ raisedCents: expected.raisedCents, gifts: expected.donors });
        expect(report.body.series.reduce((sum, point) => sum + point.refundedCents, 0)).toBe(expected.refundedCents);
      }
    },
    STORM_TIMEOUT_MS,
  );
});
