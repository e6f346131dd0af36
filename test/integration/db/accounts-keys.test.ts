import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../../helpers/app.js';
import type { Database } from '../../../src/db/database.js';
import { changePlan, createAccount, requireAccount } from '../../../src/identity/accounts.js';
import { digestKey, KeyAuthenticator, createKey, listKeys, revokeKeyByIdOrValue } from '../../../src/identity/keys.js';
import { bootstrapIfEmpty } from '../../../src/identity/bootstrap.js';

describe.each(DIALECTS)('accounts and keys on %s', (dialect) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(() => database.close());

  it('creates an account with a lowercased email and refuses a duplicate', async () => {
    const account = await createAccount(database.db, 'Ann@Example.com', 'free');
    expect(account).toMatchObject({ email: 'ann@example.com', plan: 'free' });
    await expect(createAccount(database.db, 'ann@example.com')).rejects.toMatchObject({ code: 'account_exists' });
    await expect(createAccount(database.db, 'not an email')).rejects.toMatchObject({ code: 'validation_error' });
  });

  it('stores only a digest of a key, shows it once, and authenticates it', async () => {
    const account = await createAccount(database.db, 'keys@example.com', 'free');
    const { key, view } = await createKey(database.db, account, 'tools', 'ci');
    expect(key).toMatch(/^eph_tools_[0-9A-Za-z]{40}$/);
    expect(view).toMatchObject({ kind: 'tools', name: 'ci', prefix: key.slice(0, 18), revoked_at: null });
    const row = await database.db.selectFrom('api_keys').selectAll().where('id', '=', view.id).executeTakeFirstOrThrow();
    expect(row.hash).toBe(digestKey(key));
    expect(JSON.stringify(row)).not.toContain(key);

    const auth = new KeyAuthenticator(database.db);
    expect((await auth.authenticate(key))?.account.email).toBe('keys@example.com');
    expect(await auth.authenticate(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A'))).toBeUndefined();
  });

  it('requires the developer plan for a developer key', async () => {
    const account = await createAccount(database.db, 'free-dev@example.com', 'free');
    await expect(createKey(database.db, account, 'developer')).rejects.toMatchObject({ code: 'plan_required' });
    const upgraded = await changePlan(database.db, 'free-dev@example.com', 'developer');
    const { key } = await createKey(database.db, upgraded, 'developer');
    expect(key).toMatch(/^eph_dev_/);
  });

  it('revokes by id or by value, lists with state, and refuses revoked keys', async () => {
    const account = await createAccount(database.db, 'revoke@example.com', 'developer');
    const a = await createKey(database.db, account, 'tools');
    const b = await createKey(database.db, account, 'developer');
    await revokeKeyByIdOrValue(database.db, a.view.id);
    await revokeKeyByIdOrValue(database.db, b.key);
    const keys = await listKeys(database.db, account.id);
    // Both were created within the same millisecond, so their listing order is not defined: compare as a set.
    expect(keys.map((k) => [k.kind, k.revoked_at !== null]).sort()).toEqual([
      ['developer', true],
      ['tools', true],
    ]);
    const auth = new KeyAuthenticator(database.db);
    expect(await auth.authenticate(a.key)).toBeUndefined();
    expect(await auth.authenticate(b.key)).toBeUndefined();
    await expect(revokeKeyByIdOrValue(database.db, 'key_missing')).rejects.toMatchObject({ code: 'key_not_found' });
  });

  it('finds accounts case-insensitively', async () => {
    expect((await requireAccount(database.db, 'KEYS@example.com')).email).toBe('keys@example.com');
    await expect(requireAccount(database.db, 'nobody@example.com')).rejects.toMatchObject({ code: 'account_not_found' });
  });
});

describe.each(DIALECTS)('first start on %s', (dialect) => {
  it('bootstraps an empty store exactly once', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const first = await bootstrapIfEmpty(database.db, 'ephemail.test');
      expect(first?.email).toBe('owner@ephemail.test');
      expect(first?.toolsKey).toMatch(/^eph_tools_/);
      expect(first?.developerKey).toMatch(/^eph_dev_/);
      expect(await bootstrapIfEmpty(database.db, 'ephemail.test')).toBeUndefined();
      const auth = new KeyAuthenticator(database.db);
      expect((await auth.authenticate(first!.toolsKey))?.key.kind).toBe('tools');
    } finally {
      await database.close();
    }
  });
});
