import { createRequire } from 'node:module';
import path from 'node:path';
import { silentLogger, type Logger } from './logger.js';
import type { Metrics } from './metrics.js';
import { PROJECT_ROOT } from './project-root.js';

/**
 * Giving memory back once a burst of mail is stored. A burst leaves garbage in V8's heap that no collection has
 * taken yet, and pages in glibc's heap that its allocator freed but keeps: free() gives back only the top of the heap,
 * never the middle. So when an instance's intake queue is empty with no mail arriving, after a burst that stored
 * MEMORY_RELEASE_AFTER messages or more — mail that kept arriving, however often the queue emptied on the way (its
 * processors keep up with a burst since session 28) — it runs V8's collection for memory pressure and then glibc's
 * malloc_trim, which returns every free page. Mail that comes with pauses between (25 ms with none) never sets it
 * off at once; what such bursts leave goes back once no mail has come for QUIET_RELEASE_MS. After 20 000 messages:
 * 130-136 MB instead of 155-160, for 50-60 ms on the event loop (BENCHMARKS.md, intake, session 23). The cost is the
 * next burst's, if one follows closely: the collection lets go of object shapes only optimised code still pointed to,
 * and that code is optimised again. A plain full collection cost about as much and gave back 10 MB less.
 */

/** The native half (native/memory/memory.cc). */
export interface NativeMemory {
  /** V8's collection for memory pressure on this thread's isolate. */
  collect(): void;
  /** glibc's malloc_trim: true when memory went back to the system. */
  trim(): boolean;
}

const ADDON = path.join(PROJECT_ROOT, 'native/memory/build/Release/memory.node');

let loaded: { value: NativeMemory | null; error: unknown } | undefined;

/** The addon `npm install` builds, or null (with why) when it was not built: nothing is given back then. */
export function nativeMemory(): { value: NativeMemory | null; error: unknown } {
  if (!loaded) {
    try {
      loaded = { value: createRequire(import.meta.url)(ADDON) as NativeMemory, error: null };
    } catch (error) {
      loaded = { value: null, error };
    }
  }
  return loaded;
}

/** What V8's threads free after the collection (dead buffers' memory, swept pages) is trimmed a second later. */
export const TRIM_AGAIN_MS = 1000;

/**
 * V8's collection for memory pressure, then glibc's malloc_trim: true when memory went back to the system, null when
 * the addon was not built (nothing is done then). memoryRelease trims again TRIM_AGAIN_MS later (trimMemory).
 */
export function giveMemoryBack(): boolean | null {
  const native = nativeMemory().value;
  if (!native) return null;
  native.collect();
  return native.trim();
}

/** glibc's malloc_trim alone: true when memory went back to the system, null when the addon was not built. */
export function trimMemory(): boolean | null {
  return nativeMemory().value?.trim() ?? null;
}

/**
 * Bursts that follow each other closely give memory back at most this often: each release costs the next burst. A
 * burst that ends sooner is given back once the interval is over, if no mail has come by then (MemoryRelease.idle).
 */
export const MIN_INTERVAL_MS = 10_000;

/**
 * Smaller bursts give their memory back once the instance has been quiet this long: no message stored for
 * QUIET_RELEASE_MS, with at least a tenth of MEMORY_RELEASE_AFTER stored since the last release. `npm start` turns V8's
 * own memory reducer off (`--no-memory-reducer`): it collected in the same way a few seconds into an idle spell that
 * followed a full collection, so a burst that came 8–30 s after the last one ran while its code was optimised again
 * (BENCHMARKS.md, intake, session 53). Mail that keeps coming with shorter pauses keeps its optimised code.
 */
export const QUIET_RELEASE_MS = 30_000;

export interface MemoryRelease {
  /** Messages stored here: counted until the queue is next found empty with no mail arriving. */
  stored(count: number): void;
  /**
   * Nothing is queued or being processed here. With mail still `arriving` the burst goes on: nothing is given back
   * (it would stall the senders) and the count goes on too. With none arriving the burst is over: memory is given
   * back when it stored MEMORY_RELEASE_AFTER messages or more, and the count starts again either way — unless the
   * last release was less than MIN_INTERVAL_MS ago: then the count stays and the answer is how many milliseconds
   * are left, for the caller to look again (still idle then: given back; mail meanwhile: the burst goes on). A burst
   * too small for that leaves its messages counted towards a release once no message has been stored for
   * QUIET_RELEASE_MS: the answer is then how long until that quiet spell is over, for the caller to look again.
   */
  idle(arriving: boolean): number | undefined;
}

