/**
 * Email deliverability check: syntax, the platform's own mailboxes, DNS MX records and an optional SMTP RCPT probe.
 *
 * Steps, in order (each documented choice is what the API reports):
 * 1. Syntax (validateEmail). Invalid => `undeliverable` / `invalid_syntax`; no DNS query is made.
 * 2. Own domains: when `localLookup` knows the domain, `live` => `deliverable` / `mailbox_exists` and `gone` =>
 *    `undeliverable` / `mailbox_not_found`, answered without DNS (`checks.mx` is true: the platform receives mail for
 *    its domains; `mxRecords` is empty because none were looked up).
 * 3. Flags: `disposable`, `free` and `role` from the reference lists (see email-lists.ts); `didYouMean` is the full
 *    corrected address when the domain looks like a typo of a well-known provider, else null.
 * 4. MX look-up on the ASCII (punycode) domain. No MX record (NODATA) => the A/AAAA records are tried, because a
 *    domain with an address and no MX still receives mail (implicit MX, RFC 5321 §5.1); it is then reported as the
 *    single record `{ exchange: <domain>, priority: 0 }`. Neither => `undeliverable` / `no_mx_records`. A domain that
 *    does not exist (NXDOMAIN) => `undeliverable` / `domain_not_found`. A "null MX" (a single `.` record, RFC 7505)
 *    says the domain accepts no mail => `undeliverable` / `null_mx`. A DNS timeout, or the whole `timeoutMs` budget
 *    running out, => `unknown` / `dns_timeout`; any other DNS failure (SERVFAIL, refused, unreachable server) =>
 *    `unknown` / `dns_error`; `checks.mx` is null in both.
 * 5. Optional SMTP probe (`smtpProbe.enabled`): one connection to the best (lowest priority value) MX host, then
 *    220 greeting, EHLO (HELO if refused), MAIL FROM, RCPT TO, QUIT. 2xx on RCPT => `checks.smtp` true; 5xx =>
 *    false, except a 5.7.x policy refusal (the server refuses *us*, not the mailbox), which is inconclusive; anything
 *    else, a timeout or a failed connection => null. The probe gets min(smtpProbe.timeoutMs, what is left of the
 *    budget).
 * 6. Verdict once syntax and MX are fine, first match wins:
 *    smtp false => `undeliverable` / `rejected_email`; disposable => `risky` / `disposable_domain`; role => `risky` /
 *    `role_account`; probe enabled but inconclusive => `unknown` / `smtp_unreachable` (no SMTP conversation: connection
 *    failed, timed out or no 220 greeting) or `smtp_inconclusive` (the server talked but answered RCPT, MAIL or
 *    EHLO/HELO with something other than 2xx/5xx, e.g. greylisting, or refused on policy grounds); otherwise
 *    `deliverable` / `accepted_email`. Without the SMTP probe, "deliverable" means the domain accepts mail, not that
 *    this particular mailbox exists.
 *
 * `timeoutMs` bounds the whole call: every awaited step races a timer, so a resolver that never answers still yields
 * `unknown` within the budget (a `localLookup` that does not answer in time gives `unknown` / `lookup_timeout`).
 */
import net from 'node:net';
import type { components } from '../../../generated/schema.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { localAddressState } from '../../mail/addresses.js';
import { dnsErrorCode as errorCode, type MxRecord, type MxResolver } from '../../platform/dns.js';
import { analyzeEmail } from './validate.js';
import { isDisposableDomain, isFreeDomain, isRoleLocalPart } from './lists.js';

export type LocalAddressState = 'live' | 'gone';

export interface VerifyDeps {
  resolver: MxResolver;
  /** Whole-verify budget; the function settles within it (plus a few milliseconds) even if DNS never answers. */
  timeoutMs: number;
  /**
   * For addresses on the platform's own domains: 'live' / 'gone', and the verify answers without DNS. Return null when
   * the domain is not ours. Called with the local part as given and the domain lowercased (Unicode form).
   */
  localLookup?: (address: string) => Promise<LocalAddressState | null>;
  smtpProbe?: { enabled: boolean; timeoutMs: number; heloName: string; mailFrom: string; port?: number };
}

/** What verify answers: the spec's VerifyData. */
export type VerifyResult = components['schemas']['VerifyData'];

/** Verify's dependencies as the server wires them: DNS_SERVERS, the VERIFY_* settings, our own addresses from the store. */
export function verifyDepsFor(ctx: { config: Config; database: { db: Db }; dns: MxResolver }): VerifyDeps {
  const { config } = ctx;
  return {
    resolver: ctx.dns,
    timeoutMs: config.verify.timeoutMs,
    localLookup: (email) => localAddressState(ctx.database.db, config, email),
    smtpProbe: {
      enabled: config.verify.smtpProbe,
      timeoutMs: config.verify.timeoutMs,
      heloName: config.smtpHostname,
      mailFrom: config.verify.smtpProbeFrom,
    },
  };
}

const TIMEOUT: unique symbol = Symbol('timeout');

