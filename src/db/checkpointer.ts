import { Worker } from 'node:worker_threads';
import type { CheckpointThreadData } from './checkpoint-thread.js';

/** Past this many pages in its write-ahead log, the event loop's own connection checkpoints (the thread has fallen behind). */
export const EVENT_LOOP_CHECKPOINT_PAGES = 4000;
/** The log file is cut back to this size when it starts over after a burst. */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

export interface Checkpointer {
  close(): Promise<void>;
}

/**
 * Starts the thread that checkpoints the SQLite store at `file` (src/db/checkpoint-thread.ts). SQLite's own
 * checkpoint runs inside a commit, every 1 000 pages of log, on the connection that commits — the event loop — and
 * copies pages and syncs the database file meanwhile (BENCHMARKS.md, "Checkpoints on a thread"). From source (tsx,
 * vitest) the thread loads src/db/checkpoint-thread.ts through tsx; from the bundle, dist/checkpoint-thread.js.
 */
export function startCheckpointer(file: string, opts: { busyMs?: number; idleMs?: number; onError?: (message: string) => void } = {}): Checkpointer {
  const fromSource = import.meta.url.endsWith('.ts');
  const data: CheckpointThreadData = { file, busyMs: opts.busyMs ?? 20, idleMs: opts.idleMs ?? 500 };
  const thread = new URL(fromSource ? './checkpoint-thread.ts' : './checkpoint-thread.js', import.meta.url);
  const options = { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: 1 } };
  // From source (tests, tsx), the thread registers tsx's loader before it imports its TypeScript: `--import tsx` in a
  // worker's execArgv does not reach a worker's own imports on Node 20.
  const worker = fromSource
    ? new Worker(`import('tsx/esm/api').then(({ register }) => (register(), import(${JSON.stringify(thread.href)})))`, { ...options, eval: true })
    : new Worker(thread, options);
  // Never what keeps the process alive.
  worker.unref();
  worker.on('message', (m: { error?: string }) => m.error && opts.onError?.(m.error));
  worker.on('error', (err) => opts.onError?.(err.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async close() {
      // Held until the thread has closed its connection: an unreferenced thread's exit would not keep the process
      // waiting for it, and a caller awaiting close() as its last work would never see it resolve.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
