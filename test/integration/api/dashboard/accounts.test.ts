import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { asBrowser, PASSWORD, sessionCookieOf, signUpBrowser, uniqueEmail } from '../../../helpers/dashboard.js';
import { createAccount } from '../../../../src/identity/accounts.js';
import { setAccountPassword } from '../../../../src/identity/credentials.js';

const SIGNUP = '/api/dashboard/signup';
const LOGIN = '/api/dashboard/login';
const SESSION = '/api/dashboard/session';

describe.each(DIALECTS)('dashboard accounts and sessions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ dialect, env: { RATE_LIMIT_LOGIN_IP: '1000' } });
  });
  afterAll(() => t?.close());

  it('signUp creates a free account, sets an HttpOnly SameSite=Lax session cookie and answers the session', async () => {
    const email = uniqueEmail('Ada');
    const res = await t.app.inject({ method: 'POST', url: SIGNUP, payload: { email, password: PASSWORD } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      account: { email: email.toLowerCase(), plan: 'free', id: expect.stringMatching(/^acc_/) },
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      self_serve_plans: true,
      plan_instructions: null,
      settings: { mail_domains: ['ephemail.test', 'mail.ephemail.test'], address_ttl: 3600, rate_limits: { tools: 120, window_seconds: 60 } },
    });
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('ephemail_session='))!;
    expect(cookie).toMatch(/^ephemail_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=1209600');
    expect(cookie).not.toContain('Secure');
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(13.9 * 86_400_000);

    const session = await t.app.inject({ url: SESSION, headers: { cookie: sessionCookieOf(res) } });
    expect(session.statusCode).toBe(200);
    expect(session.json().account.email).toBe(email.toLowerCase());
    expect(session.json().csrf_token).toBe(body.csrf_token);
  });

  it('stores a scrypt hash with its parameters, never the password', async () => {
    const b = await signUpBrowser(t.app);
    // The password belongs to the person who logs in; their workspace (the account) holds none.
    const person = await t.context.database.db.selectFrom('people').selectAll().where('email', '=', b.email).executeTakeFirstOrThrow();
    // N = 2^PASSWORD_HASH_COST (the suite sets a low cost; the default, 15, is N = 32768: test/unit/config.test.ts).
    const N = 2 ** t.context.config.dashboard.passwordHashCost;
    expect(person.password_hash).toMatch(new RegExp(`^scrypt\\$${N}\\$8\\$1\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`));
    expect(person.password_hash).not.toContain(PASSWORD);
    const row = await t.context.database.db.selectFrom('accounts').selectAll().where('email', '=', b.email).executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    const sessions = await t.context.database.db.selectFrom('sessions').selectAll().where('account_id', '=', row.id).execute();
    expect(sessions).toHaveLength(1);
    // The table holds the token's digest, not the token the cookie carries.
    expect(sessions[0].id).toMatch(/^[0-9a-f]{64}$/);
    expect(b.cookie).not.toContain(sessions[0].id);
  });

  it('enforces the password rule and refuses an email that has an account', async () => {
    const email = uniqueEmail();
    const short = await t.app.inject({ method: 'POST', url: SIGNUP, payload: { email, password: 'short-pw' } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ success: false, error: 'validation_error', message: expect.stringContaining('password') });
    const same = await t.app.inject({ method: 'POST', url: SIGNUP, payload: { email, password: email.toUpperCase() } });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('password must not be the email address (body field)');
    const bad = await t.app.inject({ method: 'POST', url: SIGNUP, payload: { email: 'not-an-email', password: PASSWORD } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('email must be a valid email address');

    expect((await t.app.inject({ method: 'POST', url: SIGNUP, payload: { email, password: PASSWORD } })).statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: SIGNUP, payload: { email: email.toUpperCase(), password: 'another-password' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: 'account_exists', message: `An account for ${email} already exists; log in instead.` });
  });

  it('logIn starts a session; unknown email, wrong password and password-less accounts answer identically', async () => {
    const b = await signUpBrowser(t.app);
    const ok = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: b.email.toUpperCase(), password: PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().account.email).toBe(b.email);
    // A second session, with its own token.
    expect(sessionCookieOf(ok)).not.toBe(b.cookie);

    const operatorMade = await createAccount(t.context.database.db, uniqueEmail('operator'), 'developer');
    const failures = [
      await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: b.email, password: 'wrong-password' } }),
      await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: uniqueEmail('nobody'), password: PASSWORD } }),
      await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: operatorMade.email, password: PASSWORD } }),
      await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: b.email, password: 'x' } }),
    ];
    for (const res of failures) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, error: 'invalid_credentials', message: 'The email or the password is wrong.' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses sign-up and log-in from another site (login CSRF) but accepts this one', async () => {
    const email = uniqueEmail();
    const foreign = await t.app.inject({ method: 'POST', url: SIGNUP, headers: { origin: 'https://evil.example' }, payload: { email, password: PASSWORD } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('csrf_failed');
    const opaque = await t.app.inject({ method: 'POST', url: LOGIN, headers: { origin: 'null' }, payload: { email, password: PASSWORD } });
    expect(opaque.statusCode).toBe(403);
    const crossSite = await t.app.inject({ method: 'POST', url: LOGIN, headers: { 'sec-fetch-site': 'cross-site' }, payload: { email, password: PASSWORD } });
    expect(crossSite.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'POST',
      url: SIGNUP,
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: { email, password: PASSWORD },
    });
    expect(own.statusCode).toBe(201);
    // Behind a proxy that rewrites Host, a current browser's Sec-Fetch-Site still vouches for the request.
    const proxied = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { origin: 'https://mail.example.org', host: '127.0.0.1:3000', 'sec-fetch-site': 'same-origin' },
      payload: { email, password: PASSWORD },
    });
    expect(proxied.statusCode).toBe(200);
    // HTML forms cannot send JSON: a form-encoded body is refused before anything happens.
    const form = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(email)}&password=${PASSWORD}`,
    });
    expect(form.statusCode).toBe(415);
  });

  it('answers 401 session_required without a live session cookie', async () => {
    for (const headers of [{}, { cookie: 'ephemail_session=garbage' }, { cookie: `ephemail_session=${'A'.repeat(43)}` }]) {
      const res = await t.app.inject({ url: SESSION, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: 'session_required' });
    }
    // An API key is not a session.
    const keyed = await t.app.inject({ url: SESSION, headers: { 'x-api-key': t.toolsKey, authorization: `Bearer ${t.developerKey}` } });
    expect(keyed.statusCode).toBe(401);
  });

  it('requires this session\'s CSRF token on every state-changing call', async () => {
    const a = await signUpBrowser(t.app);
    const b = await signUpBrowser(t.app);
    const attempts = [
      { method: 'POST' as const, url: '/api/dashboard/keys', payload: { kind: 'tools' } },
      { method: 'PUT' as const, url: '/api/dashboard/account/plan', payload: { plan: 'developer' } },
      { method: 'POST' as const, url: '/api/dashboard/logout' },
      { method: 'DELETE' as const, url: '/api/dashboard/keys/key_00000000000000000000000000000000' },
      { method: 'POST' as const, url: '/api/dashboard/addresses', payload: {} },
    ];
    for (const attempt of attempts) {
      for (const token of [undefined, 'wrong', b.csrf]) {
        const res = await t.app.inject({ ...attempt, headers: { cookie: a.cookie, ...(token ? { 'x-csrf-token': token } : {}) } });
        expect(res.statusCode, `${attempt.method} ${attempt.url} with ${token}`).toBe(403);
        expect(res.json().error).toBe('csrf_failed');
      }
    }
    // Nothing happened: no key was created, the plan did not change and the session still works.
    const session = await a.call('GET', SESSION);
    expect(session.json().account.plan).toBe('free');
    expect((await a.call('GET', '/api/dashboard/keys')).json().keys).toEqual([]);
  });

  it('logOut ends the session on the server and clears the cookie', async () => {
    const b = await signUpBrowser(t.app);
    const res = await b.call('POST', '/api/dashboard/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out.' });
    const cleared = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('ephemail_session='))!;
    expect(cleared).toMatch(/^ephemail_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    // The old cookie, replayed, is dead.
    expect((await b.call('GET', SESSION)).statusCode).toBe(401);
  });

  it('marks the cookie Secure when the request came over TLS through a trusted proxy', async () => {
    const proxied = await makeTestApp({ dialect, env: { TRUST_PROXY: 'true' } });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: SIGNUP,
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: uniqueEmail(), password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      expect(sessionCookieOf(res)).toBeTruthy();
      expect([res.headers['set-cookie']].flat().join()).toContain('Secure');
    } finally {
      await proxied.close();
    }
  });
});

describe('log-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { RATE_LIMIT_LOGIN: '3', RATE_LIMIT_LOGIN_IP: '6', RATE_LIMIT_LOGIN_ACCOUNT: '5' } });
  });
  afterAll(() => t?.close());

  const attempt = (email: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: LOGIN, remoteAddress: ip, payload: { email, password: 'wrong-password' } });

  const logInRight = (email: string, ip: string) => t.app.inject({ method: 'POST', url: LOGIN, remoteAddress: ip, payload: { email, password: PASSWORD } });

  it('limits one client guessing one account, alike for existing and unknown accounts, without locking the owner out', async () => {
    const existing = await createAccount(t.context.database.db, uniqueEmail(), 'free');
    await setAccountPassword(t.context.database.db, t.context.config.dashboard.passwordHashCost, existing.email, PASSWORD);
    for (const email of [existing.email, uniqueEmail('ghost')]) {
      for (let i = 0; i < 3; i++) expect((await attempt(email, '10.1.0.1')).statusCode).toBe(401);
      const limited = await attempt(email, '10.1.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ success: false, error: 'rate_limited', message: expect.stringContaining('for this email address from this client') });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    }
    // The guesser's client stays refused, even with the right password; the owner, elsewhere, logs in.
    expect((await logInRight(existing.email, '10.1.0.1')).statusCode).toBe(429);
    expect((await logInRight(existing.email, '10.1.0.50')).statusCode).toBe(200);
  });

  it('stops a guesser spread over many addresses, while a fresh client with the right password still gets in', async () => {
    const owner = await createAccount(t.context.database.db, uniqueEmail(), 'free');
    await setAccountPassword(t.context.database.db, t.context.config.dashboard.passwordHashCost, owner.email, PASSWORD);
    // Five addresses, one guess each, spend the account's allowance of 5.
    for (let i = 0; i < 5; i++) expect((await attempt(owner.email, `10.3.0.${i}`)).statusCode).toBe(401);
    // Past it, a client that already guessed gets no further guess…
    const again = await attempt(owner.email, '10.3.0.1');
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toContain('for this email address');
    // …a new address gets one (a wrong one is just wrong; a second is refused)…
    expect((await attempt(owner.email, '10.3.0.20')).statusCode).toBe(401);
    expect((await attempt(owner.email, '10.3.0.20')).statusCode).toBe(429);
    // …and the owner, arriving fresh, logs in.
    expect((await logInRight(owner.email, '10.3.0.99')).statusCode).toBe(200);
  });

  it('limits attempts per client IP across email addresses', async () => {
    for (let i = 0; i < 6; i++) expect((await attempt(uniqueEmail(), '10.2.0.1')).statusCode).toBe(401);
    const limited = await attempt(uniqueEmail(), '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toContain('from this IP address');
    // Sign-up shares the limit.
    const signup = await t.app.inject({ method: 'POST', url: SIGNUP, remoteAddress: '10.2.0.1', payload: { email: uniqueEmail(), password: PASSWORD } });
    expect(signup.statusCode).toBe(429);
    expect((await attempt(uniqueEmail(), '10.2.0.2')).statusCode).toBe(401);
  });
});

describe('dashboard call rate limit', () => {
  it('counts per logged-in account', async () => {
    const t = await makeTestApp({ env: { RATE_LIMIT_DASHBOARD: '2' } });
    try {
      const a = await signUpBrowser(t.app);
      expect((await a.call('GET', SESSION)).statusCode).toBe(200);
      expect((await a.call('GET', SESSION)).statusCode).toBe(200);
      const limited = await a.call('GET', SESSION);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: 'rate_limited', message: expect.stringContaining('exceeded for this account') });
      const b = await signUpBrowser(t.app);
      expect((await b.call('GET', SESSION)).statusCode).toBe(200);
      // Same account, another session: the same budget.
      const again = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: a.email, password: PASSWORD } });
      expect((await asBrowser(t.app, a.email, sessionCookieOf(again), again.json().csrf_token).call('GET', SESSION)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
