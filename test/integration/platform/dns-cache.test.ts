import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDns, type TestDns } from '../../helpers/dns.js';
import { createCachedDnsLookup } from '../../../src/platform/dns-cache.js';

describe('the SPF/DKIM/DMARC DNS cache (DNS_CACHE_SIZE)', () => {
  let dns: TestDns;
  beforeAll(async () => {
    dns = await startTestDns();
    dns.zone.txt.set('sender.test', [['v=spf1 -all']]);
    dns.zone.txt.set('other.test', [['v=spf1 ~all']]);
    dns.zone.servfail.add('broken.test');
  });
  afterAll(() => dns.close());
  const asked = (q: string) => dns.queries.filter((x) => x === q).length;

  it('asks once for an answer and for NXDOMAIN, shares a question under way, and answers copies', async () => {
    const lookup = createCachedDnsLookup({ servers: [dns.server], timeoutMs: 2000, maxEntries: 100, maxTtlSeconds: 60 });
    const [a, b] = await Promise.all([lookup('sender.test', 'TXT'), lookup('sender.test', 'TXT')]);
    expect(a).toEqual([['v=spf1 -all']]);
    (a as string[][]).pop(); // a caller changing its answer does not change the cached one
    expect(await lookup('SENDER.test', 'TXT')).toEqual([['v=spf1 -all']]);
    expect(b).toEqual([['v=spf1 -all']]);
    expect(asked('TXT sender.test')).toBe(1);

    await expect(lookup('nobody.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(lookup('nobody.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(asked('TXT nobody.test')).toBe(1);
  });

  it('does not keep failures, keeps at most DNS_CACHE_SIZE answers, and asks every time with 0', async () => {
    const lookup = createCachedDnsLookup({ servers: [dns.server], timeoutMs: 2000, maxEntries: 1, maxTtlSeconds: 60 });
    await expect(lookup('broken.test', 'TXT')).rejects.toMatchObject({ code: 'ESERVFAIL' });
    const once = asked('TXT broken.test');
    await expect(lookup('broken.test', 'TXT')).rejects.toMatchObject({ code: 'ESERVFAIL' });
    expect(asked('TXT broken.test')).toBeGreaterThan(once);
    const before = asked('TXT other.test');
    await lookup('other.test', 'TXT');
    await lookup('sender.test', 'TXT'); // evicts other.test: one entry only
    await lookup('other.test', 'TXT');
    expect(asked('TXT other.test') - before).toBe(2);

    const uncached = createCachedDnsLookup({ servers: [dns.server], timeoutMs: 2000, maxEntries: 0, maxTtlSeconds: 60 });
    const start = asked('TXT other.test');
    await uncached('other.test', 'TXT');
    await uncached('other.test', 'TXT');
    expect(asked('TXT other.test') - start).toBe(2);
  });

  it('keeps an answer for its own TTL, and NXDOMAIN or NODATA for its SOA\'s, whatever the record type', async () => {
    dns.zone.txt.set('short.test', [['v=spf1 ip4:127.0.0.1 -all']]);
    dns.zone.ttl.set('short.test', 1);
    dns.zone.mx.set('mail-only.test', [{ exchange: 'mx.mail-only.test', priority: 10 }]);
    dns.zone.ttl.set('mail-only.test', 1);
    const lookup = createCachedDnsLookup({ servers: [dns.server], timeoutMs: 2000, maxEntries: 100, maxTtlSeconds: 300 });
    const negative = dns.zone.negativeTtl;
    dns.zone.negativeTtl = 1;
    try {
      expect(await lookup('short.test', 'TXT')).toEqual([['v=spf1 ip4:127.0.0.1 -all']]);
      await expect(lookup('gone-soon.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
      // NODATA: the name exists, without the type asked.
      await expect(lookup('mail-only.test', 'TXT')).rejects.toMatchObject({ code: 'ENODATA' });
      await lookup('short.test', 'TXT');
      await expect(lookup('gone-soon.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
      await expect(lookup('mail-only.test', 'TXT')).rejects.toMatchObject({ code: 'ENODATA' });
      expect([asked('TXT short.test'), asked('TXT gone-soon.test'), asked('TXT mail-only.test')]).toEqual([1, 1, 1]);
      // The owner changes the record: once its TTL has run out, the new one is what the checks read.
      dns.zone.txt.set('short.test', [['v=spf1 -all']]);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await lookup('short.test', 'TXT')).toEqual([['v=spf1 -all']]);
      await expect(lookup('gone-soon.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
      await expect(lookup('mail-only.test', 'TXT')).rejects.toMatchObject({ code: 'ENODATA' });
      expect([asked('TXT short.test'), asked('TXT gone-soon.test'), asked('TXT mail-only.test')]).toEqual([2, 2, 2]);
    } finally {
      dns.zone.negativeTtl = negative;
    }
  });

  it('does not keep a negative answer that came without an SOA (RFC 2308), nor longer than the cache\'s longest TTL', async () => {
    const lookup = createCachedDnsLookup({ servers: [dns.server], timeoutMs: 2000, maxEntries: 100, maxTtlSeconds: 1 });
    dns.zone.txt.set('long.test', [['v=spf1 a -all']]);
    dns.zone.ttl.set('long.test', 86400);
    await lookup('long.test', 'TXT');
    await lookup('long.test', 'TXT');
    expect(asked('TXT long.test')).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    await lookup('long.test', 'TXT');
    expect(asked('TXT long.test')).toBe(2);

    const negative = dns.zone.negativeTtl;
    dns.zone.negativeTtl = null;
    try {
      await expect(lookup('no-soa.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
      await expect(lookup('no-soa.test', 'TXT')).rejects.toMatchObject({ code: 'ENOTFOUND' });
      expect(asked('TXT no-soa.test')).toBe(2);
    } finally {
      dns.zone.negativeTtl = negative;
    }
  });

  it('asks again over TCP when the answer was truncated, and fails at once on a resolver whose port is closed', async () => {
    // Over UDP's 512 bytes: six character strings of up to 255 bytes (an SPF record listing many networks).
    const record = Array.from({ length: 6 }, (_, i) => `${i === 0 ? 'v=spf1 ' : ' '}${Array.from({ length: 12 }, (_, j) => `ip4:192.0.2.${i * 12 + j}`).join(' ')}`);
    dns.zone.txt.set('large.test', [record]);
    dns.zone.truncated.add('large.test');
    const lookup = createCachedDnsLookup({ servers: [dns.server], timeoutMs: 2000, maxEntries: 100, maxTtlSeconds: 60 });
    expect(await lookup('large.test', 'TXT')).toEqual([[record.join('')]]);
    expect([asked('TXT large.test'), asked('TCP TXT large.test')]).toEqual([1, 1]);

    // Nothing listens on the discard port: the refusal comes back at once, long before the 10 s budget.
    const closed = createCachedDnsLookup({ servers: ['127.0.0.1:9'], timeoutMs: 10_000, maxEntries: 100, maxTtlSeconds: 60 });
    const started = Date.now();
    await expect(closed('sender.test', 'TXT')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
