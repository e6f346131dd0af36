import fs from 'node:fs';
import path from 'node:path';
import { SQLite } from './sqlite-driver.js';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { EVENT_LOOP_CHECKPOINT_PAGES, startCheckpointer, WAL_SIZE_LIMIT_BYTES } from './checkpointer.js';
import type { Dialect } from './dialect.js';
import { migrationProvider } from './migrations/index.js';
import type { Tables } from './schema.js';
import { countChanges } from './kept-reads.js';
import { LogSync } from './log-sync.js';
import { closeTemporaryDatabase, sqliteDialect, type WriteCounter } from './sqlite-dialect.js';
import { POSTGRES_STATEMENT_NAMES, preparingPool } from './postgres-statements.js';

export type Db = Kysely<Tables>;

export interface Database {
  db: Db;
  dialect: Dialect;
  /** Cheap liveness probe for /health. */
  ping(): Promise<void>;
  /** Migrations this version knows that the store has not applied (for /ready). */
  pendingMigrations(): Promise<string[]>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL only: run in this schema (created when missing). Tests use it to isolate runs. */
  pgSchema?: string;
  /** SQLite only: open this file instead of DATA_DIR/ephemail.db (":memory:" for throwaway stores). */
  sqliteFile?: string;
  /** SQLite only: how many prepared statements to keep (src/db/sqlite-dialect.ts); 0 prepares every query again. */
  sqliteStatementCache?: number;
  /** PostgreSQL only: how many SQL texts to prepare by name (src/db/postgres-statements.ts); 0 sends every query unnamed. */
  postgresStatementCache?: number;
  /** SQLite only: the page cache in MiB (SQLITE_CACHE_MB); the operating system's file cache holds the rest. */
  sqliteCacheMb?: number;
  /** SQLite on disk only: checkpoint on a thread of its own (SQLITE_CHECKPOINT_THREAD; src/db/checkpointer.ts). */
  sqliteCheckpointThread?: boolean;
  /** SQLite only: count changes, so that reads may be kept until the store changes (src/db/kept-reads.ts; default true). */
  sqliteKeepReads?: boolean;
  /** Told when the checkpoint thread fails (the event loop's connection then checkpoints by itself). */
  onCheckpointError?: (message: string) => void;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.pgSchema, opts.postgresStatementCache) : openSqlite(opts);
  if (database.dialect === 'postgres' && opts.pgSchema) {
    await sql`create schema if not exists ${sql.id(opts.pgSchema)}`.execute(database.db);
  }
  await migrate(database);
  // Migrations leave SQLite's temporary database open, which would keep the intake's statement journals on disk.
  if (database.dialect === 'sqlite') closeTemporaryDatabase(database.db);
  return database;
}

