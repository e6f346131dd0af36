import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { deleteExpiredBefore, findExpiringBetween } from '../db/addresses.js';
import { lockCursor, pruneEvents, setCursor, transactWithEvents } from '../db/events.js';
import { eventRecord } from '../platform/events/contract.js';
import { pruneOrphanContents } from '../db/messages.js';
import type { Logger } from '../platform/logger.js';

export interface SweeperDeps {
  db: Db;
  config: Pick<Config, 'retentionSeconds' | 'sweepIntervalSeconds' | 'eventRetentionSeconds'>;
  logger?: Logger;
}

export interface SweepResult {
  expired: number;
  purged: number;
  /** Event-log rows older than EVENT_RETENTION_SECONDS removed. */
  pruned: number;
  /** Message contents left without any copy (by two concurrent deletes) removed. */
  contents: number;
}

export interface Sweeper {
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
  /** One sweep now (serialised with the timer's). */
  sweepOnce(now?: Date): Promise<SweepResult>;
}

const BATCH = 500;
/** The durable "expiries announced up to" instant, shared by every instance (see event_cursors). */
export const EXPIRY_CURSOR = 'sweeper.expired';

/**
 * Every SWEEP_INTERVAL_SECONDS: announce addresses that expired since the last announcement (`address.expired`,
 * once each across all instances and restarts: the "announced up to" instant is a cursor row that one instance at a
 * time locks and moves forward in the transaction that appends the events); delete addresses expired longer than
 * RETENTION_SECONDS with an `address.purged` event each, in the same transaction (their messages, attachments and
 * sources go by cascade; open waits and streams end); prune the event log past EVENT_RETENTION_SECONDS; and
 * remove message contents that lost their last copy to two concurrent deletes, a slice per sweep.
 */
export function startSweeper(deps: SweeperDeps): Sweeper {
  const { db, config } = deps;
  const logger = deps.logger;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let contentsCursor = '';

  async function announceExpired(upTo: Date): Promise<number> {
    const until = upTo.toISOString();
    return transactWithEvents(db, async (trx, emit) => {
      // Another instance announcing right now: it covers this interval too.
      const from = await lockCursor(trx, EXPIRY_CURSOR);
      if (from === undefined || until <= from) return 0;
      let announced = 0;
      let page: { expires_at: string; id: string } | undefined;
      for (;;) {
        const rows = await findExpiringBetween(trx, from, until, BATCH, page);
        for (const row of rows) {
          emit(eventRecord({ type: 'address.expired', accountId: row.account_id, addressId: row.id, address: row.address, at: row.expires_at }, upTo));
        }
        announced += rows.length;
        if (rows.length < BATCH) break;
        const last = rows[rows.length - 1];
        page = { expires_at: last.expires_at, id: last.id };
      }
      await setCursor(trx, EXPIRY_CURSOR, until);
      return announced;
    });
  }

  async function purge(before: string, now: Date): Promise<number> {
    let purged = 0;
    for (;;) {
      const rows = await transactWithEvents(db, async (trx, emit) => {
        const gone = await deleteExpiredBefore(trx, before, BATCH);
        for (const row of gone) {
          emit(eventRecord({ type: 'address.purged', accountId: row.account_id, addressId: row.id, address: row.address, at: now.toISOString() }, now));
        }
        return gone;
      });
      purged += rows.length;
      if (rows.length < BATCH) return purged;
    }
  }

  async function sweep(now: Date): Promise<SweepResult> {
    const expired = await announceExpired(now);
    const purged = await purge(new Date(now.getTime() - config.retentionSeconds * 1000).toISOString(), now);
    const pruned = await pruneEvents(db, new Date(now.getTime() - config.eventRetentionSeconds * 1000).toISOString());
    // A slice of the contents per sweep, so a large store is walked over many sweeps rather than in one.
    const orphans = await pruneOrphanContents(db, contentsCursor, BATCH);
    contentsCursor = orphans.next;
    const contents = orphans.removed;
    if (expired > 0 || purged > 0 || pruned > 0 || contents > 0) logger?.info({ expired, purged, pruned, contents }, 'address sweep');
    return { expired, purged, pruned, contents };
  }

  function sweepOnce(now: Date = new Date()): Promise<SweepResult> {
    const run = chain.then(() => sweep(now));
    chain = run.catch(() => undefined);
    return run;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      sweepOnce()
        .catch((err: unknown) => logger?.error({ err }, 'address sweep failed'))
        .finally(schedule);
    }, config.sweepIntervalSeconds * 1000);
    // The sweeper never keeps the process alive on its own.
    timer.unref();
  }
  schedule();

  return {
    sweepOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await chain;
    },
  };
}
