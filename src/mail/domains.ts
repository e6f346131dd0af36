import { randomBytes } from 'node:crypto';
import { domainToASCII } from 'node:url';
import type { components } from '../../generated/schema.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { findAddress, type AddressRow } from '../db/addresses.js';
import {
  deleteDomainWithAddresses,
  findDomainOfAccount,
  findVerifiedDomain,
  insertDomain,
  listDomainsForAccount,
  recordDomainCheck,
  setCatchAll,
  type DomainRow,
} from '../db/domains.js';
import { createAddress, type AddressPolicy } from './addresses.js';
import { transactWithEvents } from '../db/events.js';
import { eventRecord } from '../platform/events/contract.js';
import { DomainError, errors, invalid } from '../platform/errors.js';
import type { DnsResolver } from '../platform/dns.js';
import { newId } from '../platform/ids.js';

export type DomainPolicy = AddressPolicy & Pick<Config, 'smtpHostname'>;

/** A DNS record to publish and a domain as the API shows them: the spec's `DnsRecord` and `Domain` schemas. */
export type DnsRecordView = components['schemas']['DnsRecord'];
export type DomainView = components['schemas']['Domain'];

export interface DomainCheck {
  type: 'TXT' | 'MX';
  name: string;
  expected: string;
  found: string[];
  status: 'ok' | 'missing' | 'mismatch' | 'error';
  required: boolean;
  message: string;
}

export interface DomainVerification {
  verified: boolean;
  message: string;
  checks: DomainCheck[];
  domain: DomainView;
}

export const TXT_PREFIX = 'ephemail-verification=';
export const MX_PRIORITY = 10;

export function txtName(domain: string): string {
  return `_ephemail.${domain}`;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The stored form of a domain name: lowercased, without a trailing dot, in ASCII (punycode); null when not a fully
 * qualified host name (at least two labels of letters, digits and inner hyphens; a numeric TLD means an IP). */
export function canonicalDomain(input: string): string | null {
  const trimmed = input.trim().toLowerCase().replace(/\.$/, '');
  const ascii = domainToASCII(trimmed);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels[labels.length - 1])) return null;
  return ascii;
}

export function domainView(row: DomainRow, smtpHostname: string): DomainView {
  return {
    domain: row.domain,
    verified: row.verified_at !== null,
    verified_at: row.verified_at,
    catch_all: row.catch_all,
    created_at: row.created_at,
    last_checked_at: row.last_checked_at,
    last_error: row.last_error,
    records: [
      { type: 'TXT', name: txtName(row.domain), value: `${TXT_PREFIX}${row.token}` },
      { type: 'MX', name: row.domain, value: smtpHostname.replace(/\.$/, ''), priority: MX_PRIORITY },
    ],
  };
}

function takenByAnother(domain: string): DomainError {
  return new DomainError(
    'domain_exists',
    `${domain} is already verified by another account; a domain belongs to the first account that verifies it.`,
  );
}

export async function addDomain(db: Db, policy: DomainPolicy, accountId: string, input: string, now = new Date()): Promise<DomainRow> {
  const domain = canonicalDomain(input);
  if (!domain) throw invalid(`domain must be a fully qualified domain name such as qa.example.com (got "${input.trim()}")`);
  if (policy.mailDomains.includes(domain)) {
    throw new DomainError('domain_not_allowed', `${domain} is one of this platform's own domains; create addresses on it directly, without adding it.`);
  }
  const mine = await findDomainOfAccount(db, accountId, domain);
  if (mine) throw errors.domainExists(domain, mine.verified_at ? '' : ' (not yet verified)');
  const verified = await findVerifiedDomain(db, domain);
  if (verified) throw takenByAnother(domain);
  const row: DomainRow = {
    id: newId('dom'),
    account_id: accountId,
    domain,
    token: randomBytes(16).toString('hex'),
    verified_at: null,
    catch_all: null,
    created_at: now.toISOString(),
    last_checked_at: null,
    last_error: null,
  };
  // The same account added it twice at once: the loser hears what a later attempt would.
  if (!(await insertDomain(db, row))) throw errors.domainExists(domain);
  return row;
}

