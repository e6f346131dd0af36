import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './database.js';
import { relaxedCommits } from './sqlite-dialect.js';
import { dialectOf, isTransientConflict } from './dialect.js';
import { prepared } from './prepared.js';

/** An event as producers write it; `data` is stored as JSON. */
export interface NewEventRecord {
  type: string;
  account_id: string;
  address_id: string | null;
  address: string | null;
  message_id: string | null;
  data: unknown;
  created_at: string;
}

/** An event as it sits in the log. */
export interface EventRecord extends NewEventRecord {
  id: number;
}

/** The PostgreSQL channel that NOTIFY wakes listeners on when events commit. */
export const EVENTS_CHANNEL = 'ephemail_events';
/** Tries of a transaction PostgreSQL rolled back for a deadlock or serialization failure (isTransientConflict). */
const MAX_TRIES = 4;
// Taken by every transaction that appends events, until it commits: PostgreSQL hands out sequence values before
// commit, so without it a transaction could commit id 11 before another commits id 10 and a reader that already
// moved past 11 would never see 10. With it, ids become visible in order, as they do on SQLite.
const APPEND_LOCK = 74658;

export type Emit = (event: NewEventRecord) => void;

/**
 * Events a transaction of this instance committed, each with the id the log gave it (SQLite: one writer, so a
 * statement's rows get consecutive ids, the last of which the statement reports; PostgreSQL: RETURNING), so the feed
 * can hand them on without reading them back (src/platform/events/feed.ts).
 */
export type CommittedEvent = NewEventRecord & { id?: number };

/** Each database handle's mark (one per instance): see notifyToken. */
const tokens = new WeakMap<Db, string>();

/**
 * The mark this handle's commits put on their wake-ups (the NOTIFY payload, src/platform/events/feed.ts's Redis
 * message): an instance's feed learns of its own commits at once (onEventsCommitted), and skips the wake-up that
 * comes back to it from PostgreSQL or Redis, which would only read the log again for events it has handed on.
 */
export function notifyToken(db: Db): string {
  let token = tokens.get(db);
  if (!token) tokens.set(db, (token = randomBytes(6).toString('hex')));
  return token;
}

/** Local wake-ups after a commit that appended events, per database handle (one per instance). */
const committed = new WeakMap<Db, Set<(events: CommittedEvent[]) => void>>();

/**
 * Calls `listener` with the events, synchronously, after every transaction of `transactWithEvents` on `db` that
 * appended some has committed: this instance learns of its own events before the request that caused them answers.
 */
