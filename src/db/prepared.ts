import type { Compilable, CompiledQuery, QueryResult, RawBuilder } from 'kysely';
import type { Db } from './database.js';
import { dialectOf } from './dialect.js';

/**
 * Queries the intake runs for every message (the RCPT look-up, the queue's INSERT, a claim, a store's INSERTs, the
 * event log's) and the reads of a mailbox's whole list and of one message (src/db/messages.ts), built with kysely once
 * for each shape of their arguments and then run with each call's values bound to the same SQL.
 *
 * Kysely builds a query as a tree of frozen nodes and compiles it to SQL on every call. For the queries of the mail
 * path that was about a tenth of the event loop's time per message (BENCHMARKS.md, intake, session 30) — half as much
 * as SQLite's own work on them — for SQL that only changes when the number of rows or ids does. Here the builder runs
 * once per shape with a marker in place of each argument value; the compiled query says where each marker went (its
 * parameters), and later calls of that shape put their own values there and hand kysely the compiled query
 * (`executeQuery`), which runs it as it would have run the one it built, through the same driver and connection (a
 * transaction's, when `db` is one).
 *
 * A handle with kysely plugins (none in the application; tests that record statements add one) builds every call's
 * query as usual, so the plugins see each one.
 *
 * What counts as the shape: the dialect, the length of every array and the keys of every plain object among the
 * arguments, and which leaves are `undefined`. Every other leaf — string, number, bigint, boolean, null, Date, Buffer or
 * other typed array — is a value bound as a parameter. So a builder may branch on the dialect or on how many items it
 * has, but not on an argument's value (such as `x = ?` for a string and `x is null` for null): that would need its
 * own shape, and the markers would hide it. Constants written in the builder (`attempts + 1`) stay as they compiled.
 */

/** Where an argument value goes: the n-th leaf of the arguments. */
class Slot {
  constructor(readonly index: number) {}
}

/** Compiled shapes kept per query and dialect; past this many, the oldest is forgotten. */
const MAX_SHAPES = 128;

/**
 * A shape, written down as the walk meets it: an array's length as OPEN_ARRAY and the length, an object as
 * OPEN_OBJECT, its keys and CLOSE, a leaf as LEAF, `undefined` as UNDEFINED. Matching a call's arguments against it
 * reads them in the same order and allocates nothing but the list of their leaves.
 */
type Token = string | number | symbol;
const OPEN_ARRAY = Symbol('array');
const OPEN_OBJECT = Symbol('object');
const CLOSE = Symbol('close');
const LEAF = Symbol('leaf');
const UNDEFINED = Symbol('undefined');

interface Shaped {
  tokens: Token[];
  /** Each compiled parameter: the index of the argument leaf bound there, or -1 for a constant of the builder. */
  slots: number[];
  constants: unknown[];
  compiled: CompiledQuery;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/** Writes the shape of `value` into `tokens` and answers it rebuilt with a Slot in place of each leaf (counted by `leaves`). */
function describe(value: unknown, tokens: Token[], leaves: { n: number }): unknown {
  if (value === undefined) {
    tokens.push(UNDEFINED);
    return undefined;
  }
  if (Array.isArray(value)) {
    tokens.push(OPEN_ARRAY, value.length);
    return value.map((v) => describe(v, tokens, leaves));
  }
  if (isPlainObject(value)) {
    tokens.push(OPEN_OBJECT);
    const out: Record<string, unknown> = {};
    for (const key in value) {
      tokens.push(key);
      out[key] = describe(value[key], tokens, leaves);
    }
    tokens.push(CLOSE);
    return out;
  }
  tokens.push(LEAF);
  return new Slot(leaves.n++);
}

/**
 * Whether `value` has the shape written in `tokens` from `at` on: answers the index past it, or -1. Pushes the leaves
 * it meets onto `leaves` (the caller empties them after a mismatch).
 */
function match(value: unknown, tokens: Token[], at: number, leaves: unknown[]): number {
  const token = tokens[at];
  if (value === undefined) return token === UNDEFINED ? at + 1 : -1;
  if (Array.isArray(value)) {
    if (token !== OPEN_ARRAY || tokens[at + 1] !== value.length) return -1;
    let next = at + 2;
    for (let i = 0; i < value.length && next !== -1; i++) next = match(value[i], tokens, next, leaves);
    return next;
  }
  if (isPlainObject(value)) {
    if (token !== OPEN_OBJECT) return -1;
    let next = at + 1;
    for (const key in value) {
      if (tokens[next] !== key) return -1;
      next = match(value[key], tokens, next + 1, leaves);
      if (next === -1) return -1;
    }
    return tokens[next] === CLOSE ? next + 1 : -1;
  }
  if (token !== LEAF) return -1;
  leaves.push(value);
  return at + 1;
}

/** A query builder compiles by itself; a raw `sql` query compiles for the handle it is given. */
function compile<R>(db: Db, query: Compilable<R> | RawBuilder<R>): CompiledQuery<R> {
  return (query as { compile(db: Db): CompiledQuery<R> }).compile(db);
}

/**
 * Wraps a kysely builder: the returned function runs the query `build` makes for its arguments, compiled once per
 * shape (see above), and answers kysely's QueryResult (rows, numAffectedRows, insertId).
 */
export function prepared<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R> | RawBuilder<R>): (db: Db, ...args: A) => Promise<QueryResult<R>> {
  const shapes: Record<string, Shaped[]> = {};
  return async (db, ...args) => {
    // A handle with plugins transforms each query it builds (a test recording the statements sent): build it as usual.
    if (db.getExecutor().plugins.length > 0) return db.executeQuery(compile(db, build(db, ...args)));
    const known = (shapes[dialectOf(db)] ??= []);
    const leaves: unknown[] = [];
    let shape: Shaped | undefined;
    for (const candidate of known) {
      if (match(args, candidate.tokens, 0, leaves) === candidate.tokens.length) {
        shape = candidate;
        break;
      }
      leaves.length = 0;
    }
    if (!shape) {
      const tokens: Token[] = [];
      const count = { n: 0 };
      const compiled = compile(db, build(db, ...(describe(args, tokens, count) as A)));
      const slots = compiled.parameters.map((p) => (p instanceof Slot ? p.index : -1));
      // A value the builder decided by, rather than bound, would be lost: every call of the shape would get the SQL the
      // marker made.
      const bound = new Set(slots);
      for (let i = 0; i < count.n; i++) if (!bound.has(i)) throw new Error(`prepared query: an argument value is not a parameter of ${compiled.sql}`);
      shape = { tokens, slots, constants: compiled.parameters.map((p) => (p instanceof Slot ? undefined : p)), compiled };
      if (known.length >= MAX_SHAPES) known.shift();
      known.push(shape);
      match(args, tokens, 0, leaves);
    }
    const { slots, constants, compiled } = shape;
    const parameters = new Array<unknown>(slots.length);
    for (let n = 0; n < slots.length; n++) parameters[n] = slots[n] === -1 ? constants[n] : leaves[slots[n]];
    return db.executeQuery<R>({ query: compiled.query, queryId: compiled.queryId, sql: compiled.sql, parameters });
  };
}
