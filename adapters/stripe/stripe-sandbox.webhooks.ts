import { createHmac } from 'node:crypto';
import type { Clock } from '@causeway/core/ports/clock.port';

/** How the sandbox delivers its events; changed through `POST /_sandbox/webhooks`. */
export interface WebhookSettings {
  /** The endpoint events are posted to; null keeps them undelivered (they can still be listed). */
  url: string | null;
  /** Deliver every event a second time, after its action's others, as Stripe may. */
  duplicate: boolean;
  /** Deliver the events of one action (a payment makes several) last first. */
  outOfOrder: boolean;
  /** Attempts per delivery, the first included. */
  maxAttempts: number;
  /** Wait before the first retry; each further retry waits twice as long. */
  retryDelayMs: number;
  /** How long the endpoint may take to answer one attempt. */
  timeoutMs: number;
  /** How many actions' deliveries may be under way at once (each action's events go one after another). */
  concurrency: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  url: null,
  duplicate: false,
  outOfOrder: false,
  maxAttempts: 5,
  retryDelayMs: 500,
  timeoutMs: 10_000,
  concurrency: 8,
};

/** One attempt to deliver one event. */
export interface WebhookAttempt {
  eventId: string;
  type: string;
  attempt: number;
  /** True for the second copy of an event sent by the `duplicate` knob. */
  duplicate: boolean;
  url: string;
  at: string;
  /** The endpoint's answer; null when it could not be reached or did not answer in time. */
  status: number | null;
  ok: boolean;
  error: string | null;
  /** Whether another attempt will follow (after a failure, while attempts remain). */
  willRetry: boolean;
}

export interface SandboxEvent {
  id: string;
  type: string;
}

/** Signs a payload exactly as Stripe does: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function stripeSignature(secret: string, payload: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

interface Job {
  event: SandboxEvent;
  attempt: number;
  duplicate: boolean;
}

/** A delivery still owed: queued, under way or waiting for its retry (kept across a restart). */
export interface PendingDelivery {
  eventId: string;
  /** The attempt it will be sent as. */
  attempt: number;
  duplicate: boolean;
}

/** How a delivery owed is named in `pending()` and `onOwedChange`: its event, and which copy. */
export const deliveryKey = (delivery: { eventId: string; duplicate: boolean }): string =>
  delivery.duplicate ? `${delivery.eventId}#duplicate` : delivery.eventId;

export interface WebhookDeliverer {
  enqueue(event: SandboxEvent): void;
  configure(settings: Partial<WebhookSettings>): WebhookSettings;
  settings(): WebhookSettings;
  attempts(): WebhookAttempt[];
  /** The latest `count` attempts (copies). */
  latestAttempts(count: number): WebhookAttempt[];
  /** Replaces the attempts logged with those of an earlier run (a restored sandbox's history). */
  restoreAttempts(attempts: WebhookAttempt[]): void;
  /** Every delivery still owed, in the order they were first owed: what a restart must not lose. */
  pending(): PendingDelivery[];
  /** The delivery owed under this key (`deliveryKey`), if it still is. */
  owed(key: string): PendingDelivery | undefined;
  /**
   * Owes these deliveries again (an earlier run's, found by `eventOf`), sent once an endpoint is set.
   * Events the sandbox no longer holds are dropped.
   */
  restorePending(deliveries: PendingDelivery[], eventOf: (id: string) => SandboxEvent | undefined): void;
  /** Resolves once nothing is queued, in flight or waiting for a retry. */
  drain(timeoutMs?: number): Promise<void>;
  close(): void;
}

/**
 * Delivers events to the configured endpoint as Stripe does: many at once, retried with exponential
 * back-off after a failed attempt (no answer, or not 2xx), each attempt signed afresh with the time it is
 * sent at. The events of one action (a payment makes four) go one after another, in the order they
 * happened unless told otherwise; up to `concurrency` actions' deliveries are under way at once, so
 * across actions, and for retries, no order holds (as with Stripe, whose endpoints must take events
 * twice and in any order). Every delivery is owed from the moment its event is made until it succeeds
 * or is given up on; `onOwedChange` tells of each change, so the owed deliveries can be kept durably.
 */