export function onEventsCommitted(db: Db, listener: (events: CommittedEvent[]) => void): () => void {
  let set = committed.get(db);
  if (!set) committed.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export interface CommitOptions {
  /**
   * false: the commit may be lost to a power failure or an operating-system crash (never to a crash of this process),
   * for work that is redone when it is lost — an intake entry's claim and processing, whose queued message was synced
   * to disk when it was accepted. The next durable commit makes it durable too (SQLite's WAL and PostgreSQL's log are
   * written in order). Saves a sync to disk: SQLite's log is not synced after the commit (src/db/log-sync.ts),
   * PostgreSQL commits with synchronous_commit=off. Default true.
   */
  durable?: boolean;
}

/**
 * Runs `work` in one transaction; the events it emits are appended to the log in that same transaction, so the
 * state change and its events commit together or not at all. After the commit, this instance's consumers are woken
 * at once (other instances through NOTIFY, which PostgreSQL delivers at commit, or Redis: see src/platform/events/feed.ts).
 */
export async function transactWithEvents<T>(db: Db, work: (trx: Db, emit: Emit) => Promise<T>, opts: CommitOptions = {}): Promise<T> {
  const pending: CommittedEvent[] = [];
  const relaxed = opts.durable === false;
  const postgres = dialectOf(db) === 'postgres';
  const emit: Emit = (event) => pending.push(event);
  const transaction = (on: Db) =>
    on.transaction().execute(async (trx) => {
      pending.length = 0; // a retried transaction starts over
      const value = await work(trx, emit);
      await appendEvents(trx, pending);
      return value;
    });
  // PostgreSQL: BEGIN and COMMIT by hand, so that what goes with them travels in the same round trip — the lowered
  // `synchronous_commit` with the BEGIN, the NOTIFY with the COMMIT (simple queries of several statements; neither
  // takes a parameter). Every statement is a round trip to the server, and the intake commits all the time.
  const pgTransaction = () =>
    db.connection().execute(async (conn) => {
      pending.length = 0;
      await sql.raw(relaxed ? 'begin; set local synchronous_commit = off' : 'begin').execute(conn);
      try {
        const value = await work(conn, emit);
        await appendEvents(conn, pending);
        // NOTIFY is delivered to every LISTENing connection when (and only if) the transaction commits.
        // The payload: this handle's mark (notifyToken) and the id of the last event committed; a listener that has
        // handed that one on already need not read the log for it (src/platform/events/feed.ts). Hex and digits only.
        const last = pending.length > 0 ? Number(pending[pending.length - 1].id ?? 0) : 0;
        await sql.raw(pending.length > 0 ? `select pg_notify('${EVENTS_CHANNEL}', '${notifyToken(db)}:${last}'); commit` : 'commit').execute(conn);
        return value;
      } catch (err) {
        await sql`rollback`.execute(conn).catch(() => undefined);
        throw err;
      }
    });
  // SQLite: the commit is left unsynced (src/db/sqlite-dialect.ts, relaxedCommits), on the store's one connection, held
  // throughout so that no other commit goes unsynced with it.
  const attempt = () => (postgres ? pgTransaction() : !relaxed ? transaction(db) : relaxedCommits(db, transaction));
  let result: T;
  for (let tries = 1; ; tries++) {
    try {
      result = await attempt();
      break;
    } catch (err) {
      // Two transactions deleting rows in different orders (an address's cascade and a bulk delete of its messages)
      // can deadlock on PostgreSQL; it rolls one back, and that one simply runs again (a few times, after a pause).
      if (tries >= MAX_TRIES || !isTransientConflict(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * tries));
    }
  }
  if (pending.length > 0) {
    for (const listener of [...(committed.get(db) ?? [])]) {
      try {
        listener(pending);
      } catch {
        /* a listener's failure is its own; the commit stands */
      }
    }
  }
  return result;
}

/** Appends events inside the caller's transaction; call it last, just before the commit (see APPEND_LOCK). On
 * PostgreSQL the caller notifies EVENTS_CHANNEL with its COMMIT. Each event gets the id the log gave it (CommittedEvent). */
async function appendEvents(trx: Db, events: CommittedEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  if (dialectOf(trx) === 'postgres') {
    // The lock and the rows in one statement, one round trip: no row reaches the INSERT, and no id is handed out,
    // before the lock's row has joined it. The ids come back in the order of the VALUES, which is the order the
    // sequence handed them out in.
    const { rows: ids } = await lockedEventRows(trx, events.map(eventRow));
    if (ids.length === events.length) ids.forEach((r, i) => (events[i].id = Number(r.id)));
  } else {
    const inserted = await eventRows(trx, events.map(eventRow));
    if (inserted.insertId !== undefined) {
      const first = Number(inserted.insertId) - events.length + 1;
      events.forEach((e, i) => (e.id = first + i));
    }
  }
  return events.length;
}

/** An event's row as appended: the columns in one order for every event (the shape src/db/prepared.ts compiles by). */
function eventRow(e: CommittedEvent) {
  return {
    type: e.type,
    account_id: e.account_id,
    address_id: e.address_id,
    address: e.address,
    message_id: e.message_id,
    created_at: e.created_at,
    payload: JSON.stringify(e.data ?? {}),
  };
}

// Every committed event goes through one of these, compiled once for each number of events (src/db/prepared.ts).
const eventRows = prepared((db, rows: Array<ReturnType<typeof eventRow>>) => db.insertInto('events').values(rows));
const lockedEventRows = prepared((db, rows: Array<ReturnType<typeof eventRow>>) => {
  const values = rows.map((e) => sql`(${e.type}, ${e.account_id}, ${e.address_id}, ${e.address}, ${e.message_id}, ${e.created_at}, ${e.payload})`);
  return sql<{ id: string }>`with append_lock as (select pg_advisory_xact_lock(${APPEND_LOCK}))
      insert into events (type, account_id, address_id, address, message_id, created_at, payload)
      select v.* from append_lock cross join (values ${sql.join(values)}) as v (type, account_id, address_id, address, message_id, created_at, payload)
      returning id`;
});

type EventRow = { id: number; type: string; account_id: string; address_id: string | null; address: string | null; message_id: string | null; payload: string; created_at: string };

function toRecord(row: EventRow): EventRecord {
  const { payload, ...rest } = row;
  return { ...rest, id: Number(row.id), data: JSON.parse(payload) as unknown };
}

/** Events after `afterId`, oldest first. */
export async function readEventsAfter(db: Db, afterId: number, limit: number): Promise<EventRecord[]> {
  const rows = await db.selectFrom('events').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map(toRecord);
}

/** An event's columns without its JSON data: what a reader decides by before it reads (and parses) the data. */
export type EventHead = Omit<EventRecord, 'data'>;

/** The heads of the events after `afterId`, oldest first (readEventsAfter without the data). */
export async function readEventHeadsAfter(db: Db, afterId: number, limit: number): Promise<EventHead[]> {
  const { rows } = await eventHeadsAfter(db, afterId, limit);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

// Every batch of stored mail is read by the event log's consumers (src/db/prepared.ts).
const eventHeadsAfter = prepared((db, afterId: number, limit: number) =>
  db.selectFrom('events').select(['id', 'type', 'account_id', 'address_id', 'address', 'message_id', 'created_at']).where('id', '>', afterId).orderBy('id').limit(limit),
);

/** These events in full, oldest first (one gone meanwhile — pruned — is left out). */
export async function readEventsByIds(db: Db, ids: number[]): Promise<EventRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('events').selectAll().where('id', 'in', ids).orderBy('id').execute();
  return rows.map(toRecord);
}

/**
 * One address's `message.received` events, oldest first: after the event `afterId`, or received after the instant
 * `since`. Only messages still stored are answered (a deleted message is not replayed).
 */
export async function readMessageEventsOf(
  db: Db,
  addressId: string,
  from: { afterId: number } | { since: string },
  limit: number,
): Promise<EventRecord[]> {
  let query = db
    .selectFrom('events')
    .innerJoin('messages', 'messages.id', 'events.message_id')
    .selectAll('events')
    .where('events.address_id', '=', addressId)
    .where('events.type', '=', 'message.received');
  query = 'afterId' in from ? query.where('events.id', '>', from.afterId) : query.where('events.created_at', '>', from.since);
  const rows = await query.orderBy('events.id').limit(limit).execute();
  return rows.map(toRecord);
}

/** The log id of the event that announced a message (to resume a stream from a message id). */
export async function findMessageEventId(db: Db, messageId: string): Promise<number | undefined> {
  const row = await db.selectFrom('events').select('id').where('message_id', '=', messageId).where('type', '=', 'message.received').executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** The newest event id (0 for an empty log). */
export async function lastEventId(db: Db): Promise<number> {
  const row = await db.selectFrom('events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Deletes events created before `before`; answers how many. */
export async function pruneEvents(db: Db, before: string): Promise<number> {
  const res = await db.deleteFrom('events').where('created_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Locks a consumer's cursor row for the rest of the transaction and answers its position, or undefined when
 * another instance holds it right now (PostgreSQL: `FOR UPDATE SKIP LOCKED`, so nobody waits; SQLite: the write lock
 * taken by touching the row serialises writers anyway).
 */
export async function lockCursor(trx: Db, name: string): Promise<string | undefined> {
  if (dialectOf(trx) === 'postgres') return (await cursorLockedOrSkipped(trx, name)).rows[0]?.position;
  await cursorTouched(trx, new Date().toISOString(), name);
  return (await cursorPosition(trx, name)).rows[0]?.position;
}

export async function setCursor(trx: Db, name: string, position: string): Promise<void> {
  await cursorMoved(trx, position, new Date().toISOString(), name);
}

// The webhook enqueuer's cursor moves with every batch of stored mail (src/db/prepared.ts).
const cursorLockedOrSkipped = prepared((db, name: string) => sql<{ position: string }>`select position from event_cursors where name = ${name} for update skip locked`);
const cursorTouched = prepared((db, updatedAt: string, name: string) => db.updateTable('event_cursors').set({ updated_at: updatedAt }).where('name', '=', name));
const cursorPosition = prepared((db, name: string) => db.selectFrom('event_cursors').select('position').where('name', '=', name));
const cursorMoved = prepared((db, position: string, updatedAt: string, name: string) =>
  db.updateTable('event_cursors').set({ position, updated_at: updatedAt }).where('name', '=', name),
);

export async function readCursor(db: Db, name: string): Promise<string | undefined> {
  return (await cursorPosition(db, name)).rows[0]?.position;
}

/** A consumer cursor that holds an event id (stored as text): locked as lockCursor does, answered as a number. */
export async function lockIdCursor(trx: Db, name: string): Promise<number | undefined> {
  const position = await lockCursor(trx, name);
  return position === undefined ? undefined : Number(position);
}

export async function setIdCursor(trx: Db, name: string, id: number): Promise<void> {
  await setCursor(trx, name, String(id));
}

export async function readIdCursor(db: Db, name: string): Promise<number | undefined> {
  const position = await readCursor(db, name);
  return position === undefined ? undefined : Number(position);
}

/** An account's `message.received` events after the event `afterId`, oldest first, for messages still stored. */
export async function readAccountMessageEvents(db: Db, accountId: string, afterId: number, limit: number): Promise<EventRecord[]> {
  const rows = await db
    .selectFrom('events')
    .innerJoin('messages', 'messages.id', 'events.message_id')
    .selectAll('events')
    .where('events.account_id', '=', accountId)
    .where('events.type', '=', 'message.received')
    .where('events.id', '>', afterId)
    .orderBy('events.id')
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}
