import { KEY_SCOPES } from '../../generated/key-scopes.js';
import type { ApiKeyRow, KeyRestriction, KeyScope } from '../db/keys.js';
import { DomainError, invalid } from '../platform/errors.js';

/** Every scope a Developer key can hold, in the spec's order (generated from its KeyScope enum). */
export const ALL_SCOPES: readonly KeyScope[] = KEY_SCOPES;

/** Scopes about the whole account, which a key limited to some addresses cannot hold. */
const ACCOUNT_WIDE: ReadonlySet<KeyScope> = new Set(['domains:read', 'domains:write', 'webhooks:read', 'webhooks:write', 'sandboxes:read', 'sandboxes:write', 'keys:write']);

/** What a key may do; `scopes: null` is every scope. */
export interface KeyRights {
  scopes: KeyScope[] | null;
  expiresAt: string | null;
  restrict: KeyRestriction | null;
}

export function holdsScope(key: Pick<ApiKeyRow, 'scopes'>, scope: string): boolean {
  return key.scopes === null || (key.scopes as string[]).includes(scope);
}

export function insufficientScope(scope: string, what: string): DomainError {
  return Object.assign(new DomainError('insufficient_scope', what), { scope });
}

/**
 * Glob patterns on whole addresses (`*` any run, `?` one character), case-insensitive: a restricted key's reach.
 * The few characters of a glob are translated here rather than through a path-glob library, whose `*` stops at `/`.
 */
export function addressMatcher(patterns: readonly string[]): (address: string) => boolean {
  const res = patterns.map(
    (p) => new RegExp(`^${p.toLowerCase().replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 's'),
  );
  return (address) => {
    const a = address.toLowerCase();
    return res.some((re) => re.test(a));
  };
}

/** The same patterns as SQL LIKE patterns (`%`, `_`), for listing only matching addresses in the store. */
export function likePatterns(patterns: readonly string[]): string[] {
  return patterns.map((p) => p.toLowerCase().replace(/[\\%_]/g, '\\$&').replace(/\*/g, '%').replace(/\?/g, '_'));
}

export interface RequestedRights {
  scopes?: KeyScope[];
  expires_at?: string;
  expires_in?: number;
  restrict?: KeyRestriction;
}

/**
 * The rights of a new Developer key from what was asked for, checked against `limit` (the creating key's rights,
 * for a key made by a key; none for the dashboard, whose owner may grant anything). Asking for more than the limit
 * answers 403 insufficient_scope; a contradictory request 400.
 */
export function rightsOf(requested: RequestedRights, limit: KeyRights | null, now = new Date()): KeyRights {
  if (requested.expires_at !== undefined && requested.expires_in !== undefined) throw invalid('give expires_at or expires_in, not both');
  let expiresAt: string | null = null;
  if (requested.expires_in !== undefined) expiresAt = new Date(now.getTime() + requested.expires_in * 1000).toISOString();
  if (requested.expires_at !== undefined) {
    const at = new Date(requested.expires_at);
    if (!(at.getTime() > now.getTime())) throw invalid('expires_at must be in the future');
    expiresAt = at.toISOString();
  }
  // Kept in the spec's order, whoever listed them.
  const wanted = requested.scopes ?? limit?.scopes ?? null;
  const restrict = requested.restrict ? { addresses: [...new Set(requested.restrict.addresses.map((a) => a.trim().toLowerCase()))] } : null;
  let scopes = wanted === null ? null : ALL_SCOPES.filter((s) => wanted.includes(s));
  if (restrict) {
    // Restricted without naming scopes: every scope (of the creator's) that a restricted key can hold.
    if (requested.scopes === undefined) scopes = (scopes ?? ALL_SCOPES).filter((s) => !ACCOUNT_WIDE.has(s));
    const wide = (scopes ?? ALL_SCOPES).filter((s) => ACCOUNT_WIDE.has(s));
    if (wide.length > 0) throw invalid(`a key restricted to some addresses cannot hold ${wide.join(', ')} (they act on the whole account)`);
  }
  if (limit) {
    const missing = (scopes ?? ALL_SCOPES).filter((s) => !holdsScope(limit, s));
    if (missing.length > 0) throw insufficientScope(missing[0], `This key cannot grant ${missing.join(', ')}: a new key holds at most the scopes of the key that creates it.`);
    if (limit.expiresAt !== null) {
      if (expiresAt === null) expiresAt = limit.expiresAt;
      else if (expiresAt > limit.expiresAt) throw insufficientScope('keys:write', `A new key cannot outlive the key that creates it (${limit.expiresAt}).`);
    }
    if (limit.restrict !== null && restrict === null) throw insufficientScope('keys:write', 'A restricted key can only create keys restricted to its own addresses.');
  }
  return { scopes, expiresAt, restrict };
}
