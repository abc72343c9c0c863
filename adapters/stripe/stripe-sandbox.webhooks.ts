import { createHmac } from 'node:crypto';
import type { Clock } from '@causeway/core/ports/clock.port';

/** How the sandbox delivers its events; changed through `POST /_sandbox/webhooks`. */
export interface WebhookSettings {
  /** The endpoint events are posted to; null keeps them undelivered (they can still be listed). */
  url: string | null;
  /** Deliver every event a second time, after its batch, as Stripe may. */
  duplicate: boolean;
  /** Deliver the events of one action (a payment makes several) last first. */
  outOfOrder: boolean;
  /** Attempts per delivery, the first included. */
  maxAttempts: number;
  /** Wait before the first retry; each further retry waits twice as long. */
  retryDelayMs: number;
  /** How long the endpoint may take to answer one attempt. */
  timeoutMs: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  url: null,
  duplicate: false,
  outOfOrder: false,
  maxAttempts: 5,
  retryDelayMs: 500,
  timeoutMs: 10_000,
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

export interface WebhookDeliverer {
  enqueue(event: SandboxEvent): void;
  configure(settings: Partial<WebhookSettings>): WebhookSettings;
  settings(): WebhookSettings;
  attempts(): WebhookAttempt[];
  /** Replaces the attempts logged with those of an earlier run (a restored sandbox's history). */
  restoreAttempts(attempts: WebhookAttempt[]): void;
  /** Every delivery still owed, in the order they would go: what a restart must not lose. */
  pending(): PendingDelivery[];
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
 * Delivers events to the configured endpoint one at a time, in the order they happened unless told
 * otherwise. A failed attempt (no answer, or not 2xx) is retried with exponential back-off, each
 * attempt signed afresh with the time it is sent at, as Stripe does.
 */
export function createWebhookDeliverer(options: {
  secret: () => string;
  clock: Clock;
  settings?: Partial<WebhookSettings>;
  onGiveUp?: (attempt: WebhookAttempt) => void;
  /** Told after each attempt is logged. */
  onAttempt?: (attempt: WebhookAttempt) => void;
}): WebhookDeliverer {
  let settings: WebhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, ...options.settings };
  let batch: SandboxEvent[] = [];
  let flushScheduled: NodeJS.Immediate | null = null;
  const queue: Job[] = [];
  /** Each retry waiting for its time, with the job it will send. */
  const retryTimers = new Map<NodeJS.Timeout, Job>();
  let inFlightJob: Job | null = null;
  const log: WebhookAttempt[] = [];
  const waiters: (() => void)[] = [];
  let inFlight: AbortController | null = null;
  let closed = false;

  const idle = () => batch.length === 0 && queue.length === 0 && inFlight === null && retryTimers.size === 0;
  function settle(): void {
    if (!idle()) return;
    for (const waiter of waiters.splice(0)) waiter();
  }

  // Events of one action arrive together (a payment makes four); they are ordered as one batch.
  function flush(): void {
    flushScheduled = null;
    const events = batch;
    batch = [];
    if (settings.url) {
      const ordered = settings.outOfOrder ? [...events].reverse() : events;
      queue.push(...ordered.map((event) => ({ event, attempt: 1, duplicate: false })));
      if (settings.duplicate) queue.push(...ordered.map((event) => ({ event, attempt: 1, duplicate: true })));
    }
    pump();
    settle();
  }

  function pump(): void {
    // Without an endpoint the deliveries owed wait for one.
    if (closed || inFlight || queue.length === 0 || !settings.url) return;
    const job = queue.shift()!;
    const controller = new AbortController();
    inFlight = controller;
    inFlightJob = job;
    void deliver(job, controller).finally(() => {
      inFlight = null;
      inFlightJob = null;
      pump();
      settle();
    });
  }

  async function deliver(job: Job, controller: AbortController): Promise<void> {
    const url = settings.url;
    if (!url) return;
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
    options.onAttempt?.(attempt);
    if (willRetry) {
      const next = { ...job, attempt: job.attempt + 1 };
      const timer = setTimeout(
        () => {
          retryTimers.delete(timer);
          queue.push(next);
          pump();
          settle();
        },
        settings.retryDelayMs * 2 ** (job.attempt - 1),
      );
      retryTimers.set(timer, next);
    } else if (!ok && !closed) {
      options.onGiveUp?.(attempt);
    }
  }

  return {
    enqueue(event) {
      if (closed) return;
      batch.push(event);
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
    restoreAttempts(attempts) {
      log.splice(0, log.length, ...attempts.map((attempt) => ({ ...attempt })));
    },
    pending() {
      const owed = (job: Job): PendingDelivery => ({
        eventId: job.event.id,
        attempt: job.attempt,
        duplicate: job.duplicate,
      });
      // Events of an action not yet handed to the queue are owed too (only where an endpoint is set).
      const batched = settings.url ? batch.map((event) => ({ event, attempt: 1, duplicate: false })) : [];
      return [...(inFlightJob ? [inFlightJob] : []), ...queue, ...retryTimers.values(), ...batched].map(owed);
    },
    restorePending(deliveries, eventOf) {
      for (const delivery of deliveries) {
        const event = eventOf(delivery.eventId);
        if (event) queue.push({ event, attempt: delivery.attempt, duplicate: delivery.duplicate });
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
      closed = true;
      if (flushScheduled) clearImmediate(flushScheduled);
      flushScheduled = null;
      batch = [];
      queue.length = 0;
      for (const timer of retryTimers.keys()) clearTimeout(timer);
      retryTimers.clear();
      inFlight?.abort();
      for (const waiter of waiters.splice(0)) waiter();
    },
  };
}
