/**
 * Waiting for mail: long-poll waits and Server-Sent Event streams on one address. Both listen to the event bus
 * (never poll the store), so they work unchanged when the bus is shared between instances.
 */
import type { Db } from '../db/database.js';
import type { AddressRow } from '../db/addresses.js';
import { DomainError } from './errors.js';
import type { EventBus, EventOf } from './events.js';
import { getMessageSummaries, listMessages, listMessagesAfterMessage, toStoredInstant, type MessageSummaryView } from './messages.js';

interface MailboxListener {
  message(event: EventOf<'message.received'>): void;
  deleted(): void;
}

/**
 * One bus subscription per event type for all watchers of a bus, dispatched by address id: an event costs one
 * map look-up however many clients wait, instead of one call per waiting client.
 */
class MailboxWatchers {
  private readonly byAddress = new Map<string, Set<MailboxListener>>();
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly bus: EventBus) {}

  watch(addressId: string, listener: MailboxListener): () => void {
    if (!this.unsubscribe) {
      const offMessage = this.bus.subscribe('message.received', (e) => this.each(e.addressId, (l) => l.message(e)));
      const offDeleted = this.bus.subscribe('address.deleted', (e) => this.each(e.addressId, (l) => l.deleted()));
      // A purged address is gone just the same: its waits answer 404 and its streams end.
      const offPurged = this.bus.subscribe('address.purged', (e) => this.each(e.addressId, (l) => l.deleted()));
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

const registries = new WeakMap<EventBus, MailboxWatchers>();

export function watchMailbox(bus: EventBus, addressId: string, listener: MailboxListener): () => void {
  let watchers = registries.get(bus);
  if (!watchers) registries.set(bus, (watchers = new MailboxWatchers(bus)));
  return watchers.watch(addressId, listener);
}

export const WAIT_LIMIT = 100;

export interface WaitResult {
  messages: MessageSummaryView[];
  count: number;
  timedOut: boolean;
}

function addressGone(address: string): DomainError {
  return new DomainError('address_not_found', `No address ${address} in your account (it was deleted while waiting).`);
}

/**
 * Answers with the messages received after `since` (all when undefined) as soon as there is one, or empty with
 * `timedOut` after `timeoutMs` — or at the address's expiry, whichever comes first. Subscribes before looking at
 * the store, so a message committed in between is seen one way or the other. An aborted `signal` (the client went
 * away) ends the wait at once.
 */
export function waitForMessages(
  db: Db,
  bus: EventBus,
  address: AddressRow,
  options: { since?: string; timeoutMs: number; signal?: AbortSignal },
): Promise<WaitResult> {
  const since = options.since === undefined ? undefined : toStoredInstant(options.since);
  const filter = since === undefined ? {} : { since };
  return new Promise<WaitResult>((resolve, reject) => {
    let settled = false;
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
      if (count > 0) finish(() => resolve({ messages, count, timedOut: false }));
      else if (final) finish(() => resolve({ messages: [], count: 0, timedOut: true }));
    };
    const onAbort = () => finish(() => resolve({ messages: [], count: 0, timedOut: true }));
    const unwatch = watchMailbox(bus, address.id, {
      message: (e) => {
        if (since === undefined || e.receivedAt > since) check(false).catch(fail);
      },
      deleted: () => fail(addressGone(address.address)),
    });
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // The clock starts after the first look, so timeout 0 still answers what is already there; the last look at
    // the deadline catches a message whose event-triggered look was still running.
    check(false).then(() => {
      if (settled) return;
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
  /** Replay messages after this message id (EventSource's Last-Event-ID); wins over `since`. */
  lastEventId?: string;
  /** Replay messages received after this instant. */
  since?: string;
  heartbeatMs: number;
  onError?(err: unknown): void;
}

export const REPLAY_LIMIT = 1000;
export const RETRY_MS = 3000;

function messageEvent(m: MessageSummaryView): string {
  return `id: ${m.id}\nevent: message\ndata: ${JSON.stringify(m)}\n\n`;
}

/**
 * Writes a Server-Sent Event stream of the address's new messages to `sink`: a replay (after `lastEventId`, or
 * `since`) oldest first, then each message as it is stored, a comment every `heartbeatMs`, and a final
 * `address.deleted` event before ending when the address is deleted. Events that arrive during the replay are held
 * back and sent after it, without duplicates. Returns the function that stops the stream (without ending the sink).
 */
export function streamMessages(db: Db, bus: EventBus, address: AddressRow, sink: EventSink, options: StreamOptions): () => void {
  let closed = false;
  let replaying = true;
  const held: string[] = [];
  const sent = new Set<string>();
  // Writes happen in order: each store look-up waits for the previous one.
  let chain: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((err: unknown) => {
      options.onError?.(err);
      stop();
      sink.end();
    });
  };
  const send = (messages: MessageSummaryView[]) => {
    for (const m of messages) {
      if (closed || sent.has(m.id)) continue;
      if (replaying) sent.add(m.id);
      sink.write(messageEvent(m));
    }
  };
  const unwatch = watchMailbox(bus, address.id, {
    message: (e) => {
      if (replaying) held.push(e.messageId);
      else enqueue(async () => send(await getMessageSummaries(db, address.id, [e.messageId])));
    },
    deleted: () =>
      enqueue(async () => {
        if (closed) return;
        sink.write(`event: address.deleted\ndata: ${JSON.stringify({ address: address.address })}\n\n`);
        stop();
        sink.end();
      }),
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
  enqueue(async () => {
    if (options.lastEventId !== undefined) {
      send((await listMessagesAfterMessage(db, address.id, options.lastEventId, REPLAY_LIMIT)) ?? []);
    } else if (options.since !== undefined) {
      send((await listMessages(db, address.id, { limit: REPLAY_LIMIT, offset: 0, oldest_first: true }, { since: options.since })).messages);
    }
    // Drain what arrived meanwhile; more may arrive while we read, hence the loop.
    while (held.length > 0) send(await getMessageSummaries(db, address.id, held.splice(0).filter((id) => !sent.has(id))));
    replaying = false;
    sent.clear();
  });
  return stop;
}
