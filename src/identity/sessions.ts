import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.js';
import { findAccountById, type AccountRow } from '../db/accounts.js';
import { findMembership, findPersonById, type MemberRole, type PersonRow } from '../db/teams.js';
import { deleteExpiredSessions, deleteSession, findLiveSession, insertSession, setSessionAccount, touchSession, type SessionRow } from '../db/sessions.js';
import { DomainError } from '../platform/errors.js';

export const SESSION_COOKIE = 'ephemail_session';

/** Cookie tokens are 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface AuthenticatedSession {
  session: SessionRow;
  /** The workspace the session works in. */
  account: AccountRow;
  /** Who logged in, and their role in that workspace. */
  person: PersonRow;
  role: MemberRole;
  /** The token as presented, so the cookie can be renewed. */
  token: string;
  /** True when this request slid the expiry forward: the cookie should be sent again with the new lifetime. */
  renewed: boolean;
}

export function digestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Starts a session for an account. Only the token's digest is stored; the token itself goes to the browser in the
 * cookie. Expired sessions of every account are cleared on the way (an indexed delete, cheap at log-in rates).
 */
export async function startSession(db: Db, accountId: string, personId: string, ttlSeconds: number, now = new Date()): Promise<{ token: string; session: SessionRow }> {
  const token = randomBytes(32).toString('base64url');
  const at = now.toISOString();
  const session: SessionRow = {
    id: digestToken(token),
    account_id: accountId,
    person_id: personId,
    csrf_token: randomBytes(32).toString('base64url'),
    created_at: at,
    expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
    last_seen_at: at,
  };
  await deleteExpiredSessions(db, at);
  await insertSession(db, session);
  return { token, session };
}

export async function endSession(db: Db, token: string): Promise<void> {
  if (TOKEN_PATTERN.test(token)) await deleteSession(db, digestToken(token));
}

/** Constant-time comparison of a presented CSRF token with the session's. */
export function csrfTokenMatches(session: SessionRow, presented: string | undefined): boolean {
  if (!presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(session.csrf_token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Resolves a cookie token to its live session and account. Sessions slide: a use more than `touchIntervalMs`
 * after the last recorded one moves `expires_at` to now + TTL (one UPDATE every few minutes per session, not
 * one per request).
 */
export class SessionAuthenticator {
  constructor(
    private readonly db: Db,
    private readonly ttlSeconds: number,
    private readonly touchIntervalMs = 5 * 60_000,
  ) {}

  async authenticate(token: string | undefined, now = new Date()): Promise<AuthenticatedSession | undefined> {
    if (!token || !TOKEN_PATTERN.test(token)) return undefined;
    const session = await findLiveSession(this.db, digestToken(token), now.toISOString());
    if (!session) return undefined;
    const account = await findAccountById(this.db, session.account_id);
    const person = session.person_id === null ? undefined : await findPersonById(this.db, session.person_id);
    // A member removed from the workspace loses its sessions there (they are deleted too; this covers a race).
    const membership = account && person ? await findMembership(this.db, account.id, person.id) : undefined;
    if (!account || !person || !membership) return undefined;
    const seat = { account, person, role: membership.role };
    if (now.getTime() - Date.parse(session.last_seen_at) < this.touchIntervalMs) {
      return { session, ...seat, token, renewed: false };
    }
    const slid = { ...session, last_seen_at: now.toISOString(), expires_at: new Date(now.getTime() + this.ttlSeconds * 1000).toISOString() };
    await touchSession(this.db, session.id, slid.last_seen_at, slid.expires_at);
    return { session: slid, ...seat, token, renewed: true };
  }
}

/** Moves the session to a workspace the person belongs to; another answers 404 as if it did not exist. */
export async function switchWorkspace(db: Db, auth: AuthenticatedSession, accountId: string): Promise<AuthenticatedSession> {
  const membership = await findMembership(db, accountId, auth.person.id);
  const account = membership && (await findAccountById(db, accountId));
  if (!membership || !account) throw new DomainError('not_found', `You belong to no workspace ${accountId}.`);
  await setSessionAccount(db, auth.session.id, accountId);
  return { ...auth, session: { ...auth.session, account_id: accountId }, account, role: membership.role };
}