/** The caller's claim on a domain, or 404 — another account's domain answers exactly like a missing one. */
export async function requireOwnDomain(db: Db, accountId: string, input: string): Promise<DomainRow> {
  const domain = canonicalDomain(input) ?? input.trim().toLowerCase();
  const row = await findDomainOfAccount(db, accountId, domain);
  if (!row) throw new DomainError('domain_not_found', `No domain ${domain} in your account.`);
  return row;
}

export async function listDomainViews(
  db: Db,
  policy: Pick<Config, 'smtpHostname'>,
  accountId: string,
  page: { limit: number; offset: number },
): Promise<{ domains: DomainView[]; count: number }> {
  const { rows, count } = await listDomainsForAccount(db, accountId, page);
  return { domains: rows.map((r) => domainView(r, policy.smtpHostname)), count };
}

const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND']);
const TIMED_OUT = new Set(['ETIMEOUT', 'ETIMEDOUT']);

type Lookup<T> = { ok: true; value: T } | { ok: false; code: string };

/** The look-up's answer or its DNS error code; 'ETIMEOUT' once `deadline` (epoch ms) passes. */
async function lookup<T>(work: () => Promise<T>, deadline: number): Promise<Lookup<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Lookup<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, code: 'ETIMEOUT' }), Math.max(0, deadline - Date.now()));
  });
  const attempt = work().then(
    (value): Lookup<T> => ({ ok: true, value }),
    (err: unknown): Lookup<T> => ({ ok: false, code: typeof (err as { code?: unknown })?.code === 'string' ? (err as { code: string }).code : 'UNKNOWN' }),
  );
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function failedCheck(base: Omit<DomainCheck, 'status' | 'message' | 'found'>, code: string): DomainCheck {
  return {
    ...base,
    found: [],
    status: 'error',
    message: TIMED_OUT.has(code)
      ? `The DNS look-up of ${base.type} records at ${base.name} timed out; try again.`
      : `The DNS look-up of ${base.type} records at ${base.name} failed (${code}); try again.`,
  };
}

async function checkTxt(resolver: DnsResolver, row: DomainRow, deadline: number): Promise<DomainCheck> {
  const base = { type: 'TXT' as const, name: txtName(row.domain), expected: `${TXT_PREFIX}${row.token}`, required: true };
  const res = await lookup(() => resolver.resolveTxt(base.name), deadline);
  if (!res.ok && !NO_RECORD.has(res.code)) return failedCheck(base, res.code);
  // A long TXT record arrives split into several character strings; its text is their concatenation.
  const found = res.ok ? res.value.map((chunks) => chunks.join('')) : [];
  if (found.some((v) => v.trim() === base.expected)) {
    return { ...base, found, status: 'ok', message: `The TXT record at ${base.name} carries your token.` };
  }
  if (found.length === 0) return { ...base, found, status: 'missing', message: `No TXT record at ${base.name}; publish "${base.expected}" there.` };
  const otherToken = found.some((v) => v.trim().startsWith(TXT_PREFIX));
  return {
    ...base,
    found,
    status: 'mismatch',
    message: otherToken
      ? `The TXT record at ${base.name} carries another token; publish "${base.expected}" (your token) there.`
      : `No TXT record at ${base.name} is "${base.expected}"; publish it there.`,
  };
}

async function checkMx(resolver: DnsResolver, row: DomainRow, smtpHostname: string, deadline: number): Promise<DomainCheck> {
  const expected = smtpHostname.replace(/\.$/, '');
  const base = { type: 'MX' as const, name: row.domain, expected, required: false };
  const res = await lookup(() => resolver.resolveMx(row.domain), deadline);
  if (!res.ok && !NO_RECORD.has(res.code)) return failedCheck(base, res.code);
  const found = res.ok ? res.value.map((r) => r.exchange.replace(/\.$/, '')) : [];
  if (found.some((h) => h.toLowerCase() === expected.toLowerCase())) {
    return { ...base, found, status: 'ok', message: `An MX record of ${row.domain} points to ${expected}.` };
  }
  if (found.length === 0) {
    return { ...base, found, status: 'missing', message: `${row.domain} has no MX record; mail reaches this server only once one points to ${expected}.` };
  }
  return { ...base, found, status: 'mismatch', message: `No MX record of ${row.domain} points to ${expected} (found ${found.join(', ')}); mail may not reach this server.` };
}

