import { describe, expect, it } from 'vitest';
import { overload } from '../../../bench/chaos/scenarios.js';
import { useServerBundle } from '../../../bench/chaos/world.js';
import { SUITE_BUNDLE } from '../../helpers/bundle.js';

useServerBundle(SUITE_BUNDLE);

const MiB = 2 ** 20;

describe('overload: more SMTP and HTTP than the instance can process', () => {
  it('pushes back with 451 4.3.2 and 503 + Retry-After, keeps memory bounded, stores every acknowledged message and recovers by itself', async () => {
    // One intake processor, INTAKE_MAX_QUEUED=100, 40 SMTP connections with 20 kB messages; then 200 clients asking
    // for QR codes with OVERLOAD_MAX_EVENT_LOOP_DELAY_MS=40.
    const result = await overload({ seconds: 5 });
    // SMTP: the queue filled and senders were told to come back, rather than the instance taking it all in.
    expect(result.busy).toBeGreaterThan(0);
    expect([...result.smtp.replies.keys()].filter((r) => r !== '250' && r !== '451 4.3.2')).toEqual([]);
    expect(result.smtpMaxRssBytes - result.baseRssBytes).toBeLessThan(200 * MiB);
    // Every message that got its 250 was stored, once, after the retries.
    expect(result.smtp.gaveUp).toBe(0);
    expect(result.delivery.lost).toEqual([]);
    expect(result.delivery.duplicates).toEqual([]);
    // HTTP: shed with the declared answer (503 service_unavailable, Retry-After), never a 500 or a dropped connection.
    expect(result.shed.length).toBeGreaterThan(0);
    expect(result.http.summary(result.failures)).toBe('');
    expect(result.maxRssBytes - result.baseRssBytes).toBeLessThan(400 * MiB);
    // And it answers again by itself once the load stops.
    expect(result.recoveredMs).toBeLessThan(5000);
  }, 120_000);
});
