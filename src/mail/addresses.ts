import { randomInt } from 'node:crypto';
import { domainToASCII } from 'node:url';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import {
  countMessagesOf,
  deleteAddressById,
  findAddress,
  insertAddress,
  listAddressesForAccount,
  setAddressExpiry,
  type AddressRow,
} from '../db/addresses.js';
import { findDomainOfAccount, findVerifiedDomain } from '../db/domains.js';
import type { components } from '../../generated/schema.js';
import { transactWithEvents } from '../db/events.js';
import { DomainError, errors, invalid } from '../platform/errors.js';
import { eventRecord } from '../platform/events/contract.js';
import { addressMatcher, likePatterns } from '../identity/key-rights.js';
import { checkAddress } from '../platform/email-address.js';
import { SANDBOX_DOMAIN } from '../db/sandboxes.js';
import { newId } from '../platform/ids.js';

/** An address as the API shows it: the spec's `Address` schema. */
export type AddressView = components['schemas']['Address'];

export type AddressPolicy = Pick<Config, 'mailDomains' | 'addressTtl' | 'maxAddressLifetime'>;

// Readable random prefixes: adjective-noun-NNNN gives 48·48·9000 ≈ 20 million names before retries are needed.
const ADJECTIVES = 'amber brave calm clever cosy crisp dapper eager fancy gentle happy jolly keen lively lucky merry mellow nimble noble plucky polite proud quick quiet rapid rosy shiny silent sleek snappy sunny swift tidy vivid warm witty zesty bold bright brisk breezy cheery daring frosty golden humble misty sandy'.split(' ');
const NOUNS = 'otter falcon badger heron lynx panda koala raven robin salmon tiger walrus zebra beaver bison camel dolphin eagle ferret gecko hare ibis jaguar lemur marten newt ocelot parrot quail rabbit seal toucan urchin viper wombat yak alpaca bobcat cobra dingo egret finch gopher hippo iguana jackal kiwi'.split(' ');

export function randomPrefix(): string {
  return `${ADJECTIVES[randomInt(ADJECTIVES.length)]}-${NOUNS[randomInt(NOUNS.length)]}-${randomInt(1000, 10000)}`;
}

export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

export function isExpired(row: Pick<AddressRow, 'expires_at'>, now = new Date()): boolean {
  return row.expires_at <= now.toISOString();
}

function toView(row: AddressRow, messageCount: number, now = new Date()): AddressView {
  return {
    email: row.address,
    domain: row.domain,
    prefix: row.local_part,
    created_at: row.created_at,
    expires_at: row.expires_at,
    expired: isExpired(row, now),
    message_count: messageCount,
  };
}

/** One of the platform's own domains (MAIL_DOMAINS). Verified custom domains are served too, for their owner:
 * see usableDomain and resolveRecipient. */
export function isServedDomain(policy: AddressPolicy, domain: string): boolean {
  return policy.mailDomains.includes(domain.toLowerCase());
}

/** Custom domains are stored in ASCII (punycode) form. */
function asciiDomain(domain: string): string {
  return domainToASCII(domain) || domain;
}

/**
 * The domain a new address of `accountId` may use, in its stored form: a platform domain, or one of the account's
 * verified custom domains. Otherwise 422 domain_not_allowed saying why, without telling whether a stranger owns it.
 */
async function usableDomain(db: Db, policy: AddressPolicy, accountId: string, domain: string): Promise<string> {
  if (isServedDomain(policy, domain)) return domain;
  const custom = await findDomainOfAccount(db, accountId, asciiDomain(domain));
  if (custom?.verified_at) return custom.domain;
  if (custom) {
    throw new DomainError(
      'domain_not_allowed',
      `${domain} is not verified yet: publish its TXT record and call POST /api/v1/domains/${custom.domain}/verify first.`,
    );
  }
  throw new DomainError(
    'domain_not_allowed',
    `${domain} is not served here; use one of: ${policy.mailDomains.join(', ')}, or one of your verified custom domains (add one with POST /api/v1/domains).`,
  );
}

