import fs from 'node:fs';
import { promisify } from 'node:util';

const fdatasync = promisify(fs.fdatasync);

/**
 * Syncs SQLite's write-ahead log to disk off the event loop. With `synchronous = FULL` SQLite syncs the log inside
 * every COMMIT, on the thread that commits: here the event loop, blocked for the disk's flush (a third of a
 * millisecond on the machines measured) while SMTP, HTTP and every other query wait. The store's connection commits
 * with `synchronous = NORMAL` instead — SQLite then syncs the log only before a checkpoint — and every commit that
 * must survive a power loss awaits `sync()` before its caller goes on (src/db/sqlite-dialect.ts): the same
 * `fdatasync` of the same file that FULL makes, on libuv's thread pool, after the write lock is released.
 *
 * One sync covers every commit that ended before it started, so commits that end while one runs share the next
 * (group commit, as PostgreSQL does with its WAL). The log file is reopened when SQLite has removed it (it does so
 * when its last connection closes, which the server's own connection never does while it runs).
 */
export class LogSync {
  #fd: number | undefined;
  #running: Promise<void> | undefined;
  #next: Promise<void> | undefined;
  #synced = 0;

  constructor(private readonly file: string) {}

  /** Syncs that have completed: what tests and the bench read. */
  get synced(): number {
    return this.#synced;
  }

  /** Resolves once everything committed before the call is on disk; rejects when the disk refuses. */
  sync(): Promise<void> {
    if (this.#next) return this.#next;
    if (!this.#running) return this.#start();
    // The sync under way may have started before the caller's commit ended: the caller needs the one after it, which
    // every caller until it starts shares.
    const next = () => this.#startNext();
    this.#next = this.#running.then(next, next);
    return this.#next;
  }

  #startNext(): Promise<void> {
    this.#next = undefined;
    return this.#start();
  }

  #start(): Promise<void> {
    const running = this.#flush().finally(() => {
      if (this.#running === running) this.#running = undefined;
    });
    this.#running = running;
    return running;
  }

  async #flush(): Promise<void> {
    // Opening and checking the file cost microseconds (no disk): on this thread, so the sync is one trip to the pool.
    if (this.#fd !== undefined && fs.fstatSync(this.#fd).nlink === 0) {
      fs.closeSync(this.#fd);
      this.#fd = undefined;
    }
    this.#fd ??= fs.openSync(this.file, 'r+'); // writable: some systems sync only a handle opened for writing
    await fdatasync(this.#fd);
    this.#synced++;
  }

  /** Waits for the syncs under way and lets the file go. */
  async close(): Promise<void> {
    await Promise.allSettled([this.#running, this.#next]);
    if (this.#fd !== undefined) fs.closeSync(this.#fd);
    this.#fd = undefined;
  }
}
