import type { Db } from '../../db/database.js';
import { findEnabledWebhooksFor, findRecentMessagesWithWebhooks, insertDeliveries } from '../../db/webhooks.js';
import type { DomainEvent, EventBus, EventType } from '../events.js';
import type { Logger } from '../logger.js';
import { payloadFor } from './payloads.js';
import { newDelivery, subscribes } from './webhooks.js';

export interface EnqueuerDeps {
  db: Db;
  bus: EventBus;
  publicUrl: string | null;
  logger?: Logger;
  /** Called after rows were written, so an in-process worker can start at once instead of at its next poll. */
  onEnqueued?: () => void;
}

export interface WebhookEnqueuer {
  /** Waits until every event received so far is in the outbox (or failed to get there). */
  flush(): Promise<void>;
  /** Unsubscribes, then flushes. */
  stop(): Promise<void>;
}

export const SUBSCRIBABLE: EventType[] = ['message.received', 'address.created', 'address.expired', 'address.deleted'];

/**
 * Writes one outbox row per matching enabled webhook for each domain event: this is the only link between the
 * producers (SMTP ingestion, the address handlers, the sweeper) and delivery, and it only writes rows — a worker,
 * possibly in another instance, sends them. It runs in the process that publishes the event, so an event reaches
 * the outbox once however many instances there are. (Should the bus ever carry other instances' events, this must
 * keep to locally published ones, or every instance would queue each event again.)
 */
export async function enqueueEvent(db: Db, event: DomainEvent, publicUrl: string | null, now = new Date()): Promise<number> {
  const hooks = (await findEnabledWebhooksFor(db, event.accountId, event.address)).filter((h) => subscribes(h, event.type));
  if (hooks.length === 0) return 0;
  const payload = await payloadFor(db, event, publicUrl);
  if (!payload) return 0;
  const at = now.toISOString();
  const key = eventKey(event);
  return insertDeliveries(
    db,
    hooks.map((h) => newDelivery(h.id, payload, at, key)),
  );
}

/** Identifies an event across processes and restarts (an address can expire again after an extension). */
export function eventKey(event: DomainEvent): string {
  return event.type === 'message.received' ? `${event.type}:${event.messageId}` : `${event.type}:${event.addressId}:${event.at}`;
}

/** How far back start-up recovery looks for messages whose webhooks may not have been queued. */
export const RECOVERY_WINDOW_MS = 60 * 60 * 1000;

/**
 * The bus is in memory, so a crash between a message's commit and its outbox rows would lose its webhooks (never
 * the mail). At start-up, before new mail arrives, this queues `message.received` again for every message of the
 * last hour on an account with an enabled webhook; rows that exist already are skipped by their event key, so
 * nothing is sent twice. Returns the number of deliveries it had to add.
 */
export async function recoverMissedMessageEvents(db: Db, publicUrl: string | null, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - RECOVERY_WINDOW_MS).toISOString();
  let added = 0;
  for (const m of await findRecentMessagesWithWebhooks(db, since)) {
    added += await enqueueEvent(
      db,
      { type: 'message.received', accountId: m.account_id, addressId: m.address_id, address: m.address, messageId: m.message_id, receivedAt: m.received_at },
      publicUrl,
      now,
    );
  }
  return added;
}

export function startWebhookEnqueuer(deps: EnqueuerDeps): WebhookEnqueuer {
  const inFlight = new Set<Promise<unknown>>();
  const handle = (event: DomainEvent) => {
    const work = enqueueEvent(deps.db, event, deps.publicUrl).then(
      (n) => {
        if (n > 0) deps.onEnqueued?.();
      },
      (err: unknown) => deps.logger?.error({ err, event: event.type, address: event.address }, 'webhook enqueue failed'),
    );
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  const unsubscribe = SUBSCRIBABLE.map((type) => deps.bus.subscribe(type, handle as (e: DomainEvent) => void));
  const flush = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };
  return {
    flush,
    async stop() {
      unsubscribe.forEach((u) => u());
      await flush();
    },
  };
}
