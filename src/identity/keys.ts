import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Config } from '../config.js';
import { requireDeveloperPlan } from './plans.js';
import type { AccountRow } from '../db/accounts.js';
import { countLiveKeys, findKeyById, findKeysByPrefix, findKeysWithAccountByPrefix, insertKey, listKeysForAccount, revokeKey, touchKey, type ApiKeyRow } from '../db/keys.js';
import { LRUCache } from 'lru-cache';
import { transactWithEvents } from '../db/events.js';
import { DomainError, errors, invalid } from '../platform/errors.js';
import { onLoggedChanges, type EventFeed } from '../platform/events/feed.js';
import { eventRecord } from '../platform/events/contract.js';
import type { components } from '../../generated/schema.js';
import { ALL_SCOPES, rightsOf, type KeyRights, type RequestedRights } from './key-rights.js';
import { scopesOfRole, type MemberRole } from './teams.js';
import { newId } from '../platform/ids.js';

export type KeyKind = ApiKeyRow['kind'];

/**
 * Keys look like `eph_tools_<40 base62>` / `eph_dev_<40 base62>` (≈238 bits of randomness). Only a SHA-256
 * digest is stored: the key is high-entropy, so a slow password hash would add latency without adding safety.
 * Lookup goes by the non-secret prefix (kind marker + 8 characters, shown in listings) and the digests are then
 * compared with `timingSafeEqual`.
 */
export const KEY_MARKERS: Record<KeyKind, string> = { tools: 'eph_tools_', developer: 'eph_dev_' };
const SECRET_LENGTH = 40;
const PREFIX_SECRET_CHARS = 8;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^eph_(tools|dev)_[0-9A-Za-z]{40}$/;

/** A key as the API shows it (the spec's ApiKey): never the key itself. */
export type KeyView = components['schemas']['ApiKey'];

export interface AuthenticatedKey {
  key: ApiKeyRow;
  account: AccountRow;
}

export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4·62: rejecting the top bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function digestKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function keyPrefix(key: string): string {
  const marker = key.startsWith(KEY_MARKERS.tools) ? KEY_MARKERS.tools : KEY_MARKERS.developer;
  return key.slice(0, marker.length + PREFIX_SECRET_CHARS);
}

export function looksLikeKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

export function toKeyView(row: ApiKeyRow): KeyView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    prefix: row.prefix,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    // A Developer key stored without scopes holds every one, and says so.
    scopes: row.kind === 'developer' ? (row.scopes ?? [...ALL_SCOPES]) : null,
    expires_at: row.expires_at,
    restrict: row.restrict,
  };
}

/** Creates a key for an account. The plaintext is returned once and never stored. */
export async function createKey(
  db: Db,
  account: AccountRow,
  kind: KeyKind,
  name?: string,
  rights: KeyRights = { scopes: null, expiresAt: null, restrict: null },
): Promise<{ key: string; view: KeyView }> {
  if (kind === 'developer' && account.plan !== 'developer') {
    throw errors.planRequired('A developer key', account, 'Only a developer-plan account can hold one.');
  }
  const key = KEY_MARKERS[kind] + randomBase62(SECRET_LENGTH);
  const row: ApiKeyRow = {
    id: newId('key'),
    account_id: account.id,
    kind,
    name: name?.trim() || `${kind} key`,
    prefix: keyPrefix(key),
    hash: digestKey(key),
    created_at: new Date().toISOString(),
    last_used_at: null,
    revoked_at: null,
    scopes: kind === 'developer' ? rights.scopes : null,
    expires_at: rights.expiresAt,
    restrict: kind === 'developer' ? rights.restrict : null,
  };
  await insertKey(db, row);
  return { key, view: toKeyView(row) };
}

export async function listKeys(db: Db, accountId: string): Promise<KeyView[]> {
  return (await listKeysForAccount(db, accountId)).map(toKeyView);
}

/** Revokes by key id (`key_…`) or by the full plaintext key. Returns the revoked key; revoking twice is not an error. */
export async function revokeKeyByIdOrValue(db: Db, idOrKey: string, accountId?: string): Promise<KeyView> {
  let row: ApiKeyRow | undefined;
  if (looksLikeKey(idOrKey)) {
    row = await findByPlaintext(db, idOrKey);
  } else {
    row = await findKeyById(db, idOrKey);
  }
  if (!row || (accountId !== undefined && row.account_id !== accountId)) {
    throw new DomainError('key_not_found', `No key matches "${idOrKey.slice(0, 24)}".`);
  }
  const now = new Date();
  const at = now.toISOString();
  // Every instance drops the key from its key cache when it reads this event (within a wake-up, not a TTL).
  await transactWithEvents(db, async (trx, emit) => {
    if (await revokeKey(trx, row.id, at)) {
      emit(eventRecord({ type: 'key.revoked', accountId: row.account_id, addressId: null, address: null, keyId: row.id, at }, now));
    }
  });
  return toKeyView({ ...row, revoked_at: row.revoked_at ?? at });
}

async function findByPlaintext(db: Db, presented: string): Promise<ApiKeyRow | undefined> {
  const digest = Buffer.from(digestKey(presented), 'hex');
  const candidates = await findKeysByPrefix(db, keyPrefix(presented));
  return candidates.find((c) => timingSafeEqual(Buffer.from(c.hash, 'hex'), digest));
}

