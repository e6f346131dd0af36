/**
 * Waiting for mail: long-poll waits and Server-Sent Event streams on one address. Both follow the event log through
 * this instance's feed (never poll the store), so mail that arrives through any instance wakes them, and a stream's
 * event ids are log ids that resume on any instance.
 */
import type { Db } from '../../db/database.js';
import type { AddressRow } from '../../db/addresses.js';
import { findMessageEventId, readMessageEventsOf } from '../../db/events.js';
import { errors, type DomainError } from '../../platform/errors.js';
import { type EventFeed } from '../../platform/events/feed.js';
import { fromRecord, type EventOf } from '../../platform/events/contract.js';
import { listMessages, toStoredInstant, type MessageFilter, type MessageSummaryView } from '../messages.js';

interface MailboxListener {
  message(event: EventOf<'message.received'>): void;
  deleted(): void;
}

/**
 * One feed subscription per event type for all watchers of a feed, dispatched by address id: an event costs one
 * map look-up however many clients wait, instead of one call per waiting client.
 */
class MailboxWatchers {
  private readonly byAddress = new Map<string, Set<MailboxListener>>();
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly feed: EventFeed) {}

  watch(addressId: string, listener: MailboxListener): () => void {
    if (!this.unsubscribe) {
      const offMessage = this.feed.subscribe('message.received', (e) => this.each(e.addressId, (l) => l.message(e)));
      const offDeleted = this.feed.subscribe('address.deleted', (e) => this.each(e.addressId, (l) => l.deleted()));
      // A purged address is gone just the same: its waits answer 404 and its streams end.
      const offPurged = this.feed.subscribe('address.purged', (e) => this.each(e.addressId, (l) => l.deleted()));
      this.unsubscribe = () => {
        offMessage();
        offDeleted();
        offPurged();
      };
    }
    let set = this.byAddress.get(addressId);
    if (!set) this.byAddress.set(addressId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.byAddress.delete(addressId);
      if (this.byAddress.size === 0 && this.unsubscribe) {
        this.unsubscribe();
        this.unsubscribe = undefined;
      }
    };
  }

  private each(addressId: string, call: (l: MailboxListener) => void): void {
    for (const listener of [...(this.byAddress.get(addressId) ?? [])]) {
      try {
        call(listener);
      } catch {
        /* one failing watcher must not starve the others */
      }
    }
  }
}

const registries = new WeakMap<EventFeed, MailboxWatchers>();

export function watchMailbox(feed: EventFeed, addressId: string, listener: MailboxListener): () => void {
  let watchers = registries.get(feed);
  if (!watchers) registries.set(feed, (watchers = new MailboxWatchers(feed)));
  return watchers.watch(addressId, listener);
}

export const WAIT_LIMIT = 100;

/** What a wait or a stream may narrow messages by: listMessages's filters plus the body. */
export type Matchers = Pick<MessageFilter, 'subject' | 'from' | 'unread' | 'text'>;

function definedMatchers(match: Matchers = {}): Matchers {
  return Object.fromEntries(Object.entries(match).filter(([, v]) => v !== undefined)) as Matchers;
}

export interface WaitResult {
  messages: MessageSummaryView[];
  count: number;
  timedOut: boolean;
}

function addressGone(address: string): DomainError {
  return errors.addressNotFound(address, { why: 'it was deleted while waiting' });
}

/**
 * Answers with the messages received after `since` (all when undefined) as soon as there is one, or empty with
 * `timedOut` after `timeoutMs` — or at the address's expiry, whichever comes first. Subscribes to the feed before
 * looking at the store, so a message committed in between is seen one way or the other; a message announced later
 * is answered from its event (which carries its summary) without reading the store again. An aborted `signal` (the
 * client went away) ends the wait at once.
 */
export function waitForMessages(
  db: Db,
  feed: EventFeed,
  address: AddressRow,
  options: { since?: string; timeoutMs: number; signal?: AbortSignal; match?: Matchers; count?: number },
): Promise<WaitResult> {
  const since = options.since === undefined ? undefined : toStoredInstant(options.since);
  const match = definedMatchers(options.match);
  const wanted = options.count ?? 1;
  // Plain waits answer from the event that woke them; with matchers or a count, the store decides what matches.
  const plain = Object.keys(match).length === 0 && wanted === 1;
  const filter: MessageFilter = { ...match, ...(since === undefined ? {} : { since }) };
  return new Promise<WaitResult>((resolve, reject) => {
    let settled = false;
    let looked = false;
    // Messages announced while the first look was running: answered if that look found nothing.
    const early: MessageSummaryView[] = [];
    let timer: NodeJS.Timeout | undefined;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      unwatch();
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const fail = (err: unknown) => finish(() => reject(err));
    const check = async (final: boolean) => {
      if (settled) return;
      const { messages, count } = await listMessages(db, address.id, { limit: WAIT_LIMIT, offset: 0 }, filter);
      if (count >= wanted) finish(() => resolve({ messages, count, timedOut: false }));
      else if (final) finish(() => resolve({ messages, count, timedOut: true }));
    };
    const onAbort = () => finish(() => resolve({ messages: [], count: 0, timedOut: true }));
    const unwatch = watchMailbox(feed, address.id, {
      message: (e) => {
        if (since !== undefined && e.receivedAt <= since) return;
        if (!plain) {
          if (looked) check(false).catch(fail);
          else early.unshift(e.message); // looked at again once the first look has answered
        } else if (looked) finish(() => resolve({ messages: [e.message], count: 1, timedOut: false }));
        else early.unshift(e.message);
      },
      deleted: () => fail(addressGone(address.address)),
    });
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // The clock starts after the first look, so timeout 0 still answers what is already there; the last look at
    // the deadline catches a message whose event has not been read yet.
    check(false).then(() => {
      looked = true;
      if (settled) return;
      if (early.length > 0) {
        if (plain) return finish(() => resolve({ messages: early, count: early.length, timedOut: false }));
        check(false).catch(fail);
      }
      const remaining = Math.min(options.timeoutMs, Date.parse(address.expires_at) - Date.now());
      timer = setTimeout(() => check(true).catch(fail), Math.max(0, remaining));
    }, fail);
  });
}

