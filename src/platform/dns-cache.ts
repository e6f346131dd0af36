import { Resolver } from 'node:dns/promises';
import { LRUCache } from 'lru-cache';
import { dnsErrorCode } from './dns.js';

/** A look-up as mailauth asks for one (dns.promises.resolve's shape). */
export type DnsLookup = (name: string, rrtype: string) => Promise<unknown>;

export interface DnsCacheOptions {
  servers: string[];
  timeoutMs: number;
  /** Most answers kept (least recently used go first); 0 turns the cache off. */
  maxEntries: number;
  /** Longest any answer is kept, whatever its TTL says. */
  maxTtlSeconds: number;
}

/** How long "no such name" / "no such record" is kept at most (RFC 2308 negative caching; Node does not expose the
 * SOA minimum that sets it): mail from a domain without SPF or DMARC asks the same names again and again. */
const NEGATIVE_TTL_SECONDS = 300;

/**
 * The SPF/DKIM/DMARC checks' DNS (src/mail/ingest/intake.ts), bounded and cached: mail from one sender domain asks
 * the same few names again and again, and a resolver that answers in 50–500 ms would otherwise cost that per message.
 * A and AAAA answers are kept for their own TTL (Node reports it) up to `maxTtlSeconds`; Node's resolver does not report the TTL of other
 * types, so those are kept for at most `maxTtlSeconds`, and NXDOMAIN/NODATA likewise (five minutes at most). Failures (timeouts,
 * SERVFAIL) are not kept. Concurrent identical questions share one query.
 */
export function createCachedDnsLookup(opts: DnsCacheOptions): DnsLookup {
  const perTry = Math.max(50, Math.min(Math.floor(opts.timeoutMs / 2), 5000));
  const resolver = new Resolver({ timeout: perTry, tries: 2 });
  if (opts.servers.length > 0) resolver.setServers(opts.servers);
  const ask = async (name: string, rrtype: string): Promise<{ value: unknown; ttl: number }> => {
    if (rrtype === 'A' || rrtype === 'AAAA') {
      const records = rrtype === 'A' ? await resolver.resolve4(name, { ttl: true }) : await resolver.resolve6(name, { ttl: true });
      return { value: records.map((r) => r.address), ttl: Math.min(...records.map((r) => r.ttl), opts.maxTtlSeconds) };
    }
    return { value: await resolver.resolve(name, rrtype), ttl: opts.maxTtlSeconds };
  };
  if (opts.maxEntries === 0) return async (name, rrtype) => (await ask(name, rrtype)).value;

  type Answer = { ok: true; value: unknown } | { ok: false; error: unknown };
  const cache = new LRUCache<string, Promise<Answer>>({ max: opts.maxEntries, ttlAutopurge: false });
  return async (name, rrtype) => {
    const key = `${rrtype} ${name.toLowerCase()}`;
    let answer = cache.get(key);
    if (!answer) {
      answer = ask(name, rrtype).then(
        ({ value, ttl }) => {
          if (ttl > 0) cache.set(key, answer!, { ttl: ttl * 1000 });
          else cache.delete(key);
          return { ok: true as const, value };
        },
        (error: unknown) => {
          const code = dnsErrorCode(error);
          if (code === 'ENOTFOUND' || code === 'ENODATA') cache.set(key, answer!, { ttl: Math.min(NEGATIVE_TTL_SECONDS, opts.maxTtlSeconds) * 1000 });
          else cache.delete(key);
          return { ok: false as const, error };
        },
      );
      // Held while the query runs, so a second question for the same name waits for this one.
      cache.set(key, answer, { ttl: opts.timeoutMs * 2 + 1000 });
    }
    const settled = await answer;
    // A copy: the checks may sort or trim what they are given, and the cached answer must stay as it came.
    if (settled.ok) return structuredClone(settled.value);
    throw settled.error;
  };
}