/**
 * Resolves a presented key to its live key row and account; undefined for malformed, unknown and revoked keys
 * alike (the caller answers 401 without saying which). One query reads key and account; live keys are then kept
 * in a bounded cache (by the key's digest) for `cacheTtlMs`, and the event log evicts them on every instance the
 * moment a key is revoked or its account's plan changes. `last_used_at` is refreshed at most once a minute per
 * key and off the request's path.
 */
export class KeyAuthenticator {
  private readonly lastTouched = new Map<string, number>();
  private readonly cache: LRUCache<string, AuthenticatedKey>;

  constructor(
    private readonly db: Db,
    feed?: EventFeed,
    private readonly touchIntervalMs = 60_000,
    cacheTtlMs = 60_000,
  ) {
    this.cache = new LRUCache({ max: 10_000, ttl: cacheTtlMs });
    // Other instances' revocations and plan changes arrive through the feed; this instance's own are applied at
    // their commit, before the request that made them answers.
    onLoggedChanges(db, feed, ['key.revoked', 'account.changed'], (e) => {
      if (e.type === 'key.revoked') this.evict((v) => v.key.id === e.keyId);
      if (e.type === 'account.changed') this.evict((v) => v.account.id === e.accountId);
    });
  }

  /**
   * Answered without a promise where it can be: a malformed key (undefined) or a key in the cache. A key that must
   * be read from the store comes back as a promise. Most keyed requests present a cached key, and
   * answering them synchronously spares the request hook its awaits (BENCHMARKS.md, "The HTTP pipeline").
   */
  authenticate(presented: string): AuthenticatedKey | undefined | Promise<AuthenticatedKey | undefined> {
    if (!looksLikeKey(presented)) return undefined;
    const digest = digestKey(presented);
    const found = this.cache.get(digest);
    if (!found) return this.load(presented, digest);
    this.touch(found.key.id);
    return found;
  }

  private async load(presented: string, digest: string): Promise<AuthenticatedKey | undefined> {
    const wanted = Buffer.from(digest, 'hex');
    const candidates = await findKeysWithAccountByPrefix(this.db, keyPrefix(presented));
    const found = candidates.find((c) => timingSafeEqual(Buffer.from(c.key.hash, 'hex'), wanted));
    if (!found || found.key.revoked_at) return undefined;
    this.cache.set(digest, found);
    this.touch(found.key.id);
    return found;
  }

  private evict(match: (value: AuthenticatedKey) => boolean): void {
    for (const [digest, value] of this.cache.entries()) if (match(value)) this.cache.delete(digest);
  }

  private touch(id: string): void {
    const now = Date.now();
    if (now - (this.lastTouched.get(id) ?? 0) < this.touchIntervalMs) return;
    this.lastTouched.set(id, now);
    touchKey(this.db, id, new Date(now).toISOString()).catch(() => this.lastTouched.delete(id));
  }
}

/** Live keys an account may hold per kind: plenty for CI, staging and laptops, not a mint for abuse. */
export const MAX_LIVE_KEYS_PER_KIND = 50;

async function requireRoomFor(db: Db, account: AccountRow, kind: KeyKind): Promise<void> {
  if ((await countLiveKeys(db, account.id, kind)) >= MAX_LIVE_KEYS_PER_KIND) {
    throw new DomainError('too_many_keys', `This account already has ${MAX_LIVE_KEYS_PER_KIND} live ${kind} keys; revoke one before creating another.`);
  }
}

const requestsRights = (r: RequestedRights) => r.scopes !== undefined || r.expires_at !== undefined || r.expires_in !== undefined || r.restrict !== undefined;

/** A key made in the dashboard: any kind, and for a Developer key any scopes, expiry and restriction. */
export async function createDashboardKey(
  db: Db,
  config: Config,
  account: AccountRow,
  kind: KeyKind,
  name?: string,
  requested: RequestedRights = {},
  role?: MemberRole,
): Promise<{ key: string; view: KeyView }> {
  if (kind === 'developer') requireDeveloperPlan(config, account, 'Developer keys');
  else if (requested.scopes !== undefined || requested.restrict !== undefined) throw invalid('scopes and restrict apply to Developer keys only');
  // A member's key holds at most what their role lets them do ("keys up to their own rights").
  const roleScopes = role ? scopesOfRole(role) : null;
  const limit = roleScopes === null ? null : { scopes: roleScopes, expiresAt: null, restrict: null };
  const rights = requestsRights(requested) || limit ? rightsOf(requested, limit) : undefined;
  await requireRoomFor(db, account, kind);
  return createKey(db, account, kind, name, rights);
}

/** A Developer key made by a Developer key (createKey): at most the creator's rights. */
export async function createKeyByKey(db: Db, creator: AuthenticatedKey, name: string | undefined, requested: RequestedRights): Promise<{ key: string; view: KeyView }> {
  const limit: KeyRights = { scopes: creator.key.scopes, expiresAt: creator.key.expires_at, restrict: creator.key.restrict };
  const rights = rightsOf(requested, limit);
  await requireRoomFor(db, creator.account, 'developer');
  return createKey(db, creator.account, 'developer', name, rights);
}
