import { describe, expect, it } from 'vitest';
import { DIALECTS, testConfig } from '../../helpers/app.js';
import { createStore } from '../../helpers/server-process.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createAddress } from '../../../src/mail/addresses.js';
import { startEventFeed } from '../../../src/platform/events/feed.js';
import { type EventOf } from '../../../src/platform/events/contract.js';

/**
 * Two handles on one PostgreSQL database stand for two instances without Redis: the feed of one learns about the
 * other's commits only through LISTEN/NOTIFY (its safety-net poll is set to a minute here).
 */
describe.skipIf(!DIALECTS.includes('postgres'))('event-log wake-ups through PostgreSQL LISTEN/NOTIFY', () => {
  it("wakes another instance's feed at the commit, in log order", async () => {
    const store = await createStore('postgres');
    const writer = await store.open();
    const reader = await store.open();
    const feed = await startEventFeed({ db: reader.db, databaseUrl: store.env.DATABASE_URL, pollMs: 60_000 });
    try {
      const seen: Array<EventOf<'address.created'>> = [];
      feed.subscribe('address.created', (e) => seen.push(e));
      const accountId = (await createAccount(writer.db, 'notify@example.com', 'developer')).id;
      const config = testConfig();
      const first = await createAddress(writer.db, config, accountId, { prefix: 'notify-1' });
      const second = await createAddress(writer.db, config, accountId, { prefix: 'notify-2' });
      await expect.poll(() => seen.length, { timeout: 5000, interval: 20 }).toBe(2);
      expect(seen.map((e) => e.address)).toEqual([first.address, second.address]);
      expect(seen[1].id).toBeGreaterThan(seen[0].id);
      expect(seen[0]).toMatchObject({ accountId, addressId: first.id, expiresAt: first.expires_at });
    } finally {
      await feed.close();
      await writer.close();
      await reader.close();
      await store.drop();
    }
  });
});
