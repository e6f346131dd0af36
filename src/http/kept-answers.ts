import { keptReads, type KeptReads } from '../db/kept-reads.js';
import type { Db } from '../db/database.js';

/**
 * Answers of read operations kept while the store does not change (src/db/kept-reads.ts: SQLite only), for the reads
 * test suites and the dashboard repeat in loops — a list polled until the mail comes, the same message read again.
 * A kept answer is frozen, and never changed: the app's serializer turns a frozen answer into JSON once and sends the
 * same text every time after (src/http/app.ts, lazySerializers). Its key must hold everything the answer depends on
 * — the caller's account, the path and every query parameter.
 */
export function keptAnswers<A extends object>(maxSize: number, size: (answer: A) => number): KeptReads<A> {
  const reads = keptReads<A>(maxSize, size);
  return {
    get: (db: Db, key: string, read: () => Promise<A>) => reads.get(db, key, async () => Object.freeze(await read())),
  };
}

/** Room for kept answers of one operation, in characters of text they hold (roughly their JSON's length). */
export const KEPT_ANSWERS_SIZE = 4 * 1024 * 1024;
