import { describe, expect, it } from 'vitest';
import { rollingRestart } from '../../../bench/chaos/scenarios.js';
import { NGINX, REDIS_SERVER, useServerBundle } from '../../../bench/chaos/world.js';
import { SUITE_BUNDLE } from '../../helpers/bundle.js';

useServerBundle(SUITE_BUNDLE);

// CI installs Debian's nginx and redis-server (.ci/run); elsewhere the suite says why it skipped.
const missing = [!NGINX && 'nginx', !REDIS_SERVER && 'redis-server'].filter(Boolean);
describe.skipIf(missing.length > 0 && process.env.CI !== 'true')(`a rolling restart under load${missing.length ? ` (skipped: ${missing.join(', ')} not installed)` : ''}`, () => {
  let result: Awaited<ReturnType<typeof rollingRestart>>;

  it('SIGTERM A, start it again, then B, behind nginx: no failed request, every acknowledged message stored once, the SSE client misses nothing', async () => {
    result = await rollingRestart();
    const { http, smtp, delivery } = result;
    // Both instances stopped cleanly and came back.
    expect(result.exits).toEqual([0, 0]);
    // The load ran throughout: Tools and Developer calls, waits, SMTP on four connections.
    expect(http.requests).toBeGreaterThan(200);
    expect(smtp.acknowledged.length).toBeGreaterThan(50);
    // Not one HTTP answer other than a 2xx reached a client (nginx retried what an instance refused).
    expect(http.summary(result.failures)).toBe('');
    // SMTP: the sessions open on a stopping instance were told 421 and sent again elsewhere; all got their 250.
    expect(smtp.permanent).toEqual([]);
    expect(smtp.gaveUp).toBe(0);
    expect(smtp.unanswered).toBe(0);
    expect(delivery.lost).toEqual([]);
    expect(delivery.duplicates).toEqual([]);
    expect(delivery.stored).toBe(delivery.acknowledged);
    // The SSE client reconnected with Last-Event-ID and received every message of its address, each once.
    expect(result.sse.subjects.length).toBeGreaterThan(0);
    expect(result.sseMissed).toEqual([]);
    expect(new Set(result.sse.ids).size).toBe(result.sse.ids.length);
    expect(result.sse.ids).toEqual([...result.sse.ids].sort((a, b) => a - b));
  }, 120_000);
});
