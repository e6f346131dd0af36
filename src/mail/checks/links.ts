import http from 'node:http';
import https from 'node:https';
import { Resolver } from 'node:dns/promises';
import { Parser } from 'htmlparser2';
import pLimit from 'p-limit';
import { checkTarget, pinnedLookup, systemResolver, TargetRefusedError, type HostResolver, type TargetPolicy } from '../../webhooks/ssrf.js';
import type { components } from '../../../generated/schema.js';

export type LinkCheck = components['schemas']['LinkCheck'];

const MAX_LINKS = 200;
const MAX_REDIRECTS = 10;
const USER_AGENT = 'Ephemail-LinkCheck/1 (+checks a message the user received)';
const ADVICE = 'links are only fetched from public addresses (the operator can allow private ones with LINK_CHECK_ALLOW_PRIVATE or WEBHOOK_ALLOWED_NETWORKS)';

export interface LinkTarget {
  url: string;
  kind: 'link' | 'image';
}

export interface LinkCheckOptions {
  timeoutMs: number;
  concurrency: number;
  policy: TargetPolicy;
  resolve?: HostResolver;
}

/** The distinct http(s) links (`<a href>`) and images (`<img src>`) of an HTML body, then those of the text body. */
export function linkTargets(html: string | null, textLinks: string[]): LinkTarget[] {
  const seen = new Map<string, LinkTarget>();
  const add = (raw: string | undefined, kind: LinkTarget['kind']) => {
    const url = raw?.trim();
    if (!url || !/^https?:\/\//i.test(url) || seen.has(url) || seen.size >= MAX_LINKS) return;
    try {
      new URL(url);
    } catch {
      return;
    }
    seen.set(url, { url, kind });
  };
  if (html) {
    const parser = new Parser({
      onopentag(name, attrs) {
        if (name === 'a') add(attrs.href, 'link');
        else if (name === 'img') add(attrs.src, 'image');
      },
    });
    parser.end(html);
  }
  for (const url of textLinks) add(url, 'link');
  return [...seen.values()];
}

/**
 * A HostResolver through DNS_SERVERS (the system's resolver when none are set), so link checks ask the resolver the
 * operator chose for the service's other look-ups rather than whatever the machine uses.
 */
export function dnsServersResolver(servers: string[]): HostResolver {
  if (servers.length === 0) return systemResolver;
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  resolver.setServers(servers);
  return async (hostname) => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const out = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
    if (out.length === 0) throw v4.status === 'rejected' ? v4.reason : new Error(`${hostname} has no address`);
    return out;
  };
}

function describeError(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return err.errors.map(describeError).join('; ');
  const e = err as NodeJS.ErrnoException;
  return e.code && !e.message.includes(e.code) ? `${e.message} (${e.code})` : e.message || String(err);
}

interface Hop {
  status: number;
  location: string | undefined;
}

/**
 * One request to a checked address (the SSRF rule holds at every hop, and the connection goes to the address that
 * was checked). Only the status line and headers are read; the body is dropped.
 */
async function request(url: URL, method: 'HEAD' | 'GET', options: LinkCheckOptions, signal: AbortSignal): Promise<Hop> {
  const addresses = await checkTarget(url, options.policy, options.resolve ?? systemResolver, ADVICE);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      url,
      { method, headers: { 'user-agent': USER_AGENT, accept: '*/*' }, lookup: pinnedLookup(addresses) as never, agent: false, signal },
      (res) => {
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
        res.destroy();
      },
    );
    req.once('error', reject);
    req.end();
  });
}

/**
 * Follows one URL's redirects with `method`, recording each hop in `redirects` (so a failure further on still
 * shows where the chain went); throws on a refused target, a connection error or too many redirects.
 */
async function follow(start: string, method: 'HEAD' | 'GET', options: LinkCheckOptions, signal: AbortSignal, redirects: string[]): Promise<{ status: number; redirects: string[] }> {
  redirects.length = 0;
  let url = new URL(start);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const { status, location } = await request(url, method, options, signal);
    if (status < 300 || status >= 400 || !location) return { status, redirects };
    url = new URL(location, url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Redirect to a ${url.protocol} URL, which is not fetched`);
    redirects.push(url.href);
  }
  throw new Error(`More than ${MAX_REDIRECTS} redirects`);
}

/** Checks one link within the time budget: HEAD, then GET when HEAD fails or is refused (many servers mishandle HEAD). */
export async function checkLink(target: LinkTarget, options: LinkCheckOptions): Promise<LinkCheck> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const result = (status: number | null, redirects: string[], error: string | null): LinkCheck => ({
    url: target.url,
    kind: target.kind,
    status,
    ok: status !== null && status >= 200 && status < 300,
    redirects,
    error,
  });
  const redirects: string[] = [];
  try {
    try {
      const head = await follow(target.url, 'HEAD', options, controller.signal, redirects);
      if (head.status >= 200 && head.status < 300) return result(head.status, [...redirects], null);
    } catch (err) {
      if (err instanceof TargetRefusedError || controller.signal.aborted) throw err;
    }
    const get = await follow(target.url, 'GET', options, controller.signal, redirects);
    return result(get.status, [...redirects], null);
  } catch (err) {
    if (err instanceof TargetRefusedError) return result(null, [...redirects], `Refused: ${err.message}`);
    if (controller.signal.aborted) return result(null, [...redirects], `No answer within ${options.timeoutMs} ms`);
    return result(null, [...redirects], describeError(err));
  } finally {
    clearTimeout(timer);
  }
}

/** Checks every target, at most `concurrency` at a time, in the targets' order. */
export async function checkLinks(targets: LinkTarget[], options: LinkCheckOptions): Promise<LinkCheck[]> {
  const limit = pLimit(options.concurrency);
  return Promise.all(targets.map((t) => limit(() => checkLink(t, options))));
}
