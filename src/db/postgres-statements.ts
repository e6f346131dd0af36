import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/** Distinct SQL texts prepared by name by default (POSTGRES_STATEMENT_CACHE): room for every query we build. */
export const POSTGRES_STATEMENT_NAMES = 500;

/** What may be prepared besides any query with parameters: one DML statement (not BEGIN, LISTEN, DDL, nor several
 * statements in one simple query, which PostgreSQL cannot prepare). */
const PREPARABLE = /^(select|insert|update|delete|with)\s/i;

/**
 * The pool Kysely's PostgresDialect draws connections from, with each query prepared once per connection.
 *
 * Kysely hands `pg` a SQL text and its parameters, which `pg` sends as an unnamed statement: PostgreSQL parses and
 * plans it again on every call. For a list of 20 messages that was nearly two thirds of PostgreSQL's CPU time for
 * the call (116 µs against 44 µs once prepared; BENCHMARKS.md, "The HTTP pipeline", session 12). Here a text run a
 * second time gets a name, up to `max` names in the process, so `pg` sends it to each connection once (Parse) and
 * then only binds and executes it, and PostgreSQL plans it once or keeps a generic plan. One-off texts (migrations)
 * and texts past the first `max` named run unnamed as before: each connection holds at most `max` statements,
 * whatever SQL the process builds.
 *
 * A statement prepared before another instance's migration changed a table it reads with `*` fails with "cached
 * plan must not change result type" (0A000): that query is run again unnamed and the connection is closed when
 * released, so the pool opens a new one without stale statements. (Inside a transaction the error has already
 * aborted it: that transaction fails, the next one runs on a fresh connection.)
 */
export function preparingPool(pool: pg.Pool, max = POSTGRES_STATEMENT_NAMES): PostgresPool {
  const names = new Map<string, string>();
  // Texts run once so far: a text gets a name the second time, so one-off statements (migrations) take none.
  const once = new Set<string>();
  const nameOf = (text: string, parameters: number): string | undefined => {
    let name = names.get(text);
    if (name !== undefined || names.size >= max || !(parameters > 0 || (PREPARABLE.test(text) && !text.includes(';')))) return name;
    if (!once.has(text)) {
      if (once.size >= 4 * max) once.clear();
      once.add(text);
      return undefined;
    }
    once.delete(text);
    name = `ephemail_${names.size}`;
    names.set(text, name);
    return name;
  };
  // Kysely keeps its connection object by client, so each client keeps one wrapper.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let stale = false;
    const query = async <R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R>> => {
      const name = nameOf(text, values.length);
      if (name === undefined) return (await client.query(text, values)) as unknown as PostgresQueryResult<R>;
      try {
        return (await client.query({ name, text, values })) as unknown as PostgresQueryResult<R>;
      } catch (err) {
        if ((err as { code?: string }).code !== '0A000' || !String((err as Error).message).includes('cached plan')) throw err;
        stale = true;
        // Inside a transaction the error has aborted it and this fails too: the caller sees the first error.
        return (await client.query(text, values).catch(() => Promise.reject(err))) as unknown as PostgresQueryResult<R>;
      }
    };
    return {
      query: query as PostgresPoolClient['query'],
      release() {
        const destroy = stale;
        stale = false;
        if (destroy) wrappers.delete(client);
        client.release(destroy);
      },
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
