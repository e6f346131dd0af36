/**
 * The dashboard's live feed: one Server-Sent Event stream of an account's events across all its addresses,
 * followed from the event log through this instance's feed (never by polling the store), with the same ids, replay
 * and end as the Developer API's per-address stream (mail-watch.ts).
 */
import type { Db } from '../../db/database.js';
import { readAccountMessageEvents } from '../../db/events.js';
import { type EventFeed } from '../../platform/events/feed.js';
import { fromRecord, type EventOf, type LoggedEvent } from '../../platform/events/contract.js';
import { REPLAY_LIMIT, RETRY_MS, type EventSink } from './address-watch.js';

export interface AccountStreamOptions {
  /** Replay the account's messages logged after this event id (EventSource's Last-Event-ID). */
  lastEventId?: string;
  heartbeatMs: number;
  onError?(err: unknown): void;
}

type AccountEvent = EventOf<'message.received'> | EventOf<'address.created'> | EventOf<'address.deleted'> | EventOf<'address.purged'>;

function frame(e: AccountEvent): string {
  if (e.type === 'message.received') {
    return `id: ${e.id}\nevent: message\ndata: ${JSON.stringify({ address: e.address, message: e.message })}\n\n`;
  }
  // A purge is a deletion as far as a reader of the inbox is concerned.
  const name = e.type === 'address.created' ? 'address.created' : 'address.deleted';
  return `id: ${e.id}\nevent: ${name}\ndata: ${JSON.stringify({ address: e.address })}\n\n`;
}

/**
 * Writes the account's events to `sink`: after `lastEventId`, first a replay of the messages logged since (oldest
 * first), then every event as the log announces it, and a comment every `heartbeatMs`. Events announced during the
 * replay are held back and sent after it, without duplicates. Returns the function that stops the stream (without
 * ending the sink).
 */
export function streamAccountEvents(db: Db, feed: EventFeed, accountId: string, sink: EventSink, options: AccountStreamOptions): () => void {
  let closed = false;
  let replaying = true;
  let lastSent = 0;
  const held: AccountEvent[] = [];
  const write = (e: AccountEvent) => {
    if (closed || e.id <= lastSent) return;
    lastSent = e.id;
    sink.write(frame(e));
  };
  const on = (e: AccountEvent) => {
    if (e.accountId !== accountId) return;
    if (replaying) held.push(e);
    else write(e);
  };
  // The dashboard has a handful of sessions per account, so each stream subscribes for itself.
  const offs = [
    feed.subscribe('message.received', on),
    feed.subscribe('address.created', on),
    feed.subscribe('address.deleted', on),
    feed.subscribe('address.purged', on),
  ];
  const heartbeat = setInterval(() => {
    if (!closed) sink.write(': keep-alive\n\n');
  }, options.heartbeatMs);
  heartbeat.unref();
  const stop = () => {
    if (closed) return;
    closed = true;
    offs.forEach((off) => off());
    clearInterval(heartbeat);
  };

  sink.write(`retry: ${RETRY_MS}\n\n: connected\n\n`);
  (async () => {
    const after = options.lastEventId;
    if (after !== undefined && /^\d{1,15}$/.test(after)) {
      const replay = await readAccountMessageEvents(db, accountId, Number(after), REPLAY_LIMIT);
      replay.map((r) => fromRecord(r) as LoggedEvent as AccountEvent).forEach(write);
    }
    replaying = false;
    held.splice(0).sort((a, b) => a.id - b.id).forEach(write);
  })().catch((err: unknown) => {
    options.onError?.(err);
    stop();
    sink.end();
  });
  return stop;
}
