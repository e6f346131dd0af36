import type { Db } from '../db/database.js';
import { lockIdCursor, readEventHeadsAfter, readEventsByIds, setIdCursor, transactWithEvents } from '../db/events.js';
import { findEnabledWebhooksOf, insertDeliveries, type WebhookRow } from '../db/webhooks.js';
import { type EventFeed } from '../platform/events/feed.js';
import { fromRecord, type EventType, type LoggedEvent } from '../platform/events/contract.js';
import type { Logger } from '../platform/logger.js';
import { payloadFor } from './payloads.js';
import { newDelivery, subscribes, type WebhookEventType } from './webhooks.js';

export interface EnqueuerDeps {
  db: Db;
  /** Wakes the enqueuer when the log advances (any instance's events); without it, only `pollMs` does. */
  feed?: EventFeed;
  publicUrl: string | null;
  logger?: Logger;
  /** Safety-net interval for a missed wake-up. */
  pollMs?: number;
  /** Called after rows were written, so an in-process worker can start at once instead of at its next poll. */
  onEnqueued?: () => void;
  /**
   * Wake-ups closer together than this after a run started wait for the rest of it (default 50 ms): in a burst of mail
   * every stored batch wakes the enqueuer, and one run per batch was a commit per batch for a cursor's move. A lone
   * event is queued at once; during a burst a delivery is queued at most 50 ms after its event. With 20 ms a burst on
   * PostgreSQL ran the enqueuer once per 9 messages, six statements each (BENCHMARKS.md, intake, session 27).
   */
  minIntervalMs?: number;
}

export interface WebhookEnqueuer {
  /** Consumes everything in the log now (unless another instance holds the cursor); answers deliveries queued. */
  runOnce(): Promise<number>;
  /** Stops waking up, then waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * The event types webhooks subscribe to: exactly the spec's `WebhookEventType`. A type added there and not here (or
 * not logged as a domain event) is a compile error.
 */
const SUBSCRIBABLE_TYPES: Record<WebhookEventType, true> = {
  'message.received': true,
  'address.created': true,
  'address.expired': true,
  'address.deleted': true,
};
const subscribable = (type: EventType): type is WebhookEventType & EventType => type in SUBSCRIBABLE_TYPES;
/** The enqueuer's durable position in the log (see event_cursors). */
export const WEBHOOK_CURSOR = 'webhooks';
const BATCH = 200;

/** Events a webhook may subscribe to, of an address (the only ones that can queue deliveries): read in full, or only
 * their heads (enqueueFromLog). */
const queueable = <E extends { type: string; address: string | null }>(event: E): event is E & { address: string } =>
  subscribable(event.type as EventType) && event.address !== null;

/** Outbox rows for one event: one per enabled webhook of its account (`enabled`) whose address filter is empty or
 * its address, and that subscribes to its type. */
async function enqueueEvent(trx: Db, event: LoggedEvent, enabled: WebhookRow[], publicUrl: string | null, at: string): Promise<number> {
  if (!queueable(event)) return 0;
  const hooks = enabled.filter((h) => (h.address === null || h.address === event.address) && subscribes(h, event.type));
  const payload = hooks.length === 0 ? null : payloadFor(event, publicUrl);
  if (!payload) return 0;
  // The event id keys the rows: a batch repeated after a crash cannot queue an event twice.
  return insertDeliveries(
    trx,
    hooks.map((h) => newDelivery(h.id, payload, at, `event:${event.id}`)),
  );
}

/**
 * The only link between the event log and webhook delivery: it reads the log from its durable cursor and writes one
 * outbox row per matching webhook, moving the cursor in the same transaction — so each event is queued exactly once,
 * whichever instance runs it and whenever a process dies. One instance at a time holds the cursor (a row lock);
 * the others skip their turn. A worker, possibly in another instance, sends the rows.
 *
 * The commit is not synced to disk of its own (`durable: false`): everything it writes is derived from the log, and
 * a power failure that loses it loses the cursor's move with it (SQLite's WAL and PostgreSQL's log keep commits in
 * order), so the same events are queued again. No row it writes is sent before a synced commit follows it: a worker
 * claims a delivery with one (`claimDelivery`). It ran once per stored batch, and its sync was half of the disk
 * syncs of a burst of mail (BENCHMARKS.md, "Intake queue", session 6).
 */
export async function enqueueFromLog(db: Db, publicUrl: string | null, now = new Date()): Promise<{ events: number; deliveries: number; held: boolean }> {
  return transactWithEvents(db, async (trx) => {
    const position = await lockIdCursor(trx, WEBHOOK_CURSOR);
    if (position === undefined) return { events: 0, deliveries: 0, held: true };
    // The events' heads first: most events belong to accounts with no webhook (every message of a test suite that
    // only reads its inbox), and their data — a message's summary, in JSON — need not be read or parsed at all.
    const heads = await readEventHeadsAfter(trx, position, BATCH);
    const candidates = heads.filter(queueable);
    // One query for the batch's accounts, not one per event: in the same transaction, so the same webhooks.
    const enabled = await findEnabledWebhooksOf(
      trx,
      candidates.map((h) => h.account_id),
    );
    const events = (await readEventsByIds(trx, candidates.filter((h) => enabled.has(h.account_id)).map((h) => h.id))).map(fromRecord);
    let deliveries = 0;
    for (const event of events) deliveries += await enqueueEvent(trx, event, enabled.get(event.accountId) ?? [], publicUrl, now.toISOString());
    if (heads.length > 0) await setIdCursor(trx, WEBHOOK_CURSOR, heads[heads.length - 1].id);
    return { events: heads.length, deliveries, held: false };
  }, { durable: false });
}

export function startWebhookEnqueuer(deps: EnqueuerDeps): WebhookEnqueuer {
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function consume(): Promise<number> {
    let total = 0;
    for (;;) {
      const { events, deliveries } = await enqueueFromLog(deps.db, deps.publicUrl);
      total += deliveries;
      if (deliveries > 0) deps.onEnqueued?.();
      if (events < BATCH) return total;
    }
  }

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        try {
          total += await consume();
        } catch (err) {
          deps.logger?.error({ err }, 'webhook enqueue failed; retrying at the next wake-up');
          break;
        }
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const minInterval = deps.minIntervalMs ?? 50;
  let lastRun = -Infinity;
  let later: NodeJS.Timeout | undefined;
  const runNow = () => {
    later = undefined;
    lastRun = performance.now();
    if (!stopped) void runOnce();
  };
  const wake = () => {
    if (stopped || later) return;
    const wait = lastRun + minInterval - performance.now();
    if (wait <= 0) runNow();
    else later = setTimeout(runNow, wait);
  };
  const offAdvance = deps.feed?.onAdvance(wake);
  const poll = setInterval(wake, deps.pollMs ?? 2000);
  poll.unref();
  // Whatever the log holds from before a restart goes out now.
  wake();

  return {
    runOnce,
    async stop() {
      stopped = true;
      offAdvance?.();
      clearInterval(poll);
      clearTimeout(later);
      await running;
    },
  };
}
