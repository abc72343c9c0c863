import type { BusHandler, BusMessage, EventBus } from '../../core/ports/event-bus.port';

export interface InProcessEventBusOptions {
  /** A throwing handler must not stop delivery to the others; told here instead. */
  onHandlerError?: (error: unknown, message: BusMessage) => void;
}

/**
 * Fan-out within one process (the embedded mode and tests). Payloads go through JSON as they would
 * over Postgres NOTIFY or Redis, so a subscriber never shares an object with the publisher.
 */
export function createInProcessEventBus(options: InProcessEventBusOptions = {}): EventBus {
  const subscriptions = new Map<string, Set<{ handler: BusHandler }>>();
  let closed = false;
  const refuseWhenClosed = () => {
    if (closed) throw new Error('The event bus is closed.');
  };

  return {
    async publish(message) {
      refuseWhenClosed();
      const wire = JSON.stringify(message.payload);
      for (const subscription of [...(subscriptions.get(message.topic) ?? [])]) {
        const delivered: BusMessage = { topic: message.topic, payload: JSON.parse(wire) as BusMessage['payload'] };
        try {
          subscription.handler(delivered);
        } catch (error) {
          options.onHandlerError?.(error, delivered);
        }
      }
    },

    async subscribe(topic, handler) {
      refuseWhenClosed();
      const subscription = { handler };
      const topicSubscriptions = subscriptions.get(topic) ?? new Set();
      topicSubscriptions.add(subscription);
      subscriptions.set(topic, topicSubscriptions);
      return async () => {
        topicSubscriptions.delete(subscription);
        if (topicSubscriptions.size === 0 && subscriptions.get(topic) === topicSubscriptions)
          subscriptions.delete(topic);
      };
    },

    async close() {
      closed = true;
      subscriptions.clear();
    },
  };
}
