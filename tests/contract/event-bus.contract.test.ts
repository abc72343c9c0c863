import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createInProcessEventBus } from '@causeway/adapters/memory/event-bus.fake';
import { createFirestoreEventBus } from '@causeway/adapters/firestore/firestore.event-bus';
import { createPgNotifyEventBus, NOTIFY_MAX_PAYLOAD_BYTES } from '@causeway/adapters/postgres/pg-notify.event-bus';
import { createEmulatorFirestore } from '@causeway/tests/support/firestore-emulator';
import type { BusMessage, EventBus } from '@causeway/core/ports/event-bus.port';
import { freshServerDatabase } from '@causeway/tests/support/test-stores';

const serverUrl = process.env.TEST_DATABASE_URL;

/** One database of the Postgres server for this file, made on first use and dropped at the end. */
let serverDatabase: Promise<Awaited<ReturnType<typeof freshServerDatabase>>> | undefined;
const serverDatabaseUrl = async () => {
  serverDatabase ??= freshServerDatabase(serverUrl ?? '').then(async (database) => {
    // The bus opens its own connections.
    await database.connection.close();
    return database;
  });
  return (await serverDatabase).url;
};
afterAll(async () => {
  await (await serverDatabase)?.drop();
});

/** Each test gets a channel of its own, so nothing another test published can reach it. */
const freshChannel = () => `test_events_${randomBytes(6).toString('hex')}`;

const implementations: { name: string; create: () => Promise<EventBus> }[] = [
  { name: 'in process', create: async () => createInProcessEventBus() },
];
if (serverUrl) {
  implementations.push({
    name: 'Postgres LISTEN/NOTIFY',
    create: async () =>
      createPgNotifyEventBus({ connectionString: await serverDatabaseUrl(), channel: freshChannel() }),
  });
}

const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
/** One emulator project for this file; each bus a collection of its own unless told to share one. */
const firestoreProject = `event-bus-${randomBytes(4).toString('hex')}`;
const freshCollection = () => `live_messages_${randomBytes(6).toString('hex')}`;
if (firestoreHost) {
  implementations.push({
    name: 'Firestore',
    create: async () =>
      createFirestoreEventBus({ firestore: createEmulatorFirestore(firestoreProject), collection: freshCollection() }),
  });
}