export function createWebhookDeliverer(options: {
  secret: () => string;
  clock: Clock;
  settings?: Partial<WebhookSettings>;
  onGiveUp?: (attempt: WebhookAttempt) => void;
  /** Told after each attempt is logged. */
  onAttempt?: (attempt: WebhookAttempt) => void;
  /** Told when a delivery becomes owed, is owed as another attempt, or is no longer owed (by `deliveryKey`). */
  onOwedChange?: (key: string) => void;
}): WebhookDeliverer {
  let settings: WebhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, ...options.settings };
  /** The events of the action under way, delivered as one chain once it has made them all. */
  let batch: Job[] = [];
  let flushScheduled: NodeJS.Immediate | null = null;
  /** Chains of deliveries waiting to start; each chain's deliveries go one after another. */
  const chains: Job[][] = [];
  let running = 0;
  /** Every delivery owed, by `deliveryKey`, in the order first owed. */
  const owedJobs = new Map<string, Job>();
  /** Each retry waiting for its time, with the job it will send. */
  const retryTimers = new Map<NodeJS.Timeout, Job>();
  const controllers = new Set<AbortController>();
  const log: WebhookAttempt[] = [];
  const waiters: (() => void)[] = [];
  let closed = false;

  const keyOf = (job: Job) => deliveryKey({ eventId: job.event.id, duplicate: job.duplicate });
  const owe = (job: Job) => {
    const key = keyOf(job);
    owedJobs.set(key, job);
    options.onOwedChange?.(key);
  };
  const settleJob = (job: Job) => {
    const key = keyOf(job);
    if (owedJobs.get(key) !== job) return;
    owedJobs.delete(key);
    options.onOwedChange?.(key);
  };
  const asPending = (job: Job): PendingDelivery => ({
    eventId: job.event.id,
    attempt: job.attempt,
    duplicate: job.duplicate,
  });

  const idle = () => batch.length === 0 && chains.length === 0 && running === 0 && retryTimers.size === 0;
  function settle(): void {
    if (!idle()) return;
    for (const waiter of waiters.splice(0)) waiter();
  }

  // Events of one action arrive together (a payment makes four); they are ordered as one chain.
  function flush(): void {
    flushScheduled = null;
    const jobs = batch;
    batch = [];
    const firsts = jobs.filter((job) => !job.duplicate);
    const ordered = settings.outOfOrder ? [...firsts].reverse() : firsts;
    const copies = jobs.filter((job) => job.duplicate);
    const orderedCopies = settings.outOfOrder ? [...copies].reverse() : copies;
    if (ordered.length + orderedCopies.length > 0) chains.push([...ordered, ...orderedCopies]);
    pump();
    settle();
  }

  function pump(): void {
    // Without an endpoint the deliveries owed wait for one.
    while (!closed && settings.url && running < settings.concurrency && chains.length > 0) {
      const chain = chains.shift()!;
      running++;
      void runChain(chain).finally(() => {
        running--;
        pump();
        settle();
      });
    }
  }

  async function runChain(chain: Job[]): Promise<void> {
    for (const [index, job] of chain.entries()) {
      if (closed) return;
      // The endpoint was taken away meanwhile: the rest waits for the next one, first in line.
      if (!settings.url) {
        chains.unshift(chain.slice(index));
        return;
      }
      await deliver(job);
    }
  }

  async function deliver(job: Job): Promise<void> {
    const url = settings.url!;
    const controller = new AbortController();
    controllers.add(controller);
    const payload = JSON.stringify(job.event, null, 2);
    const timestamp = Math.floor(options.clock.now().getTime() / 1000);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignature(options.secret(), payload, timestamp),
        },
        body: payload,
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(settings.timeoutMs)]),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    } finally {
      controllers.delete(controller);
    }
    const ok = status !== null && status >= 200 && status < 300;
    const willRetry = !ok && !closed && job.attempt < settings.maxAttempts;
    const attempt: WebhookAttempt = {
      eventId: job.event.id,
      type: job.event.type,
      attempt: job.attempt,
      duplicate: job.duplicate,
      url,
      at: new Date().toISOString(),
      status,
      ok,
      error: error ?? (ok ? null : `The endpoint answered ${status}.`),
      willRetry,
    };
    log.push(attempt);
    // Cut short by close(): still owed, as it was, to the next run.
    if (closed && !ok) {
      options.onAttempt?.(attempt);
      return;
    }
    if (willRetry) {
      const next = { ...job, attempt: job.attempt + 1 };
      owe(next);
      const timer = setTimeout(
        () => {
          retryTimers.delete(timer);
          chains.push([next]);
          pump();
          settle();
        },
        settings.retryDelayMs * 2 ** (job.attempt - 1),
      );
      retryTimers.set(timer, next);
    } else {
      settleJob(job);
      if (!ok) options.onGiveUp?.(attempt);
    }
    options.onAttempt?.(attempt);
  }

  return {
    enqueue(event) {
      // Without an endpoint an event is not delivered (it can still be listed).
      if (closed || !settings.url) return;
      const jobs: Job[] = [{ event, attempt: 1, duplicate: false }];
      if (settings.duplicate) jobs.push({ event, attempt: 1, duplicate: true });
      for (const job of jobs) owe(job);
      batch.push(...jobs);
      flushScheduled ??= setImmediate(flush);
    },
    configure(changes) {
      settings = { ...settings, ...changes };
      pump();
      settle();
      return { ...settings };
    },
    settings: () => ({ ...settings }),
    attempts: () => log.map((attempt) => ({ ...attempt })),
    latestAttempts: (count) => log.slice(-count).map((attempt) => ({ ...attempt })),
    restoreAttempts(attempts) {
      log.splice(0, log.length, ...attempts.map((attempt) => ({ ...attempt })));
    },
    pending: () => [...owedJobs.values()].map(asPending),
    owed(key) {
      const job = owedJobs.get(key);
      return job ? asPending(job) : undefined;
    },
    restorePending(deliveries, eventOf) {
      for (const delivery of deliveries) {
        const event = eventOf(delivery.eventId);
        if (!event) continue;
        const job = { event, attempt: delivery.attempt, duplicate: delivery.duplicate };
        owedJobs.set(keyOf(job), job);
        chains.push([job]);
      }
      pump();
      settle();
    },
    drain(timeoutMs = 30_000) {
      if (idle()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          const index = waiters.indexOf(done);
          if (index >= 0) waiters.splice(index, 1);
          reject(new Error(`Webhook deliveries were still pending after ${timeoutMs} ms.`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        waiters.push(done);
      });
    },
    close() {
      // What is owed stays owed (a last save keeps it for the next run); nothing more is sent.
      closed = true;
      if (flushScheduled) clearImmediate(flushScheduled);
      flushScheduled = null;
      batch = [];
      chains.length = 0;
      for (const timer of retryTimers.keys()) clearTimeout(timer);
      retryTimers.clear();
      for (const controller of controllers) controller.abort();
      for (const waiter of waiters.splice(0)) waiter();
    },
  };
}
