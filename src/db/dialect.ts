import { SqliteAdapter, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** Which store a Kysely handle (or transaction) talks to. */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

/** Rows per multi-row INSERT: PostgreSQL takes at most 65 535 parameters per statement, and the widest row written
 * this way (a message, 20 columns) makes 10 000 in a chunk. */
const INSERT_CHUNK_ROWS = 500;

/** Inserts `rows` several to a statement (`insert` writes one chunk), in chunks PostgreSQL's parameter limit allows. */
export async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK_ROWS) await insert(rows.slice(i, i + INSERT_CHUNK_ROWS));
}

/**
 * PostgreSQL gave up on a transaction because of another one (40P01 deadlock detected, 40001 serialization failure):
 * nothing was written, and the same transaction tried again normally succeeds. (SQLite has one writer at a time.)
 */
export function isTransientConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * The store could not be reached or dropped the connection (PostgreSQL restarting, failing over, an administrator
 * ending sessions, no connection within the pool's timeout): nothing is wrong with the request, and the same one
 * a moment later normally succeeds. SQLite is a file and has no such failures.
 */
export function isStoreUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  // Class 08: connection exception; 57P01-57P03: administrator or crash shutdown, cannot connect now; 53300: too many connections.
  if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  if (['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/.test(message);
}

/**
 * The store has no room for what was written: the disk (or the operator's quota) is full — SQLite's SQLITE_FULL,
 * PostgreSQL's 53100 disk_full, a file's ENOSPC or EDQUOT. Nothing is wrong with the write, and the same one succeeds
 * once space is freed; SQLite has rolled the transaction back itself.
 */
export function isStoreFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC' || code === 'EDQUOT';
}

/** How long to wait before writing again to a full store: it takes the operator to free space (HTTP's Retry-After
 * of a 503 for it, and the intake's wait before it tries a message again). */
export const STORE_FULL_RETRY_AFTER_SECONDS = 60;

/** A unique index refused a row, on either store: the one place that knows their error codes. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || (typeof e?.message === 'string' && /UNIQUE constraint failed/.test(e.message));
}

/** A foreign key refused a row (what it points at is gone), on either store. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || (typeof e?.message === 'string' && /FOREIGN KEY constraint failed/.test(e.message));
}
