import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { changePlan, createAccount } from '../../../src/identity/accounts.js';
import { createKey, revokeKeyByIdOrValue } from '../../../src/identity/keys.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const AGE = '/api/tools/age-calculator?birthDate=1990-05-15&referenceDate=2024-05-16';

describe('Tools key placement', () => {
  it('accepts the key in the x-api-key header', async () => {
    const res = await t.app.inject({ url: AGE, headers: { 'x-api-key': t.toolsKey } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { years: 34 } });
  });

  it('accepts the key in the apikey query parameter', async () => {
    const res = await t.app.inject({ url: `${AGE}&apikey=${t.toolsKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.years).toBe(34);
  });

  it('accepts the key in the apikey field of a JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/age-calculator',
      payload: { apikey: t.toolsKey, birthDate: '1990-05-15', referenceDate: '2024-05-16' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.years).toBe(34);
  });

  it('accepts the same key sent in two places', async () => {
    const res = await t.app.inject({ url: `${AGE}&apikey=${t.toolsKey}`, headers: { 'x-api-key': t.toolsKey } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses different keys in different places with 400 ambiguous_api_key', async () => {
    const other = (await createKey(t.context.database.db, t.account, 'tools')).key;
    const res = await t.app.inject({ url: `${AGE}&apikey=${other}`, headers: { 'x-api-key': t.toolsKey } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'ambiguous_api_key' });
  });
});

describe('Tools key failures', () => {
  it('answers 401 missing_api_key without a key, before validating parameters', async () => {
    const res = await t.app.inject({ url: '/api/tools/age-calculator' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: 'missing_api_key', message: expect.stringContaining('x-api-key') });
  });

  it('answers 401 invalid_api_key for an unknown key of the right shape', async () => {
    const res = await t.app.inject({ url: AGE, headers: { 'x-api-key': `eph_tools_${'A'.repeat(40)}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_api_key');
  });

  it('answers 401 invalid_api_key for garbage', async () => {
    const res = await t.app.inject({ url: AGE, headers: { 'x-api-key': 'hello' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_api_key');
  });

  it('answers 401 for a revoked key', async () => {
    const { key } = await createKey(t.context.database.db, t.account, 'tools');
    expect((await t.app.inject({ url: AGE, headers: { 'x-api-key': key } })).statusCode).toBe(200);
    // The cached key goes at the revocation's commit (other instances' caches: at their next wake-up).
    await revokeKeyByIdOrValue(t.context.database.db, key);
    const res = await t.app.inject({ url: AGE, headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_api_key');
  });

  it('applies a plan change to cached keys at once: a downgraded account\'s Developer key gets 403', async () => {
    const account = await createAccount(t.context.database.db, `downgrade-${Date.now()}@example.com`, 'developer');
    const { key } = await createKey(t.context.database.db, account, 'developer');
    const list = () => t.app.inject({ url: '/api/v1/email', headers: { authorization: `Bearer ${key}` } });
    expect((await list()).statusCode).toBe(200); // cached now
    await changePlan(t.context.database.db, account.email, 'free');
    const res = await list();
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('plan_required');
  });

  it('answers 403 wrong_key_kind naming the Tools key for a Developer key', async () => {
    const res = await t.app.inject({ url: AGE, headers: { 'x-api-key': t.developerKey } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, error: 'wrong_key_kind' });
    expect(res.json().message).toContain('Tools API key');
  });

  it('works for a free-plan account', async () => {
    const free = await createAccount(t.context.database.db, 'free-user@example.com', 'free');
    const { key } = await createKey(t.context.database.db, free, 'tools');
    const res = await t.app.inject({ url: AGE, headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
  });

  it('records when a key was last used', async () => {
    const { key, view } = await createKey(t.context.database.db, t.account, 'tools');
    expect(view.last_used_at).toBeNull();
    await t.app.inject({ url: AGE, headers: { 'x-api-key': key } });
    await new Promise((r) => setTimeout(r, 50));
    const row = await t.context.database.db.selectFrom('api_keys').select('last_used_at').where('id', '=', view.id).executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
  });
});
