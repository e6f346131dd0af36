import type BetterSqlite3 from 'better-sqlite3';
import { SqliteAdapter, SqliteDialect, type CompiledQuery, type DatabaseConnection, type DialectAdapter, type Driver, type Kysely, type QueryResult, type SqliteDatabase, type TransactionSettings } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { LogSync } from './log-sync.js';

/** Distinct SQL texts that keep their prepared statement by default (SQLITE_STATEMENT_CACHE): room for every query we build. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite dialect over better-sqlite3, with these changes:
 *
 * - Prepared statements are kept. Kysely's driver calls `prepare()` for every query; compiling the SQL text was 9 % of
 *   a Developer-API list's CPU time (BENCHMARKS.md, "the prepared-statement cache"). The same text gets the same
 *   statement back from a bounded LRU, unless that statement is still being iterated (a stream still open), when it
 *   gets a fresh one.
 * - Migrations run in one transaction. SQLite's DDL is transactional, but Kysely's adapter says otherwise, so each
 *   statement of each migration committed (and synced the disk) on its own: on an empty
 *   store that was a sixth of `npm start`'s time to ready, and a crash in the middle left half a migration applied.
 * - With `log`, a commit that wrote is synced to disk after the connection is released, off the event loop
 *   (src/db/log-sync.ts; the connection commits with `synchronous = NORMAL`): the caller of the write or transaction
 *   goes on once it is synced, while other queries use the connection meanwhile. A commit made under
 *   `relaxedCommits()` is not synced (a write that may be redone; src/db/events.ts, `durable`).
 * - A transaction that SQLite rolled back itself (a full disk, an I/O error) fails with SQLite's error, not with that of
 *   the ROLLBACK Kysely sends after it (`StoreDriver`).
 */
export function sqliteDialect(sqlite: BetterSqlite3.Database, cacheSize = STATEMENT_CACHE_SIZE, writes?: WriteCounter, log?: LogSync): SqliteDialect {
  const durability = log ? new Durability(sqlite, log) : undefined;
  const hook: WriteHook | undefined =
    durability || writes
      ? {
          count: () => {
            if (durability) durability.dirty = true;
            if (writes) writes.writes++;
          },
        }
      : undefined;
  const database = cacheSize > 0 ? cachingStatements(sqlite, cacheSize, hook) : hook ? countingWrites(sqlite, hook) : sqlite;
  return new TransactionalDdlSqliteDialect({ database }, sqlite, durability);
}

/** How many writing statements (any that is not read-only: INSERT, UPDATE, DELETE, DDL, a pragma that sets) have run
 * through a dialect; what keeps reads until the store changes counts on (src/db/kept-reads.ts). */
export interface WriteCounter {
  writes: number;
}

/** What is told of each run of a statement that may write. */
interface WriteHook {
  count(): void;
}

/**
 * Counts each run of a statement that may write, before it runs (one that fails counts too: counting a change that
 * did not happen only makes a kept read be read again). better-sqlite3 runs a statement synchronously, so no read
 * of this connection can come between the count and the write. Statements SQLite calls read-only — SELECT, BEGIN,
 * COMMIT, a pragma that only reads — are left as they are.
 */
function countedWrites(statement: BetterSqlite3.Statement, counter: WriteHook): BetterSqlite3.Statement {
  if (statement.readonly) return statement;
  const wrap = <F extends (...args: never[]) => unknown>(run: F) =>
    ((...args: Parameters<F>) => {
      counter.count();
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
function countingWrites(sqlite: BetterSqlite3.Database, counter: WriteHook): SqliteDatabase {
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

export function cachingStatements(sqlite: BetterSqlite3.Database, max: number, writes?: WriteHook): SqliteDatabase & { readonly cached: number } {
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

/**
 * Which commits wait for the log to be synced: one that follows a write (a statement that may write ran since the last
 * commit, and the connection is no longer in a transaction), unless it was made under `relaxedCommits()`.
 */
class Durability {
  /** A statement that may write ran since the last commit. */
  dirty = false;
  /** Transactions under way whose commit may go unsynced (one at most: the connection is held throughout). */
  relaxedCommits = 0;
  /** A commit that must be synced ended on the connection now in use: synced when it is released. */
  syncDue = false;

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    readonly log: LogSync,
  ) {}

  afterStatement(): void {
    if (!this.dirty || this.sqlite.inTransaction) return;
    this.dirty = false;
    if (this.relaxedCommits === 0) this.syncDue = true;
  }
}

/**
 * Kysely's SQLite driver with two changes: with `durability` (a store with a log), the connection's commits are synced
 * once it is released; and a transaction SQLite has already rolled back is not rolled back again.
 */
class StoreDriver implements Driver {
  #connection: DatabaseConnection | undefined;

  constructor(
    private readonly inner: Driver,
    private readonly sqlite: BetterSqlite3.Database,
    private readonly durability?: Durability,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.inner.acquireConnection();
    const durability = this.durability;
    if (!durability) return inner;
    this.#connection ??= {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        try {
          return await inner.executeQuery<R>(query);
        } finally {
          durability.afterStatement();
        }
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => inner.streamQuery<R>(query, chunkSize),
    };
    return this.#connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  /**
   * SQLite rolls a transaction back itself when a statement or the commit fails for want of room (SQLITE_FULL: the
   * disk is full), on an I/O error or out of memory. A ROLLBACK after that fails ("cannot rollback - no transaction is
   * active"), and Kysely, which rolls back when a transaction fails, would throw that error instead of the one that
   * says what happened.
   */
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.sqlite.inTransaction) return Promise.resolve();
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>): Promise<void> {
    return this.inner.savepoint!(...args);
  }

  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>): Promise<void> {
    return this.inner.rollbackToSavepoint!(...args);
  }

  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>): Promise<void> {
    return this.inner.releaseSavepoint!(...args);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const due = this.durability?.syncDue ?? false;
    if (this.durability) this.durability.syncDue = false;
    await this.inner.releaseConnection(connection);
    // The next query may use the connection while the disk syncs; this caller goes on once it has.
    if (due) await this.durability!.log.sync();
  }

  async destroy(): Promise<void> {
    await this.inner.destroy();
    await this.durability?.log.close();
  }
}

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  constructor(
    readonly sqlite: BetterSqlite3.Database,
    readonly durability?: Durability,
  ) {
    super();
  }

  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly sqlite: BetterSqlite3.Database,
    private readonly durability?: Durability,
  ) {
    super(config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter(this.sqlite, this.durability);
  }

  override createDriver(): Driver {
    return new StoreDriver(super.createDriver(), this.sqlite, this.durability);
  }
}

