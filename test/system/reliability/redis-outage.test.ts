import { describe, expect, it } from 'vitest';
import { redisOutage } from '../../../bench/chaos/scenarios.js';
import { REDIS_SERVER, useServerBundle } from '../../../bench/chaos/world.js';
import { SUITE_BUNDLE } from '../../helpers/bundle.js';

useServerBundle(SUITE_BUNDLE);

// A redis-server of the test's own on another loopback port: the shared one on 6379 is never stopped.
describe.skipIf(!REDIS_SERVER && process.env.CI !== 'true')('Redis stops under load and comes back (two instances)', () => {
  it('falls back without a 5xx, names Redis degraded on /ready, and shares again once Redis is back', async () => {
    const result = await redisOutage({ downMs: 3000 });
    // No request failed: before, every rate-limited operation answered 500 while Redis was away.
    expect(result.http.requests).toBeGreaterThan(50);
    expect(result.http.summary(result.failures)).toBe('');
    // Mail kept arriving: before, the inbound allowance (in Redis) turned every message into 451.
    expect(result.smtp.replies.get('451 4.3.0') ?? 0).toBe(0);
    expect(result.delivery.lost).toEqual([]);
    expect(result.delivery.duplicates).toEqual([]);
    // /ready: still 200, Redis named degraded (before: 503, which takes every instance out of a balancer at once).
    expect(result.readyDuring).toMatchObject({ status: 200, body: { status: 'ready', checks: { redis: 'degraded' } } });
    // Rate limits per instance meanwhile: a fresh key gets its 5 calls on A and again on B.
    expect(result.limitDuring).toEqual([
      [200, 200, 200, 200, 200, 429],
      [200, 200, 200, 200, 200, 429],
    ]);
    // A wait on A is answered for mail acknowledged by B without Redis's wake-up (NOTIFY, the poll).
    expect(result.crossWakeMs).toBeLessThan(3000);
    // Back: /ready says ok, and one allowance is shared by both instances again.
    expect(result.readyAfter).toMatchObject({ status: 200, body: { checks: { redis: 'ok' } } });
    expect(result.limitAfter).toEqual([
      [200, 200, 200, 200, 200, 429],
      [429, 429, 429, 429, 429, 429],
    ]);
    expect(result.maxRecoveryMs).toBeLessThan(10_000);
  }, 90_000);
});
