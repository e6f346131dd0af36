import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { createKey, revokeKeyByIdOrValue } from '../../../../src/identity/keys.js';
import { ALL_SCOPES } from '../../../../src/identity/key-rights.js';
import type { KeyScope } from '../../../../src/db/keys.js';

/** Every Developer operation with the scope it declares, read from the spec: new operations join the matrix. */
function scopedOperations(t: TestApp) {
  return t.spec.operations.flatMap((op) => {
    const scopes = op.security.flatMap((req) => req.DeveloperKey ?? []);
    return scopes.length === 1 ? [{ op, scope: scopes[0] }] : [];
  });
}

/** A request to the operation naming things that do not exist: past authentication it answers 400 or 404. */
function requestFor(op: { method: string; path: string }) {
  const url = op.path
    .replace('{address}', 'nobody@ephemail.test')
    .replace('{id}', 'msg_00000000000000000000000000000000')
    .replace('{attachment_id}', 'att_00000000000000000000000000000000')
    .replace('{domain}', 'missing.example')
    .replace('{webhook_id}', 'wh_00000000000000000000000000000000')
    .replace('{delivery_id}', 'whd_00000000000000000000000000000000')
    .replace('{key_id}', 'key_00000000000000000000000000000000');
  return { method: op.method.toUpperCase() as 'GET', url, ...(['POST', 'PUT', 'PATCH'].includes(op.method.toUpperCase()) ? { payload: {} } : {}) };
}

