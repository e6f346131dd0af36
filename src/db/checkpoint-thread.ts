/**
 * The SQLite store's checkpoints, on a thread of their own (src/db/checkpointer.ts starts it): its own connection to
 * the store's file copies what the write-ahead log holds into the database file, with PASSIVE checkpoints — they wait
 * for no reader and no writer, so the event loop's commits go on meanwhile. Bundled on its own into
 * dist/checkpoint-thread.js by scripts/build-server.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SQLite } from './sqlite-driver.js';

export interface CheckpointThreadData {
  file: string;
  /** Pause after a checkpoint that copied pages (a burst is under way). */
  busyMs: number;
  /** Pause after one that found nothing new. */
  idleMs: number;
}

/** What `PRAGMA wal_checkpoint` answers: frames in the log, and how many of them are in the database file now. */
interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

const { file, busyMs, idleMs } = workerData as CheckpointThreadData;
const sqlite = new SQLite(file);
sqlite.pragma('busy_timeout = 5000');
let copied = 0;
let timer: NodeJS.Timeout | undefined;

function checkpoint(): void {
  let pause = idleMs;
  try {
    const [result] = sqlite.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
    // The log starts over once everything in it is copied: fewer checkpointed frames than last time means a new log.
    const now = result?.checkpointed ?? 0;
    if (now !== copied) pause = busyMs;
    copied = now;
  } catch (err) {
    // The connection on the event loop checkpoints by itself past its wal_autocheckpoint (src/db/database.ts).
    parentPort?.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
  timer = setTimeout(checkpoint, pause);
}

parentPort?.on('message', (message: unknown) => {
  if (message !== 'close') return;
  clearTimeout(timer);
  sqlite.close();
  parentPort?.close();
});
checkpoint();