export interface MemoryReleaseOptions {
  /** MEMORY_RELEASE_AFTER: messages stored with the queue never empty for its emptying to give memory back; 0: never. */
  afterMessages: number;
  /** What gives memory back (giveMemoryBack by default; null: it cannot). */
  release?: () => boolean | null;
  /** What gives back, TRIM_AGAIN_MS later, what V8's threads freed after the release (trimMemory by default). */
  trimAgain?: () => boolean | null;
  /** How long the instance is quiet before smaller bursts give their memory back; QUIET_RELEASE_MS by default. */
  quietMs?: number;
  logger?: Logger;
  metrics?: Metrics;
  now?: () => number;
  /** The resident set in bytes (process.memoryUsage.rss by default). */
  rss?: () => number;
}

export function memoryRelease(opts: MemoryReleaseOptions): MemoryRelease {
  const logger = opts.logger ?? silentLogger;
  const now = opts.now ?? Date.now;
  const release = opts.release ?? giveMemoryBack;
  const trimAgain = opts.trimAgain ?? trimMemory;
  const rss = opts.rss ?? (() => process.memoryUsage.rss());
  /** Messages stored in the burst under way. */
  let storedSince = 0;
  /** Messages stored since the last release, whatever the bursts (QUIET_RELEASE_MS), and when the last one was. */
  let sinceRelease = 0;
  let lastStoredAt = -Infinity;
  let lastAt = -Infinity;
  let warned = false;
  return {
    stored(count) {
      storedSince += count;
      sinceRelease += count;
      lastStoredAt = now();
    },
    idle(arriving) {
      // Mail still arriving: the burst goes on, and a release now would stall its senders.
      if (arriving) return undefined;
      if (opts.afterMessages === 0) {
        storedSince = sinceRelease = 0;
        return undefined;
      }
      let messages = storedSince;
      let after: 'a burst' | 'a quiet spell' = 'a burst';
      if (messages >= opts.afterMessages) {
        // A burst that ends soon after the last release keeps its count until the interval is over, rather than
        // leaving what it grew in place until some later burst.
        const left = lastAt + MIN_INTERVAL_MS - now();
        if (left > 0) return left;
      } else {
        // Fewer than MEMORY_RELEASE_AFTER in the burst: nothing now (mail may come again in a moment, and a release
        // costs the next burst), but its messages count towards a release once the instance has been quiet a while.
        storedSince = 0;
        if (sinceRelease < Math.ceil(opts.afterMessages / 10)) return undefined;
        const left = lastStoredAt + (opts.quietMs ?? QUIET_RELEASE_MS) - now();
        if (left > 0) return left;
        messages = sinceRelease;
        after = 'a quiet spell';
      }
      storedSince = sinceRelease = 0;
      const before = rss();
      const started = performance.now();
      const trimmed = release();
      const ms = performance.now() - started;
      if (trimmed === null) {
        if (!warned) logger.warn({ addon: ADDON, err: nativeMemory().error }, 'memory is not given back after bursts: the native addon was not built (npm install builds it)');
        warned = true;
        return undefined;
      }
      const rssAfter = rss();
      lastAt = now();
      logger.info({ messages, rssBeforeMb: +(before / 1_048_576).toFixed(1), rssAfterMb: +(rssAfter / 1_048_576).toFixed(1), trimmed, ms: +ms.toFixed(1) }, `memory given back after ${after}`);
      opts.metrics?.memoryReleases.inc();
      opts.metrics?.memoryReleased.inc(Math.max(0, before - rssAfter));
      // What V8's threads free after the collection goes back a second later, and counts with the release.
      setTimeout(() => {
        const beforeAgain = rss();
        if (trimAgain() === null) return;
        opts.metrics?.memoryReleased.inc(Math.max(0, beforeAgain - rss()));
      }, TRIM_AGAIN_MS).unref();
      return undefined;
    },
  };
}
