import type BetterSqlite3 from 'better-sqlite3';
import { SqliteAdapter, SqliteDialect, type DialectAdapter, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Distinct SQL texts that keep their prepared statement by default (SQLITE_STATEMENT_CACHE): room for every query we build. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite dialect over better-sqlite3, with two changes:
 *
 * - Prepared statements are kept. Kysely's driver calls `prepare()` for every query; compiling the SQL text was 9 % of
 *   a Developer-API list's CPU time (BENCHMARKS.md, "the prepared-statement cache"). The same text gets the same
 *   statement back from a bounded LRU, unless that statement is still being iterated (a stream still open), when it
 *   gets a fresh one.
 * - Migrations run in one transaction. SQLite's DDL is transactional, but Kysely's adapter says otherwise, so each
 *   statement of each migration committed (and, with synchronous=FULL, synced the disk) on its own: on an empty
 *   store that was a sixth of `npm start`'s time to ready, and a crash in the middle left half a migration applied.
 */
export function sqliteDialect(sqlite: BetterSqlite3.Database, cacheSize = STATEMENT_CACHE_SIZE, writes?: WriteCounter): SqliteDialect {
  const database = cacheSize > 0 ? cachingStatements(sqlite, cacheSize, writes) : writes ? countingWrites(sqlite, writes) : sqlite;
  return new TransactionalDdlSqliteDialect({ database });
}

/** How many writing statements (any that is not read-only: INSERT, UPDATE, DELETE, DDL, a pragma that sets) have run
 * through a dialect; what keeps reads until the store changes counts on (src/db/kept-reads.ts). */
export interface WriteCounter {
  writes: number;
}

/**
 * Counts each run of a statement that may write, before it runs (one that fails counts too: counting a change that
 * did not happen only makes a kept read be read again). better-sqlite3 runs a statement synchronously, so no read
 * of this connection can come between the count and the write. Statements SQLite calls read-only — SELECT, BEGIN,
 * COMMIT, a pragma that only reads — are left as they are.
 */
function countedWrites(statement: BetterSqlite3.Statement, counter: WriteCounter): BetterSqlite3.Statement {
  if (statement.readonly) return statement;
  const wrap = <F extends (...args: never[]) => unknown>(run: F) =>
    ((...args: Parameters<F>) => {
      counter.writes++;
      return run(...args);
    }) as F;
  return Object.assign(statement, {
    run: wrap(statement.run.bind(statement)),
    all: wrap(statement.all.bind(statement)),
    get: wrap(statement.get.bind(statement)),
    iterate: wrap(statement.iterate.bind(statement)),
  });
}

/** Every statement prepared anew (SQLITE_STATEMENT_CACHE=0), its writes counted. */
function countingWrites(sqlite: BetterSqlite3.Database, counter: WriteCounter): SqliteDatabase {
  return {
    prepare: (text) => countedWrites(sqlite.prepare(text), counter),
    close: () => sqlite.close(),
  };
}

/**
 * A kept statement that reads rows asks better-sqlite3 for arrays and builds each row object with a function made
 * for its columns once: better-sqlite3 sets a row object's properties one by one from C++, which was a third of
 * reading a page of 20 messages (90 µs against 57 µs for the same rows as arrays; BENCHMARKS.md, "The HTTP
 * pipeline"). The rows are the same objects as before: the same keys in the same order and, where two columns share a
 * name, the last one's value. Only for kept statements: making the function costs more than it saves once.
 */
function rowsAsArrays(statement: BetterSqlite3.Statement): BetterSqlite3.Statement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((c) => c.name);
  // In an object literal "__proto__" would set the prototype, not a key: such a statement keeps better-sqlite3's rows.
  if (names.includes('__proto__')) return statement;
  const last = new Map(names.map((name, i) => [name, i]));
  const row = new Function('r', `return {${[...last].map(([name, i]) => `${JSON.stringify(name)}: r[${i}]`).join(', ')}};`) as (r: unknown[]) => unknown;
  statement.raw(true);
  const all = statement.all.bind(statement);
  const iterate = statement.iterate.bind(statement);
  const get = statement.get.bind(statement);
  return Object.assign(statement, {
    all: (...params: unknown[]) => {
      const rows = all(...params) as unknown[][];
      const out = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) out[i] = row(rows[i]);
      return out;
    },
    get: (...params: unknown[]) => {
      const r = get(...params) as unknown[] | undefined;
      return r === undefined ? undefined : row(r);
    },
    *iterate(...params: unknown[]) {
      for (const r of iterate(...params) as IterableIterator<unknown[]>) yield row(r);
    },
  });
}

export function cachingStatements(sqlite: BetterSqlite3.Database, max: number, writes?: WriteCounter): SqliteDatabase & { readonly cached: number } {
  const statements = new LRUCache<string, BetterSqlite3.Statement>({ max });
  return {
    get cached() {
      return statements.size;
    },
    prepare(text) {
      const kept = statements.get(text);
      if (kept && !kept.busy) return kept;
      const prepared = rowsAsArrays(sqlite.prepare(text));
      const statement = writes ? countedWrites(prepared, writes) : prepared;
      if (!kept) statements.set(text, statement);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