function adapterOf(db: Kysely<any>): TransactionalDdlSqliteAdapter | undefined {
  const adapter = db.getExecutor().adapter;
  return adapter instanceof TransactionalDdlSqliteAdapter ? adapter : undefined;
}

function durabilityOf(db: Kysely<any>): Durability | undefined {
  return adapterOf(db)?.durability;
}

/**
 * Closes the connection's temporary database (the schema `temp`), which SQLite opens when an ALTER TABLE looks for
 * what refers to the table (our migrations) and nothing of ours uses: while it is open, the statement journals cannot
 * be moved to memory inside a transaction (statementJournalsInMemory). Setting `temp_store`, outside a transaction,
 * to anything but what it is closes it.
 */
export function closeTemporaryDatabase(db: Kysely<any>): void {
  const sqlite = sqliteConnectionOf(db);
  if (!sqlite || sqlite.inTransaction) return;
  sqlite.pragma('temp_store = FILE');
  sqlite.pragma('temp_store = DEFAULT');
}

/** The better-sqlite3 connection under `db` (or a transaction on it); undefined on PostgreSQL. */
export function sqliteConnectionOf(db: Kysely<any>): BetterSqlite3.Database | undefined {
  return adapterOf(db)?.sqlite;
}

/**
 * Called first in a transaction on `trx` (before any write; SQLite, else a no-op): its statement journals stay in
 * memory. Inside a transaction, SQLite keeps a copy of each page a statement that writes several rows changes, to undo
 * that statement alone should it fail, and past 64 KiB it spills that copy to a temporary file it creates and deletes
 * for the purpose. The intake's group commits crossed that line about once every 13 messages (a batch of stored copies
 * rewrites the pages the queue's entries left free): a file created, written some thirty times and deleted each time
 * (BENCHMARKS.md, intake, session 39). Only for transactions whose writes are made of what the process holds in memory
 * already (the rows it inserts), so that the copy is bounded by them: a cascade that deletes a mailbox's messages has
 * no such bound and spills as before. SQLite reads the setting when the transaction first writes; it is set back at
 * once (the returned function, to call before the commit), so that no other transaction inherits it. While the
 * connection's temporary database is open SQLite refuses the change inside a transaction, and then nothing changes:
 * migrations open it, and closeTemporaryDatabase closes it once they are done. Each call has the pragma's text
 * compiled again: SQLite applies `temp_store` when it compiles the statement, not when it runs it, so a statement
 * prepared once and run at every commit would change nothing.
 */
export function statementJournalsInMemory(trx: Kysely<any>): () => void {
  const sqlite = sqliteConnectionOf(trx);
  if (!sqlite) return () => undefined;
  try {
    sqlite.pragma('temp_store = MEMORY');
  } catch {
    return () => undefined;
  }
  return () => sqlite.pragma('temp_store = DEFAULT');
}

/**
 * Runs `work` on `db`'s one connection, held throughout, with its commits left unsynced (SQLite stores whose log is
 * synced by LogSync); elsewhere `work` simply runs on `db`.
 */
export async function relaxedCommits<T>(db: Kysely<any>, work: (conn: Kysely<any>) => Promise<T>): Promise<T> {
  const durability = durabilityOf(db);
  if (!durability) return work(db);
  return db.connection().execute(async (conn) => {
    durability.relaxedCommits++;
    try {
      return await work(conn);
    } finally {
      durability.relaxedCommits--;
    }
  });
}

/** How many times the store's log has been synced by LogSync (undefined where it is not: PostgreSQL, `:memory:`). */
export function logSyncs(db: Kysely<any>): number | undefined {
  return durabilityOf(db)?.log.synced;
}
