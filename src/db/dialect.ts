import { SqliteAdapter, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** Which store a Kysely handle (or transaction) talks to. */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

/** A unique index refused a row, on either store: the one place that knows their error codes. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || (typeof e?.message === 'string' && /UNIQUE constraint failed/.test(e.message));
}
