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
 * off. After 20 000 messages: 130-136 MB instead of 155-160, for 50-60 ms on the event loop (BENCHMARKS.md, intake,
 * session 23). The cost is the next burst's, if one follows closely: the collection lets go of object shapes only
 * optimised code still pointed to, and that code is optimised again. A plain full collection cost about as much and
 * gave back 10 MB less.
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

export interface MemoryRelease {
  /** Messages stored here: counted until the queue is next found empty with no mail arriving. */
  stored(count: number): void;
  /**
   * Nothing is queued or being processed here. With mail still `arriving` the burst goes on: nothing is given back
   * (it would stall the senders) and the count goes on too. With none arriving the burst is over: memory is given
   * back when it stored MEMORY_RELEASE_AFTER messages or more, and the count starts again either way — unless the
   * last release was less than MIN_INTERVAL_MS ago: then the count stays and the answer is how many milliseconds
   * are left, for the caller to look again (still idle then: given back; mail meanwhile: the burst goes on).
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
  let storedSince = 0;
  let lastAt = -Infinity;
  let warned = false;
  return {
    stored(count) {
      storedSince += count;
    },
    idle(arriving) {
      // Mail still arriving: the burst goes on, and a release now would stall its senders.
      if (arriving) return undefined;
      const messages = storedSince;
      // Fewer than MEMORY_RELEASE_AFTER in the burst: it grew nothing worth a release (and the next burst's cost).
      if (opts.afterMessages === 0 || messages < opts.afterMessages) {
        storedSince = 0;
        return undefined;
      }
      // A burst that ends soon after the last release keeps its count until the interval is over, rather than
      // leaving what it grew in place until some later burst.
      const left = lastAt + MIN_INTERVAL_MS - now();
      if (left > 0) return left;
      storedSince = 0;
      const before = rss();
      const started = performance.now();
      const trimmed = release();
      const ms = performance.now() - started;
      if (trimmed === null) {
        if (!warned) logger.warn({ addon: ADDON, err: nativeMemory().error }, 'memory is not given back after bursts: the native addon was not built (npm install builds it)');
        warned = true;
        return undefined;
      }
      const after = rss();
      lastAt = now();
      logger.info({ messages, rssBeforeMb: +(before / 1_048_576).toFixed(1), rssAfterMb: +(after / 1_048_576).toFixed(1), trimmed, ms: +ms.toFixed(1) }, 'memory given back after a burst');
      opts.metrics?.memoryReleases.inc();
      opts.metrics?.memoryReleased.inc(Math.max(0, before - after));
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
