import { LRUCache } from 'lru-cache';
import { findAddress, type AddressRow } from '../db/addresses.js';
import type { Db } from '../db/database.js';
import { onLoggedChanges, type EventFeed } from '../platform/events/feed.js';
import type { EventType } from '../platform/events/contract.js';
import { isExpired } from './addresses.js';

/** The events after which an address's row, as RCPT TO reads it, may have changed. */
const CHANGING: readonly EventType[] = ['address.deleted', 'address.purged', 'address.changed'];

/**
 * The RCPT TO look-up's address rows, kept between messages as the key cache keeps keys (src/identity/keys.ts):
 * every recipient of every message asked the store for its address — on PostgreSQL a round trip, 40 % of the
 * queries a message made (BENCHMARKS.md, session 34). Only rows found are kept (an address created a moment ago is
 * read at once), for `ttlMs` at most, and an address leaves the cache on every instance when the event log says it
 * changed: deleted, purged (sandboxes, the sweeper) or its fault profile replaced (`address.changed`). This
 * instance's own changes apply at their commit, before the request that made them answers; other instances' when
 * the feed reads them. An expiry is only ever moved later (extendAddress), so a kept row that has expired is read
 * again rather than refused; the end of DATA checks again that each recipient still exists and has not expired
 * (src/mail/ingest/intake.ts).
 */
export class RecipientCache {
  private readonly rows: LRUCache<string, AddressRow>;
  /** Counts evictions: a look-up that was under way when one happened keeps nothing (it may have read the old row). */
  private evictions = 0;

  constructor(
    private readonly read: (address: string) => Promise<AddressRow | undefined>,
    ttlMs = 60_000,
  ) {
    this.rows = new LRUCache({ max: 10_000, ttl: ttlMs });
  }

  /** A cache over `db`'s addresses, told of changes by `feed` (every instance's) and by this instance's commits. */
  static over(db: Db, feed?: EventFeed, ttlMs?: number): RecipientCache {
    const cache = new RecipientCache((address) => findAddress(db, address), ttlMs);
    onLoggedChanges(db, feed, CHANGING, (e) => {
      if (e.address !== null) cache.forget(e.address);
    });
    return cache;
  }

  /** The address named `address` (normalized), as findAddress answers it. */
  async find(address: string, now = new Date()): Promise<AddressRow | undefined> {
    const kept = this.rows.get(address);
    if (kept && !isExpired(kept, now)) return kept;
    const before = this.evictions;
    const row = await this.read(address);
    if (row && this.evictions === before) this.rows.set(address, row);
    else this.rows.delete(address);
    return row;
  }

  forget(address: string): void {
    this.evictions++;
    this.rows.delete(address);
  }
}
