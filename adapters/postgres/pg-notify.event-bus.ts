import pg from 'pg';
import type { BusMessage, EventBus } from '@causeway/core/ports/event-bus.port';
import { busSubscribers } from '../system/bus-subscribers';

/** Postgres refuses a NOTIFY payload of 8000 bytes or more (the default build's limit). */
export const NOTIFY_MAX_PAYLOAD_BYTES = 7999;

export const DEFAULT_EVENT_CHANNEL = 'causeway_events';

export interface PgNotifyEventBusOptions {
  connectionString: string;
  /** The one Postgres channel every instance listens on; the topic travels in the payload. */
  channel?: string;
  /** First wait before reconnecting a dropped listener; doubles on each failure up to maxDelayMs. */
  reconnect?: { initialDelayMs?: number; maxDelayMs?: number };
  /** The listening connection dropped; it is being re-established after `retryInMs`. */
  onConnectionLost?: (error: unknown, retryInMs: number) => void;
  /** The listening connection is back (and listening again) after a drop. */
  onReconnected?: () => void;
  /** A throwing handler must not stop delivery to the others; told here instead. */
  onHandlerError?: (error: unknown, message: BusMessage) => void;
  /** A notification on the channel that is not one of ours (not JSON, no topic). */
  onMalformed?: (payload: string) => void;
}

interface Wire {
  topic: string;
  payload: Record<string, unknown>;
}

/** Sent by an instance to itself when subscribing; see `subscribe`. */
interface Barrier {
  barrier: string;
}

/** How long a subscription waits for its barrier before it goes live anyway. */
const BARRIER_TIMEOUT_MS = 2_000;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function parseWire(text: string): Wire | Barrier | null {
  try {
    const wire = JSON.parse(text) as Partial<Wire & Barrier>;
    if (typeof wire.barrier === 'string') return { barrier: wire.barrier };
    if (typeof wire.topic !== 'string' || typeof wire.payload !== 'object' || wire.payload === null) return null;
    return { topic: wire.topic, payload: wire.payload };
  } catch {
    return null;
  }
}

/**
 * Fan-out across every API instance on one Postgres database with LISTEN/NOTIFY. One dedicated
 * connection listens on one channel (not a pooled one: a pool would hand it back and lose the LISTEN);
 * publishing goes through a one-connection pool, so an instance's messages keep their order.
 * Every instance receives every message and hands it to its own subscribers of the topic.
 *
 * At most once, no history: a message published while the listener is reconnecting is not seen by
 * that instance. Payloads of 8000 bytes or more are refused with an error, before reaching Postgres.
 */
