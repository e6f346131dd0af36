import { describe, expect, it } from 'vitest';
import { forPosting } from '../../../src/mail/ingest/bytes.js';

describe('bytes about to cross to another thread (forPosting)', () => {
  it('copies a view into a larger buffer (a small Buffer lives in Node\'s shared pool) to one of its own bytes alone', () => {
    const pooled = Buffer.from('Subject: hello\r\n\r\nbody\r\n');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const posted = forPosting(pooled);
    expect(posted.buffer.byteLength).toBe(pooled.length);
    expect(Buffer.from(posted).equals(pooled)).toBe(true);
    // What the other side receives, cloned as postMessage clones it: the message, not the pool around it.
    expect(structuredClone(posted).buffer.byteLength).toBe(pooled.length);
  });

  it('sends bytes that are their buffer\'s whole as they are, without a copy', () => {
    const whole = new Uint8Array([1, 2, 3]);
    expect(forPosting(whole)).toBe(whole);
  });
});
