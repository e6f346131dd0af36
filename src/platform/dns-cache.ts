import { LRUCache } from 'lru-cache';
import { dnsErrorCode } from './dns.js';
import { createDnsQuery, type DnsFailure } from './dns-query.js';

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

/** Longest "no such name" / "no such record" is kept, whatever the SOA says (RFC 2308 negative caching). */
const NEGATIVE_TTL_SECONDS = 300;

/**
 * The SPF/DKIM/DMARC checks' DNS (src/mail/ingest/intake.ts), bounded and cached: mail from one sender domain asks
 * the same few names again and again, and a resolver that answers in 50–500 ms would otherwise cost that per message.
 * Every answer is kept for its own TTL (the lowest of its records'), at most `maxTtlSeconds`; NXDOMAIN and NODATA for
 * the TTL their SOA gives (RFC 2308), at most five minutes, and not at all without one (./dns-query.ts reads both).
 * Failures (timeouts, SERVFAIL) are not kept. Concurrent identical questions share one query.
 */
export function createCachedDnsLookup(opts: DnsCacheOptions): DnsLookup {
  const perTryMs = Math.max(50, Math.min(Math.floor(opts.timeoutMs / 2), 5000));
  const ask = createDnsQuery({ servers: opts.servers, perTryMs });
  if (opts.maxEntries === 0) return async (name, rrtype) => (await ask(name, rrtype)).value;

  type Answer = { ok: true; value: unknown } | { ok: false; error: unknown };
  const cache = new LRUCache<string, Promise<Answer>>({ max: opts.maxEntries, ttlAutopurge: false });
  return async (name, rrtype) => {
    const key = `${rrtype} ${name.toLowerCase()}`;
    let answer = cache.get(key);
    if (!answer) {
      answer = ask(name, rrtype).then(
        ({ value, ttl }) => {
          if (ttl > 0) cache.set(key, answer!, { ttl: Math.min(ttl, opts.maxTtlSeconds) * 1000 });
          else cache.delete(key);
          return { ok: true as const, value };
        },
        (error: unknown) => {
          const code = dnsErrorCode(error);
          const ttl = Math.min((error as Partial<DnsFailure>).negativeTtl ?? 0, NEGATIVE_TTL_SECONDS, opts.maxTtlSeconds);
          if ((code === 'ENOTFOUND' || code === 'ENODATA') && ttl > 0) cache.set(key, answer!, { ttl: ttl * 1000 });
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
