import { describe, expect, it } from 'vitest';
import { acceptanceRate } from '../../../src/mail/ingest/burst.js';

describe('the acceptance rate a burst is told by', () => {
  it('counts the acceptances of the last 100 ms, the window before weighted by how much of it is still in them', () => {
    const rate = acceptanceRate(100);
    const t0 = 1_000_000;
    expect(rate.perSecond(t0)).toBe(0);
    for (let i = 0; i < 20; i++) rate.note(t0 + i * 5); // 20 in 100 ms: 200 a second
    expect(rate.perSecond(t0 + 99)).toBe(200);
    // Half of that window lies within the last 100 ms at t0 + 150: ten of its twenty count.
    expect(rate.perSecond(t0 + 150)).toBe(100);
    rate.note(t0 + 150);
    expect(rate.perSecond(t0 + 150)).toBe(110);
    // Quiet for two windows: nothing is left.
    expect(rate.perSecond(t0 + 400)).toBe(0);
  });

  it('forgets a burst after a pause however the windows fall, and a trickle stays a trickle', () => {
    const rate = acceptanceRate(100);
    for (let i = 0; i < 50; i++) rate.note(5_000 + i);
    expect(rate.perSecond(5_049)).toBe(500);
    expect(rate.perSecond(60_000)).toBe(0);
    // One message every 200 ms never reads as more than 10 a second.
    let highest = 0;
    for (let t = 100_000; t < 102_000; t += 200) {
      rate.note(t);
      for (const at of [t, t + 50, t + 150]) highest = Math.max(highest, rate.perSecond(at));
    }
    expect(highest).toBeLessThanOrEqual(10);
    expect(highest).toBeGreaterThan(0);
  });
});