export interface EventSink {
  write(chunk: string): void;
  end(): void;
}

export interface StreamOptions {
  /**
   * Replay what came after this event (EventSource's Last-Event-ID): a log id as this stream sends them, or — from
   * clients of earlier versions — a message id. Wins over `since`.
   */
  lastEventId?: string;
  /** Replay messages received after this instant. */
  since?: string;
  heartbeatMs: number;
  /** Only messages that match (replay included). */
  match?: Matchers;
  onError?(err: unknown): void;
}

export const REPLAY_LIMIT = 1000;
export const RETRY_MS = 3000;

function messageEvent(e: EventOf<'message.received'>): string {
  return `id: ${e.id}\nevent: message\ndata: ${JSON.stringify(e.message)}\n\n`;
}

async function replayFrom(db: Db, lastEventId: string | undefined, since: string | undefined): Promise<{ afterId: number } | { since: string } | null> {
  if (lastEventId !== undefined) {
    if (/^\d{1,15}$/.test(lastEventId)) return { afterId: Number(lastEventId) };
    const id = await findMessageEventId(db, lastEventId);
    return id === undefined ? null : { afterId: id };
  }
  return since === undefined ? null : { since: toStoredInstant(since) };
}

/**
 * Writes a Server-Sent Event stream of the address's new messages to `sink`: a replay from the log (after
 * `lastEventId`, or `since`) oldest first, then each message as the log announces it, a comment every
 * `heartbeatMs`, and a final `address.deleted` event before ending when the address is deleted. Event ids are log
 * ids, so a reconnecting client resumes exactly where it left off, on any instance. Events that arrive during the
 * replay are held back and sent after it, without duplicates. Returns the function that stops the stream (without
 * ending the sink).
 */
export function streamMessages(db: Db, feed: EventFeed, address: AddressRow, sink: EventSink, options: StreamOptions): () => void {
  let closed = false;
  let replaying = true;
  let lastSent = 0;
  const held: Array<EventOf<'message.received'>> = [];
  const match = definedMatchers(options.match);
  const filtered = Object.keys(match).length > 0;
  /** Of these events, the ones whose messages match (asked of the store in one query), in the same order. */
  const matching = async (events: Array<EventOf<'message.received'>>) => {
    if (!filtered || events.length === 0) return events;
    const { messages } = await listMessages(db, address.id, { limit: events.length, offset: 0 }, { ...match, ids: events.map((e) => e.messageId) });
    const ok = new Set(messages.map((m) => m.id));
    return events.filter((e) => ok.has(e.messageId));
  };
  const write = (e: EventOf<'message.received'>) => {
    if (closed || e.id <= lastSent) return;
    lastSent = e.id;
    sink.write(messageEvent(e));
  };
  // With matchers each live event is checked against the store first: a chain keeps them in log order.
  let chain: Promise<void> = Promise.resolve();
  const send = (e: EventOf<'message.received'>) => {
    if (!filtered) return write(e);
    chain = chain
      .then(async () => (await matching([e])).forEach(write))
      .catch((err: unknown) => options.onError?.(err));
  };
  const end = () => {
    if (closed) return;
    sink.write(`event: address.deleted\ndata: ${JSON.stringify({ address: address.address })}\n\n`);
    stop();
    sink.end();
  };
  let deletedDuringReplay = false;
  const unwatch = watchMailbox(feed, address.id, {
    message: (e) => (replaying ? held.push(e) : send(e)),
    deleted: () => (replaying ? (deletedDuringReplay = true) : end()),
  });
  const heartbeat = setInterval(() => {
    if (!closed) sink.write(': keep-alive\n\n');
  }, options.heartbeatMs);
  heartbeat.unref();
  function stop(): void {
    if (closed) return;
    closed = true;
    unwatch();
    clearInterval(heartbeat);
  }

  sink.write(`retry: ${RETRY_MS}\n\n: connected\n\n`);
  (async () => {
    const from = await replayFrom(db, options.lastEventId, options.since);
    if (from) {
      const replay = (await readMessageEventsOf(db, address.id, from, REPLAY_LIMIT)).map((r) => fromRecord(r) as EventOf<'message.received'>);
      (await matching(replay)).forEach(write);
    }
    replaying = false;
    for (const e of held.splice(0)) send(e);
    if (deletedDuringReplay) chain = chain.then(end);
  })().catch((err: unknown) => {
    options.onError?.(err);
    stop();
    sink.end();
  });
  return stop;
}