/** Waits until `received` has `count` messages (delivery may cross a wire), or a little longer to be sure of none. */
async function settle(received: BusMessage[], count: number, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (received.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe.each(implementations)('EventBus ($name)', ({ create }) => {
  let bus: EventBus;

  beforeEach(async () => {
    bus = await create();
  });

  afterEach(async () => {
    await bus.close();
  });

  it('delivers a published message to every subscriber of its topic, and to no other topic', async () => {
    const first: BusMessage[] = [];
    const second: BusMessage[] = [];
    const elsewhere: BusMessage[] = [];
    await bus.subscribe('notifications', (message) => first.push(message));
    await bus.subscribe('notifications', (message) => second.push(message));
    await bus.subscribe('deployments', (message) => elsewhere.push(message));
    const message = { topic: 'notifications', payload: { userId: 'u-1', type: 'NEW_NOTIFICATION', count: 2 } };
    await bus.publish(message);
    await settle(first, 1);
    await settle(second, 1);
    expect(first).toEqual([message]);
    expect(second).toEqual([message]);
    expect(elsewhere).toEqual([]);
  });

  it('delivers in the order published', async () => {
    const received: BusMessage[] = [];
    await bus.subscribe('notifications', (message) => received.push(message));
    for (let n = 1; n <= 5; n++) await bus.publish({ topic: 'notifications', payload: { n } });
    await settle(received, 5);
    expect(received.map((message) => message.payload.n)).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives each subscriber its own copy of the payload', async () => {
    const received: BusMessage[] = [];
    await bus.subscribe('notifications', (message) => {
      message.payload.seen = true;
      received.push(message);
    });
    await bus.subscribe('notifications', (message) => received.push(message));
    const payload: Record<string, unknown> = { userId: 'u-1' };
    await bus.publish({ topic: 'notifications', payload });
    await settle(received, 2);
    expect(payload).toEqual({ userId: 'u-1' });
    expect(received.map((message) => message.payload.seen)).toEqual([true, undefined]);
  });

  it('keeps delivering to the others when one handler throws', async () => {
    const received: BusMessage[] = [];
    await bus.subscribe('notifications', () => {
      throw new Error('handler failed');
    });
    await bus.subscribe('notifications', (message) => received.push(message));
    await bus.publish({ topic: 'notifications', payload: { n: 1 } });
    await settle(received, 1);
    expect(received).toHaveLength(1);
  });

  it('stops delivering to a subscription once unsubscribed, and only to it', async () => {
    const stopped: BusMessage[] = [];
    const kept: BusMessage[] = [];
    const unsubscribe = await bus.subscribe('notifications', (message) => stopped.push(message));
    await bus.subscribe('notifications', (message) => kept.push(message));
    await unsubscribe();
    await unsubscribe();
    await bus.publish({ topic: 'notifications', payload: { n: 1 } });
    await settle(kept, 1);
    expect(stopped).toEqual([]);
    expect(kept).toHaveLength(1);
  });

  it('keeps no history: a late subscriber gets only what is published after it subscribes', async () => {
    await bus.publish({ topic: 'notifications', payload: { n: 1 } });
    const received: BusMessage[] = [];
    await bus.subscribe('notifications', (message) => received.push(message));
    await bus.publish({ topic: 'notifications', payload: { n: 2 } });
    await settle(received, 1);
    expect(received.map((message) => message.payload.n)).toEqual([2]);
  });

  it('stops all delivery when closed, and refuses to publish after', async () => {
    const received: BusMessage[] = [];
    await bus.subscribe('notifications', (message) => received.push(message));
    await bus.close();
    await expect(bus.publish({ topic: 'notifications', payload: { n: 1 } })).rejects.toThrow();
    await settle(received, 1, 100);
    expect(received).toEqual([]);
  });
});

/** What only the Postgres bus does: reach other instances, refuse what NOTIFY cannot carry, survive a drop. */
describe.runIf(serverUrl)('EventBus over Postgres LISTEN/NOTIFY (runs only with TEST_DATABASE_URL)', () => {
  const buses: EventBus[] = [];
  let channel: string;
  let url: string;

  const open = async (options: Partial<Parameters<typeof createPgNotifyEventBus>[0]> = {}) => {
    const bus = await createPgNotifyEventBus({ connectionString: url, channel, ...options });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    url = await serverDatabaseUrl();
  });
  beforeEach(() => {
    channel = freshChannel();
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it('delivers across two bus instances on one database, both ways, to the right topic only', async () => {
    const first = await open();
    const second = await open();
    const onFirst: BusMessage[] = [];
    const onSecond: BusMessage[] = [];
    const elsewhere: BusMessage[] = [];
    await first.subscribe('notifications.u-1', (message) => onFirst.push(message));
    await second.subscribe('notifications.u-1', (message) => onSecond.push(message));
    await second.subscribe('notifications.u-2', (message) => elsewhere.push(message));

    await first.publish({ topic: 'notifications.u-1', payload: { from: 'first' } });
    await second.publish({ topic: 'notifications.u-1', payload: { from: 'second' } });
    await settle(onFirst, 2);
    await settle(onSecond, 2);

    expect(onFirst.map((message) => message.payload.from)).toEqual(['first', 'second']);
    expect(onSecond.map((message) => message.payload.from)).toEqual(['first', 'second']);
    expect(elsewhere).toEqual([]);
  });

  it('does not hear another channel on the same database', async () => {
    const ours = await open();
    const theirs = await open({ channel: freshChannel() });
    const received: BusMessage[] = [];
    await ours.subscribe('notifications.u-1', (message) => received.push(message));
    await theirs.publish({ topic: 'notifications.u-1', payload: { n: 1 } });
    await settle(received, 1, 300);
    expect(received).toEqual([]);
  });

  it('refuses a payload Postgres NOTIFY cannot carry, saying so, and still carries one that fits', async () => {
    const bus = await open();
    const received: BusMessage[] = [];
    await bus.subscribe('notifications.u-1', (message) => received.push(message));
    // Multi-byte characters count by their UTF-8 size, as Postgres counts them.
    const tooLarge = { message: 'é'.repeat(NOTIFY_MAX_PAYLOAD_BYTES / 2) };
    await expect(bus.publish({ topic: 'notifications.u-1', payload: tooLarge })).rejects.toThrow(
      /bytes; Postgres NOTIFY carries at most 7999/,
    );
    const fits = { message: 'x'.repeat(NOTIFY_MAX_PAYLOAD_BYTES - 200) };
    await bus.publish({ topic: 'notifications.u-1', payload: fits });
    await settle(received, 1);
    expect(received).toEqual([{ topic: 'notifications.u-1', payload: fits }]);
  });

  it('reconnects with backoff and listens again when its connection is dropped', async () => {
    const lost: number[] = [];
    let reconnected = 0;
    const bus = await open({
      reconnect: { initialDelayMs: 50, maxDelayMs: 400 },
      onConnectionLost: (_error, retryInMs) => lost.push(retryInMs),
      onReconnected: () => reconnected++,
    });
    const received: BusMessage[] = [];
    await bus.subscribe('notifications.u-1', (message) => received.push(message));

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const dropped = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'causeway-events-listener' and pid <> pg_backend_pid()`,
      );
      expect(dropped.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }

    // Messages sent while it is down are lost (at most once); keep publishing until one arrives.
    const deadline = Date.now() + 10_000;
    let n = 0;
    while (received.length === 0 && Date.now() < deadline) {
      await bus.publish({ topic: 'notifications.u-1', payload: { n: ++n } });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(received.length).toBeGreaterThan(0);
    expect(lost[0]).toBe(50);
    expect(reconnected).toBeGreaterThanOrEqual(1);
  });

  it('closes its connections on close', async () => {
    const applicationConnections = async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ count: number }>(
          `select count(*)::int as count from pg_stat_activity
            where datname = current_database() and application_name like 'causeway-events-%'`,
        );
        return rows[0]?.count ?? 0;
      } finally {
        await admin.end();
      }
    };
    const before = await applicationConnections();
    const bus = await createPgNotifyEventBus({ connectionString: url, channel });
    await bus.publish({ topic: 'notifications.u-1', payload: { n: 1 } });
    expect(await applicationConnections()).toBe(before + 2);
    await bus.close();
    const deadline = Date.now() + 2_000;
    while ((await applicationConnections()) !== before && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await applicationConnections()).toBe(before);
  });
});

/** What the Firestore bus does beside the common contract: reach the other instances of one project. */
describe.runIf(firestoreHost)('EventBus over Firestore (runs only with FIRESTORE_EMULATOR_HOST)', () => {
  const buses: EventBus[] = [];
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });
  const open = async (collection: string, options: { keepMs?: number; sweepMs?: number; relistenMs?: number } = {}) => {
    const bus = await createFirestoreEventBus({
      firestore: createEmulatorFirestore(firestoreProject),
      collection,
      ...options,
    });
    buses.push(bus);
    return bus;
  };

  it('delivers across two bus instances on one project, both ways, in order, to the right topic only', async () => {
    const collection = freshCollection();
    const first = await open(collection);
    const second = await open(collection);
    const onFirst: BusMessage[] = [];
    const onSecond: BusMessage[] = [];
    const elsewhere: BusMessage[] = [];
    await first.subscribe('notifications.u-1', (message) => onFirst.push(message));
    await second.subscribe('notifications.u-1', (message) => onSecond.push(message));
    await second.subscribe('notifications.u-2', (message) => elsewhere.push(message));
    await first.publish({ topic: 'notifications.u-1', payload: { from: 'first' } });
    await second.publish({ topic: 'notifications.u-1', payload: { from: 'second' } });
    await settle(onFirst, 2);
    await settle(onSecond, 2);
    expect(onFirst.map((message) => message.payload.from)).toEqual(['first', 'second']);
    expect(onSecond.map((message) => message.payload.from)).toEqual(['first', 'second']);
    expect(elsewhere).toEqual([]);
  });

  it('delivers every message once and in order while its listener starts again from the last one seen', async () => {
    const collection = freshCollection();
    // Listening again every 20 ms: many times over the messages, some while one is being written.
    const listener = await open(collection, { relistenMs: 20 });
    const sender = await open(collection);
    const received: BusMessage[] = [];
    await listener.subscribe('notifications.u-1', (message) => received.push(message));
    for (let n = 1; n <= 60; n++) {
      await sender.publish({ topic: 'notifications.u-1', payload: { n } });
      if (n % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await settle(received, 60, 10_000);
    expect(received.map((message) => message.payload.n)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('deletes messages older than it keeps them', async () => {
    const collection = freshCollection();
    const bus = await open(collection, { keepMs: 200, sweepMs: 100 });
    await bus.publish({ topic: 'notifications.u-1', payload: { n: 1 } });
    const stored = createEmulatorFirestore(firestoreProject).collection(collection);
    const deadline = Date.now() + 5_000;
    while ((await stored.count().get()).data().count > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await stored.count().get()).data().count).toBe(0);
  });
});
