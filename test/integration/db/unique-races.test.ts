import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, testConfig } from '../../helpers/app.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createAddress } from '../../../src/mail/addresses.js';
import { addDomain } from '../../../src/mail/domains.js';

/** Outcomes of `n` simultaneous calls: how many succeeded, and the error codes of the rest. */
async function race<T>(n: number, call: () => Promise<T>): Promise<{ ok: number; codes: string[] }> {
  const settled = await Promise.allSettled(Array.from({ length: n }, call));
  return {
    ok: settled.filter((s) => s.status === 'fulfilled').length,
    codes: settled.flatMap((s) => (s.status === 'rejected' ? [(s.reason as { code?: string }).code ?? String(s.reason)] : [])),
  };
}

describe.each(DIALECTS)('simultaneous creations of the same name on %s', (dialect) => {
  it('let exactly one account, address and domain claim through and answer the others as taken', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const config = testConfig();
      const accounts = await race(6, () => createAccount(database.db, 'twice@example.com', 'developer'));
      expect(accounts).toEqual({ ok: 1, codes: Array(5).fill('account_exists') });

      const owner = (await createAccount(database.db, 'owner@example.com', 'developer')).id;
      const addresses = await race(6, () => createAddress(database.db, config, owner, { prefix: 'same' }));
      expect(addresses).toEqual({ ok: 1, codes: Array(5).fill('address_exists') });
      // The address exists once, announced once.
      const logged = await database.db.selectFrom('events').select('id').where('type', '=', 'address.created').where('address', '=', 'same@ephemail.test').execute();
      expect(logged).toHaveLength(1);

      const domains = await race(6, () => addDomain(database.db, { ...config, smtpHostname: 'mx.ephemail.test' }, owner, 'qa.example.com'));
      expect(domains).toEqual({ ok: 1, codes: Array(5).fill('domain_exists') });
    } finally {
      await database.close();
    }
  });
});
