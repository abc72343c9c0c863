import { stripeSignature } from '@causeway/adapters/stripe/stripe-sandbox.webhooks';
import { httpCall } from '@causeway/tests/support/light-http';

/** Stripe's events for donations to one campaign, as a storm of webhooks delivers them. */

export interface StormEvent {
  id: string;
  type: string;
  created: number;
  object: Record<string, unknown>;
}

export interface StormPlan {
  events: StormEvent[];
  /** What the campaign must end with once every event is in. */
  expected: { raised: number; donators: number; payments: number; promoters: number };
}

/** A small deterministic generator, so a failing storm can be replayed exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * `payments` donations to the campaign, each announced by `checkout.session.completed` (and one in ten
 * also by `payment_intent.succeeded`), some refunded in two steps (each report cumulative, as Stripe's
 * `charge.refunded` is), a few of those in full. Promoters bring some of them.
 */
export function donationStorm(campaignId: string, payments: number, seed = 7): StormPlan {
  const random = seededRandom(seed);
  const created = Math.floor(Date.now() / 1000);
  const events: StormEvent[] = [];
  let raised = 0;
  let donators = 0;
  const promoters = new Set<string>();
  for (let n = 0; n < payments; n++) {
    const amount = 100 + Math.floor(random() * 50_000);
    const paymentIntent = `pi_storm_${seed}_${n}`;
    const promoter = n % 7 === 0 ? `promoter-${n % 5}` : null;
    if (promoter) promoters.add(promoter);
    const metadata: Record<string, string> = {
      purpose: 'donation',
      campaignId,
      ...(promoter ? { userId: promoter } : {}),
    };
    events.push({
      id: `evt_cs_${seed}_${n}`,
      type: 'checkout.session.completed',
      created,
      object: {
        id: `cs_storm_${seed}_${n}`,
        object: 'checkout.session',
        amount_total: amount,
        currency: 'usd',
        payment_intent: paymentIntent,
        payment_status: 'paid',
        status: 'complete',
        metadata,
      },
    });
    if (n % 10 === 3) {
      events.push({
        id: `evt_pi_${seed}_${n}`,
        type: 'payment_intent.succeeded',
        created,
        object: { id: paymentIntent, object: 'payment_intent', amount_received: amount, status: 'succeeded', metadata },
      });
    }
    let refunded = 0;
    if (n % 20 === 11) {
      const full = n % 100 === 11;
      const first = Math.floor(amount / 3);
      refunded = full ? amount : Math.floor((amount * 2) / 3);
      for (const [step, cumulative] of [first, refunded].entries()) {
        events.push({
          id: `evt_refund_${seed}_${n}_${step}`,
          type: 'charge.refunded',
          created,
          object: {
            id: `ch_storm_${seed}_${n}`,
            object: 'charge',
            amount,
            amount_refunded: cumulative,
            payment_intent: paymentIntent,
            refunded: cumulative === amount,
          },
        });
      }
    }
    raised += amount - refunded;
    if (refunded < amount) donators += 1;
  }
  return { events, expected: { raised, donators, payments, promoters: promoters.size } };
}

/**
 * Every event twice, in a shuffled order: a payment's events, its refunds and the copies of each
 * arrive in any order (a refund before its payment, an older refund report after a newer one).
 */
export function deliveryOrder(events: StormEvent[], seed = 11): StormEvent[] {
  const random = seededRandom(seed);
  const order = [...events, ...events];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The body and `Stripe-Signature` of an event, signed now as Stripe signs each delivery. */
export function signed(secret: string, event: StormEvent): { body: string; signature: string } {
  const body = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: '2026-10-28.endive',
    type: event.type,
    created: event.created,
    livemode: false,
    data: { object: event.object },
  });
  return { body, signature: stripeSignature(secret, body, Math.floor(Date.now() / 1000)) };
}

export interface SendResult {
  deliveries: number;
  /** Deliveries answered with an error and sent again, as Stripe retries them. */
  retries: number;
  failures: { eventId: string; status: number }[];
  ms: number;
}

/**
 * Posts every delivery to the webhook URL from `senders` concurrent senders (given several URLs, one
 * instance each, sender n posts to URL n modulo their number). A delivery answered with an error is
 * sent again (newly signed) a little later, up to 5 attempts, as Stripe does.
 */
export async function sendStorm(
  urls: string | readonly string[],
  secret: string,
  deliveries: StormEvent[],
  senders: number,
): Promise<SendResult> {
  let next = 0;
  let retries = 0;
  const failures: { eventId: string; status: number }[] = [];
  const started = performance.now();
  const targets = typeof urls === 'string' ? [urls] : urls;
  const post = async (url: string, event: StormEvent): Promise<number> => {
    const { body, signature } = signed(secret, event);
    const response = await httpCall(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    return response.status;
  };
  const sender = async (_: unknown, n: number) => {
    const url = targets[n % targets.length]!;
    for (;;) {
      const index = next++;
      if (index >= deliveries.length) return;
      const event = deliveries[index]!;
      let status = await post(url, event);
      for (let attempt = 2; status >= 300 && attempt <= 5; attempt++) {
        retries += 1;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
        status = await post(url, event);
      }
      if (status >= 300) failures.push({ eventId: event.id, status });
    }
  };
  await Promise.all(Array.from({ length: senders }, sender));
  return { deliveries: deliveries.length, retries, failures, ms: performance.now() - started };
}
