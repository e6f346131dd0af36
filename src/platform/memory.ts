import { createRequire } from 'node:module';
import path from 'node:path';
import { silentLogger, type Logger } from './logger.js';
import type { Metrics } from './metrics.js';
import { PROJECT_ROOT } from './project-root.js';

/**
 * Giving memory back once a burst of mail is stored. A burst grows V8's heaps and glibc's arenas; V8 shrinks its heaps
 * only some seconds after allocations slow (its memory reducer), and glibc keeps the pages it freed in the middle of
 * its heap for good. After 20 000 messages the server held 158-159 MB where it needed 131-134 (BENCHMARKS.md, intake,
 * session 23). So when an instance's intake queue empties after MEMORY_RELEASE_AFTER messages or more, it collects
 * for memory pressure and trims glibc's heap: 50-60 ms on the event loop, then, and never while mail waits.
 */

/** The native half (native/memory/memory.cc): V8's memory-pressure collection, then glibc's malloc_trim. */
export interface NativeMemory {
  /** True when malloc_trim returned memory to the system. */
  release(): boolean;
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

/** A burst at most this often: a steady stream that empties the queue now and then is not collected every time. */
export const MIN_INTERVAL_MS = 10_000;

export interface MemoryRelease {
  /** Messages stored here: counted towards the burst being stored. */
  stored(count: number): void;
  /**
   * Nothing is queued or being processed here. With no mail `arriving`, the burst is over: memory is given back if it
   * stored MEMORY_RELEASE_AFTER messages or more, and the count starts again.
   */
  idle(arriving: boolean): void;
}

export interface MemoryReleaseOptions {
  /** MEMORY_RELEASE_AFTER: messages a burst must store for its end to give memory back; 0: never. */
  afterMessages: number;
  /** What gives memory back; the addon's by default. */
  release?: () => boolean;
  logger?: Logger;
  metrics?: Metrics;
  now?: () => number;
}

export function memoryRelease(opts: MemoryReleaseOptions): MemoryRelease {
  const logger = opts.logger ?? silentLogger;
  const now = opts.now ?? Date.now;
  let release = opts.release;
  let storedSince = 0;
  let lastAt = -Infinity;
  let warned = false;
  return {
    stored(count) {
      storedSince += count;
    },
    idle(arriving) {
      // Mail still arriving: the burst is not over, and a release now would stall its senders.
      if (arriving) return;
      const messages = storedSince;
      storedSince = 0;
      if (opts.afterMessages === 0 || messages < opts.afterMessages || now() - lastAt < MIN_INTERVAL_MS) return;
      if (!release) {
        const native = nativeMemory();
        if (!native.value) {
          if (!warned) logger.warn({ addon: ADDON, err: native.error }, 'memory is not given back after bursts: the native addon was not built (npm install builds it)');
          warned = true;
          return;
        }
        release = () => native.value!.release();
      }
      const before = process.memoryUsage.rss();
      const started = performance.now();
      const trimmed = release();
      const ms = performance.now() - started;
      const after = process.memoryUsage.rss();
      lastAt = now();
      logger.info({ messages, rssBeforeMb: +(before / 1_048_576).toFixed(1), rssAfterMb: +(after / 1_048_576).toFixed(1), trimmed, ms: +ms.toFixed(1) }, 'memory given back after a burst');
      opts.metrics?.memoryReleases.inc();
      opts.metrics?.memoryReleased.inc(Math.max(0, before - after));
    },
  };
}
