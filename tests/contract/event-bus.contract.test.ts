import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInProcessEventBus } from '../../adapters/memory/event-bus.fake';
import type { BusMessage, EventBus } from '../../core/ports/event-bus.port';

const implementations: { name: string; create: () => Promise<EventBus> }[] = [
  { name: 'in process', create: async () => createInProcessEventBus() },
];

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
