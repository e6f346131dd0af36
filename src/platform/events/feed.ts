import { EventEmitter } from 'node:events';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { Db } from '../../db/database.js';
import { EVENTS_CHANNEL, lastEventId, onEventsCommitted, readEventsAfter, type EventRecord, type NewEventRecord } from '../../db/events.js';
import type { Logger } from '../logger.js';
import type { MessageSummaryView } from '../../mail/messages.js';

/**
 * Domain events. Services append them to the event log (src/db/events.ts) in the transaction that changes the state
 * they describe; consumers — long-poll waits, SSE streams, the webhook enqueuer — read the log, on every instance.
 * Each event carries what its consumers need (a message's summary, an address's expiry), so none re-reads the store.
 */
export type DomainEvent =
  | { type: 'message.received'; accountId: string; addressId: string; address: string; messageId: string; receivedAt: string; message: MessageSummaryView }
  | { type: 'address.created'; accountId: string; addressId: string; address: string; at: string; expiresAt: string }
  | { type: 'address.deleted'; accountId: string; addressId: string; address: string; at: string }
  /** `at` is the address's expiry. */
  | { type: 'address.expired'; accountId: string; addressId: string; address: string; at: string }
  /** The sweeper removed an address RETENTION_SECONDS after it expired (internal: no webhook is sent for it). */
  | { type: 'address.purged'; accountId: string; addressId: string; address: string; at: string }
  /** A key was revoked (internal: every instance drops it from its key cache). */
  | { type: 'key.revoked'; accountId: string; addressId: null; address: null; keyId: string; at: string }
  /** An account's plan changed (internal: every instance drops its keys from the key cache). */
  | { type: 'account.changed'; accountId: string; addressId: null; address: null; at: string };

export type EventType = DomainEvent['type'];
/** An event read back from the log: `id` orders it among all events of the service. */
export type LoggedEvent = DomainEvent & { id: number };
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }> & { id: number };

/** The log row of an event: the shared fields become columns, the rest is the JSON `data`. */
export function eventRecord(event: DomainEvent, now = new Date()): NewEventRecord {
  const { type, accountId, addressId, address, ...data } = event;
  return {
    type,
    account_id: accountId,
    address_id: addressId,
    address,
    message_id: event.type === 'message.received' ? event.messageId : null,
    data,
    created_at: now.toISOString(),
  };
}

export function fromRecord(record: EventRecord): LoggedEvent {
  return {
    ...(record.data as object),
    id: record.id,
    type: record.type,
    accountId: record.account_id,
    addressId: record.address_id,
    address: record.address,
  } as LoggedEvent;
}

/**
 * This instance's view of the log: it follows the log from where it stood when the feed started and hands each
 * new event, whichever instance wrote it, to the local subscribers, in log order. It reads when woken — at once for
 * this instance's own commits; by PostgreSQL LISTEN/NOTIFY (any process's commits, the operator CLI's included) and,
 * when REDIS_URL is set, Redis pub/sub for other instances' — and every `pollMs` as a safety net for a lost wake-up.
 */
export interface EventFeed {
  /** Live events from now on. Returns the function that unsubscribes. */
  subscribe<T extends EventType>(type: T, listener: (event: EventOf<T>) => void): () => void;
  /** Called after each batch is dispatched, with the id of the last event read. */
  onAdvance(listener: (position: number) => void): () => void;
  /** Id of the last event dispatched. */
  position(): number;
  /** Reads and dispatches everything committed before the call. */
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

export interface EventFeedOptions {
  db: Db;
  /** A postgres:// URL: LISTEN on it for other instances' commits (unless Redis carries them). */
  databaseUrl?: string | null;
  /** A redis:// URL: publish this instance's commits and subscribe to other instances' on Redis pub/sub. */
  redisUrl?: string | null;
  /** Safety-net poll interval. */
  pollMs?: number;
  logger?: Logger;
}

/** Redis channel carrying "events were committed" between instances. */
export const REDIS_EVENTS_CHANNEL = 'ephemail:events';
const BATCH = 500;

export async function startEventFeed(options: EventFeedOptions): Promise<EventFeed> {
  const { db, logger } = options;
  const emitter = new EventEmitter();
  // Every waiting long-poll and SSE client is a listener; thousands are normal.
  emitter.setMaxListeners(0);
  const advanced = new Set<(position: number) => void>();
  let position = await lastEventId(db);
  let closed = false;
  let reading: Promise<void> | null = null;
  let again = false;

  const dispatch = (event: LoggedEvent) => {
    for (const listener of emitter.listeners(event.type)) {
      try {
        (listener as (e: LoggedEvent) => void)(event);
      } catch (err) {
        // A throwing subscriber must not stop the others or the feed.
        logger?.error({ err, event: event.type }, 'event subscriber failed');
      }
    }
  };

  async function drain(): Promise<void> {
    for (;;) {
      const batch = await readEventsAfter(db, position, BATCH);
      if (batch.length === 0) return;
      for (const record of batch) {
        position = record.id;
        dispatch(fromRecord(record));
      }
      for (const listener of [...advanced]) listener(position);
      if (batch.length < BATCH) return;
    }
  }

  function read(): Promise<void> {
    if (closed) return Promise.resolve();
    if (reading) {
      // A read is under way but may have looked before this wake-up's commit: look once more after it.
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        try {
          await drain();
        } catch (err) {
          // The store is unreachable for now; the next wake-up or poll tries again.
          logger?.warn({ err }, 'reading the event log failed');
          return;
        }
      } while (again && !closed);
    })().finally(() => {
      reading = null;
    });
    return reading;
  }
  const wake = () => void read();

  // Wake-ups. Our own commits: at once, and passed on to the other instances through Redis when it is configured.
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  let listener: pg.Client | undefined;
  if (options.redisUrl) {
    publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false });
    subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    for (const client of [publisher, subscriber]) client.on('error', (err: unknown) => logger?.warn({ err }, 'event wake-up channel (Redis) failed'));
    subscriber.on('message', wake);
    // Not awaited: with Redis down the instance still starts (the poll covers wake-ups; /ready reports Redis).
    subscriber.subscribe(REDIS_EVENTS_CHANNEL).catch((err: unknown) => logger?.warn({ err }, 'subscribing to event wake-ups (Redis) failed'));
  }
  // On PostgreSQL every commit that appends events NOTIFYs, whoever made it (an instance or the operator CLI).
  if (options.databaseUrl) {
    listener = new pg.Client({ connectionString: options.databaseUrl });
    listener.on('notification', wake);
    listener.on('error', (err: unknown) => logger?.warn({ err }, 'event wake-up channel (LISTEN) failed'));
    await listener.connect();
    await listener.query(`listen ${EVENTS_CHANNEL}`);
  }
  const offCommitted = onEventsCommitted(db, () => {
    wake();
    publisher?.publish(REDIS_EVENTS_CHANNEL, '1').catch(() => undefined);
  });
  const poll = setInterval(wake, options.pollMs ?? 2000);
  poll.unref();

  return {
    subscribe(type, fn) {
      emitter.on(type, fn);
      return () => emitter.off(type, fn);
    },
    onAdvance(fn) {
      advanced.add(fn);
      return () => advanced.delete(fn);
    },
    position: () => position,
    async catchUp() {
      again = true;
      await read();
    },
    async close() {
      closed = true;
      clearInterval(poll);
      offCommitted();
      await reading;
      emitter.removeAllListeners();
      advanced.clear();
      subscriber?.disconnect();
      publisher?.disconnect();
      await listener?.end().catch(() => undefined);
    },
  };
}
