import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { signUpBrowser } from '../../../helpers/dashboard.js';

const KEYS = '/api/dashboard/keys';
const PLAN = '/api/dashboard/account/plan';
const AGE = '/api/tools/age-calculator?birthDate=1990-05-15&referenceDate=2024-05-16';

describe.each(DIALECTS)('dashboard keys and plans (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ dialect, env: { RATE_LIMIT_LOGIN_IP: '1000' } });
  });
  afterAll(() => t?.close());

  it('createApiKey shows a Tools key once; it works on the Tools API and is listed by prefix only', async () => {
    const b = await signUpBrowser(t.app);
    const res = await b.call('POST', KEYS, { kind: 'tools', name: 'CI' });
    expect(res.statusCode).toBe(201);
    const { key, api_key } = res.json();
    expect(key).toMatch(/^eph_tools_[0-9A-Za-z]{40}$/);
    expect(api_key).toEqual({
      id: expect.stringMatching(/^key_[0-9a-f]{32}$/),
      name: 'CI',
      kind: 'tools',
      prefix: key.slice(0, 18),
      created_at: expect.any(String),
      last_used_at: null,
      revoked_at: null,
      scopes: null,
      expires_at: null,
      restrict: null,
    });
    const call = await t.app.inject({ url: AGE, headers: { 'x-api-key': key } });
    expect(call.statusCode).toBe(200);
    expect(call.json().data.years).toBe(34);

    // The key's use is recorded off the request's path (src/identity/keys.ts): list until it shows, for up to 5 s.
    let list = await b.call('GET', KEYS);
    for (const deadline = Date.now() + 5000; list.json().keys?.[0]?.last_used_at === null && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 20));
      list = await b.call('GET', KEYS);
    }
    expect(list.statusCode).toBe(200);
    expect(list.json().keys).toHaveLength(1);
    expect(list.json().keys[0].id).toBe(api_key.id);
    expect(list.json().keys[0].last_used_at).not.toBeNull();
    expect(list.body).not.toContain(key);
  });

  it('defaults the name, filters the list by kind and validates the body', async () => {
    const b = await signUpBrowser(t.app);
    expect((await b.call('POST', KEYS, { kind: 'tools' })).json().api_key.name).toBe('tools key');
    expect((await b.call('GET', `${KEYS}?kind=tools`)).json().keys).toHaveLength(1);
    expect((await b.call('GET', `${KEYS}?kind=developer`)).json().keys).toEqual([]);
    const bad = await b.call('POST', KEYS, { kind: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('kind must be one of: tools, developer');
    expect((await b.call('POST', KEYS, { kind: 'tools', name: '' })).statusCode).toBe(400);
    expect((await b.call('GET', `${KEYS}?kind=nope`)).statusCode).toBe(400);
  });

  it('gates Developer keys behind the developer plan, and self-serve upgrade opens the gate', async () => {
    const b = await signUpBrowser(t.app);
    const refused = await b.call('POST', KEYS, { kind: 'developer' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'plan_required', message: expect.stringContaining('Upgrade under Developer in the dashboard') });

    const upgraded = await b.call('PUT', PLAN, { plan: 'developer' });
    expect(upgraded.statusCode).toBe(200);
    expect(upgraded.json()).toMatchObject({ success: true, account: { plan: 'developer' }, self_serve_plans: true, csrf_token: b.csrf });
    expect((await b.call('GET', '/api/dashboard/session')).json().account.plan).toBe('developer');

    const created = await b.call('POST', KEYS, { kind: 'developer', name: 'laptop' });
    expect(created.statusCode).toBe(201);
    const devKey = created.json().key;
    expect(devKey).toMatch(/^eph_dev_/);
    expect((await t.app.inject({ url: '/api/v1/email', headers: { authorization: `Bearer ${devKey}` } })).statusCode).toBe(200);

    // Back to free: the key is kept but the Developer API refuses it.
    expect((await b.call('PUT', PLAN, { plan: 'free' })).json().account.plan).toBe('free');
    const gated = await t.app.inject({ url: '/api/v1/email', headers: { authorization: `Bearer ${devKey}` } });
    expect(gated.statusCode).toBe(403);
    expect(gated.json().error).toBe('plan_required');
    expect((await b.call('PUT', PLAN, { plan: 'gold' })).statusCode).toBe(400);
  });

  it('revokeApiKey stops the key at once; revoking twice answers the same; another account\'s key is not found', async () => {
    const b = await signUpBrowser(t.app);
    const { key, api_key } = (await b.call('POST', KEYS, { kind: 'tools' })).json();
    const revoked = await b.call('DELETE', `${KEYS}/${api_key.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().api_key).toMatchObject({ id: api_key.id, revoked_at: expect.any(String) });
    const again = await b.call('DELETE', `${KEYS}/${api_key.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().api_key.revoked_at).toBe(revoked.json().api_key.revoked_at);
    expect((await t.app.inject({ url: AGE, headers: { 'x-api-key': key } })).statusCode).toBe(401);
    expect((await b.call('GET', KEYS)).json().keys[0].revoked_at).not.toBeNull();

    const other = await signUpBrowser(t.app);
    const theirs = (await other.call('POST', KEYS, { kind: 'tools' })).json();
    const stolen = await b.call('DELETE', `${KEYS}/${theirs.api_key.id}`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error).toBe('key_not_found');
    expect((await t.app.inject({ url: AGE, headers: { 'x-api-key': theirs.key } })).statusCode).toBe(200);
    // The path takes ids, not keys: a plaintext key is refused before anything is looked up.
    expect((await b.call('DELETE', `${KEYS}/${theirs.key}`)).statusCode).toBe(400);
  });

  it('caps live keys per kind at 50', async () => {
    const b = await signUpBrowser(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await b.call('POST', KEYS, { kind: 'tools' })).json().api_key.id);
    const over = await b.call('POST', KEYS, { kind: 'tools' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe('too_many_keys');
    await b.call('DELETE', `${KEYS}/${ids[0]}`);
    expect((await b.call('POST', KEYS, { kind: 'tools' })).statusCode).toBe(201);
  });
});

describe('plans changed by the operator (SELF_SERVE_PLANS=false)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { SELF_SERVE_PLANS: 'false' } });
  });
  afterAll(() => t?.close());

  it('refuses changePlan and says which admin command to ask for', async () => {
    const b = await signUpBrowser(t.app);
    const session = (await b.call('GET', '/api/dashboard/session')).json();
    const command = `npm run admin -- account plan --email ${b.email} --plan developer`;
    expect(session.self_serve_plans).toBe(false);
    expect(session.plan_instructions).toContain(command);
    const res = await b.call('PUT', PLAN, { plan: 'developer' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, error: 'plan_change_not_allowed', message: expect.stringContaining(command) });
    const key = await b.call('POST', KEYS, { kind: 'developer' });
    expect(key.statusCode).toBe(403);
    expect(key.json().message).toContain(command);
    expect((await b.call('GET', '/api/dashboard/session')).json().account.plan).toBe('free');
  });
});
