import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { deleteAddressesByIds, findExpiredBefore, findExpiringBetween } from '../db/addresses.js';
import type { EventBus } from './events.js';
import type { Logger } from './logger.js';

export interface SweeperDeps {
  db: Db;
  config: Pick<Config, 'retentionSeconds' | 'sweepIntervalSeconds'>;
  bus: EventBus;
  logger?: Logger;
}

export interface Sweeper {
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
  /** One sweep now (serialised with the timer's): `expired` events published, `purged` addresses deleted. */
  sweepOnce(now?: Date): Promise<{ expired: number; purged: number }>;
}

const BATCH = 500;

/**
 * Every SWEEP_INTERVAL_SECONDS: announce addresses that expired since the previous sweep (`address.expired`, once
 * each), then delete addresses expired longer than RETENTION_SECONDS; their messages, attachments and sources go
 * with them by cascade, and `address.purged` tells open waits and streams that the address is gone.
 *
 * The "since the previous sweep" window lives in memory and starts when the sweeper starts, so an address that
 * expired while no process was running is purged in due course but not announced.
 */
export function startSweeper(deps: SweeperDeps, startedAt: Date = new Date()): Sweeper {
  const { db, config, bus } = deps;
  const logger = deps.logger;
  let announcedUpTo = startedAt.toISOString();
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function announceExpired(upTo: string): Promise<number> {
    if (upTo <= announcedUpTo) return 0;
    let published = 0;
    let cursor: { expires_at: string; id: string } | undefined;
    for (;;) {
      const rows = await findExpiringBetween(db, announcedUpTo, upTo, BATCH, cursor);
      for (const row of rows) {
        bus.publish({ type: 'address.expired', accountId: row.account_id, addressId: row.id, address: row.address, at: row.expires_at });
      }
      published += rows.length;
      if (rows.length < BATCH) break;
      const last = rows[rows.length - 1];
      cursor = { expires_at: last.expires_at, id: last.id };
    }
    announcedUpTo = upTo;
    return published;
  }

  async function purge(before: string): Promise<number> {
    let purged = 0;
    for (;;) {
      const rows = await findExpiredBefore(db, before, BATCH);
      purged += await deleteAddressesByIds(
        db,
        rows.map((r) => r.id),
      );
      const at = new Date().toISOString();
      for (const row of rows) {
        bus.publish({ type: 'address.purged', accountId: row.account_id, addressId: row.id, address: row.address, at });
      }
      if (rows.length < BATCH) return purged;
    }
  }

  async function sweep(now: Date): Promise<{ expired: number; purged: number }> {
    const expired = await announceExpired(now.toISOString());
    const purged = await purge(new Date(now.getTime() - config.retentionSeconds * 1000).toISOString());
    if (expired > 0 || purged > 0) logger?.info({ expired, purged }, 'address sweep');
    return { expired, purged };
  }

  function sweepOnce(now: Date = new Date()): Promise<{ expired: number; purged: number }> {
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
