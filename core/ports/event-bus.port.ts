/** A message published to every API instance, e.g. a live notification for a user. */
export interface BusMessage {
  topic: string;
  payload: Record<string, unknown>;
}

export type BusHandler = (message: BusMessage) => void;

/** Fan-out across instances (in process, Postgres LISTEN/NOTIFY or Redis). At most once, no history. */
export interface EventBus {
  publish(message: BusMessage): Promise<void>;
  /** Answers a function that stops the subscription. */
  subscribe(topic: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
