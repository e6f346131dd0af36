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
export function sqliteDialect(sqlite: BetterSqlite3.Database, cacheSize = STATEMENT_CACHE_SIZE): SqliteDialect {
  return new TransactionalDdlSqliteDialect({ database: cacheSize > 0 ? cachingStatements(sqlite, cacheSize) : sqlite });
}

export function cachingStatements(sqlite: BetterSqlite3.Database, max: number): SqliteDatabase & { readonly cached: number } {
  const statements = new LRUCache<string, BetterSqlite3.Statement>({ max });
  return {
    get cached() {
      return statements.size;
    },
    prepare(text) {
      const kept = statements.get(text);
      if (kept && !kept.busy) return kept;
      const statement = sqlite.prepare(text);
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
