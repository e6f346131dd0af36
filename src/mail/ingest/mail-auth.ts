import { isIP } from 'node:net';
import type { components } from '../../../generated/schema.js';
import { createCachedDnsLookup, type DnsCacheOptions } from '../../platform/dns-cache.js';

/**
 * SPF, DKIM and DMARC verdicts for a message as it arrives (mailauth does the checking), within a time budget:
 * whatever has not answered by then is `temperror`, so the sender's 250 is never held longer than the budget.
 */

export type AuthenticationView = components['schemas']['Authentication'];
type AuthResult = components['schemas']['AuthResult'];
type Verdicts = Omit<AuthenticationView, 'header'>;

/** What the SMTP session knows about the sender. */
export interface AuthContext {
  clientIp: string;
  helo: string;
  /** MAIL FROM; empty for a bounce (`<>`). */
  mailFrom: string;
}

/** A DNS look-up as mailauth asks for one (dns.promises.resolve's shape). */
export type AuthDnsLookup = (name: string, rrtype: string) => Promise<unknown>;

export interface MailAuthenticator {
  /** The verdicts, or null when MAIL_AUTH is off. */
  check(raw: Buffer, ctx: AuthContext): Promise<AuthenticationView | null>;
}

const RESULTS: ReadonlySet<string> = new Set<AuthResult>(['pass', 'fail', 'softfail', 'neutral', 'none', 'policy', 'temperror', 'permerror']);
const POLICIES: ReadonlySet<string> = new Set(['none', 'quarantine', 'reject']);

function result(value: unknown): AuthResult {
  return typeof value === 'string' && RESULTS.has(value) ? (value as AuthResult) : 'permerror';
}

const orNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The Authentication-Results header (RFC 8601) the verdicts make: built from them alone, so anyone can rebuild it. */
export function authenticationResultsHeader(authservId: string, v: Verdicts): string {
  const spf = `spf=${v.spf.result}${v.spf.domain ? ` smtp.mailfrom=${v.spf.domain}` : ''}`;
  const dkim = `dkim=${v.dkim.result}${v.dkim.domain ? ` header.d=${v.dkim.domain}` : ''}${v.dkim.selector ? ` header.s=${v.dkim.selector}` : ''}`;
  const dmarc = `dmarc=${v.dmarc.result}${v.dmarc.domain ? ` header.from=${v.dmarc.domain}` : ''}`;
  return `Authentication-Results: ${authservId}; ${spf}; ${dkim}; ${dmarc}`;
}

interface MailauthResult {
  spf?: { domain?: string; status?: { result?: string } } | false;
  dkim?: { results?: Array<{ signingDomain?: string; selector?: string; status?: { result?: string } }> };
  dmarc?: { domain?: string; policy?: string; status?: { result?: string } } | false;
}

function verdicts(res: MailauthResult): Verdicts {
  const signatures = res.dkim?.results ?? [];
  const signature = signatures.find((s) => s.status?.result === 'pass') ?? signatures[0];
  return {
    spf: res.spf ? { result: result(res.spf.status?.result), domain: orNull(res.spf.domain) } : { result: 'none', domain: null },
    dkim: signature
      ? { result: result(signature.status?.result), domain: orNull(signature.signingDomain), selector: orNull(signature.selector) }
      : { result: 'none', domain: null, selector: null },
    dmarc: res.dmarc
      ? { result: result(res.dmarc.status?.result), domain: orNull(res.dmarc.domain), policy: POLICIES.has(res.dmarc.policy ?? '') ? (res.dmarc.policy as 'none') : null }
      : { result: 'none', domain: null, policy: null },
  };
}

const TIMED_OUT: Verdicts = {
  spf: { result: 'temperror', domain: null },
  dkim: { result: 'temperror', domain: null, selector: null },
  dmarc: { result: 'temperror', domain: null, policy: null },
};