/**
 * Looks the TXT and MX records up and records the outcome. The TXT record alone decides; verification, once
 * achieved, is kept. Another account's verified claim answers 409 before any DNS query.
 */
export async function verifyDomain(
  db: Db,
  resolver: DnsResolver,
  policy: DomainPolicy & { timeoutMs: number },
  accountId: string,
  input: string,
  now = new Date(),
): Promise<DomainVerification> {
  let row = await requireOwnDomain(db, accountId, input);
  const owner = await findVerifiedDomain(db, row.domain);
  if (owner && owner.account_id !== accountId) throw takenByAnother(row.domain);

  const deadline = Date.now() + policy.timeoutMs;
  const [txt, mx] = await Promise.all([checkTxt(resolver, row, deadline), checkMx(resolver, row, policy.smtpHostname, deadline)]);
  const passed = txt.status === 'ok';
  const checkedAt = now.toISOString();
  // Another account may have verified it between our check above and this write.
  if (!(await recordDomainCheck(db, row.id, { checkedAt, error: passed ? null : txt.message, verifiedAt: passed ? checkedAt : null }))) {
    throw takenByAnother(row.domain);
  }
  row = (await findDomainOfAccount(db, accountId, row.domain)) ?? row;
  const verified = row.verified_at !== null;
  const mxNote = mx.status === 'ok' ? '' : ` Note: ${mx.message}`;
  const message = passed
    ? `${row.domain} is verified.${mxNote}`
    : verified
      ? `${row.domain} stays verified, but this check did not find the TXT record: ${txt.message}${mxNote}`
      : `${row.domain} is not verified: ${txt.message}${mxNote}`;
  return { verified, message, checks: [txt, mx], domain: domainView(row, policy.smtpHostname) };
}

/**
 * Sets (creating the address when missing, with the longest lifetime allowed) or clears the catch-all. Returns the
 * domain as it now stands and the address created, if any.
 */
export async function setDomainCatchAll(
  db: Db,
  policy: DomainPolicy,
  accountId: string,
  input: string,
  catchAll: string | null,
  now = new Date(),
): Promise<{ domain: DomainRow; created: AddressRow | null }> {
  const row = await requireOwnDomain(db, accountId, input);
  if (!row.verified_at) {
    throw new DomainError('domain_not_allowed', `${row.domain} is not verified yet; verify it before setting a catch-all.`);
  }
  if (catchAll === null) {
    await setCatchAll(db, row.id, null);
    return { domain: { ...row, catch_all: null }, created: null };
  }
  const local = catchAll.trim().toLowerCase();
  const address = `${local}@${row.domain}`;
  const existing = await findAddress(db, address);
  let created: AddressRow | null = null;
  if (existing && existing.account_id !== accountId) {
    throw errors.addressExists(address, 'it belongs to another account; choose another catch-all');
  }
  if (!existing) {
    created = await createAddress(db, policy, accountId, { domain: row.domain, prefix: local, expires_in: policy.maxAddressLifetime }, now);
  }
  await setCatchAll(db, row.id, local);
  return { domain: { ...row, catch_all: local }, created };
}

/** Deletes the claim and the account's addresses on the domain, announcing each address.deleted; answers what went. */
export async function deleteDomain(db: Db, accountId: string, input: string, now = new Date()): Promise<{ domain: string; addresses: AddressRow[] }> {
  const row = await requireOwnDomain(db, accountId, input);
  const addresses = await transactWithEvents(db, async (trx, emit) => {
    const gone = await deleteDomainWithAddresses(trx, row);
    const at = now.toISOString();
    for (const a of gone) emit(eventRecord({ type: 'address.deleted', accountId, addressId: a.id, address: a.address, at }, now));
    return gone;
  });
  return { domain: row.domain, addresses };
}
