import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { startTestDns, type TestDns } from '../../../helpers/dns.js';
import { createAccount } from '../../../../src/identity/accounts.js';
import { createKey } from '../../../../src/identity/keys.js';
import type { DomainEvent } from '../../../../src/platform/events/contract.js';

const HOST = 'mx.ephemail.test';

describe.each(DIALECTS)('Developer API domains on %s', (dialect) => {
  let t: TestApp;
  let dns: TestDns;
  let auth: { authorization: string };
  let strangerAuth: { authorization: string };
  const events: DomainEvent[] = [];
  let counter = 0;
  const fresh = () => `h${++counter}-${dialect}.example.com`;

  beforeAll(async () => {
    dns = await startTestDns();
    t = await makeTestApp({ dialect, env: { DNS_SERVERS: dns.server, SMTP_HOSTNAME: HOST, VERIFY_TIMEOUT_MS: '2000' } });
    auth = { authorization: `Bearer ${t.developerKey}` };
    const stranger = await createAccount(t.context.database.db, `stranger-${dialect}@example.com`, 'developer');
    strangerAuth = { authorization: `Bearer ${(await createKey(t.context.database.db, stranger, 'developer')).key}` };
    t.context.events.subscribe('address.created', (e) => events.push(e));
    t.context.events.subscribe('address.deleted', (e) => events.push(e));
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  const add = (domain: string, headers = auth) => t.app.inject({ method: 'POST', url: '/api/v1/domains', headers, payload: { domain } });
  const verify = (domain: string, headers = auth) => t.app.inject({ method: 'POST', url: `/api/v1/domains/${domain}/verify`, headers });
  const publishFor = async (domain: string) => {
    const txt = (await t.app.inject({ url: `/api/v1/domains/${domain}`, headers: auth })).json().records[0];
    dns.zone.txt.set(txt.name, [[txt.value]]);
  };
  const verified = async () => {
    const domain = fresh();
    expect((await add(domain)).statusCode).toBe(201);
    await publishFor(domain);
    expect((await verify(domain)).json().verified).toBe(true);
    return domain;
  };

  describe('addDomain', () => {
    it('answers 201 with the DNS records to publish', async () => {
      const res = await add(`Signup-${dialect}.Example.com.`);
      expect(res.statusCode).toBe(201);
      expect(res.headers['x-ratelimit-limit']).toBe('300');
      const body = res.json();
      expect(body).toEqual({
        success: true,
        domain: `signup-${dialect}.example.com`,
        verified: false,
        verified_at: null,
        catch_all: null,
        created_at: expect.stringMatching(/Z$/),
        last_checked_at: null,
        last_error: null,
        records: [
          { type: 'TXT', name: `_ephemail.signup-${dialect}.example.com`, value: expect.stringMatching(/^ephemail-verification=[0-9a-f]{32}$/) },
          { type: 'MX', name: `signup-${dialect}.example.com`, value: HOST, priority: 10 },
        ],
      });
    });

    it('answers 409 domain_exists for a domain already in the account', async () => {
      const domain = fresh();
      await add(domain);
      const res = await add(domain.toUpperCase());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, error: 'domain_exists' });
    });

    it('answers 422 domain_not_allowed for a platform domain', async () => {
      const res = await add('ephemail.test');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, error: 'domain_not_allowed' });
      expect(res.json().message).toContain("platform's own domains");
    });

    it.each([
      [{ domain: 'localhost' }, /domain must be a fully qualified domain name/],
      [{ domain: '' }, /domain must NOT have fewer than 1 characters/],
      [{}, /domain is required/],
      [{ domain: 'a.example.com', extra: 1 }, /extra is not a known body field/],
    ])('refuses %j with 400 validation_error', async (payload, message) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/domains', headers: auth, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'validation_error' });
      expect(res.json().message).toMatch(message);
    });
  });

  describe('listDomains and getDomain', () => {
    it('lists the account\'s domains newest first, paged, and gets one', async () => {
      const older = fresh();
      const newer = fresh();
      await add(older);
      await new Promise((r) => setTimeout(r, 5));
      await add(newer);
      const page = await t.app.inject({ url: '/api/v1/domains?limit=2', headers: auth });
      expect(page.statusCode).toBe(200);
      expect(page.json().domains.map((d: { domain: string }) => d.domain)).toEqual([newer, older]);
      expect(page.json().count).toBeGreaterThanOrEqual(2);
      const next = await t.app.inject({ url: '/api/v1/domains?limit=1&offset=1', headers: auth });
      expect(next.json().domains[0].domain).toBe(older);

      const one = await t.app.inject({ url: `/api/v1/domains/${newer.toUpperCase()}`, headers: auth });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({ success: true, domain: newer, verified: false });
      expect((await t.app.inject({ url: '/api/v1/domains', headers: strangerAuth })).json()).toEqual({ success: true, domains: [], count: 0 });
    });

    it('answers 404 domain_not_found for a missing domain and for another account\'s', async () => {
      const domain = fresh();
      await add(domain);
      for (const [url, headers] of [
        [`/api/v1/domains/${domain}`, strangerAuth],
        ['/api/v1/domains/nothing.example.com', auth],
      ] as const) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, error: 'domain_not_found' });
      }
      for (const method of ['DELETE', 'PATCH'] as const) {
        const res = await t.app.inject({ method, url: `/api/v1/domains/${domain}`, headers: strangerAuth, ...(method === 'PATCH' ? { payload: { catch_all: null } } : {}) });
        expect(res.statusCode).toBe(404);
      }
      expect((await verify(domain, strangerAuth)).statusCode).toBe(404);
    });
  });

  describe('verifyDomain', () => {
    it('answers 200 verified:false with the reason, then 200 verified:true once the TXT record is there', async () => {
      const domain = fresh();
      await add(domain);
      const before = await verify(domain);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toMatchObject({ success: true, verified: false, domain: { domain, verified: false } });
      expect(before.json().message).toContain(`No TXT record at _ephemail.${domain}`);
      expect(before.json().checks.map((c: { status: string }) => c.status)).toEqual(['missing', 'missing']);

      await publishFor(domain);
      dns.zone.mx.set(domain, [{ exchange: HOST, priority: 10 }]);
      const after = await verify(domain);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ success: true, verified: true, message: `${domain} is verified.`, domain: { verified: true, last_error: null } });
      expect(after.json().checks.map((c: { status: string }) => c.status)).toEqual(['ok', 'ok']);
      expect((await t.app.inject({ url: `/api/v1/domains/${domain}`, headers: auth })).json().verified_at).toBe(after.json().domain.verified_at);
    });

    it('answers 409 domain_exists when another account verified the domain first', async () => {
      const domain = fresh();
      await add(domain);
      const theirs = (await add(domain, strangerAuth)).json();
      dns.zone.txt.set(theirs.records[0].name, [[theirs.records[0].value]]);
      expect((await verify(domain, strangerAuth)).json().verified).toBe(true);
      const mine = await verify(domain);
      expect(mine.statusCode).toBe(409);
      expect(mine.json().error).toBe('domain_exists');
    });
  });

  describe('addresses on custom domains', () => {
    it('creates addresses on a verified domain, and refuses an unverified or foreign one with 422', async () => {
      const domain = await verified();
      const created = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { domain, prefix: 'signup' } });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ email: `signup@${domain}`, domain, prefix: 'signup' });

      const pending = fresh();
      await add(pending);
      const unverified = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { domain: pending } });
      expect(unverified.statusCode).toBe(422);
      expect(unverified.json()).toMatchObject({ error: 'domain_not_allowed', message: expect.stringContaining('not verified yet') });

      const foreign = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: strangerAuth, payload: { domain } });
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json()).toMatchObject({ error: 'domain_not_allowed', message: expect.stringContaining('not served here') });
    });
  });

  describe('updateDomain', () => {
    it('sets the catch-all, creating its address, and clears it', async () => {
      const domain = await verified();
      await t.context.events.catchUp();
      events.length = 0;
      const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/domains/${domain}`, headers: auth, payload: { catch_all: 'Inbox' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, domain, catch_all: 'inbox' });
      await t.context.events.catchUp();
      expect(events).toEqual([expect.objectContaining({ type: 'address.created', address: `inbox@${domain}` })]);
      const address = await t.app.inject({ url: `/api/v1/email/inbox@${domain}`, headers: auth });
      expect(address.statusCode).toBe(200);

      const off = await t.app.inject({ method: 'PATCH', url: `/api/v1/domains/${domain}`, headers: auth, payload: { catch_all: null } });
      expect(off.json().catch_all).toBeNull();
      expect((await t.app.inject({ url: `/api/v1/email/inbox@${domain}`, headers: auth })).statusCode).toBe(200);
    });

    it('answers 422 on an unverified domain and 400 for a malformed or missing catch_all', async () => {
      const pending = fresh();
      await add(pending);
      const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/domains/${pending}`, headers: auth, payload: { catch_all: 'inbox' } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'domain_not_allowed', message: expect.stringContaining('not verified yet') });
      for (const payload of [{ catch_all: 'two words' }, {}, { catch_all: 5 }]) {
        const bad = await t.app.inject({ method: 'PATCH', url: `/api/v1/domains/${pending}`, headers: auth, payload });
        expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
        expect(bad.json().error).toBe('validation_error');
      }
    });
  });

  describe('deleteDomain', () => {
    it('deletes the domain and its addresses, announcing each, then answers 404', async () => {
      const domain = await verified();
      for (const prefix of ['one', 'two']) {
        await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { domain, prefix } });
      }
      await t.context.events.catchUp();
      events.length = 0;
      const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/domains/${domain}`, headers: auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: `Domain ${domain} and its 2 addresses were deleted.` });
      await t.context.events.catchUp();
      expect(events.map((e) => [e.type, e.address]).sort()).toEqual([
        ['address.deleted', `one@${domain}`],
        ['address.deleted', `two@${domain}`],
      ]);
      expect((await t.app.inject({ url: `/api/v1/email/one@${domain}`, headers: auth })).statusCode).toBe(404);
      const again = await t.app.inject({ method: 'DELETE', url: `/api/v1/domains/${domain}`, headers: auth });
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toBe('domain_not_found');
    });
  });

  it('answers 401 without a key and 403 for a Tools key', async () => {
    const none = await t.app.inject({ url: '/api/v1/domains' });
    expect(none.statusCode).toBe(401);
    const tools = await t.app.inject({ url: '/api/v1/domains', headers: { authorization: `Bearer ${t.toolsKey}` } });
    expect(tools.statusCode).toBe(403);
    expect(tools.json().error).toBe('wrong_key_kind');
  });
});
