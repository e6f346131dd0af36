import { describe, expect, it } from 'vitest';
import { newId } from '../../../src/platform/ids.js';

describe('newId', () => {
  it('makes the prefix, `_` and 32 hex digits: a UUIDv7 holding the time it was made', () => {
    const before = Date.now();
    const id = newId('msg');
    const after = Date.now();
    // Version 7 at the 13th digit, the RFC 9562 variant at the 17th.
    expect(id).toMatch(/^msg_[0-9a-f]{12}7[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
    const madeAt = parseInt(id.slice(4, 16), 16);
    expect(madeAt).toBeGreaterThanOrEqual(before);
    expect(madeAt).toBeLessThanOrEqual(after);
  });

  it('makes ids that sort by the millisecond they were made in, none twice', async () => {
    const ids: string[] = [];
    const ms = (id: string) => id.slice(4, 16);
    // Ids over several milliseconds: until three were seen, not for a span of wall time (a busy machine may not run
    // this thread for several milliseconds on end; CI once saw two). Bounded by a second.
    const seen = new Set<string>();
    const deadline = Date.now() + 1000;
    while (seen.size < 3 && Date.now() < deadline) {
      const id = newId('inq');
      ids.push(id);
      seen.add(ms(id));
    }
    await new Promise((r) => setTimeout(r, 2));
    ids.push(newId('inq'));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map(ms)).size).toBeGreaterThan(3);
    // Sorted, they keep the order of their milliseconds.
    expect([...ids].sort().map(ms)).toEqual(ids.map(ms));
    // The random part differs from one id to the next, within a millisecond too.
    expect(new Set(ids.map((id) => id.slice(17))).size).toBe(ids.length);
  });
});
