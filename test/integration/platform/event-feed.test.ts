import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS, testConfig } from '../../helpers/app.js';
import { createStore } from '../../helpers/server-process.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createAddress } from '../../../src/mail/addresses.js';
import { readEventsAfter } from '../../../src/db/events.js';
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
      // A wake-up without a payload (as an instance of an earlier version sends) still makes the feed read the log.
      const third = await createAddress(writer.db, config, accountId, { prefix: 'notify-3' });
      await expect.poll(() => seen.length, { timeout: 5000, interval: 20 }).toBe(3);
      await sql`insert into events (type, account_id, address_id, address, message_id, created_at, payload)
        select type, account_id, address_id, 'plain@notify.test', message_id, created_at, payload from events where address = ${third.address}`.execute(writer.db);
      await sql`select pg_notify('ephemail_events', '')`.execute(writer.db);
      await expect.poll(() => seen.map((e) => e.address), { timeout: 5000, interval: 20 }).toEqual([first.address, second.address, third.address, 'plain@notify.test']);
    } finally {
      await feed.close();
      await writer.close();
      await reader.close();
      await store.drop();
    }
  });
});

describe.skipIf(!DIALECTS.includes('postgres'))('event ids on PostgreSQL', () => {
  it('become visible in order under concurrent commits, so a feed following the log misses none', async () => {
    const store = await createStore('postgres');
    const writers = await Promise.all([store.open(), store.open(), store.open(), store.open()]);
    const reader = await store.open();
    const feed = await startEventFeed({ db: reader.db, databaseUrl: store.env.DATABASE_URL, pollMs: 60_000 });
    try {
      const seen: Array<EventOf<'address.created'>> = [];
      feed.subscribe('address.created', (e) => seen.push(e));
      const config = testConfig();
      const accountId = (await createAccount(writers[0].db, 'order@example.com', 'developer')).id;
      const created = (
        await Promise.all(
          writers.map(async (w, n) => {
            const mine: string[] = [];
            for (let i = 0; i < 30; i++) mine.push((await createAddress(w.db, config, accountId, { prefix: `order-${n}-${i}` })).address);
            return mine;
          }),
        )
      ).flat();
      await expect.poll(() => seen.length, { timeout: 10_000, interval: 20 }).toBe(created.length);
      expect(new Set(seen.map((e) => e.address))).toEqual(new Set(created));
      const ids = seen.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await feed.close();
      for (const w of writers) await w.close();
      await reader.close();
      await store.drop();
    }
  });
});

/**
 * An instance's own commits are handed to its feed with the ids the log gave them, and events another process wrote
 * in between (the operator CLI opens the same store) are still delivered, in log order, with the next own commit.
 */
describe.each(DIALECTS)('the feed of an instance on %s', (dialect) => {
  it('delivers its own commits at once, and what another process committed in between, in log order', async () => {
    const store = await createStore(dialect);
    const instance = await store.open();
    const cli = await store.open();
    const feed = await startEventFeed({ db: instance.db, databaseUrl: store.env.DATABASE_URL || null, pollMs: 60_000 });
    try {
      const seen: Array<EventOf<'address.created'>> = [];
      feed.subscribe('address.created', (e) => seen.push(e));
      const config = testConfig();
      const accountId = (await createAccount(instance.db, 'own@example.com', 'developer')).id;
      const first = await createAddress(instance.db, config, accountId, { prefix: 'own-1' });
      // Delivered by the time the commit's caller goes on: no poll, no wait.
      expect(seen.map((e) => e.address)).toEqual([first.address]);
      const other = await createAddress(cli.db, config, accountId, { prefix: 'cli-1' });
      const third = await createAddress(instance.db, config, accountId, { prefix: 'own-2' });
      await expect.poll(() => seen.length, { timeout: 5000, interval: 20 }).toBe(3);
      expect(seen.map((e) => e.address)).toEqual([first.address, other.address, third.address]);
      const logged = await readEventsAfter(instance.db, 0, 100);
      expect(seen.map((e) => e.id)).toEqual(logged.filter((r) => r.type === 'address.created').map((r) => r.id));
      expect(seen[2]).toMatchObject({ accountId, addressId: third.id, expiresAt: third.expires_at });
      expect(feed.position()).toBe(logged[logged.length - 1].id);
    } finally {
      await feed.close();
      await cli.close();
      await instance.close();
      await store.drop();
    }
  });
});
