import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, testConfig } from '../../helpers/app.js';
import type { Config } from '../../../src/config.js';
import type { Database } from '../../../src/db/database.js';
import { findAddress } from '../../../src/db/addresses.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createAddress, extendAddress } from '../../../src/mail/addresses.js';
import { readCursor, setCursor } from '../../../src/db/events.js';
import { startEventFeed, type EventFeed } from '../../../src/platform/events/feed.js';
import { type EventOf } from '../../../src/platform/events/contract.js';
import { getMessage } from '../../../src/mail/messages.js';
import { ingestMessage } from '../../../src/mail/ingest/store.js';
import { EXPIRY_CURSOR, startSweeper, type Sweeper } from '../../../src/sweeper/sweeper.js';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe.each(DIALECTS)('address sweeper on %s', (dialect) => {
  let config: Config;
  let database: Database;
  let feed: EventFeed;
  let sweeper: Sweeper;
  let accountId: string;
  const expired: Array<EventOf<'address.expired'>> = [];
  const purgedEvents: Array<EventOf<'address.purged'>> = [];

  // Addresses live 60 s (ttl) after creation at T0 + `born` seconds; messages are kept 300 s after expiry.
  const address = async (prefix: string, born: number, ttl = 60) => createAddress(database.db, config, accountId, { prefix, expires_in: ttl }, at(born));
  const mail = (row: { id: string; address: string }) =>
    ingestMessage(database.db, Buffer.from(`Subject: for ${row.address}\r\n\r\nhi\r\n`), [{ addressId: row.id, accountId, address: row.address }], T0);

  beforeAll(async () => {
    config = testConfig({ RETENTION_SECONDS: '300', SWEEP_INTERVAL_SECONDS: '3600', ADDRESS_TTL: '60' });
    database = await openTestDatabase(dialect);
    accountId = (await createAccount(database.db, `sweep-${dialect}@example.com`, 'developer')).id;
    feed = await startEventFeed({ db: database.db });
    feed.subscribe('address.expired', (e) => expired.push(e));
    feed.subscribe('address.purged', (e) => purgedEvents.push(e));
    // Expiries are announced from the instant the durable cursor holds (the migration's "now" on a new store).
    await setCursor(database.db, EXPIRY_CURSOR, T0.toISOString());
    const sweeping = startSweeper({ db: database.db, config });
    // Every sweep is followed by reading the log, so the assertions below see what it announced.
    sweeper = {
      stop: () => sweeping.stop(),
      sweepOnce: async (now) => {
        const result = await sweeping.sweepOnce(now);
        await feed.catchUp();
        return result;
      },
    };
  });
  afterAll(async () => {
    await sweeper?.stop();
    await feed?.close();
    await database?.close();
  });

  it('announces each address once, in the sweep after it expires, and purges only after the retention period', async () => {
    const early = await address('early', 0); // expires at +60
    const late = await address('late', 30); // expires at +90
    const live = await address('live', 0, 3600); // expires at +3600
    const [earlyMail] = await mail(early);
    const [liveMail] = await mail(live);

    expect(await sweeper.sweepOnce(at(59))).toEqual({ expired: 0, purged: 0, pruned: 0, contents: 0 });
    expect(expired).toEqual([]);

    expect(await sweeper.sweepOnce(at(61))).toEqual({ expired: 1, purged: 0, pruned: 0, contents: 0 });
    expect(expired).toEqual([{ id: expect.any(Number), type: 'address.expired', accountId, addressId: early.id, address: early.address, at: at(60).toISOString() }]);
    expect(await readCursor(database.db, EXPIRY_CURSOR)).toBe(at(61).toISOString());

    // Nothing new in the next window except `late`; `early` is not announced twice.
    expect(await sweeper.sweepOnce(at(120))).toEqual({ expired: 1, purged: 0, pruned: 0, contents: 0 });
    expect(expired.map((e) => e.address)).toEqual([early.address, late.address]);

    // Expired but within retention: address and mail are still there.
    expect(await sweeper.sweepOnce(at(300))).toEqual({ expired: 0, purged: 0, pruned: 0, contents: 0 });
    expect(await findAddress(database.db, early.address)).toBeDefined();
    expect((await getMessage(database.db, early.id, earlyMail)).subject).toBe(`for ${early.address}`);

    // 300 s after `early` expired (+360) it goes, with its mail; `late` (+390) and `live` stay.
    expect(await sweeper.sweepOnce(at(361))).toEqual({ expired: 0, purged: 1, pruned: 0, contents: 0 });
    expect(await findAddress(database.db, early.address)).toBeUndefined();
    // Open waits and streams on it learn that it is gone.
    expect(purgedEvents.map((e) => [e.type, e.addressId, e.address, e.accountId])).toEqual([['address.purged', early.id, early.address, accountId]]);
    const orphans = await database.db.selectFrom('messages').select('id').where('address_id', '=', early.id).execute();
    expect(orphans).toEqual([]);
    // Its content went with its last copy (no content is left without a message).
    const orphanContents = await database.db
      .selectFrom('message_contents')
      .select('id')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('messages').select('id').whereRef('messages.content_id', '=', 'message_contents.id'))))
      .execute();
    expect(orphanContents).toEqual([]);
    expect(earlyMail).toMatch(/^msg_/);
    expect(await findAddress(database.db, late.address)).toBeDefined();
    expect((await getMessage(database.db, live.id, liveMail)).subject).toBe(`for ${live.address}`);

    expect(await sweeper.sweepOnce(at(391))).toEqual({ expired: 0, purged: 1, pruned: 0, contents: 0 });
    expect(await findAddress(database.db, late.address)).toBeUndefined();
    expect(await findAddress(database.db, live.address)).toBeDefined();
    expect(expired).toHaveLength(2);
  });

  it('announces again when an extended address expires a second time', async () => {
    const base = 1000;
    await sweeper.sweepOnce(at(base));
    expired.length = 0;
    const row = await address('again', base); // expires at base+60
    expect(await sweeper.sweepOnce(at(base + 61))).toEqual({ expired: 1, purged: 0, pruned: 0, contents: 0 });
    await extendAddress(database.db, config, accountId, row.address, 60, at(base + 61)); // now base+121
    expect(await sweeper.sweepOnce(at(base + 100))).toEqual({ expired: 0, purged: 0, pruned: 0, contents: 0 });
    expect(await sweeper.sweepOnce(at(base + 122))).toEqual({ expired: 1, purged: 0, pruned: 0, contents: 0 });
    expect(expired.map((e) => e.at)).toEqual([at(base + 60).toISOString(), at(base + 121).toISOString()]);
  });

  it('purges in batches when many addresses are due at once', async () => {
    const base = 5000;
    await sweeper.sweepOnce(at(base));
    const rows = [];
    for (let i = 0; i < 520; i++) {
      rows.push({
        id: `adr_bulk_${String(i).padStart(4, '0')}`,
        account_id: accountId,
        address: `bulk-${i}@ephemail.test`,
        local_part: `bulk-${i}`,
        domain: 'ephemail.test',
        created_at: at(base).toISOString(),
        expires_at: at(base + 10).toISOString(),
      });
    }
    await database.db.insertInto('addresses').values(rows).execute();
    expired.length = 0;
    expect(await sweeper.sweepOnce(at(base + 20))).toEqual({ expired: 520, purged: 0, pruned: 0, contents: 0 });
    expect(new Set(expired.map((e) => e.addressId)).size).toBe(520);
    expect(await sweeper.sweepOnce(at(base + 311))).toEqual({ expired: 0, purged: 520, pruned: 0, contents: 0 });
    const left = await database.db.selectFrom('addresses').select('id').where('id', 'like', 'adr_bulk_%').execute();
    expect(left).toEqual([]);
  });

  it('removes message contents left without a copy (two concurrent deletes can each leave one), and only those', async () => {
    const kept = (await database.db.selectFrom('message_contents').select('id').execute()).map((r) => r.id);
    // What two last copies deleted at once by concurrent transactions leave behind: a content nothing points at.
    await database.db.insertInto('message_contents').values({ id: 'cnt_orphan', raw: Buffer.from('x'), encoding: 'identity', size: 1 }).execute();
    const result = await sweeper.sweepOnce(at(7000));
    expect(result.contents).toBe(1);
    expect((await database.db.selectFrom('message_contents').select('id').execute()).map((r) => r.id).sort()).toEqual([...kept].sort());
  });

  it('prunes the event log past EVENT_RETENTION_SECONDS, keeping newer events', async () => {
    const base = 9000;
    const row = await address('pruned', base); // its address.created event is logged at base
    const days = (n: number) => n * 86_400;
    const logged = () => database.db.selectFrom('events').select('id').where('address_id', '=', row.id).where('type', '=', 'address.created').execute();
    expect(await logged()).toHaveLength(1);
    // Seven days later (the default retention) minus a second: still kept.
    const before = await sweeper.sweepOnce(at(base + days(7) - 1));
    expect(await logged()).toHaveLength(1);
    const after = await sweeper.sweepOnce(at(base + days(7) + 1));
    expect(before.pruned).toBeGreaterThan(0); // the earlier tests' events, all older
    expect(after.pruned).toBeGreaterThanOrEqual(1);
    expect(await logged()).toEqual([]);
  });
});

describe('sweeper timer', () => {
  it('sweeps on its own every SWEEP_INTERVAL_SECONDS and stops cleanly', async () => {
    const database = await openTestDatabase('sqlite');
    const config = testConfig({ SWEEP_INTERVAL_SECONDS: '1', RETENTION_SECONDS: '0', ADDRESS_TTL: '10' });
    const accountId = (await createAccount(database.db, 'timer@example.com', 'developer')).id;
    // Expired 20 s ago with no retention: the first timed sweep must purge it.
    const row = await createAddress(database.db, config, accountId, { prefix: 'timer', expires_in: 10 }, new Date(Date.now() - 30_000));
    const sweeper = startSweeper({ db: database.db, config });
    try {
      await expect.poll(() => findAddress(database.db, row.address), { timeout: 5000, interval: 100 }).toBeUndefined();
    } finally {
      await sweeper.stop();
      await database.close();
    }
  });
});
