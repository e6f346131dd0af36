import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { DIALECTS, openTestDatabase, testConfig } from '../../helpers/app.js';
import { startTestDns, type TestDns } from '../../helpers/dns.js';
import type { Config } from '../../../src/config.js';
import type { Database } from '../../../src/db/database.js';
import { setAddressExpiry } from '../../../src/db/addresses.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createAddress, resolveRecipient } from '../../../src/mail/addresses.js';
import {
  addDomain,
  canonicalDomain,
  deleteDomain,
  requireOwnDomain,
  setDomainCatchAll,
  verifyDomain,
} from '../../../src/mail/domains.js';
import { DomainError } from '../../../src/platform/errors.js';
import { listMessages } from '../../../src/mail/messages.js';
import { ingestMessage } from '../../../src/mail/ingest/store.js';
import { createDnsResolver, type DnsResolver } from '../../../src/platform/dns.js';

const HOST = 'mx.ephemail.test';

async function failure(work: Promise<unknown>): Promise<DomainError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe('canonicalDomain', () => {
  it.each([
    ['QA.Example.COM.', 'qa.example.com'],
    ['  mail.example.org ', 'mail.example.org'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
  ])('stores %j as %j', (input, stored) => {
    expect(canonicalDomain(input)).toBe(stored);
  });

  it.each(['localhost', 'example', '192.168.0.1', '-bad.example.com', 'bad-.example.com', 'under_score.example.com', 'a..b.com', `${'x'.repeat(64)}.com`, 'has space.com', ''])(
    'refuses %j',
    (input) => {
      expect(canonicalDomain(input)).toBeNull();
    },
  );
});

describe.each(DIALECTS)('custom domains on %s', (dialect) => {
  let database: Database;
  let dns: TestDns;
  let resolver: DnsResolver;
  let config: Config;
  let policy: Config & { timeoutMs: number };
  let owner: string;
  let stranger: string;
  let counter = 0;
  const fresh = () => `d${++counter}-${dialect}.example.com`;
  const publish = (domain: string, token: string) => dns.zone.txt.set(`_ephemail.${domain}`, [[`ephemail-verification=${token}`]]);

  /** Adds, publishes and verifies a domain for `accountId`. */
  const verified = async (accountId: string, domain = fresh()) => {
    const row = await addDomain(database.db, config, accountId, domain);
    publish(row.domain, row.token);
    expect((await verifyDomain(database.db, resolver, policy, accountId, domain)).verified).toBe(true);
    return row.domain;
  };

  beforeAll(async () => {
    dns = await startTestDns();
    config = testConfig({ DNS_SERVERS: dns.server, SMTP_HOSTNAME: HOST });
    policy = { ...config, timeoutMs: 2000 };
    resolver = createDnsResolver(config.dnsServers, 2000);
    database = await openTestDatabase(dialect);
    owner = (await createAccount(database.db, `owner-${dialect}@example.com`, 'developer')).id;
    stranger = (await createAccount(database.db, `stranger-${dialect}@example.com`, 'developer')).id;
  });
  afterAll(async () => {
    await database?.close();
    await dns?.close();
  });

  describe('adding', () => {
    it('stores the canonical name with a fresh 32-hex token, unverified', async () => {
      const row = await addDomain(database.db, config, owner, `QA-${dialect}.Example.com.`);
      expect(row).toMatchObject({ domain: `qa-${dialect}.example.com`, account_id: owner, verified_at: null, catch_all: null });
      expect(row.token).toMatch(/^[0-9a-f]{32}$/);
      const other = await addDomain(database.db, config, owner, fresh());
      expect(other.token).not.toBe(row.token);
    });

    it('refuses a platform domain, a malformed name and a second claim by the same account', async () => {
      expect((await failure(addDomain(database.db, config, owner, 'Mail.Ephemail.Test'))).code).toBe('domain_not_allowed');
      const bad = await failure(addDomain(database.db, config, owner, '10.0.0.1'));
      expect(bad.code).toBe('validation_error');
      expect(bad.message).toContain('domain must be a fully qualified domain name');
      const domain = fresh();
      await addDomain(database.db, config, owner, domain);
      const again = await failure(addDomain(database.db, config, owner, domain.toUpperCase()));
      expect(again.code).toBe('domain_exists');
      expect(again.message).toContain('already in your account');
    });

    it('lets several accounts claim an unverified domain; the first to verify owns it', async () => {
      const domain = fresh();
      const mine = await addDomain(database.db, config, owner, domain);
      const theirs = await addDomain(database.db, config, stranger, domain);
      expect(theirs.token).not.toBe(mine.token);
      publish(domain, theirs.token);
      expect((await verifyDomain(database.db, resolver, policy, stranger, domain)).verified).toBe(true);

      const late = await failure(verifyDomain(database.db, resolver, policy, owner, domain));
      expect(late.code).toBe('domain_exists');
      expect(late.message).toContain('verified by another account');
      const third = await createAccount(database.db, `third-${dialect}@example.com`, 'developer');
      expect((await failure(addDomain(database.db, config, third.id, domain))).code).toBe('domain_exists');
    });

    it('answers another account\'s domain as not found', async () => {
      const domain = await verified(stranger);
      expect((await failure(requireOwnDomain(database.db, owner, domain))).code).toBe('domain_not_found');
    });
  });

  describe('verification through the DNS server in DNS_SERVERS', () => {
    it('verifies with the right TXT record and reports the MX record', async () => {
      const domain = fresh();
      const row = await addDomain(database.db, config, owner, domain);
      publish(domain, row.token);
      dns.zone.mx.set(domain, [{ exchange: `${HOST}.`, priority: 10 }]);
      const before = dns.queries.length;
      const result = await verifyDomain(database.db, resolver, policy, owner, domain, new Date('2026-11-21T10:00:00.000Z'));
      expect(dns.queries.slice(before).sort()).toEqual([`MX ${domain}`, `TXT _ephemail.${domain}`]);
      expect(result).toMatchObject({ verified: true, message: `${domain} is verified.` });
      expect(result.checks).toEqual([
        { type: 'TXT', name: `_ephemail.${domain}`, expected: `ephemail-verification=${row.token}`, found: [`ephemail-verification=${row.token}`], status: 'ok', required: true, message: expect.any(String) },
        { type: 'MX', name: domain, expected: HOST, found: [HOST], status: 'ok', required: false, message: expect.any(String) },
      ]);
      expect(result.domain).toMatchObject({ verified: true, verified_at: '2026-11-21T10:00:00.000Z', last_checked_at: '2026-11-21T10:00:00.000Z', last_error: null });
    });

    it('does not verify without the TXT record, and says so', async () => {
      const domain = fresh();
      const row = await addDomain(database.db, config, owner, domain);
      const result = await verifyDomain(database.db, resolver, policy, owner, domain);
      expect(result.verified).toBe(false);
      expect(result.checks.map((c) => [c.type, c.status, c.found])).toEqual([
        ['TXT', 'missing', []],
        ['MX', 'missing', []],
      ]);
      expect(result.message).toContain(`is not verified: No TXT record at _ephemail.${domain}`);
      expect(result.message).toContain(`ephemail-verification=${row.token}`);
      expect(result.domain.last_error).toContain(`No TXT record at _ephemail.${domain}`);
      expect(result.domain.last_checked_at).not.toBeNull();
    });

    it('does not verify with another token, and tells the two apart', async () => {
      const domain = fresh();
      await addDomain(database.db, config, owner, domain);
      publish(domain, '0'.repeat(32));
      dns.zone.mx.set(domain, [{ exchange: 'mx.elsewhere.example', priority: 5 }]);
      const result = await verifyDomain(database.db, resolver, policy, owner, domain);
      expect(result.verified).toBe(false);
      expect(result.checks[0]).toMatchObject({ status: 'mismatch', found: [`ephemail-verification=${'0'.repeat(32)}`] });
      expect(result.checks[0].message).toContain('another token');
      expect(result.checks[1]).toMatchObject({ status: 'mismatch', found: ['mx.elsewhere.example'] });
    });

    it('joins a TXT record split into several strings, among other TXT records', async () => {
      const domain = fresh();
      const row = await addDomain(database.db, config, owner, domain);
      dns.zone.txt.set(`_ephemail.${domain}`, [['v=spf1 -all'], ['ephemail-verification=', row.token.slice(0, 10), row.token.slice(10)]]);
      const result = await verifyDomain(database.db, resolver, policy, owner, domain);
      expect(result.verified).toBe(true);
      // MX is advisory: none published, still verified, and the message says mail will not arrive.
      expect(result.checks[1].status).toBe('missing');
      expect(result.message).toContain('has no MX record');
    });

    it('reports a failing DNS server as an error, not as a missing record', async () => {
      const domain = fresh();
      await addDomain(database.db, config, owner, domain);
      dns.zone.servfail.add(`_ephemail.${domain}`);
      const result = await verifyDomain(database.db, resolver, policy, owner, domain);
      expect(result.verified).toBe(false);
      expect(result.checks[0]).toMatchObject({ status: 'error', found: [] });
      expect(result.checks[0].message).toContain('failed');
    });

    it('answers within the budget when the resolver never answers', async () => {
      const domain = fresh();
      await addDomain(database.db, config, owner, domain);
      const silent: DnsResolver = { resolveTxt: () => new Promise(() => {}), resolveMx: () => new Promise(() => {}), resolveAddress: async () => false };
      const result = await verifyDomain(database.db, silent, { ...policy, timeoutMs: 200 }, owner, domain);
      expect(result.checks.map((c) => c.status)).toEqual(['error', 'error']);
      expect(result.checks[0].message).toContain('timed out');
    });

    it('keeps a verified domain verified when the TXT record disappears later', async () => {
      const domain = await verified(owner);
      dns.zone.txt.delete(`_ephemail.${domain}`);
      const result = await verifyDomain(database.db, resolver, policy, owner, domain);
      expect(result.verified).toBe(true);
      expect(result.checks[0].status).toBe('missing');
      expect(result.message).toContain('stays verified');
      expect(result.domain.last_error).toContain('No TXT record');
    });
  });

  describe('addresses and SMTP recipients', () => {
    it('creates addresses only on the account\'s own verified domains', async () => {
      const domain = await verified(owner);
      const row = await createAddress(database.db, config, owner, { domain: domain.toUpperCase(), prefix: 'Signup' });
      expect(row).toMatchObject({ address: `signup@${domain}`, domain });

      const pending = fresh();
      await addDomain(database.db, config, owner, pending);
      const unverified = await failure(createAddress(database.db, config, owner, { domain: pending }));
      expect(unverified.code).toBe('domain_not_allowed');
      expect(unverified.message).toContain('not verified yet');

      const foreign = await failure(createAddress(database.db, config, stranger, { domain }));
      expect(foreign.code).toBe('domain_not_allowed');
      expect(foreign.message).toContain('is not served here');
    });

    it('accepts mail for live addresses on verified domains and refuses unverified domains as relaying', async () => {
      const domain = await verified(owner);
      const row = await createAddress(database.db, config, owner, { domain, prefix: 'live' });
      expect(await resolveRecipient(database.db, config, `LIVE@${domain.toUpperCase()}`)).toEqual({ kind: 'live', addressId: row.id, accountId: owner, address: row.address, faults: false });
      expect(await resolveRecipient(database.db, config, `nobody@${domain}`)).toEqual({ kind: 'unknown' });
      await setAddressExpiry(database.db, row.id, '2000-01-01T00:00:00.000Z');
      expect(await resolveRecipient(database.db, config, row.address)).toEqual({ kind: 'unknown' });

      const pending = fresh();
      await addDomain(database.db, config, owner, pending);
      expect(await resolveRecipient(database.db, config, `any@${pending}`)).toEqual({ kind: 'relay' });
    });

    it('delivers unknown local parts to a live catch-all, and refuses them once it is gone', async () => {
      const domain = await verified(owner);
      const pending = fresh();
      await addDomain(database.db, config, owner, pending);
      expect((await failure(setDomainCatchAll(database.db, config, owner, pending, 'inbox'))).code).toBe('domain_not_allowed');

      const now = new Date();
      const { domain: row, created } = await setDomainCatchAll(database.db, config, owner, domain, 'Inbox', now);
      expect(row.catch_all).toBe('inbox');
      expect(created).toMatchObject({ address: `inbox@${domain}`, account_id: owner });
      // The catch-all gets the longest lifetime allowed.
      expect(Date.parse(created!.expires_at) - now.getTime()).toBe(config.maxAddressLifetime * 1000);

      const exact = await createAddress(database.db, config, owner, { domain, prefix: 'exact' });
      expect(await resolveRecipient(database.db, config, `exact@${domain}`)).toMatchObject({ kind: 'live', addressId: exact.id });
      expect(await resolveRecipient(database.db, config, `whatever+tag@${domain}`)).toEqual({ kind: 'live', addressId: created!.id, accountId: owner, address: created!.address, faults: false });

      // Setting it again on an existing address reuses it.
      expect((await setDomainCatchAll(database.db, config, owner, domain, 'inbox')).created).toBeNull();

      await setAddressExpiry(database.db, created!.id, '2000-01-01T00:00:00.000Z');
      expect(await resolveRecipient(database.db, config, `whatever@${domain}`)).toEqual({ kind: 'unknown' });
      await setAddressExpiry(database.db, created!.id, '2999-01-01T00:00:00.000Z');
      await setDomainCatchAll(database.db, config, owner, domain, null);
      expect(await resolveRecipient(database.db, config, `whatever@${domain}`)).toEqual({ kind: 'unknown' });
    });

    it('deletes the domain with the account\'s addresses on it and their mail', async () => {
      const domain = await verified(owner);
      const a = await createAddress(database.db, config, owner, { domain, prefix: 'a' });
      const b = await createAddress(database.db, config, owner, { domain, prefix: 'b' });
      const elsewhere = await createAddress(database.db, config, owner, { prefix: `keep-${dialect}` });
      const raw = await new MailComposer({ from: 'x@example.com', to: a.address, subject: 'hi', text: 'hi' }).compile().build();
      await ingestMessage(database.db, raw, [{ addressId: a.id, accountId: owner, address: a.address }]);

      const result = await deleteDomain(database.db, owner, domain);
      expect(result.domain).toBe(domain);
      expect(result.addresses.map((r) => r.address).sort()).toEqual([a.address, b.address]);
      expect((await listMessages(database.db, a.id, { limit: 10, offset: 0 })).count).toBe(0);
      expect(await resolveRecipient(database.db, config, a.address)).toEqual({ kind: 'relay' });
      expect(await resolveRecipient(database.db, config, elsewhere.address)).toMatchObject({ kind: 'live' });
      expect((await failure(requireOwnDomain(database.db, owner, domain))).code).toBe('domain_not_found');

      // Released: another account may now claim and verify it.
      const theirs = await addDomain(database.db, config, stranger, domain);
      publish(domain, theirs.token);
      expect((await verifyDomain(database.db, resolver, policy, stranger, domain)).verified).toBe(true);
    });
  });
});
