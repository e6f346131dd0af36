import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../../helpers/app.js';
import type { Database, Db } from '../../../src/db/database.js';
import { batchedWrite, commitGrouped, configureGroupCommit } from '../../../src/db/group-commit.js';
import { onEventsCommitted, transactWithEvents } from '../../../src/db/events.js';
import { logSyncs, sqliteConnectionOf } from '../../../src/db/sqlite-dialect.js';

describe.each(DIALECTS)('group commit on %s', (dialect) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await sql`create table gc_probe (id text primary key)`.execute(database.db);
  });
  afterAll(() => database.close());

  const rows = async () => (await sql<{ id: string }>`select id from gc_probe order by id`.execute(database.db)).rows.map((r) => r.id);

  it('commits writes submitted together in one transaction, those that arrive during it in the next, and resolves each after its commit', async () => {
    const transactions: Db[] = [];
    const committedBatches: number[] = [];
    const stop = onEventsCommitted(database.db, (events) => committedBatches.push(events.length));
    const write = (id: string) => async (trx: Db, emit: (e: never) => void) => {
      if (!transactions.includes(trx)) transactions.push(trx);
      await sql`insert into gc_probe (id) values (${id})`.execute(trx);
      emit({ type: 'address.created', account_id: 'acc', address_id: null, address: null, message_id: null, data: { id }, created_at: new Date().toISOString() } as never);
    };
    // Five writes submitted together share a transaction; three more submitted while it commits share the next.
    const later: Array<Promise<void>> = [];
    const first = ['w0', 'w1', 'w2', 'w3', 'w4'];
    const second = ['w5', 'w6', 'w7'];
    const ids = [...first, ...second];
    const committedOnce = (id: string) =>
      commitGrouped(database.db, async (trx, emit) => {
        if (id === 'w0') for (const next of second) later.push(committedOnce(next));
        await write(id)(trx, emit);
      }).then(async () => {
        // Resolved only once its row is committed: a read after it sees it.
        expect(await rows()).toContain(id);
      });
    await Promise.all(first.map(committedOnce));
    await Promise.all(later);
    stop();
    expect(transactions).toHaveLength(2);
    expect(committedBatches).toEqual([5, 3]);
    expect(await rows()).toEqual(ids);
  });

  it('retries a failed batch one write at a time, so only the bad write fails', async () => {
    const good = (id: string) => async (trx: Db) => {
      await sql`insert into gc_probe (id) values (${id})`.execute(trx);
    };
    const first = commitGrouped(database.db, good('x0'));
    const results = await Promise.allSettled([first, commitGrouped(database.db, good('x1')), commitGrouped(database.db, good('x1')), commitGrouped(database.db, good('x2'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await rows()).filter((id) => id.startsWith('x'))).toEqual(['x0', 'x1', 'x2']);
  });

  // Whether the commits `commit()` makes wait for the disk. SQLite: how many times its log was synced meanwhile
  // (src/db/log-sync.ts; the connection commits with synchronous=NORMAL, and every commit that must survive a power
  // loss awaits a sync of the log). PostgreSQL: `synchronous_commit`, as each transaction itself reads it (`seen`).
  const syncsDuring = async (commit: () => Promise<unknown>) => {
    const before = logSyncs(database.db);
    await commit();
    return dialect === 'sqlite' ? logSyncs(database.db)! - before! : undefined;
  };
  const seen: Record<string, string> = {};
  const probe = (id: string) => async (trx: Db) => {
    if (dialect === 'postgres') seen[id] = (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx)).rows[0].synchronous_commit;
    await sql`insert into gc_probe (id) values (${id})`.execute(trx);
  };
  const insert = (id: string) => async (trx: Db) => {
    await sql`insert into gc_probe (id) values (${id})`.execute(trx);
  };
  const expectSynced = (syncs: number | undefined, ids: string[], synced: boolean) => {
    if (dialect === 'sqlite') expect(syncs).toBe(synced ? 1 : 0);
    else for (const id of ids) expect([id, seen[id]]).toEqual([id, synced ? 'on' : 'off']);
  };

  it('syncs a batch to disk unless every write in it may be redone, and leaves later commits synced', async () => {
    // Submitted together: one batch, synced because one of its writes must be.
    expectSynced(await syncsDuring(() => Promise.all([commitGrouped(database.db, probe('s0'), { durable: false }), commitGrouped(database.db, probe('s1'))])), ['s0', 's1'], true);
    // A batch of writes that may all be redone commits without waiting for the disk.
    expectSynced(await syncsDuring(() => Promise.all([commitGrouped(database.db, probe('s2'), { durable: false }), commitGrouped(database.db, probe('s3'), { durable: false })])), ['s2', 's3'], false);
    // And the relaxed commit ends with it: the next batch, a plain transaction and a plain write are synced again.
    expectSynced(await syncsDuring(() => commitGrouped(database.db, probe('s4'))), ['s4'], true);
    if (dialect === 'sqlite') {
      expect(await syncsDuring(() => database.db.transaction().execute(insert('s5')))).toBe(1);
      expect(await syncsDuring(() => insert('s6')(database.db))).toBe(1);
      // Reading syncs nothing.
      expect(await syncsDuring(rows)).toBe(0);
    } else {
      expect((await database.db.transaction().execute((trx) => sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx))).rows[0].synchronous_commit).toBe('on');
      await insert('s5')(database.db);
      await insert('s6')(database.db);
    }
    expect((await rows()).filter((id) => id.startsWith('s'))).toEqual(['s0', 's1', 's2', 's3', 's4', 's5', 's6']);
  });

  // SQLite keeps, inside a transaction, a copy of every page a statement that writes several rows changes (to undo that
  // statement alone), and past 64 KiB spills it to a temporary file it creates and deletes: a cost the intake's batches
  // paid about once every 13 messages. A SQL function called for each row the statement writes looks, while the
  // statement runs, for such a file among the process's open files (Linux's /proc/self/fd).
  it.runIf(dialect === 'sqlite' && process.platform === 'linux')('keeps a batch\'s statement journals in memory, and no other transaction\'s', async () => {
    const sqlite = sqliteConnectionOf(database.db)!;
    const spilled: boolean[] = [];
    sqlite.function('journal_probe', (v: unknown) => {
      const open = fs.readdirSync('/proc/self/fd').map((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      });
      spilled.push(open.some((target) => /etilqs_/.test(target)));
      return v;
    });
    await sql`create table gc_journal (id integer primary key, body blob not null)`.execute(database.db);
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 60) insert into gc_journal (id, body) select i, zeroblob(3000) from n`.execute(database.db);
    // One statement rewriting sixty rows of 3 kB, each on a page of its own: about 240 KiB of pages to keep a copy of.
    const rewriteAll = async (trx: Db) => {
      await sql`update gc_journal set body = journal_probe(randomblob(3000))`.execute(trx);
    };
    const spilledDuring = async (write: () => Promise<unknown>) => {
      spilled.length = 0;
      await write();
      expect(spilled).toHaveLength(60);
      return spilled.some(Boolean);
    };
    // Outside a group commit SQLite spills as it always has (what makes the next assertion mean something)...
    expect(await spilledDuring(() => transactWithEvents(database.db, rewriteAll))).toBe(true);
    // ...inside one, nothing reaches a file.
    expect(await spilledDuring(() => commitGrouped(database.db, rewriteAll))).toBe(false);
    // And the setting goes with the batch: the next transaction spills again.
    expect(await spilledDuring(() => transactWithEvents(database.db, rewriteAll))).toBe(true);
    expect(sqlite.pragma('temp_store', { simple: true })).toBe(0);
    await sql`drop table gc_journal`.execute(database.db);
  });

  it.runIf(dialect === 'sqlite')('shares one sync of the log among the commits that end while one is under way', async () => {
    // Twenty writes of their own (no batch): each is its own commit, and each is answered only once the log holding it
    // is synced — by the sync under way when it committed if that one started later, else by the next.
    const syncs = await syncsDuring(() => Promise.all(Array.from({ length: 20 }, (_, i) => insert(`m${String(i).padStart(2, '0')}`)(database.db))));
    expect(syncs).toBeGreaterThanOrEqual(1);
    expect(syncs).toBeLessThan(20);
    expect((await rows()).filter((id) => id.startsWith('m'))).toHaveLength(20);
  });

  it('leaves later commits synced when a batch that may be redone fails', async () => {
    const failing = async (trx: Db) => {
      await sql`insert into gc_probe (id) values ('f0')`.execute(trx);
      throw new Error('boom');
    };
    await expect(commitGrouped(database.db, failing, { durable: false })).rejects.toThrow('boom');
    expect(await rows()).not.toContain('f0');
    expectSynced(await syncsDuring(() => commitGrouped(database.db, probe('f1'))), ['f1'], true);
  });

  it('under load, lets a batch wait GROUP_COMMIT_DELAY_MS for more writes; a lone write never waits', async () => {
    const transactionOf: Record<string, Db> = {};
    const write = (id: string) => async (trx: Db) => {
      transactionOf[id] = trx;
      await sql`insert into gc_probe (id) values (${id})`.execute(trx);
    };
    try {
      // Far longer than the test may take: a lone write that waited for it would time the test out.
      configureGroupCommit(database.db, { delayMs: 60_000 });
      await commitGrouped(database.db, write('d0'));
      await commitGrouped(database.db, write('d1'));
      // Two writes together: the next batch is under load and waits; here until a third write joins it and the
      // delay is cut short by configuring it down (the batch's timer was set before, so it still runs out first).
      configureGroupCommit(database.db, { delayMs: 200 });
      await Promise.all([commitGrouped(database.db, write('d2')), commitGrouped(database.db, write('d3'))]);
      const fourth = commitGrouped(database.db, write('d4'));
      await new Promise((r) => setTimeout(r, 20));
      const fifth = commitGrouped(database.db, write('d5'));
      await Promise.all([fourth, fifth]);
      expect(transactionOf.d0).not.toBe(transactionOf.d1);
      expect(transactionOf.d2).toBe(transactionOf.d3);
      // Submitted 20 ms apart, committed together: the batch waited for the second.
      expect(transactionOf.d4).toBe(transactionOf.d5);
      expect((await rows()).filter((id) => id.startsWith('d'))).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5']);
    } finally {
      configureGroupCommit(database.db, { delayMs: 0 });
    }
  });

  it('on SQLite, does not hold a batch back once commits carry three synced writes or none; PostgreSQL waits as before', async () => {
    const transactionOf: Record<string, Db> = {};
    const write = (id: string) => async (trx: Db) => {
      transactionOf[id] = trx;
      await sql`insert into gc_probe (id) values (${id})`.execute(trx);
    };
    // Writes submitted `gapMs` apart after a batch of `before`: committed together only if the batch waited for company.
    const waitedAfter = async (before: Array<{ id: string; durable: boolean }>, next: [string, string], gapMs = 50) => {
      await Promise.all(before.map((w) => commitGrouped(database.db, write(w.id), { durable: w.durable })));
      const first = commitGrouped(database.db, write(next[0]));
      await new Promise((r) => setTimeout(r, gapMs));
      await Promise.all([first, commitGrouped(database.db, write(next[1]))]);
      return transactionOf[next[0]] === transactionOf[next[1]];
    };
    try {
      configureGroupCommit(database.db, { delayMs: 500 });
      const synced = (id: string) => ({ id, durable: true });
      const unsynced = (id: string) => ({ id, durable: false });
      // One synced write among others before it (a connection per message): every store waits, as before.
      expect(await waitedAfter([synced('e0'), unsynced('e1')], ['e2', 'e3'])).toBe(true);
      // Three synced writes in the batch before (reused connections), or none (stores and claims alone).
      expect(await waitedAfter([synced('e4'), synced('e5'), synced('e6')], ['e7', 'e8'])).toBe(dialect === 'postgres');
      expect(await waitedAfter([unsynced('e9'), unsynced('ea')], ['eb', 'ec'])).toBe(dialect === 'postgres');
      expect((await rows()).filter((id) => id.startsWith('e'))).toHaveLength(13);
    } finally {
      configureGroupCommit(database.db, { delayMs: 0 });
    }
  });

  it('commits a lane beside the others on PostgreSQL, and with them on SQLite (one connection, one writer)', async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    // A batch of the default lane that holds its transaction open until the gate opens.
    const held = commitGrouped(database.db, async (trx) => {
      await sql`insert into gc_probe (id) values ('l0')`.execute(trx);
      entered();
      await gate;
    });
    await inside;
    let laneDone = false;
    const lane = commitGrouped(database.db, async (trx) => void (await sql`insert into gc_probe (id) values ('l1')`.execute(trx)), { lane: 'accept' }).then(
      () => void (laneDone = true),
    );
    if (dialect === 'postgres') {
      // Committed and visible while the other lane's transaction is still open (its row is not).
      await lane;
      expect((await rows()).filter((id) => id.startsWith('l'))).toEqual(['l1']);
    } else {
      await new Promise((r) => setTimeout(r, 50));
      expect(laneDone).toBe(false);
    }
    open();
    await Promise.all([held, lane]);
    expect((await rows()).filter((id) => id.startsWith('l'))).toEqual(['l0', 'l1']);
  });

  it('runs an autocommit write without a transaction on PostgreSQL, each statement committing itself; a failing one fails alone', async () => {
    // The transaction id each statement runs in: the same inside one transaction, a new one per statement outside.
    const xid = async (trx: Db) =>
      dialect === 'postgres' ? String((await sql<{ x: string }>`select txid_current() as x`.execute(trx)).rows[0].x) : 'sqlite';
    const seen: string[][] = [];
    const write = (id: string, fail = false) => async (trx: Db) => {
      const first = await xid(trx);
      await sql`insert into gc_probe (id) values (${id})`.execute(trx);
      const second = await xid(trx);
      seen.push([first, second]);
      if (fail) throw new Error('second statement failed');
    };
    const results = await Promise.allSettled([
      commitGrouped(database.db, write('a0'), { lane: 'accept', autocommit: true }),
      commitGrouped(database.db, write('a1', true), { lane: 'accept', autocommit: true }),
      commitGrouped(database.db, write('a2'), { lane: 'accept', autocommit: true }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    if (dialect === 'postgres') {
      for (const [first, second] of seen) expect(first).not.toBe(second);
      // The failing write's INSERT had committed on its own before it failed; it is not run again.
      expect((await rows()).filter((id) => id.startsWith('a'))).toEqual(['a0', 'a1', 'a2']);
      expect(seen).toHaveLength(3);
      await expect(commitGrouped(database.db, async (_trx, emit) => emit({} as never), { lane: 'accept', autocommit: true })).rejects.toThrow(/cannot emit/);
    } else {
      // SQLite: one transaction for the batch, rolled back and retried write by write when one fails.
      expect((await rows()).filter((id) => id.startsWith('a'))).toEqual(['a0', 'a2']);
    }
  });

  it('a batched write with holdMs: a batch after a pause commits at once; one opened while items keep coming gathers them first', async () => {
    const written: string[][] = [];
    const store = batchedWrite<string>(
      database.db,
      async (trx, _emit, items) => {
        written.push([...items]);
        for (const id of items) await sql`insert into gc_probe (id) values (${id})`.execute(trx);
      },
      { durable: false, holdMs: 1000 },
    );
    // After a pause: committed long before a hold would have let it go.
    const first = store('h0').committed;
    const tooLate = new Promise((resolve) => setTimeout(() => resolve('held'), 800));
    expect(await Promise.race([first.then(() => 'at once'), tooLate])).toBe('at once');
    // Items keep coming: the next batch waits for company, and the items added meanwhile commit with it.
    const second = store('h1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const third = store('h2');
    const fourth = store('h3');
    expect(third).toBe(second);
    expect(fourth).toBe(second);
    await second.committed;
    expect(written).toEqual([['h0'], ['h1', 'h2', 'h3']]);
    expect((await rows()).filter((id) => id.startsWith('h'))).toEqual(['h0', 'h1', 'h2', 'h3']);
  });
});