/**
 * mailauth's three checks, each from its own module (the paths its typings name), loaded with the first message checked:
 * about 20 MB an instance that receives no mail does not spend. Its main module would also load the ARC and BIMI
 * checks, which Ephemail does not run, and their HTTP client and certificate code (about 5 MB of heap per thread
 * that checks; BENCHMARKS.md, RSS row).
 */
type Checks = {
  dkimVerify: typeof import('mailauth/lib/dkim/verify.js').dkimVerify;
  spf: typeof import('mailauth/lib/spf/index.js').spf;
  dmarc: typeof import('mailauth/lib/dmarc/index.js').dmarc;
  /** What dkimVerify runs the message through (a stream), and how it reads the header block: see unsignedDkim. */
  DkimVerifier: new (options: { resolver: AuthDnsLookup; sender: string }) => DkimVerifierInstance;
  parseHeaders: (header: Buffer) => unknown;
};

/** The parts of mailauth's DkimVerifier (lib/dkim/dkim-verifier.js, untyped) that unsignedDkim uses. */
interface DkimVerifierInstance {
  messageHeaders(headers: unknown): Promise<void>;
  finalChunk(): Promise<void>;
  bodyHashes: Map<string, unknown>;
  headerFrom: DkimAnswer['headerFrom'];
  results: DkimAnswer['results'];
}
type DkimAnswer = Awaited<ReturnType<Checks['dkimVerify']>>;
let mailauth: Promise<Checks> | undefined;
const loadChecks = async (): Promise<Checks> => {
  // CommonJS modules: their exports arrive on the namespace's default.
  const [d, s, m, v, t] = await Promise.all([
    import('mailauth/lib/dkim/verify.js'),
    import('mailauth/lib/spf/index.js'),
    import('mailauth/lib/dmarc/index.js'),
    // @ts-expect-error -- untyped CommonJS modules of mailauth's (the types above say what is used of them)
    import('mailauth/lib/dkim/dkim-verifier.js') as Promise<unknown>,
    // @ts-expect-error -- as above
    import('mailauth/lib/tools.js') as Promise<unknown>,
  ]);
  const cjs = <T>(ns: T): T => ((ns as { default?: T }).default ?? ns);
  const verifier = cjs(v as { DkimVerifier: Checks['DkimVerifier'] });
  const tools = cjs(t as { parseHeaders: Checks['parseHeaders'] });
  return { dkimVerify: cjs(d).dkimVerify, spf: cjs(s).spf, dmarc: cjs(m).dmarc, DkimVerifier: verifier.DkimVerifier, parseHeaders: tools.parseHeaders };
};

/** Where the header block ends as mailauth's MessageParser finds it: after the first LF that ends an empty line. */
function headerBlockEnd(raw: Buffer): number {
  const crlf = raw.indexOf('\n\r\n');
  // Only an LF LF before that one counts, and it would end by it: the body is not read for one.
  const lf = (crlf < 0 ? raw : raw.subarray(0, crlf + 1)).indexOf('\n\n');
  if (lf < 0 && crlf < 0) return -1;
  return lf >= 0 && (crlf < 0 || lf < crlf) ? lf + 2 : crlf + 3;
}

/**
 * dkimVerify's answer for a message with nothing to verify, without streaming the message through it: the header
 * block goes to the same DkimVerifier dkimVerify would make, and when it finds no signature to check (no body hash
 * to compute: no DKIM-Signature, and no ARC set, that it could check), the verifier's own end gives its answer —
 * `none`, with the From header's addresses that DMARC reads. That is what dkimVerify answers for such a message, at
 * about a tenth of its CPU (mailauth's stream reads the whole message a second time after mailparser; BENCHMARKS.md,
 * intake, session 27). Anything with a signature to check, or without a blank line ending its headers, goes through
 * dkimVerify: null.
 */