export async function createPgNotifyEventBus(options: PgNotifyEventBusOptions): Promise<EventBus> {
  const channel = options.channel ?? DEFAULT_EVENT_CHANNEL;
  if (!CHANNEL_NAME.test(channel))
    throw new Error(`The event channel "${channel}" must be lowercase letters, digits and underscores.`);
  const initialDelayMs = options.reconnect?.initialDelayMs ?? 250;
  const maxDelayMs = options.reconnect?.maxDelayMs ?? 15_000;

  const subscribers = busSubscribers(options.onHandlerError);
  const publisher = new pg.Pool({
    connectionString: options.connectionString,
    max: 1,
    application_name: 'causeway-events-publisher',
  });
  // A dropped idle connection is replaced on the next publish; it must not crash the process.
  publisher.on('error', () => undefined);

  let listener: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delayMs = initialDelayMs;

  const dispatch = (notification: pg.Notification) => {
    if (notification.channel !== channel || notification.payload === undefined) return;
    const wire = parseWire(notification.payload);
    if (!wire) {
      options.onMalformed?.(notification.payload);
      return;
    }
    // Another instance's barriers are not ours to pass.
    if ('barrier' in wire) subscribers.barrierArrived(wire.barrier);
    else subscribers.deliver(wire.topic, JSON.stringify(wire.payload));
  };

  const listen = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: options.connectionString,
      application_name: 'causeway-events-listener',
      keepAlive: true,
    });
    client.on('notification', dispatch);
    // Errors are followed by 'end'; the reconnect happens there.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    client.once('end', () => {
      if (listener === client) listener = null;
      if (!closed) scheduleReconnect(new Error('The event listener connection to Postgres ended.'));
    });
    return client;
  };

  const scheduleReconnect = (error: unknown) => {
    if (closed || retryTimer) return;
    const wait = delayMs;
    delayMs = Math.min(delayMs * 2, maxDelayMs);
    options.onConnectionLost?.(error, wait);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      listen()
        .then(async (client) => {
          if (closed) {
            await client.end().catch(() => undefined);
            return;
          }
          listener = client;
          delayMs = initialDelayMs;
          options.onReconnected?.();
        })
        .catch((retryError: unknown) => scheduleReconnect(retryError));
    }, wait);
    retryTimer.unref?.();
  };

  // The first connection must work: start-up says so rather than serving without live delivery.
  try {
    listener = await listen();
  } catch (error) {
    await publisher.end().catch(() => undefined);
    throw error;
  }

  /**
   * The messages published while one statement is on its way go out together in the next, in their
   * order (one statement, one transaction: its notifications are delivered in the order they were
   * made). Postgres delivers identical notifications of one transaction once, so a message equal to
   * one already in the statement waits for the next.
   */
  const outgoing: { text: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let sending = false;
  const send = async () => {
    sending = true;
    while (outgoing.length > 0) {
      const texts = new Set<string>();
      let count = 0;
      while (count < outgoing.length && count < 100 && !texts.has(outgoing[count]!.text)) {
        texts.add(outgoing[count]!.text);
        count += 1;
      }
      const batch = outgoing.splice(0, count);
      const calls = batch.map((_, index) => `pg_notify($1, $${index + 2})`).join(', ');
      try {
        await publisher.query(`select ${calls}`, [channel, ...batch.map((message) => message.text)]);
        for (const message of batch) message.resolve();
      } catch (error) {
        for (const message of batch) message.reject(error);
      }
    }
    sending = false;
  };

  const refuseWhenClosed = () => {
    if (closed) throw new Error('The event bus is closed.');
  };

  return {
    async publish(message) {
      refuseWhenClosed();
      const text = JSON.stringify({ topic: message.topic, payload: message.payload } satisfies Wire);
      const bytes = Buffer.byteLength(text, 'utf8');
      if (bytes > NOTIFY_MAX_PAYLOAD_BYTES) {
        throw new Error(
          `The message on "${message.topic}" is ${bytes} bytes; Postgres NOTIFY carries at most ${NOTIFY_MAX_PAYLOAD_BYTES}.`,
        );
      }
      await new Promise<void>((resolve, reject) => {
        outgoing.push({ text, resolve, reject });
        if (!sending) void send();
      });
    },

    /**
     * A message already on its way when subscribing must not reach the new subscription (no history).
     * Postgres hands a listener its notifications in commit order, so the subscription goes live when
     * a barrier this instance notifies after subscribing comes back: whatever was published before it
     * has been passed by then, whatever is published after subscribe resolves comes after it.
     */
    async subscribe(topic, handler) {
      refuseWhenClosed();
      const barrier = {
        send: (id: string) =>
          publisher.query('select pg_notify($1, $2)', [channel, JSON.stringify({ barrier: id } satisfies Barrier)]),
        timeoutMs: BARRIER_TIMEOUT_MS,
      };
      // Without a listener (reconnecting) no barrier could come back: live at once.
      return subscribers.subscribe(topic, handler, listener ? barrier : undefined);
    },

    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      subscribers.clear();
      const client = listener;
      listener = null;
      await Promise.all([client?.end().catch(() => undefined), publisher.end().catch(() => undefined)]);
    },
  };
}