describe.each(DIALECTS)('keys that can do only what they must (%s)', (dialect) => {
  let t: TestApp;
  const keyWith = async (scopes: KeyScope[], extra: { expiresAt?: string | null; restrict?: { addresses: string[] } | null } = {}) =>
    (await createKey(t.context.database.db, t.account, 'developer', 'test', { scopes, expiresAt: extra.expiresAt ?? null, restrict: extra.restrict ?? null })).key;
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  beforeAll(async () => {
    t = await makeTestApp({ dialect, env: { RATE_LIMIT_DEVELOPER: '100000' } });
  });
  afterAll(() => t?.close());

  it('declares one scope on every Developer operation but the MCP endpoint', () => {
    const unscoped = t.spec.operations
      .filter((op) => op.security.some((req) => 'DeveloperKey' in req) && op.security.flatMap((req) => req.DeveloperKey).length === 0)
      .map((op) => op.operationId);
    expect(unscoped).toEqual(['handleMcp']);
    expect(scopedOperations(t).length).toBeGreaterThan(30);
  });

  it('lets a key with exactly the declared scope through, and refuses one without it with 403 insufficient_scope', async () => {
    const refusals: string[] = [];
    for (const { op, scope } of scopedOperations(t)) {
      const only = await keyWith([scope as KeyScope]);
      const allowed = await t.app.inject({ ...requestFor(op), headers: bearer(only) });
      expect([401, 403], `${op.operationId} with ${scope}: ${allowed.body}`).not.toContain(allowed.statusCode);

      const others = await keyWith(ALL_SCOPES.filter((s) => s !== scope));
      const refused = await t.app.inject({ ...requestFor(op), headers: bearer(others) });
      expect(refused.statusCode, op.operationId).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, error: 'insufficient_scope' });
      expect(refused.json().message).toContain(scope);
      expect(refused.headers['www-authenticate']).toBe(`Bearer error="insufficient_scope", scope="${scope}"`);
      refusals.push(op.operationId);
      // 50 live Developer keys at most: these two are done with.
      for (const k of [only, others]) await revokeKeyByIdOrValue(t.context.database.db, k);
    }
    expect(refusals).toContain('listMessages');
    expect(refusals).toContain('createKey');
  });

  it('answers 401 key_expired once a key has expired', async () => {
    const key = await keyWith(['addresses:read']);
    expect((await t.app.inject({ url: '/api/v1/email', headers: bearer(key) })).statusCode).toBe(200);
    const later = await keyWith(['addresses:read']);
    await sql`update api_keys set expires_at = ${new Date(Date.now() - 1000).toISOString()} where prefix = ${later.slice(0, 16)}`.execute(t.context.database.db);
    const res = await t.app.inject({ url: '/api/v1/email', headers: bearer(later) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: 'key_expired' });
  });

  it('keeps a restricted key to its addresses: others answer 404 as if they did not exist', async () => {
    const full = bearer(t.developerKey);
    const outside = (await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: full, payload: { prefix: 'prod-user' } })).json().email;
    const key = bearer(await keyWith(['addresses:read', 'addresses:write', 'messages:read'], { restrict: { addresses: ['ci-*@ephemail.test'] } }));

    const inside = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: key, payload: { prefix: 'ci-42' } });
    expect(inside.statusCode).toBe(201);
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: key, payload: { prefix: 'other' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('address_not_found');

    const listed = (await t.app.inject({ url: '/api/v1/email', headers: key })).json();
    expect(listed.success, JSON.stringify(listed)).toBe(true);
    expect(listed.addresses.map((a: { email: string }) => a.email)).toEqual(['ci-42@ephemail.test']);
    expect(listed.count).toBe(1);

    for (const url of [`/api/v1/email/${outside}`, `/api/v1/email/${outside}/messages`, `/api/v1/email/${outside}/messages/wait?timeout=1`, `/api/v1/email/${outside}/events`]) {
      const res = await t.app.inject({ url, headers: key });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('address_not_found');
    }
    expect((await t.app.inject({ url: '/api/v1/email/ci-42@ephemail.test/messages', headers: key })).statusCode).toBe(200);
    // The same address through a full key is there: the 404 was the restriction's.
    expect((await t.app.inject({ url: `/api/v1/email/${outside}`, headers: full })).statusCode).toBe(200);
  });

  it('creates keys through the API with at most the creator’s rights, lists and revokes them', async () => {
    const creator = bearer(await keyWith(['keys:write', 'messages:read', 'addresses:read'], { expiresAt: new Date(Date.now() + 3_600_000).toISOString() }));
    const more = await t.app.inject({ method: 'POST', url: '/api/v1/keys', headers: creator, payload: { scopes: ['messages:read', 'domains:write'] } });
    expect(more.statusCode).toBe(403);
    expect(more.json()).toMatchObject({ error: 'insufficient_scope' });
    expect(more.json().message).toContain('domains:write');

    const longer = await t.app.inject({ method: 'POST', url: '/api/v1/keys', headers: creator, payload: { expires_in: 7200 } });
    expect(longer.statusCode).toBe(403);

    const made = await t.app.inject({ method: 'POST', url: '/api/v1/keys', headers: creator, payload: { name: 'ci-wait', scopes: ['messages:read'], expires_in: 600 } });
    expect(made.statusCode).toBe(201);
    const { key, api_key } = made.json();
    expect(key).toMatch(/^eph_dev_/);
    expect(api_key).toMatchObject({ name: 'ci-wait', kind: 'developer', scopes: ['messages:read'], restrict: null, revoked_at: null });
    expect(Date.parse(api_key.expires_at) - Date.now()).toBeGreaterThan(590_000);

    const inherited = (await t.app.inject({ method: 'POST', url: '/api/v1/keys', headers: creator, payload: {} })).json().api_key;
    expect(inherited.scopes).toEqual(['messages:read', 'addresses:read', 'keys:write'].sort((a, b) => ALL_SCOPES.indexOf(a as KeyScope) - ALL_SCOPES.indexOf(b as KeyScope)));
    expect(Date.parse(inherited.expires_at)).toBeLessThanOrEqual(Date.now() + 3_600_000);

    const list = (await t.app.inject({ url: '/api/v1/keys', headers: creator })).json();
    expect(JSON.stringify(list)).not.toContain(key);
    expect(list.keys.map((k: { id: string }) => k.id)).toContain(api_key.id);
    // A key made without naming scopes (the test app's own) lists every scope; a Tools key, none.
    // The test app's two keys come first (oldest); made in the same millisecond, their order is their random ids'.
    const first = (list.keys as Array<{ kind: string; scopes: string[] | null }>).slice(0, 2);
    const tools = first.find((k) => k.kind === 'tools');
    const full = first.find((k) => k.kind === 'developer');
    expect(tools).toMatchObject({ kind: 'tools', scopes: null });
    expect(full).toMatchObject({ kind: 'developer', scopes: [...ALL_SCOPES] });

    expect((await t.app.inject({ url: '/api/v1/email', headers: bearer(key) })).statusCode).toBe(403);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/v1/keys/${api_key.id}`, headers: creator });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().api_key.revoked_at).not.toBeNull();
    expect((await t.app.inject({ url: '/api/v1/email/x@ephemail.test/messages', headers: bearer(key) })).json().error).toBe('invalid_api_key');
  });

  it('refuses a restricted key with account-wide scopes, and a Tools key with scopes', async () => {
    const creator = bearer(await keyWith(['keys:write', 'webhooks:write', 'messages:read']));
    const wide = await t.app.inject({ method: 'POST', url: '/api/v1/keys', headers: creator, payload: { scopes: ['webhooks:write'], restrict: { addresses: ['ci-*@ephemail.test'] } } });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toContain('webhooks:write');
    const restricted = await t.app.inject({ method: 'POST', url: '/api/v1/keys', headers: creator, payload: { scopes: ['messages:read'], restrict: { addresses: ['ci-*@ephemail.test'] } } });
    expect(restricted.statusCode).toBe(201);
    expect(restricted.json().api_key.restrict).toEqual({ addresses: ['ci-*@ephemail.test'] });
  });
});
