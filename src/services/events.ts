import { EventEmitter } from 'node:events';

/**
 * Domain events. Producers (SMTP ingestion, the address service) publish after their transaction commits;
 * consumers (long-poll waits, SSE streams, webhook delivery) subscribe. Storage never calls a consumer directly.
 */
export type DomainEvent =
  | { type: 'message.received'; accountId: string; addressId: string; address: string; messageId: string; receivedAt: string }
  | { type: 'address.created'; accountId: string; addressId: string; address: string; at: string }
  | { type: 'address.deleted'; accountId: string; addressId: string; address: string; at: string }
  | { type: 'address.expired'; accountId: string; addressId: string; address: string; at: string }
  /** The sweeper removed an address RETENTION_SECONDS after it expired (internal: no webhook is sent for it). */
  | { type: 'address.purged'; accountId: string; addressId: string; address: string; at: string };

export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

export interface EventBus {
  publish(event: DomainEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe<T extends EventType>(type: T, listener: (event: EventOf<T>) => void): () => void;
  close(): Promise<void>;
}

/** One process: an EventEmitter. A shared bus (Redis, PostgreSQL NOTIFY) implements the same interface. */
export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Every waiting long-poll and SSE client is a listener; thousands are normal.
    this.emitter.setMaxListeners(0);
  }

  publish(event: DomainEvent): void {
    // A throwing subscriber must not break the producer (whose work is already committed).
    for (const listener of this.emitter.listeners(event.type)) {
      try {
        (listener as (e: DomainEvent) => void)(event);
      } catch {
        /* the subscriber logs its own failures */
      }
    }
  }

  subscribe<T extends EventType>(type: T, listener: (event: EventOf<T>) => void): () => void {
    this.emitter.on(type, listener);
    return () => this.emitter.off(type, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