export async function createAddress(
  db: Db,
  policy: AddressPolicy,
  accountId: string,
  request: { domain?: string; prefix?: string; expires_in?: number },
  now = new Date(),
  /** A restricted key's patterns: an address outside them is refused as if it could not exist (404). */
  patterns?: readonly string[],
): Promise<AddressRow> {
  const allowed = patterns ? addressMatcher(patterns) : () => true;
  const domain = await usableDomain(db, policy, accountId, (request.domain ?? policy.mailDomains[0]).trim().toLowerCase().replace(/\.$/, ''));
  const lifetime = Math.min(request.expires_in ?? policy.addressTtl, policy.maxAddressLifetime);
  if (lifetime < 10) throw invalid('expires_in must be >= 10');
  const created = now.toISOString();
  const expires = new Date(now.getTime() + lifetime * 1000).toISOString();

  const explicit = request.prefix !== undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const prefix = explicit ? request.prefix!.trim().toLowerCase() : randomPrefix();
    const address = `${prefix}@${domain}`;
    if (!allowed(address)) {
      throw errors.addressNotFound(address, { why: explicit ? 'it is outside the addresses this key is restricted to' : 'a random prefix is outside the addresses this key is restricted to; give a prefix that matches' });
    }
    const check = checkAddress(address);
    if (!check.isValid) {
      throw invalid(`prefix does not make a valid address: ${check.errors.map((e) => e.message).join(' ')}`);
    }
    const row: AddressRow = {
      id: newId('adr'),
      account_id: accountId,
      address,
      local_part: prefix,
      domain,
      created_at: created,
      expires_at: expires,
      faults_updated_at: null,
    };
    const taken = () => {
      if (explicit) throw errors.addressExists(address);
    };
    if (await findAddress(db, address)) {
      taken();
      continue;
    }
    // The address and its address.created event commit together; a name taken meanwhile (a race the unique index
    // decides) gets the same answer as the check above.
    const inserted = await transactWithEvents(db, async (trx, emit) => {
      if (!(await insertAddress(trx, row))) return false;
      emit(eventRecord({ type: 'address.created', accountId, addressId: row.id, address, at: created, expiresAt: expires }, now));
      return true;
    });
    if (inserted) return row;
    taken();
  }
  throw new DomainError('address_exists', 'Could not find a free random address; try again or give a prefix.');
}

/**
 * The caller's address, or 404. Another account's address answers exactly like a missing one, so the API never
 * tells a stranger that an address exists.
 */
/** The account's address (a sandbox's mailbox is not one: see requireOwnMailbox), or 404 address_not_found. */
export async function requireOwnAddress(db: Db, accountId: string, address: string): Promise<AddressRow> {
  const row = await requireOwnMailbox(db, accountId, address);
  if (row.domain === SANDBOX_DOMAIN) throw errors.addressNotFound(row.address);
  return row;
}

/**
 * Where the account's mail is read: one of its addresses or a sandbox's mailbox (`<sandbox id>@sandbox.invalid`),
 * which the message operations take as they take an address. Otherwise 404 address_not_found.
 */
export async function requireOwnMailbox(db: Db, accountId: string, address: string): Promise<AddressRow> {
  const normalized = normalizeAddress(address);
  const row = await findAddress(db, normalized);
  assertOwnMailbox(row, accountId, normalized);
  return row;
}

/** The mailbox found at `address` (normalized) is the account's, or 404 address_not_found: what makes it "own". */
export function assertOwnMailbox<T extends { account_id: string }>(mailbox: T | undefined, accountId: string, address: string): asserts mailbox is T {
  if (!mailbox || mailbox.account_id !== accountId) throw errors.addressNotFound(address);
}

export async function getAddressView(db: Db, accountId: string, address: string): Promise<AddressView> {
  const row = await requireOwnAddress(db, accountId, address);
  return toView(row, await countMessagesOf(db, row.id));
}

export async function listAddressViews(
  db: Db,
  accountId: string,
  page: { limit: number; offset: number },
  /** A restricted key's patterns: only matching addresses are listed (and counted). */
  patterns?: readonly string[],
): Promise<{ addresses: AddressView[]; count: number }> {
  const { rows, count } = await listAddressesForAccount(db, accountId, page, patterns && likePatterns(patterns));
  const now = new Date();
  return { addresses: rows.map((r) => toView(r, r.message_count, now)), count };
}

