import type { Db } from './database.js';
import { dialectOf } from './dialect.js';
import { transactWithEvents, type CommitOptions, type Emit } from './events.js';
import { statementJournalsInMemory } from './sqlite-dialect.js';

/** One unit of work that must commit (or fail) as a whole, with the events it emits. */
export type GroupedWrite = (trx: Db, emit: Emit) => Promise<void>;

/** At most this many writes share one transaction. */
const MAX_BATCH = 64;
/**
 * On SQLite, a batch waits for company only when the batch before carried fewer writes that must be synced than this
 * (BENCHMARKS.md, intake, session 18).
 */
const FEW_DURABLE = 3;

interface Waiting {
  write: GroupedWrite;
  durable: boolean;
  autocommit: boolean;
  resolve(): void;
  reject(err: unknown): void;
}

interface Committer {
  queue: Waiting[];
  running: boolean;
  /** GROUP_COMMIT_DELAY_MS (configureGroupCommit); 0 until configured. */
  delayMs: number;
  /** Writes in the batch committed last. */
  lastBatch: number;
  /** Of those, the ones that had to be synced (acceptances). */
  lastDurable: number;
  /** Whether this committer is SQLite's one, shared by every lane (committerOf). */
  shared: boolean;
}

export interface GroupOptions extends CommitOptions {
  /**
   * Which group commit the write joins. On PostgreSQL each lane commits on its own, beside the others (each batch
   * holds one pooled connection), so that the SMTP acceptances — which a sender waits for — never queue behind a batch
   * of stored messages, and a lane that is never synced (the stores, `durable: false`) is not made to wait for the
   * sync of one that always is. On SQLite, which has one connection and one writer, every lane is the same one.
   */
  lane?: string;
  /**
   * The write emits no event, and each of its statements may commit on its own: one failing leaves nothing behind
   * that would make running the write again wrong (a SELECT and then one INSERT, say). On PostgreSQL it then runs with
   * no transaction around it — no BEGIN and no COMMIT, two round trips fewer — and on its own: a failure fails only it.
   * Every statement commits as PostgreSQL does by default, synced to disk. Its lane must hold only such writes. (SQLite
   * commits it with the rest of its batch: one transaction there costs one sync for all of them.)
   */
  autocommit?: boolean;
}

export interface BatchOptions extends GroupOptions {
  /**
   * Under load — a batch opened less than twice this long after the one before — the batch waits this many
   * milliseconds for more items before it joins the group commit: fewer, larger commits for writes nobody waits on
   * (the processors' stores: each commit rewrites the last page of every table and index it touches, whatever the
   * number of rows). A batch opened after a pause never waits. Only for writes whose callers can wait that long.
   */
  holdMs?: number;
}

/** The committers of a store, by lane. */
const committers = new WeakMap<Db, Map<string, Committer>>();
/** GROUP_COMMIT_DELAY_MS of each store (configureGroupCommit), for the lanes made later. */
const delays = new WeakMap<Db, number>();

function committerOf(db: Db, lane = ''): Committer {
  let lanes = committers.get(db);
  if (!lanes) committers.set(db, (lanes = new Map()));
  const shared = dialectOf(db) !== 'postgres';
  const key = shared ? '' : lane;
  let c = lanes.get(key);
  if (!c) lanes.set(key, (c = { queue: [], running: false, delayMs: delays.get(db) ?? 0, lastBatch: 0, lastDurable: 0, shared }));
  return c;
}

/**
 * Under load — when the batch before held more than one write — a batch waits `delayMs` for more writes to join it
 * before committing, as PostgreSQL's commit_delay does: fewer syncs to disk for the same writes (during a burst of
 * mail, most of an acceptance's cost), at most `delayMs` more before each answer. A lone write never waits, so an
 * idle instance answers as fast as without it. 0 turns it off.
 *
 * On SQLite, where the processors' stores and claims share the one committer with the acceptances, a batch waits only
 * when the batch before carried one or two writes that had to be synced: acceptances that trickle in, one or two to a
 * commit (a connection per message), are gathered, while a burst whose commits already carry several acceptances each
 * (reused connections) is not held back, and neither are the stores committing with it.
 */
export function configureGroupCommit(db: Db, opts: { delayMs: number }): void {
  delays.set(db, opts.delayMs);
  for (const c of committers.get(db)?.values() ?? []) c.delayMs = opts.delayMs;
}

/**
 * Group commit: a write submitted while a commit is under way waits for it, then commits together with every other
 * write that arrived meanwhile, in one transaction — one sync to disk for all of them instead of one each. A write
 * that arrives when nothing is committing starts after one turn of the event loop; only under load does a batch wait
 * on a timer for company (configureGroupCommit). Each promise
 * resolves only after its own transaction committed (an SMTP 250 is never sent before that); a batch is synced to
 * disk unless every write in it was submitted with `durable: false` (events.ts, CommitOptions). When a batch fails,
 * its writes are tried again one by one, so one bad write cannot take the others down with it.
 */