/** Resolves with the value of `work()`, or TIMEOUT once `deadline` (epoch ms) passes; never leaves a rejection unhandled. */
function beforeDeadline<T>(work: () => Promise<T>, deadline: number): Promise<T | typeof TIMEOUT> {
  const pending = Promise.resolve().then(work);
  pending.catch(() => undefined); // a late rejection after the timer won must not crash the process
  const ms = deadline - Date.now();
  if (ms <= 0) return Promise.resolve(TIMEOUT);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(TIMEOUT), ms);
    pending.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const TIMEOUT_CODES = new Set(['ETIMEOUT', 'ETIMEDOUT']);
const NO_RECORD_CODES = new Set(['ENODATA', 'ENOTFOUND']);

type MxOutcome =
  | { kind: 'ok'; records: MxRecord[] }
  | { kind: 'null_mx' }
  | { kind: 'no_mx' }
  | { kind: 'nxdomain' }
  | { kind: 'timeout' }
  | { kind: 'error' };

function failure(code: string): MxOutcome {
  return TIMEOUT_CODES.has(code) ? { kind: 'timeout' } : { kind: 'error' };
}

async function lookupMx(resolver: MxResolver, domain: string, deadline: number): Promise<MxOutcome> {
  let records: MxRecord[] | typeof TIMEOUT | undefined;
  let code = 'ENODATA';
  try {
    records = await beforeDeadline(() => resolver.resolveMx(domain), deadline);
  } catch (error) {
    code = errorCode(error);
  }
  if (records === TIMEOUT) return { kind: 'timeout' };
  if (Array.isArray(records) && records.length > 0) {
    const usable = records.filter((r) => r.exchange !== '' && r.exchange !== '.');
    if (usable.length === 0) return { kind: 'null_mx' };
    const sorted = usable
      .map((r) => ({ exchange: r.exchange.replace(/\.$/, ''), priority: r.priority }))
      .sort((a, b) => a.priority - b.priority || a.exchange.localeCompare(b.exchange));
    return { kind: 'ok', records: sorted };
  }
  if (!NO_RECORD_CODES.has(code)) return failure(code);

  // No MX (or no such domain): look for an A/AAAA record, the implicit MX.
  const nxdomain = code === 'ENOTFOUND';
  let hasAddress: boolean | typeof TIMEOUT;
  try {
    hasAddress = await beforeDeadline(() => resolver.resolveAddress(domain), deadline);
  } catch (error) {
    if (nxdomain) return { kind: 'nxdomain' };
    const addressCode = errorCode(error);
    return NO_RECORD_CODES.has(addressCode) ? { kind: 'no_mx' } : failure(addressCode);
  }
  if (hasAddress === true) return { kind: 'ok', records: [{ exchange: domain, priority: 0 }] };
  if (nxdomain) return { kind: 'nxdomain' };
  return hasAddress === TIMEOUT ? { kind: 'timeout' } : { kind: 'no_mx' };
}

// ---------------------------------------------------------------------------------------------------------------
// SMTP RCPT probe

export type SmtpProbeOutcome = 'accepted' | 'rejected' | 'inconclusive' | 'unreachable';

export interface SmtpProbeOptions {
  host: string;
  port: number;
  timeoutMs: number;
  heloName: string;
  mailFrom: string;
  rcptTo: string;
}

/**
 * Asks an SMTP server whether it would accept mail for `rcptTo`, without sending any message:
 * 220 greeting -> EHLO (HELO if EHLO is refused) -> MAIL FROM -> RCPT TO -> QUIT.
 * Result: `accepted` (2xx on RCPT), `rejected` (5xx on RCPT, other than a 5.7.x policy refusal), `inconclusive` (the
 * server talked but gave no clear answer) or `unreachable` (no connection, no 220 greeting, or timeout before it).
 * Settles within `timeoutMs`; the socket is always destroyed.
 */