function openSqlite(opts: DatabaseOptions): Database {
  const file = opts.sqliteFile ?? path.join(opts.dataDir, 'ephemail.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets the operator CLI and readers work while the server writes; busy_timeout covers the CLI's writes. Every
  // acknowledged commit survives power loss as well as a process crash: the log is synced after each commit (but
  // those that may be redone: src/db/events.ts, `durable`) off the event loop (src/db/log-sync.ts), so SQLite itself
  // syncs it only before checkpoints (synchronous=NORMAL). A store without a log file (`:memory:`) keeps FULL.
  const wal = sqlite.pragma('journal_mode = WAL', { simple: true }) === 'wal';
  sqlite.pragma(`synchronous = ${wal ? 'NORMAL' : 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // better-sqlite3 builds SQLite with a 16 MiB page cache; a few MiB serve the hot pages (indexes, the newest rows) and
  // the file cache the rest, at a fraction of the resident memory (BENCHMARKS.md, "RSS after 20 000 messages").
  sqlite.pragma(`cache_size = ${-Math.round((opts.sqliteCacheMb ?? 4) * 1024)}`);
  // SQLite's lower() folds ASCII letters only, PostgreSQL's folds Unicode; case-insensitive searches (see
  // src/db/text-search.ts) call this on SQLite so "GRÜSSE" matches "grüsse" in both stores.
  sqlite.function('unicode_lower', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v));
  const counter: WriteCounter | undefined = opts.sqliteKeepReads === false ? undefined : { writes: 0 };
  const log = wal ? new LogSync(`${path.resolve(file)}-wal`) : undefined;
  const database = wrap(new Kysely<Tables>({ dialect: sqliteDialect(sqlite, opts.sqliteStatementCache, counter, log) }), 'sqlite');
  if (counter) countChanges(database.db, sqlite, () => counter.writes);
  if (!opts.sqliteCheckpointThread || file === ':memory:') return database;
  // The thread copies the log into the database file as it fills; this connection checkpoints only if the log
  // outgrows EVENT_LOOP_CHECKPOINT_PAGES all the same (the thread fell behind, or failed), and then finds most of the
  // pages copied already. A log that grew during a burst is cut back when it starts over.
  sqlite.pragma(`wal_autocheckpoint = ${EVENT_LOOP_CHECKPOINT_PAGES}`);
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const checkpointer = startCheckpointer(file, { onError: opts.onCheckpointError });
  return {
    ...database,
    async close() {
      await checkpointer.close();
      await database.close();
    },
  };
}

async function openPostgres(url: string, schema?: string, statementCache = POSTGRES_STATEMENT_NAMES): Promise<Database> {
  // Loaded only here: a server on SQLite (the quick start) never needs the driver.
  const { default: pg } = await import('pg');
  // PostgreSQL returns int8 (count(*)) as a string by default; our counts fit in a JS number.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A server that does not answer fails the query (503, SMTP 451) instead of holding the request for ever.
    connectionTimeoutMillis: 10_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection dropped by the server (restart, failover, an administrator) is discarded by the pool and the
  // next query opens a new one; without a listener the 'error' event would end the process.
  pool.on('error', () => undefined);
  // The same for a connection checked out and between queries (a transaction doing other work, the migration
  // lock): pg emits the error on the client itself, where no one listens, and the process would end. The query
  // under way or the next one on it fails instead (a 503, an SMTP 451), and the pool discards the connection.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return wrap(new Kysely<Tables>({ dialect: new PostgresDialect({ pool: statementCache > 0 ? preparingPool(pool, statementCache) : pool }) }), 'postgres');
}

/** The table does not exist (PostgreSQL 42P01, SQLite "no such table"), as opposed to a store that does not answer. */
function isMissingTable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === '42P01' || (typeof e?.message === 'string' && e.message.startsWith('no such table'));
}

function wrap(db: Db, dialect: Dialect): Database {
  return {
    db,
    dialect,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async pendingMigrations() {
      // Read our own bookkeeping table (in our schema, which migrate() pins) rather than ask Kysely's Migrator: its
      // getMigrations() first lists every table of every schema with their columns, on each /ready — slow where a
      // database holds many schemas, and failing ("relation does not exist") when another schema is dropped meanwhile.
      const names = Object.keys(await migrationProvider(dialect).getMigrations()).sort();
      let applied: Set<string>;
      try {
        applied = new Set((await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name));
      } catch (err) {
        if (!isMissingTable(err)) throw err;
        applied = new Set(); // nothing migrated yet
      }
      return names.filter((name) => !applied.has(name));
    },
    async close() {
      await db.destroy();
    },
  };
}

async function migrate(database: Database): Promise<void> {
  if (database.dialect === 'postgres') {
    // Several instances may start together against one database: serialise their migrations.
    await database.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(74657)`.execute(conn);
      try {
        // Kysely looks for its migration tables across schemas unless told which one: pin it to ours, so that
        // several Ephemail schemas in one database (tests, tenants) never see each other's bookkeeping.
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(conn);
        const schema = rows[0]?.schema ?? 'public';
        await runMigrations(lookingInto(conn, schema), database.dialect, schema);
      } finally {
        await sql`select pg_advisory_unlock(74657)`.execute(conn);
      }
    });
  } else {
    await runMigrations(database.db, database.dialect);
  }
}

/**
 * `db` with an introspection that looks into `schema` alone. Kysely's Migrator asks its database's introspection
 * whether its schema and tables exist, and PostgreSQL's lists every column of every table of every schema — another
 * tenant's or test's included, each column then asked about by name (pg_get_serial_sequence) — so DDL anywhere else
 * in the database while it reads could fail a start-up ("column … does not exist", seen in the suite), and the listing
 * grew with every schema. The Migrator reads only the tables' names and schemas.
 */
function lookingInto(db: Db, schema: string): Db {
  const introspection = {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    async getTables() {
      const { rows } = await sql<{ name: string }>`select c.relname as name from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        where ns.nspname = ${schema} and c.relkind in ('r', 'p', 'v')`.execute(db);
      return rows.map((r) => ({ name: r.name, schema, isView: false, columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  // Kysely's methods read private fields: they are called on the database itself, not on the proxy.
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function runMigrations(db: Db, dialect: Dialect, migrationTableSchema?: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const migrator = new Migrator({ db, provider: migrationProvider(dialect), ...(migrationTableSchema ? { migrationTableSchema } : {}) });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    // Before any migration runs, the Migrator looks for its own tables (lookingInto keeps it to our schema); should a
    // schema or table it reads be dropped or changed meanwhile — 3F000 "schema … does not exist", 42P01 for a table,
    // 42703 for a column — nothing of ours changed: look again.
    const code = (error as { code?: unknown } | undefined)?.code;
    if (!failed && attempt < MIGRATION_TRIES && (code === '3F000' || code === '42P01' || code === '42703')) continue;
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Tries of a migration run whose table listing failed on a schema dropped meanwhile (runMigrations). */
const MIGRATION_TRIES = 10;
