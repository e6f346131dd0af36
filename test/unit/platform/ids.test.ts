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

  it('makes ids that sort in the order they were made, none twice, even within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId('inq'));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // Many of them share a millisecond: what orders those is not the clock.
    const perMs = new Map<string, number>();
    for (const id of ids) perMs.set(id.slice(4, 16), (perMs.get(id.slice(4, 16)) ?? 0) + 1);
    expect(Math.max(...perMs.values())).toBeGreaterThan(1);
  });
});
