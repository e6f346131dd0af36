import { isIP } from 'node:net';
import { Resolver } from 'node:dns/promises';

/**
 * DNS look-ups through DNS_SERVERS: one resolver, built once, serves the email validator's verify (MX, A/AAAA) and
 * custom-domain verification (TXT, MX).
 */

export interface MxRecord {
  exchange: string;
  priority: number;
}

export interface MxResolver {
  /** MX records; rejects with a Node DNS error (`code` ENODATA, ENOTFOUND, ETIMEOUT, ESERVFAIL, ...) on failure. */
  resolveMx(domain: string): Promise<MxRecord[]>;
  /** Whether the domain has an A or AAAA record (implicit MX, RFC 5321 §5.1); rejects with ENOTFOUND for NXDOMAIN. */
  resolveAddress(domain: string): Promise<boolean>;
}

/** TXT look-ups, for custom-domain verification (src/mail/domains.ts). */
export interface TxtResolver {
  /** TXT records, each as the list of its character strings; rejects with a Node DNS error code on failure. */
  resolveTxt(name: string): Promise<string[][]>;
}

export type DnsResolver = MxResolver & TxtResolver;

/**
 * A DNS resolver for verify and custom-domain verification, built on node:dns/promises. `servers` are `ip`,
 * `ip:port` or `[ipv6]:port` entries (the system resolver when empty; an invalid entry throws here, at start-up).
 * Each query gets at most half the budget per try (between 50 ms and 5 s), two tries, so a dead server fails fast;
 * callers race the budget anyway.
 */
export function createDnsResolver(servers: string[], timeoutMs: number): DnsResolver {
  const resolver = budgetedResolver(servers, timeoutMs);
  return {
    async resolveMx(domain) {
      const records = await resolver.resolveMx(domain);
      return records.map((r) => ({ exchange: r.exchange, priority: r.priority }));
    },
    resolveTxt: (name) => resolver.resolveTxt(name),
    async resolveAddress(domain) {
      const results = await Promise.allSettled([resolver.resolve4(domain), resolver.resolve6(domain)]);
      if (results.some((r) => r.status === 'fulfilled' && r.value.length > 0)) return true;
      const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      const nxdomain = errors.find((e) => dnsErrorCode(e) === 'ENOTFOUND');
      if (nxdomain) throw nxdomain;
      const hard = errors.find((e) => dnsErrorCode(e) !== 'ENODATA');
      if (hard) throw hard;
      return false;
    },
  };
}

/** A resolver as DNS_SERVERS names it. */
export interface DnsServer {
  host: string;
  port: number;
  family: 4 | 6;
}

/** A DNS_SERVERS entry (`ip`, `ip:port` or `[ipv6]:port`; node:dns getServers answers the same forms); throws for
 * anything else. */
export function parseDnsServer(entry: string): DnsServer {
  const port = (p: string | undefined) => {
    const n = Number(p ?? 53);
    if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`not a DNS server address: ${entry}`);
    return n;
  };
  if (isIP(entry) === 6) return { host: entry, port: 53, family: 6 };
  const v6 = /^\[([^\]]+)\]:(\d{1,5})$/.exec(entry);
  if (v6 && isIP(v6[1]) === 6) return { host: v6[1], port: port(v6[2]), family: 6 };
  const v4 = /^([^:]+)(?::(\d{1,5}))?$/.exec(entry);
  if (v4 && isIP(v4[1]) === 4) return { host: v4[1], port: port(v4[2]), family: 4 };
  throw new Error(`not a DNS server address: ${entry}`);
}

/** The Node DNS error code of a failed look-up (ENODATA, ENOTFOUND, ETIMEOUT, ...), or UNKNOWN. */
export function dnsErrorCode(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return 'UNKNOWN';
}

function budgetedResolver(servers: string[], timeoutMs: number): Resolver {
  const perTry = Math.max(50, Math.min(Math.floor(timeoutMs / 2), 5000));
  const resolver = new Resolver({ timeout: perTry, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  return resolver;
}

/**
 * Look-ups of any record type through DNS_SERVERS, answered as dns.promises.resolve does: what mailauth's SPF, DKIM
 * and DMARC checks ask for (src/mail/ingest/mail-auth.ts), with the same per-try budget rule as above.
 */
export function createDnsLookup(servers: string[], timeoutMs: number): (name: string, rrtype: string) => Promise<unknown> {
  const resolver = budgetedResolver(servers, timeoutMs);
  return (name, rrtype) => resolver.resolve(name, rrtype);
}
