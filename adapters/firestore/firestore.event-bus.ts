import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore, type Query } from 'firebase-admin/firestore';
import pRetry, { AbortError } from 'p-retry';
import type { BusMessage, EventBus } from '@causeway/core/ports/event-bus.port';
import { busSubscribers } from '../system/bus-subscribers';
import { isAlreadyExists } from './firestore-context';

/** gRPC codes a write may meet in passing (unknown, deadline exceeded, aborted, unavailable): tried again. */
const PASSING = new Set<unknown>([2, 4, 10, 14]);

/** Where live messages pass between the instances of one Firestore project. */
export const LIVE_MESSAGES_COLLECTION = 'live_messages';

export interface FirestoreEventBusOptions {
  firestore: Firestore;
  collection?: string;
  /** How long a message stays in the collection for listeners to catch up (default one minute). */
  keepMs?: number;
  /** How often each instance deletes messages older than `keepMs` (default 30 s). */
  sweepMs?: number;
  /** A throwing handler must not stop delivery to the others; told here instead. */
  onHandlerError?: (error: unknown, message: BusMessage) => void;
  /** The listener failed; it listens again from the last message it saw after `retryInMs`. */
  onListenError?: (error: unknown, retryInMs: number) => void;
  /**
   * How often the listener starts again from the last message it saw (default 5 s), so its query spans
   * only the latest messages rather than all since the instance started.
   */
  relistenMs?: number;
}

interface Stored {
  topic?: string;
  payload?: string;
  barrier?: string;
  at: Timestamp | null;
}

/** How long a subscription waits for its barrier before it goes live anyway. */
const BARRIER_TIMEOUT_MS = 5_000;
const RETRY_MS = 1_000;
/**
 * How often the listener starts again from the last message seen. A query spanning every message since
 * the start cost the Firestore emulator more with each message (in a storm of 2,000 webhooks, a few
 * thousand live messages, over a million answers waiting to be sent, gigabytes of its memory and a full
 * garbage collection a second); spanning a few seconds keeps it small. Elsewhere it is one cheap query.
 */
const RELISTEN_MS = 5_000;

/**
 * Fan-out across every API instance on one Firestore project: a message is a document of
 * `live_messages` stamped with the server's time, and each instance listens to the documents stamped
 * after it started (one listener for every topic), in the order of their stamps. Each instance deletes
 * messages older than a minute now and then. At most once, no history, as the Postgres bus: a
 * subscription goes live when its own barrier document comes back through the listener, so it gets
 * only what was published after it subscribed.
 */
export async function createFirestoreEventBus(options: FirestoreEventBusOptions): Promise<EventBus> {
  const messages = options.firestore.collection(options.collection ?? LIVE_MESSAGES_COLLECTION);
  const keepMs = options.keepMs ?? 60_000;
  const subscribers = busSubscribers(options.onHandlerError);
  let closed = false;
  let stopListening: (() => void) | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  /** Which listener is current: a snapshot of one stopped since is ignored (its messages come again). */
  let listening = 0;

  // The server's time now: what this instance hears starts after it.
  const start = messages.doc();
  await start.set({ barrier: `start-${randomUUID()}`, at: FieldValue.serverTimestamp() });
  let lastSeen = ((await start.get()).get('at') as Timestamp | undefined) ?? Timestamp.now();

  const dispatch = (stored: Stored) => {
    if (stored.barrier !== undefined) subscribers.barrierArrived(stored.barrier);
    else if (typeof stored.topic === 'string' && typeof stored.payload === 'string')
      subscribers.deliver(stored.topic, stored.payload);
  };

  const listen = () => {
    const current = ++listening;
    const query: Query = messages.where('at', '>', lastSeen).orderBy('at');
    stopListening = query.onSnapshot(
      (snapshot) => {
        if (current !== listening) return;
        for (const change of snapshot.docChanges()) {
          if (change.type !== 'added') continue;
          const stored = change.doc.data() as Stored;
          if (stored.at && stored.at.valueOf() > lastSeen.valueOf()) lastSeen = stored.at;
          dispatch(stored);
        }
      },
      (error) => {
        if (current !== listening) return;
        stopListening = null;
        if (closed) return;
        options.onListenError?.(error, RETRY_MS);
        retryTimer = setTimeout(listen, RETRY_MS);
        retryTimer.unref();
      },
    );
  };
  listen();

  const relisten = setInterval(() => {
    // A failed listener is already listening again after its retry.
    if (closed || !stopListening) return;
    const stop = stopListening;
    listen();
    stop();
  }, options.relistenMs ?? RELISTEN_MS);
  relisten.unref();

  const sweep = setInterval(() => {
    const before = Timestamp.fromMillis(Date.now() - keepMs);
    void messages
      .where('at', '<', before)
      .limit(400)
      .get()
      .then(async (old) => {
        if (old.empty) return;
        const batch = options.firestore.batch();
        for (const doc of old.docs) batch.delete(doc.ref);
        await batch.commit();
      })
      .catch(() => undefined);
  }, options.sweepMs ?? 30_000);
  sweep.unref();

  /**
   * Writes a message, trying again (a few times, within a second) when the write fails in passing. Its id
   * is chosen once: a try that landed though its answer was lost makes the next one find it taken, and the
   * message is written once.
   */
  const write = (fields: Omit<Stored, 'at'>) => {
    const doc = messages.doc();
    return pRetry(
      async (attempt) => {
        try {
          await doc.create({ ...fields, at: FieldValue.serverTimestamp() });
        } catch (error) {
          if (attempt > 1 && isAlreadyExists(error)) return;
          if (!PASSING.has((error as { code?: unknown }).code)) throw new AbortError(error as Error);
          throw error;
        }
      },
      { retries: 3, minTimeout: 50, maxTimeout: 400 },
    );
  };

  return {
    async publish(message) {
      if (closed) throw new Error('The live message bus is closed.');
      await write({ topic: message.topic, payload: JSON.stringify(message.payload) });
    },

    async subscribe(topic, handler) {
      if (closed) throw new Error('The live message bus is closed.');
      // Live once what was published before now has passed by.
      return subscribers.subscribe(topic, handler, {
        send: (barrier) => write({ barrier }),
        timeoutMs: BARRIER_TIMEOUT_MS,
      });
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(sweep);
      clearInterval(relisten);
      clearTimeout(retryTimer);
      stopListening?.();
      stopListening = null;
      subscribers.clear();
    },
  };
}
