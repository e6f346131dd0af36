import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { Client as PgClient } from 'pg';
import type { Db } from '../../db/database.js';
import { EVENTS_CHANNEL, lastEventId, notifyToken, onEventsCommitted, readEventsAfter, type CommittedEvent, type EventRecord } from '../../db/events.js';
import type { Logger } from '../logger.js';
import { fromRecord, type EventOf, type EventType, type LoggedEvent } from './contract.js';

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

/**
 * For caches of what the log changes (keys, recipients): calls `listener` with each event of `types` at this
 * instance's own commit, before the request that made it answers, and again when `feed` reads it — the way other
 * instances' commits arrive. So `listener` sees an event once or twice, and must not mind which.
 */
export function onLoggedChanges(db: Db, feed: EventFeed | undefined, types: readonly EventType[], listener: (event: LoggedEvent) => void): void {
  for (const type of types) feed?.subscribe(type, listener);
  onEventsCommitted(db, (events) => {
    for (const e of events) if (types.includes(e.type as EventType)) listener(fromRecord({ ...e, id: e.id ?? 0 }));
  });
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

  /** Hands the next events of the log (read back, or this instance's own commit: handOn) to the subscribers. */
  const deliver = (records: EventRecord[]) => {
    for (const record of records) {
      position = record.id;
      dispatch(fromRecord(record));
    }
    for (const listener of [...advanced]) listener(position);
  };

  async function drain(): Promise<void> {
    for (;;) {
      const batch = await readEventsAfter(db, position, BATCH);
      if (batch.length === 0) return;
      deliver(batch);
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

  /**
   * A NOTIFY's payload (src/db/events.ts) is the committing handle's mark and the id of the last event it appended.
   * This instance's own commits were handed on (handOn) or woke the feed already when they committed; another's
   * whose last event has been read already need no read either. Anything else — an empty payload, as an older
   * instance sends — wakes the feed.
   */
  const own = notifyToken(db);
  const ownOrSeen = (payload: string | undefined): boolean => {
    const [token, last] = (payload ?? '').split(':');
    return token === own || (last !== undefined && /^[0-9]+$/.test(last) && Number(last) <= position);
  };

  // Wake-ups. Our own commits: at once, and passed on to the other instances through Redis when it is configured.
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  let listener: PgClient | undefined;
  if (options.redisUrl) {
    // The clients are loaded only when they are used: a single instance on SQLite needs neither.
    const { Redis } = await import('ioredis');
    publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false });
    subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    for (const client of [publisher, subscriber]) client.on('error', (err: unknown) => logger?.warn({ err }, 'event wake-up channel (Redis) failed'));
    subscriber.on('message', (_channel: string, message: string) => {
      if (message !== own) wake();
    });
    // Not awaited: with Redis down the instance still starts (the poll covers wake-ups; /ready reports Redis).
    subscriber.subscribe(REDIS_EVENTS_CHANNEL).catch((err: unknown) => logger?.warn({ err }, 'subscribing to event wake-ups (Redis) failed'));
  }
  // On PostgreSQL every commit that appends events NOTIFYs, whoever made it (an instance or the operator CLI).
  // A connection PostgreSQL ends (restart, failover, an administrator) is opened again, a second later and then every
  // few seconds until it succeeds; what was committed meanwhile is read at once after reconnecting.
  let relisten: NodeJS.Timeout | undefined;
  const listen = async (): Promise<void> => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: options.databaseUrl! });
    listener = client;
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (err) logger?.warn({ err }, 'event wake-up channel (LISTEN) failed; reconnecting');
      void client.end().catch(() => undefined);
      if (!closed) relisten = setTimeout(() => void listen().then(wake, onLost), 1000);
    };
    client.on('notification', (n: { payload?: string }) => {
      if (!ownOrSeen(n.payload)) wake();
    });
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (err) {
      onLost(err);
      throw err;
    }
  };
  if (options.databaseUrl) await listen();
  /**
   * This instance's own commit, when its events are the next in the log (nothing read meanwhile): handed on as they
   * are, as a read would have handed them on — the log holds them already — without reading them back. Anything else
   * (another process's events in between, such as the operator CLI's or another instance's; an id the sequence skipped;
   * a read under way) is read from the log as before. On PostgreSQL ids become visible in order (APPEND_LOCK in
   * src/db/events.ts), so the next id after `position` is never committed behind a later one.
   */
  const handOn = (events: CommittedEvent[]): boolean => {
    if (reading || closed || events[0]?.id !== position + 1) return false;
    for (let i = 1; i < events.length; i++) if (events[i].id !== position + 1 + i) return false;
    deliver(events as EventRecord[]);
    return true;
  };
  const offCommitted = onEventsCommitted(db, (events) => {
    if (!handOn(events)) wake();
    // Marked as ours: our own subscriber hears it too, and skips it.
    publisher?.publish(REDIS_EVENTS_CHANNEL, own).catch(() => undefined);
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
      clearTimeout(relisten);
      await listener?.end().catch(() => undefined);
    },
  };
}
