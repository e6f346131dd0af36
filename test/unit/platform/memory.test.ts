import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIN_INTERVAL_MS, QUIET_RELEASE_MS, TRIM_AGAIN_MS, giveMemoryBack, memoryRelease, nativeMemory, trimMemory } from '../../../src/platform/memory.js';
import { createMetrics } from '../../../src/platform/metrics.js';

const MB = 1_048_576;

describe('giveMemoryBack', () => {
  it('has its addon built by npm install, and gives back to the system the memory a burst allocated and dropped', async () => {
    expect(nativeMemory().error).toBeNull();
    expect(giveMemoryBack()).not.toBeNull();
    await new Promise((r) => setTimeout(r, TRIM_AGAIN_MS + 200));
    trimMemory();
    const base = process.memoryUsage.rss();
    // 100 000 small buffers: each one a malloc of its own in glibc's heap, as the store's and the parser's are.
    let burst: Buffer[] | null = Array.from({ length: 100_000 }, (_, i) => Buffer.alloc(1000, i));
    const grown = process.memoryUsage.rss();
    expect(grown - base).toBeGreaterThan(80 * MB);
    expect(burst.length).toBe(100_000);
    burst = null;
    giveMemoryBack();
    // As memoryRelease does: what V8's threads free after the collection is trimmed a second later.
    await new Promise((r) => setTimeout(r, TRIM_AGAIN_MS + 200));
    expect(trimMemory()).not.toBeNull();
    const released = process.memoryUsage.rss();
    // glibc alone keeps what was freed inside its heap; the release hands nearly all of it back.
    expect(grown - released).toBeGreaterThan(60 * MB);
  });
});

