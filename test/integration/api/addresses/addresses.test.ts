import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { changePlan } from '../../../../src/identity/accounts.js';
import { createKey } from '../../../../src/identity/keys.js';
import { createAccount } from '../../../../src/identity/accounts.js';

describe.each(DIALECTS)('Developer API addresses on %s', (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await makeTestApp({ dialect, env: { ADDRESS_TTL: '3600', MAX_ADDRESS_LIFETIME: '86400' } });
    auth = { authorization: `Bearer ${t.developerKey}` };
  });
  afterAll(() => t.close());

  const create = (payload?: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, ...(payload ? { payload } : {}) });

  it('creates a random readable address on the default domain with the default TTL', async () => {
    const before = Date.now();
    const res = await create();
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      email: `${body.prefix}@ephemail.test`,
      domain: 'ephemail.test',
      prefix: expect.stringMatching(/^[a-z]+-[a-z]+-\d{4}$/),
      expires_at: expect.stringMatching(/Z$/),
      created_at: expect.stringMatching(/Z$/),
    });
    const ttl = Date.parse(body.expires_at) - Date.parse(body.created_at);
    expect(ttl).toBe(3600_000);
    expect(Date.parse(body.created_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('lowercases the prefix, honours a served domain and expires_in', async () => {
    const res = await create({ prefix: 'Signup.Test', domain: 'mail.ephemail.test', expires_in: 60 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'signup.test@mail.ephemail.test', prefix: 'signup.test', domain: 'mail.ephemail.test' });
    expect(Date.parse(res.json().expires_at) - Date.parse(res.json().created_at)).toBe(60_000);
  });

  it('caps expires_in at MAX_ADDRESS_LIFETIME', async () => {
    const res = await create({ expires_in: 10 * 86400 });
    expect(res.statusCode).toBe(201);
    expect(Date.parse(res.json().expires_at) - Date.parse(res.json().created_at)).toBe(86400_000);
  });

  it('answers 409 address_exists for an existing address', async () => {
    expect((await create({ prefix: 'taken' })).statusCode).toBe(201);
    const res = await create({ prefix: 'TAKEN' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, error: 'address_exists' });
  });

  it('answers 422 domain_not_allowed for a domain the platform does not serve', async () => {
    const res = await create({ domain: 'gmail.com' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, error: 'domain_not_allowed' });
    expect(res.json().message).toContain('ephemail.test');
  });

  it.each([
    [{ prefix: 'a..b' }, /prefix/],
    [{ prefix: '.lead' }, /prefix/],
    [{ prefix: 'has space' }, /prefix/],
    [{ prefix: 'x'.repeat(65) }, /prefix must NOT have more than 64 characters/],
    [{ prefix: '' }, /prefix/],
    [{ expires_in: 9 }, /expires_in must be >= 10/],
    [{ expires_in: 'soon' }, /expires_in must be integer/],
    [{ domain: 5 }, /domain must be string/],
    [{ owner: 'me' }, /owner is not a known body field/],
  ])('refuses %j with 400 validation_error', async (payload, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'validation_error' });
    expect(res.json().message).toMatch(message);
  });

  it('gets, lists and extends an address', async () => {
    const created = (await create({ prefix: 'lifecycle', expires_in: 60 })).json();
    const got = await t.app.inject({ url: `/api/v1/email/${encodeURIComponent('Lifecycle@ephemail.test')}`, headers: auth });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ success: true, email: 'lifecycle@ephemail.test', domain: 'ephemail.test', prefix: 'lifecycle', created_at: created.created_at, expires_at: created.expires_at, expired: false, message_count: 0 });

    const extended = await t.app.inject({ method: 'PATCH', url: '/api/v1/email/lifecycle@ephemail.test/extend', headers: auth, payload: { expires_in: 7200 } });
    expect(extended.statusCode).toBe(200);
    expect(extended.json().new_expiry).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(extended.json().new_expiry)).toBeGreaterThan(Date.parse(created.expires_at));

    const defaulted = await t.app.inject({ method: 'PATCH', url: '/api/v1/email/lifecycle@ephemail.test/extend', headers: auth });
    expect(defaulted.statusCode).toBe(200);
    expect(defaulted.json().new_expiry).toBe(extended.json().new_expiry); // never shortens: 3600 < 7200 already granted

    const capped = await t.app.inject({ method: 'PATCH', url: '/api/v1/email/lifecycle@ephemail.test/extend', headers: auth, payload: { expires_in: 999999 } });
    expect(Date.parse(capped.json().new_expiry) - Date.parse(created.created_at)).toBe(86400_000);

    const list = await t.app.inject({ url: '/api/v1/email?limit=2', headers: auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().addresses).toHaveLength(2);
    expect(list.json().count).toBeGreaterThanOrEqual(5);
    const page2 = await t.app.inject({ url: '/api/v1/email?limit=2&offset=2', headers: auth });
    expect(page2.json().addresses[0].email).not.toBe(list.json().addresses[0].email);
  });

  it('deletes an address and then answers 404', async () => {
    await create({ prefix: 'goner' });
    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/email/goner@ephemail.test', headers: auth });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Address goner@ephemail.test and its 0 messages were deleted.' });
    const again = await t.app.inject({ method: 'DELETE', url: '/api/v1/email/goner@ephemail.test', headers: auth });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('address_not_found');
    expect((await create({ prefix: 'goner' })).statusCode).toBe(201);
  });

  describe('keys', () => {
    it('answers 401 without a key and for an unknown key', async () => {
      const none = await t.app.inject({ method: 'POST', url: '/api/v1/email/create' });
      expect(none.statusCode).toBe(401);
      expect(none.json().error).toBe('missing_api_key');
      const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: { authorization: `Bearer eph_dev_${'Z'.repeat(40)}` } });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().error).toBe('invalid_api_key');
    });

    it('answers 403 wrong_key_kind for a Tools key', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: { authorization: `Bearer ${t.toolsKey}` } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('wrong_key_kind');
    });

    it('answers 403 plan_required once the account is downgraded', async () => {
      const account = await createAccount(t.context.database.db, `downgrade-${dialect}@example.com`, 'developer');
      const { key } = await createKey(t.context.database.db, account, 'developer');
      await changePlan(t.context.database.db, account.email, 'free');
      const res = await t.app.inject({ url: '/api/v1/email', headers: { authorization: `Bearer ${key}` } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('plan_required');
    });

    it('sends rate-limit headers on Developer API answers', async () => {
      const res = await t.app.inject({ url: '/api/v1/email', headers: auth });
      expect(res.headers['x-ratelimit-limit']).toBe('300');
    });
  });
});