export async function deleteAddress(
  db: Db,
  accountId: string,
  address: string,
  now = new Date(),
): Promise<{ address: string; addressId: string; messages: number }> {
  const row = await requireOwnAddress(db, accountId, address);
  const messages = await countMessagesOf(db, row.id);
  await transactWithEvents(db, async (trx, emit) => {
    // Two deletes racing: only the one that removed the row announces it.
    if ((await deleteAddressById(trx, row.id)) === 0) return;
    emit(eventRecord({ type: 'address.deleted', accountId, addressId: row.id, address: row.address, at: now.toISOString() }, now));
  });
  return { address: row.address, addressId: row.id, messages };
}

/**
 * New expiry = now + expires_in (default ADDRESS_TTL), capped at created_at + MAX_ADDRESS_LIFETIME, and never
 * earlier than the current expiry. An expired address not yet purged comes back to life.
 */
export async function extendAddress(
  db: Db,
  policy: AddressPolicy,
  accountId: string,
  address: string,
  expiresIn: number | undefined,
  now = new Date(),
): Promise<string> {
  const row = await requireOwnAddress(db, accountId, address);
  const wanted = now.getTime() + (expiresIn ?? policy.addressTtl) * 1000;
  const cap = Date.parse(row.created_at) + policy.maxAddressLifetime * 1000;
  const next = Math.max(Math.min(wanted, cap), Date.parse(row.expires_at));
  const iso = new Date(next).toISOString();
  if (iso !== row.expires_at) await setAddressExpiry(db, row.id, iso);
  return iso;
}

/** `live` carries whether the address has an SMTP fault profile (src/mail/faults.ts). */
export type RecipientState =
  | { kind: 'live'; addressId: string; accountId: string; address: string; faults: boolean }
  | { kind: 'unknown' }
  | { kind: 'relay' };

const live = (row: AddressRow): RecipientState => ({ kind: 'live', addressId: row.id, accountId: row.account_id, address: row.address, faults: row.faults_updated_at !== null });

/**
 * What SMTP does with a recipient: `relay` for a domain we do not serve — neither a platform domain nor a verified
 * custom domain — (550 5.7.1, no open relay), `unknown` for an address that does not exist, was deleted or has
 * expired (550 5.1.1), `live` otherwise. On a custom domain with a catch-all, a recipient that is not live is
 * delivered to the catch-all address when that one is live (`address` is then the catch-all's). `find` reads an
 * address by name: SMTP passes its RecipientCache's (src/mail/recipient-cache.ts).
 */
export async function resolveRecipient(
  db: Db,
  policy: AddressPolicy,
  recipient: string,
  now = new Date(),
  find: (address: string) => Promise<AddressRow | undefined> = (address) => findAddress(db, address),
): Promise<RecipientState> {
  const address = normalizeAddress(recipient);
  const at = address.lastIndexOf('@');
  if (at < 1) return { kind: 'unknown' };
  const domain = address.slice(at + 1);
  if (isServedDomain(policy, domain)) {
    const row = await find(address);
    if (!row || isExpired(row, now)) return { kind: 'unknown' };
    return live(row);
  }
  const custom = await findVerifiedDomain(db, asciiDomain(domain));
  if (!custom) return { kind: 'relay' };
  // Only the owner's addresses count: one left behind by an earlier owner of the domain receives nothing.
  const owned = (row: AddressRow | undefined): row is AddressRow => row !== undefined && row.account_id === custom.account_id && !isExpired(row, now);
  const row = await find(`${address.slice(0, at)}@${custom.domain}`);
  if (owned(row)) return live(row);
  if (custom.catch_all !== null) {
    const catchAll = await find(`${custom.catch_all}@${custom.domain}`);
    if (owned(catchAll)) return live(catchAll);
  }
  return { kind: 'unknown' };
}

/** For the email validator's verify: our own addresses are answered from the store, without DNS. */
export async function localAddressState(db: Db, policy: AddressPolicy, email: string): Promise<'live' | 'gone' | null> {
  const state = await resolveRecipient(db, policy, email);
  if (state.kind === 'relay') return null;
  return state.kind === 'live' ? 'live' : 'gone';
}
