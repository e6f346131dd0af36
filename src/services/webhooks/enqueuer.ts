import type { Db } from '../../db/database.js';
import { findEnabledWebhooksFor, insertDeliveries } from '../../db/webhooks.js';
import type { DomainEvent, EventBus, EventType } from '../events.js';
import { payloadFor } from './payloads.js';
import { newDelivery, subscribes } from './webhooks.js';

export interface WebhookLogger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

export interface EnqueuerDeps {
  db: Db;
  bus: EventBus;
  publicUrl: string | null;
  logger?: WebhookLogger;
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
  await insertDeliveries(
    db,
    hooks.map((h) => newDelivery(h.id, payload, at)),
  );
  return hooks.length;
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