export function probeSmtp(options: SmtpProbeOptions): Promise<SmtpProbeOutcome> {
  const { host, port, timeoutMs, heloName, mailFrom, rcptTo } = options;
  return new Promise((resolve) => {
    let settled = false;
    let greeted = false;
    let step: 'greeting' | 'ehlo' | 'helo' | 'mail' | 'rcpt' = 'greeting';
    let buffer = '';
    const socket = net.connect({ host, port });
    socket.setEncoding('utf8');

    const timer = setTimeout(() => finish(greeted ? 'inconclusive' : 'unreachable'), Math.max(1, timeoutMs));

    /** Settles once; with `quit`, says goodbye politely and destroys the socket shortly after (or on close). */
    function finish(outcome: SmtpProbeOutcome, quit = false): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
      if (!quit) {
        socket.destroy();
        return;
      }
      const linger = setTimeout(() => socket.destroy(), 500);
      linger.unref();
      socket.once('close', () => clearTimeout(linger));
      socket.end('QUIT\r\n');
    }
    const send = (line: string): void => {
      socket.write(`${line}\r\n`);
    };

    function onReply(code: number, text: string): void {
      const ok = code >= 200 && code < 300;
      switch (step) {
        case 'greeting':
          if (code !== 220) return finish('unreachable', true);
          greeted = true;
          step = 'ehlo';
          return send(`EHLO ${heloName}`);
        case 'ehlo':
          step = ok ? 'mail' : 'helo';
          return send(ok ? `MAIL FROM:<${mailFrom}>` : `HELO ${heloName}`);
        case 'helo':
          if (!ok) return finish('inconclusive', true);
          step = 'mail';
          return send(`MAIL FROM:<${mailFrom}>`);
        case 'mail':
          if (!ok) return finish('inconclusive', true);
          step = 'rcpt';
          return send(`RCPT TO:<${rcptTo}>`);
        case 'rcpt': {
          // 5.7.x is a security/policy refusal (blocked client, no reverse DNS...), not a verdict on the mailbox.
          const policy = /^5\.7\.\d{1,3}\b/.test(text);
          return finish(ok ? 'accepted' : code >= 500 && code < 600 && !policy ? 'rejected' : 'inconclusive', true);
        }
      }
    }

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > 65536) return finish('inconclusive'); // a misbehaving peer, not an SMTP server
      let newline: number;
      while (!settled && (newline = buffer.indexOf('\n')) !== -1) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        const match = /^(\d{3})([ -]?)(.*)$/.exec(line);
        if (!match) return finish(greeted ? 'inconclusive' : 'unreachable');
        if (match[2] === '-') continue; // continuation line of a multi-line reply
        onReply(Number(match[1]), match[3].trim());
      }
    });
    socket.on('error', () => finish(greeted ? 'inconclusive' : 'unreachable'));
    socket.on('close', () => finish(greeted ? 'inconclusive' : 'unreachable'));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Verify

export async function verifyEmail(email: string, deps: VerifyDeps): Promise<VerifyResult> {
  const deadline = Date.now() + Math.max(0, deps.timeoutMs);
  const analysis = analyzeEmail(email);
  const { localPart, asciiDomain, domain } = analysis;
  const disposable = asciiDomain !== null && isDisposableDomain(asciiDomain);
  const checks: VerifyResult['checks'] = {
    syntax: analysis.result.isValid,
    mx: null,
    disposable,
    role: localPart !== null && isRoleLocalPart(localPart),
    free: asciiDomain !== null && !disposable && isFreeDomain(asciiDomain),
    smtp: null,
  };
  const answer = (result: VerifyResult['result'], reason: string, mxRecords: MxRecord[] = []): VerifyResult => ({
    email: analysis.address,
    result,
    reason,
    checks,
    mxRecords,
    didYouMean: analysis.suggestion,
  });

  if (!analysis.result.isValid || localPart === null || asciiDomain === null || domain === null) {
    checks.syntax = false;
    return answer('undeliverable', 'invalid_syntax');
  }

  if (deps.localLookup) {
    const lookup = deps.localLookup;
    const state = await beforeDeadline(() => lookup(`${localPart}@${domain}`), deadline);
    if (state === TIMEOUT) return answer('unknown', 'lookup_timeout');
    if (state === 'live' || state === 'gone') {
      checks.mx = true;
      return state === 'live' ? answer('deliverable', 'mailbox_exists') : answer('undeliverable', 'mailbox_not_found');
    }
  }

  const mx = await lookupMx(deps.resolver, asciiDomain, deadline);
  switch (mx.kind) {
    case 'timeout':
      return answer('unknown', 'dns_timeout');
    case 'error':
      return answer('unknown', 'dns_error');
    case 'nxdomain':
      checks.mx = false;
      return answer('undeliverable', 'domain_not_found');
    case 'no_mx':
      checks.mx = false;
      return answer('undeliverable', 'no_mx_records');
    case 'null_mx':
      checks.mx = false;
      return answer('undeliverable', 'null_mx');
  }
  checks.mx = true;
  const records = mx.records;

  let probe: SmtpProbeOutcome | null = null;
  const smtp = deps.smtpProbe;
  if (smtp?.enabled) {
    const budget = Math.min(smtp.timeoutMs, deadline - Date.now());
    const outcome =
      budget < 20
        ? TIMEOUT
        : await beforeDeadline(
            () =>
              probeSmtp({
                host: records[0].exchange,
                port: smtp.port ?? 25,
                timeoutMs: budget,
                heloName: smtp.heloName,
                mailFrom: smtp.mailFrom,
                rcptTo: `${localPart}@${asciiDomain}`,
              }),
            deadline + 50, // the probe enforces its own timeout; this is only a safety net
          );
    probe = outcome === TIMEOUT ? 'unreachable' : outcome;
    checks.smtp = probe === 'accepted' ? true : probe === 'rejected' ? false : null;
  }

  if (probe === 'rejected') return answer('undeliverable', 'rejected_email', records);
  if (checks.disposable) return answer('risky', 'disposable_domain', records);
  if (checks.role) return answer('risky', 'role_account', records);
  if (probe === 'unreachable') return answer('unknown', 'smtp_unreachable', records);
  if (probe === 'inconclusive') return answer('unknown', 'smtp_inconclusive', records);
  return answer('deliverable', 'accepted_email', records);
}
