import { SqliteAdapter, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** Which store a Kysely handle (or transaction) talks to. */
export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