async function unsignedDkim(checks: Checks, raw: Buffer, sender: string, resolver: AuthDnsLookup): Promise<Pick<DkimAnswer, 'headerFrom' | 'results'> | null> {
  const end = headerBlockEnd(raw);
  if (end < 0) return null;
  const verifier = new checks.DkimVerifier({ resolver, sender });
  await verifier.messageHeaders(checks.parseHeaders(raw.subarray(0, end)));
  if (verifier.bodyHashes.size > 0) return null;
  await verifier.finalChunk();
  return { headerFrom: verifier.headerFrom, results: verifier.results };
}

/** mailauth's DKIM answer for a message (dkimVerify's `headerFrom` and `results`), through unsignedDkim when it can. */
async function dkimOf(checks: Checks, raw: Buffer, sender: string, resolver: AuthDnsLookup): Promise<Pick<DkimAnswer, 'headerFrom' | 'results'>> {
  return (await unsignedDkim(checks, raw, sender, resolver)) ?? (await checks.dkimVerify(raw, { resolver: resolver as never, sender }));
}

/** dkimOf with mailauth loaded (tests: it must answer what dkimVerify answers). */
export async function dkimAnswer(raw: Buffer, sender: string, resolver: AuthDnsLookup): Promise<Pick<DkimAnswer, 'headerFrom' | 'results'>> {
  return dkimOf(await (mailauth ??= loadChecks()), raw, sender, resolver);
}

/**
 * What mailauth's `authenticate` does with ARC and BIMI off and the envelope's facts given (its lib/mailauth.js):
 * DKIM over the message, SPF for the client's IP, HELO and MAIL FROM, then DMARC from the From header's domain and
 * the domains that passed.
 */
async function authenticate(checks: Checks, raw: Buffer, ctx: AuthContext, mta: string, resolver: AuthDnsLookup): Promise<MailauthResult> {
  const dkim = await dkimOf(checks, raw, ctx.mailFrom, resolver);
  const helo = ctx.helo || ctx.clientIp;
  const spf = await checks.spf({ ip: ctx.clientIp, helo: helo && isIP(helo) ? `[${helo}]` : helo, sender: ctx.mailFrom, mta, resolver: resolver as never });
  const passed = (dkim.results ?? []).filter((r) => r.status.result === 'pass');
  const dmarc = dkim.headerFrom
    ? await checks.dmarc({
        headerFrom: dkim.headerFrom,
        spfDomains: spf && spf.status.result === 'pass' && spf.domain ? [spf.domain] : [],
        dkimDomains: passed.map((r) => ({ id: r.id, domain: r.signingDomain, aligned: r.status.aligned, underSized: r.status.underSized })),
        resolver: resolver as never,
      } as never)
    : false;
  return { dkim, spf, dmarc } as unknown as MailauthResult;
}

export function createMailAuthenticator(opts: { enabled: boolean; timeoutMs: number; authservId: string; lookup: AuthDnsLookup }): MailAuthenticator {
  return {
    async check(raw, ctx) {
      if (!opts.enabled) return null;
      const checks = await (mailauth ??= loadChecks());
      let timer: NodeJS.Timeout | undefined;
      const budget = new Promise<Verdicts>((resolve) => {
        timer = setTimeout(() => resolve(TIMED_OUT), opts.timeoutMs);
      });
      const checked = authenticate(checks, raw, ctx, opts.authservId, opts.lookup).then(
        verdicts,
        // A check that breaks (mailauth rejecting odd input) is an error of ours, not of the sender's mail.
        () => TIMED_OUT,
      );
      try {
        const v = await Promise.race([checked, budget]);
        return { ...v, header: authenticationResultsHeader(opts.authservId, v) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** An authenticator's settings as plain data: they cross to the intake worker threads, which build their own. */
export interface MailAuthSettings {
  enabled: boolean;
  timeoutMs: number;
  authservId: string;
  /** The checks' DNS: DNS_SERVERS through a bounded cache (one per thread that checks). */
  dns: DnsCacheOptions;
}

export function mailAuthenticatorFrom(settings: MailAuthSettings): MailAuthenticator {
  const { dns, ...rest } = settings;
  return createMailAuthenticator({ ...rest, lookup: createCachedDnsLookup(dns) });
}
