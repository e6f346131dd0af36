import type { Db } from './database.js';
import { transactWithEvents, type CommitOptions, type Emit } from './events.js';

/** One unit of work that must commit (or fail) as a whole, with the events it emits. */
export type GroupedWrite = (trx: Db, emit: Emit) => Promise<void>;

/** At most this many writes share one transaction. */
const MAX_BATCH = 64;

interface Waiting {
  write: GroupedWrite;
  durable: boolean;
  resolve(): void;
  reject(err: unknown): void;
}

interface Committer {
  queue: Waiting[];
  running: boolean;
}

const committers = new WeakMap<Db, Committer>();

/**
 * Group commit: a write submitted while a commit is under way waits for it, then commits together with every other
 * write that arrived meanwhile, in one transaction — one sync to disk for all of them instead of one each. A write
 * that arrives when nothing is committing starts after one turn of the event loop, never on a timer. Each promise
 * resolves only after its own transaction committed (an SMTP 250 is never sent before that); a batch is synced to
 * disk unless every write in it was submitted with `durable: false` (events.ts, CommitOptions). When a batch fails,
 * its writes are tried again one by one, so one bad write cannot take the others down with it.
 */
export function commitGrouped(db: Db, write: GroupedWrite, opts: CommitOptions = {}): Promise<void> {
  let committer = committers.get(db);
  if (!committer) committers.set(db, (committer = { queue: [], running: false }));
  const c = committer;
  return new Promise<void>((resolve, reject) => {
    c.queue.push({ write, durable: opts.durable !== false, resolve, reject });
    if (!c.running) void drain(db, c);
  });
}

async function drain(db: Db, c: Committer): Promise<void> {
  c.running = true;
  try {
    while (c.queue.length > 0) {
      // One turn of the event loop first: better-sqlite3 commits synchronously, so nothing else runs during a
      // commit; this turn lets the messages whose data ended meanwhile (parsed, compressed) join the batch.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const batch = c.queue.splice(0, MAX_BATCH);
      // Synced to disk when any of its writes must be (an acceptance always is).
      const durable = batch.some((w) => w.durable);
      try {
        await transactWithEvents(
          db,
          async (trx, emit) => {
            for (const w of batch) await w.write(trx, emit);
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