describe('memoryRelease', () => {
  function subject(afterMessages: number) {
    let clock = 1_000_000;
    const calls: number[] = [];
    const metrics = createMetrics();
    const memory = memoryRelease({ afterMessages, metrics, now: () => clock, release: () => (calls.push(clock), true) });
    return { memory, calls, metrics, tick: (ms: number) => (clock += ms) };
  }
  const releases = async (metrics: ReturnType<typeof createMetrics>) => (await metrics.registry.getSingleMetricAsString('ephemail_memory_releases_total')).match(/ (\d+)$/m)?.[1];
  const releasedBytes = async (metrics: ReturnType<typeof createMetrics>) => Number((await metrics.registry.getSingleMetricAsString('ephemail_memory_released_bytes_total')).match(/ (\d+)$/m)?.[1]);
  afterEach(() => void vi.useRealTimers());

  it(`trims again ${TRIM_AGAIN_MS / 1000} s after a release, and counts what both gave back`, async () => {
    vi.useFakeTimers();
    let resident = 200 * MB;
    const metrics = createMetrics();
    const trims: number[] = [];
    const memory = memoryRelease({
      afterMessages: 1,
      metrics,
      rss: () => resident,
      release: () => ((resident -= 20 * MB), true),
      trimAgain: () => (trims.push(resident), (resident -= 3 * MB), true),
    });
    memory.stored(1);
    memory.idle(false);
    expect(await releasedBytes(metrics)).toBe(20 * MB);
    resident += 1 * MB; // the instance goes on living meanwhile
    vi.advanceTimersByTime(TRIM_AGAIN_MS - 1);
    expect(trims).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(trims).toEqual([181 * MB]);
    expect(await releasedBytes(metrics)).toBe(23 * MB);

    // Without the addon nothing is given back, so nothing is trimmed or counted later either.
    const without = createMetrics();
    const none = memoryRelease({ afterMessages: 1, metrics: without, release: () => null, trimAgain: () => (trims.push(-1), null) });
    none.stored(1);
    none.idle(false);
    vi.advanceTimersByTime(TRIM_AGAIN_MS * 2);
    expect(trims).toEqual([181 * MB]);
    expect(await releases(without)).toBe('0');
  });

  it('gives memory back when the queue empties after MEMORY_RELEASE_AFTER messages and no mail is arriving', async () => {
    const { memory, calls, metrics } = subject(1000);
    memory.stored(1000);
    memory.idle(false);
    expect(calls).toHaveLength(1);
    expect(await releases(metrics)).toBe('1');
  });

  it('does nothing while mail arrives, and gives back once it stops after a burst however often the queue emptied on the way', () => {
    const { memory, calls } = subject(1000);
    memory.stored(600);
    memory.idle(true); // emptied with mail still arriving: the burst goes on, no release now
    memory.stored(600);
    memory.idle(true);
    expect(calls).toHaveLength(0);
    memory.idle(false); // 1 200 in the burst, and none arriving: given back now
    expect(calls).toHaveLength(1);
  });

  it('starts the count again whenever mail stops: bursts with pauses between never add up to a release at once', () => {
    const { memory, calls } = subject(1000);
    memory.stored(600);
    memory.idle(false);
    memory.stored(600); // 1 200 in all, but mail stopped in between
    // Not now: once the instance has been quiet a while (below).
    expect(memory.idle(false)).toBe(QUIET_RELEASE_MS);
    expect(calls).toHaveLength(0);
  });

  it(`gives back what smaller bursts left once no message has been stored for ${QUIET_RELEASE_MS / 1000} s, and only once`, async () => {
    const { memory, calls, metrics, tick } = subject(1000);
    memory.stored(60);
    // Under a tenth of MEMORY_RELEASE_AFTER since the last release: not worth one, now or later.
    expect(memory.idle(false)).toBeUndefined();
    tick(5000);
    memory.stored(60);
    // 120 since the last release: given back once the instance has been quiet long enough; the caller looks again then.
    expect(memory.idle(false)).toBe(QUIET_RELEASE_MS);
    tick(QUIET_RELEASE_MS - 1);
    expect(memory.idle(false)).toBe(1);
    expect(calls).toHaveLength(0);
    tick(1);
    expect(memory.idle(false)).toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(await releases(metrics)).toBe('1');
    // Nothing stored since: nothing more to give back, however long it stays quiet.
    tick(QUIET_RELEASE_MS * 2);
    expect(memory.idle(false)).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('starts the quiet spell again with every message stored during it', () => {
    const { memory, calls, tick } = subject(1000);
    memory.stored(200);
    expect(memory.idle(false)).toBe(QUIET_RELEASE_MS);
    tick(20_000);
    memory.stored(1); // mail came, and stopped again
    expect(memory.idle(false)).toBe(QUIET_RELEASE_MS);
    tick(QUIET_RELEASE_MS - 1);
    expect(memory.idle(false)).toBe(1);
    expect(calls).toHaveLength(0);
    // A burst of MEMORY_RELEASE_AFTER meanwhile gives back at once, and leaves nothing for the quiet spell to give.
    memory.stored(1000);
    expect(memory.idle(false)).toBeUndefined();
    expect(calls).toHaveLength(1);
    tick(QUIET_RELEASE_MS);
    expect(memory.idle(false)).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it(`gives back a burst that ended within ${MIN_INTERVAL_MS / 1000} s of the last release once they are over, not at some later burst`, () => {
    const { memory, calls, tick } = subject(10);
    memory.stored(10);
    expect(memory.idle(false)).toBeUndefined();
    tick(4000);
    memory.stored(10);
    // Held back: the caller is told when to look again, and the burst's count stays.
    expect(memory.idle(false)).toBe(MIN_INTERVAL_MS - 4000);
    expect(calls).toHaveLength(1);
    tick(MIN_INTERVAL_MS - 4000);
    expect(memory.idle(false)).toBeUndefined();
    expect(calls).toHaveLength(2);
    // Given back once: looking again finds nothing left to give.
    tick(MIN_INTERVAL_MS);
    expect(memory.idle(false)).toBeUndefined();
    expect(calls).toHaveLength(2);
  });

  it('counts on when mail resumes while a release is held back, and gives back once mail stops after the interval', () => {
    const { memory, calls, tick } = subject(10);
    memory.stored(10);
    memory.idle(false);
    tick(1000);
    memory.stored(10);
    expect(memory.idle(false)).toBe(MIN_INTERVAL_MS - 1000);
    tick(MIN_INTERVAL_MS);
    memory.stored(1);
    expect(memory.idle(true)).toBeUndefined(); // mail arriving again: nothing now
    expect(calls).toHaveLength(1);
    memory.idle(false);
    expect(calls).toHaveLength(2);
  });

  it(`gives back at most once in ${MIN_INTERVAL_MS / 1000} s, and never with MEMORY_RELEASE_AFTER=0, not even after a quiet spell`, () => {
    const { memory, calls, tick } = subject(10);
    memory.stored(10);
    memory.idle(false);
    tick(MIN_INTERVAL_MS - 1);
    memory.stored(10);
    memory.idle(false);
    expect(calls).toHaveLength(1);
    tick(1);
    memory.stored(10);
    memory.idle(false);
    expect(calls).toHaveLength(2);

    const off = subject(0);
    off.memory.stored(1_000_000);
    expect(off.memory.idle(false)).toBeUndefined();
    off.tick(QUIET_RELEASE_MS);
    expect(off.memory.idle(false)).toBeUndefined();
    expect(off.calls).toHaveLength(0);
  });
});