export function commitGrouped(db: Db, write: GroupedWrite, opts: GroupOptions = {}): Promise<void> {
  const c = committerOf(db, opts.lane);
  return new Promise<void>((resolve, reject) => {
    c.queue.push({ write, durable: opts.durable !== false, autocommit: opts.autocommit === true, resolve, reject });
    if (!c.running) void drain(db, c);
  });
}

/** An open batch of a batched write: the items that joined it, and its commit. */
export interface Batch<T> {
  items: T[];
  committed: Promise<void>;
}

/**
 * One write for many items, in the group commit they share: the items added before that write runs are handed to it
 * together (one statement for all of them instead of one each), and each caller awaits the same commit. The batch
 * closes when its transaction starts — an item added later joins the next batch — and also when its commit settles:
 * a group commit that fails before its transaction begins (the store went away) never runs the write, and the batch
 * must not stay open and fail every item that joins it afterwards. When a group commit fails, `commitGrouped` runs
 * its writes again one by one, so this write may run twice for the same items: it must start over each time.
 */
export function batchedWrite<T>(db: Db, write: (trx: Db, emit: Emit, items: T[]) => Promise<void>, opts: BatchOptions = {}): (item: T) => Batch<T> {
  let open: Batch<T> | undefined;
  let lastOpened = -Infinity;
  return (item) => {
    if (!open) {
      const items: T[] = [];
      const close = () => {
        if (open?.items === items) open = undefined;
      };
      const submit = () =>
        commitGrouped(
          db,
          async (trx, emit) => {
            close();
            await write(trx, emit, items);
          },
          opts,
        );
      // A batch opened soon after the one before (items keep coming) gathers for holdMs before it joins the group
      // commit; one after a pause goes at once.
      const now = performance.now();
      const hold = opts.holdMs !== undefined && opts.holdMs > 0 && now - lastOpened < 2 * opts.holdMs;
      lastOpened = now;
      const committed = hold ? new Promise<void>((resolve) => setTimeout(resolve, opts.holdMs)).then(submit) : submit();
      committed.then(close, close);
      open = { items, committed };
    }
    open.items.push(item);
    return open;
  };
}

/** Whether the next batch waits for company (configureGroupCommit). */
function underLoad(c: Committer): boolean {
  if (c.lastBatch <= 1) return false;
  return !c.shared || (c.lastDurable > 0 && c.lastDurable < FEW_DURABLE);
}

async function drain(db: Db, c: Committer): Promise<void> {
  c.running = true;
  try {
    while (c.queue.length > 0) {
      // One turn of the event loop first: better-sqlite3 commits synchronously, so nothing else runs during a
      // commit; this turn lets the messages whose data ended meanwhile join the batch. Under load, longer.
      if (c.delayMs > 0 && underLoad(c) && c.queue.length < MAX_BATCH) await new Promise<void>((resolve) => setTimeout(resolve, c.delayMs));
      else await new Promise<void>((resolve) => setImmediate(resolve));
      const batch = c.queue.splice(0, MAX_BATCH);
      c.lastBatch = batch.length;
      c.lastDurable = batch.filter((w) => w.durable).length;
      if (batch[0].autocommit && !c.shared) {
        for (const w of batch) await w.write(db, refuseEvents).then(w.resolve, w.reject);
        continue;
      }
      // Synced to disk when any of its writes must be (an acceptance always is).
      const durable = c.lastDurable > 0;
      try {
        await transactWithEvents(
          db,
          async (trx, emit) => {
            // Every write that joins a group commit inserts or changes rows built from what this process holds in
            // memory (acceptances, stored copies, claims of a few entries): their statement journals are bounded.
            const restore = statementJournalsInMemory(trx);
            try {
              for (const w of batch) await w.write(trx, emit);
            } finally {
              restore();
            }
          },
          { durable },
        );
        for (const w of batch) w.resolve();
      } catch (err) {
        if (batch.length === 1) {
          batch[0].reject(err);
          continue;
        }
        for (const w of batch) {
          try {
            await transactWithEvents(db, w.write, { durable: w.durable });
            w.resolve();
          } catch (one) {
            w.reject(one);
          }
        }
      }
    }
  } finally {
    c.running = false;
  }
}

/** The emit of a write that runs without a transaction: its events would have nothing to commit with. */
const refuseEvents: Emit = () => {
  throw new Error('a write committed without a transaction (autocommit) cannot emit events');
};
