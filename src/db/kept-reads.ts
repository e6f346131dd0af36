import type BetterSqlite3 from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { Kysely } from 'kysely';
import type { Tables } from './schema.js';

/** The store's Kysely handle (database.ts's Db, named here so that database.ts and this module import one way only). */
type Db = Kysely<Tables>;

/**
 * Reads kept until the store changes. A store that can tell cheaply whether anything in it may have changed since a
 * moment has a change count; a read kept with the count it was made under is answered again, without the store,
 * while the count has not moved. Only SQLite has one: this process is its only writer but for the operator CLI, so
 * every writing statement of this process moves it (sqlite-dialect.ts counts them), and SQLite's own `data_version`
 * tells of commits by any other connection (the CLI, another process on the same file). PostgreSQL, shared by
 * several instances, has none: nothing short of a round trip says what another instance committed, and its reads
 * are never kept here.
 */

/** The change counts of stores that have one, by the Kysely handle that reads them (not a transaction's). */
const counts = new WeakMap<Db, () => number>();

/**
 * Registers the change count of a SQLite store: `writes()` is how many writing statements this process has run on
 * it. Made from the store's connection, which it asks for `data_version` (other connections' commits).
 */
export function countChanges(db: Db, sqlite: BetterSqlite3.Database, writes: () => number): void {
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let lastVersion = dataVersion.get() as number;
  let others = 0;
  counts.set(db, () => {
    const version = dataVersion.get() as number;
    if (version !== lastVersion) {
      lastVersion = version;
      others++;
    }
    // Both only grow, so their sum moves whenever either does.
    return writes() + others;
  });
}

/** The store's change count now, or undefined when it has none (PostgreSQL, or a transaction's handle). */
export function changeCount(db: Db): number | undefined {
  return counts.get(db)?.();
}

export interface KeptReads<V> {
  /**
   * `read()`'s answer, kept under `key` while the store does not change. The count is taken before the read, so
   * what is kept is at least as new as the count it is kept under: a change during the read makes the next call read
   * again. A read that throws keeps nothing.
   */
  get(db: Db, key: string, read: () => Promise<V>): Promise<V>;
}

/** At most `maxSize` worth of answers (`size` of each, at least 1), the least recently used going first. */
export function keptReads<V extends object>(maxSize: number, size: (value: V) => number): KeptReads<V> {
  const kept = new LRUCache<string, { count: number; value: V }>({ maxSize, sizeCalculation: (entry) => Math.max(1, size(entry.value)) });
  return {
    async get(db, key, read) {
      const count = changeCount(db);
      if (count === undefined) return read();
      const entry = kept.get(key);
      if (entry !== undefined && entry.count === count) return entry.value;
      const value = await read();
      kept.set(key, { count, value });
      return value;
    },
  };
}
