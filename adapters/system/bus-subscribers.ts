import { randomUUID } from 'node:crypto';
import type { BusHandler, BusMessage } from '@causeway/core/ports/event-bus.port';

/** How a subscription makes sure it hears nothing published before it: see `subscribe`. */
export interface Barrier {
  /** Sends a barrier with this id through the bus, to come back to `barrierArrived`. */
  send(id: string): Promise<unknown>;
  /** How long to wait for it before going live anyway. */
  timeoutMs: number;
}

/**
 * The subscribers of one instance's live bus, by topic, shared by every bus adapter. A message goes to
 * the live subscribers of its topic, each with a copy of its payload; a throwing handler is told of and
 * passed by. No history: a subscription that has a barrier goes live once the barrier it sends comes
 * back through the bus, so what was already on its way before it subscribed passes it by.
 */
export function busSubscribers(onHandlerError?: (error: unknown, message: BusMessage) => void) {
  const subscriptions = new Map<string, Set<{ handler: BusHandler; live: boolean }>>();
  const barriers = new Map<string, () => void>();
  return {
    /** Hands a message (its payload as JSON) to the live subscribers of its topic. */
    deliver(topic: string, payloadJson: string): void {
      for (const subscription of [...(subscriptions.get(topic) ?? [])]) {
        if (!subscription.live) continue;
        const delivered: BusMessage = { topic, payload: JSON.parse(payloadJson) as BusMessage['payload'] };
        try {
          subscription.handler(delivered);
        } catch (error) {
          onHandlerError?.(error, delivered);
        }
      }
    },

    /** A barrier came back through the bus. */
    barrierArrived(id: string): void {
      barriers.get(id)?.();
    },

    /** Subscribes, live at once without a barrier; answers what ends the subscription. */
    async subscribe(topic: string, handler: BusHandler, barrier?: Barrier): Promise<() => Promise<void>> {
      const subscription = { handler, live: false };
      let topicSubscriptions = subscriptions.get(topic);
      if (!topicSubscriptions) subscriptions.set(topic, (topicSubscriptions = new Set()));
      topicSubscriptions.add(subscription);
      if (barrier) {
        const id = randomUUID();
        await new Promise<void>((resolve) => {
          const goLive = () => {
            clearTimeout(timer);
            barriers.delete(id);
            resolve();
          };
          // Without its barrier (the bus dropped meanwhile) the subscription still goes live.
          const timer = setTimeout(goLive, barrier.timeoutMs);
          barriers.set(id, goLive);
          barrier.send(id).catch(goLive);
        });
      }
      subscription.live = true;
      return async () => {
        subscription.live = false;
        topicSubscriptions.delete(subscription);
        if (topicSubscriptions.size === 0 && subscriptions.get(topic) === topicSubscriptions)
          subscriptions.delete(topic);
      };
    },

    /** Lets every waiting subscription go, and forgets them all (the bus closes). */
    clear(): void {
      for (const goLive of [...barriers.values()]) goLive();
      subscriptions.clear();
    },
  };
}
