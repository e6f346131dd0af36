import { Piscina } from 'piscina';
import type { CheckedContent, CheckTask, IntakeWorkerData } from './intake-worker.js';
import type { AuthContext, MailAuthSettings } from './mail-auth.js';
import { workerTask } from '../../platform/worker-task.js';
import { asBuffer, forPosting } from './bytes.js';
import type { PreparedContent } from './prepare.js';

/** Prepares messages for storing (src/mail/ingest/prepare.ts): on worker threads, or on the event loop. */
export interface ContentPreparer {
  prepare(raw: Buffer): Promise<PreparedContent>;
  /**
   * Prepares and checks SPF/DKIM/DMARC on the same worker thread — present only on a pool given the checks'
   * settings; without it the caller checks on the event loop.
   */
  check?(raw: Buffer, ctx: AuthContext): Promise<CheckedContent>;
  close(): Promise<void>;
}


/** The parser and the extraction, loaded with the first message prepared on the event loop, as on a thread. */
let preparing: Promise<typeof import('./prepare.js')> | undefined;

/** Prepares a message on the calling thread (the event loop): INTAKE_WORKERS=0, and messages stored without the queue. */
export async function prepareHere(raw: Buffer): Promise<PreparedContent> {
  return (await (preparing ??= import('./prepare.js'))).prepareContent(raw);
}

/**
 * INTAKE_WORKERS threads (piscina) that parse, extract and compress, so a burst of large or odd MIME never holds up
 * SMTP and HTTP; 0 runs the same code on the event loop (one fewer moving part, e.g. for a tiny instance).
 * From source (tsx, vitest) the worker is src/mail/ingest/intake-worker.ts, loaded through tsx; from the bundle
 * (`npm start`) it is dist/intake-worker.js beside dist/main.js.
 */
export function createContentPreparer(threads: number, checks?: { settings: MailAuthSettings; concurrency: number }, nice = 0): ContentPreparer {
  if (threads === 0) return { prepare: prepareHere, close: async () => undefined };
  const pool = new Piscina({
    ...workerTask(import.meta.url, 'intake-worker'),
    // One thread stays, loaded: a thread's first message pays for loading the parser (about a second from source).
    minThreads: 1,
    maxThreads: threads,
    // The others go when they have had nothing to do for a while, and their memory with them.
    idleTimeout: 30_000,
    // A worker parses one message at a time and keeps nothing: a small young generation is collected more often but
    // holds less memory (V8's default lets it grow to tens of MiB per thread; BENCHMARKS.md, RSS row). A
    // --max-semi-space-size flag would override it: `npm start` passes one for the event loop, and src/main.ts clears
    // it before any thread starts.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
    // Each thread lowers its own scheduling priority (src/mail/ingest/intake-worker.ts, INTAKE_WORKER_NICE).
    // And, when it checks, how: once for the thread's life, not with every message.
    workerData: { nice, ...(checks ? { checks: checks.settings } : {}) } satisfies IntakeWorkerData,
    // A check waits for DNS (50–500 ms for a new sender domain): a thread takes the next message meanwhile, up to
    // INTAKE_CONCURRENCY at once, as the processors on the event loop do.
    ...(checks ? { concurrentTasksPerWorker: Math.max(1, checks.concurrency) } : {}),
  });
  const withBuffer = (p: PreparedContent): PreparedContent => ({ ...p, source: { ...p.source, raw: asBuffer(p.source.raw) } });
  return {
    async prepare(raw) {
      return withBuffer((await pool.run(forPosting(raw))) as PreparedContent);
    },
    ...(checks
      ? {
          async check(raw: Buffer, ctx: AuthContext) {
            const task: CheckTask = { raw: forPosting(raw), ctx };
            const done = (await pool.run(task)) as CheckedContent;
            return { prepared: withBuffer(done.prepared), authentication: done.authentication };
          },
        }
      : {}),
    close: () => pool.destroy(),
  };
}
