import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, openTestDatabase } from '../../helpers/app.js';
import { signUpBrowser } from '../../helpers/dashboard.js';
import type { Database } from '../../../src/db/database.js';
import { findPersonByEmail } from '../../../src/db/teams.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { csrfTokenMatches, endSession, SessionAuthenticator, startSession } from '../../../src/identity/sessions.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../../src/identity/passwords.js';

const TTL = 3600;

describe.each(DIALECTS)('sessions (%s)', (dialect) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(() => database?.close());

  it('slides the expiry at most once per touch interval and ends at expiry or log-out', async () => {
    const account = await createAccount(database.db, `s-${dialect}@example.com`);
    const t0 = new Date('2030-01-01T00:00:00.000Z');
    const { token, session } = await startSession(database.db, account.id, (await findPersonByEmail(database.db, account.email))!.id, TTL, t0);
    const sessions = new SessionAuthenticator(database.db, TTL, 5 * 60_000);

    const soon = await sessions.authenticate(token, new Date(t0.getTime() + 60_000));
    expect(soon).toMatchObject({ renewed: false, account: { id: account.id }, session: { expires_at: session.expires_at } });

    const later = new Date(t0.getTime() + 30 * 60_000);
    const slid = await sessions.authenticate(token, later);
    expect(slid?.renewed).toBe(true);
    expect(slid?.session.expires_at).toBe(new Date(later.getTime() + TTL * 1000).toISOString());
    // Stored: the next read sees the new expiry.
    expect((await sessions.authenticate(token, new Date(later.getTime() + 1000)))?.session.expires_at).toBe(slid?.session.expires_at);

    expect(await sessions.authenticate(token, new Date(later.getTime() + TTL * 1000 + 1))).toBeUndefined();
    const fresh = await startSession(database.db, account.id, (await findPersonByEmail(database.db, account.email))!.id, TTL, later);
    await endSession(database.db, fresh.token);
    expect(await sessions.authenticate(fresh.token, later)).toBeUndefined();
  });

  it('compares CSRF tokens exactly', async () => {
    const account = await createAccount(database.db, `c-${dialect}@example.com`);
    const { session } = await startSession(database.db, account.id, (await findPersonByEmail(database.db, account.email))!.id, TTL);
    expect(csrfTokenMatches(session, session.csrf_token)).toBe(true);
    expect(csrfTokenMatches(session, session.csrf_token.slice(1))).toBe(false);
    const last = session.csrf_token.at(-1) === 'A' ? 'B' : 'A';
    expect(csrfTokenMatches(session, session.csrf_token.slice(0, -1) + last)).toBe(false);
    expect(csrfTokenMatches(session, undefined)).toBe(false);
  });
});

describe('session cookie renewal over HTTP', () => {
  it('sends the cookie again, with its full lifetime, when a use slides the expiry', async () => {
    const t = await makeTestApp();
    try {
      const b = await signUpBrowser(t.app);
      const quiet = await b.call('GET', '/api/dashboard/session');
      expect(quiet.headers['set-cookie']).toBeUndefined();
      // Pretend the last use was long ago.
      await t.context.database.db.updateTable('sessions').set({ last_seen_at: '2000-01-01T00:00:00.000Z' }).execute();
      const renewed = await b.call('GET', '/api/dashboard/session');
      expect(renewed.statusCode).toBe(200);
      const cookie = [renewed.headers['set-cookie']].flat().join();
      expect(cookie).toContain(b.cookie);
      expect(cookie).toContain('Max-Age=1209600');
      expect(cookie).toContain('HttpOnly');
    } finally {
      await t.close();
    }
  });
});

describe('passwords', () => {
  it('hashes with a fresh salt and verifies only the right password', async () => {
    const a = await hashPassword('correct-horse-battery', 10);
    const b = await hashPassword('correct-horse-battery', 10);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct-horse-battery', a)).toBe(true);
    expect(await verifyPassword('correct-horse-batterY', a)).toBe(false);
    // Unicode normalisation: the same word typed as composed or decomposed characters.
    expect(await verifyPassword('cafe\u0301-password', await hashPassword('caf\u00e9-password', 10))).toBe(true);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
    expect(await verifyAgainstDummy('anything', 10)).toBe(false);
  });

  it('hashes at the cost asked for, and verifies a stored hash of any cost by its own parameters', async () => {
    const cheap = await hashPassword('correct-horse-battery', 10);
    const dear = await hashPassword('correct-horse-battery', 15);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(dear).toMatch(/^scrypt\$32768\$8\$1\$/);
    // An operator who raises PASSWORD_HASH_COST keeps every log-in made before.
    expect(await verifyPassword('correct-horse-battery', cheap)).toBe(true);
    expect(await verifyPassword('correct-horse-battery', dear)).toBe(true);
    expect(await verifyPassword('correct-horse-batterY', dear)).toBe(false);
    // Parameters no hash of ours has are refused before any work: N not a power of two, or far too large.
    const [, , r, p, salt, hash] = dear.split('$');
    expect(await verifyPassword('correct-horse-battery', ['scrypt', 1000, r, p, salt, hash].join('$'))).toBe(false);
    expect(await verifyPassword('correct-horse-battery', ['scrypt', 2 ** 24, r, p, salt, hash].join('$'))).toBe(false);
  });
});
