import type { BusMessage, EventBus } from '@causeway/core/ports/event-bus.port';
import { busSubscribers } from '../system/bus-subscribers';

export interface InProcessEventBusOptions {
  /** A throwing handler must not stop delivery to the others; told here instead. */
  onHandlerError?: (error: unknown, message: BusMessage) => void;
}

/**
 * Fan-out within one process (the embedded mode and tests). Payloads go through JSON as they would
 * over Postgres NOTIFY or Redis, so a subscriber never shares an object with the publisher.
 */
export function createInProcessEventBus(options: InProcessEventBusOptions = {}): EventBus {
  const subscribers = busSubscribers(options.onHandlerError);
  let closed = false;
  const refuseWhenClosed = () => {
    if (closed) throw new Error('The event bus is closed.');
  };

  return {
    async publish(message) {
      refuseWhenClosed();
      subscribers.deliver(message.topic, JSON.stringify(message.payload));
    },

    async subscribe(topic, handler) {
      refuseWhenClosed();
      return subscribers.subscribe(topic, handler);
    },

    async close() {
      closed = true;
      subscribers.clear();
    },
  };
}
