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
});
