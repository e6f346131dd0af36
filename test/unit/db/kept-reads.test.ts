import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SQLite } from '../../../src/db/sqlite-driver.js';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/database.js';
import { changeCount, keptReads } from '../../../src/db/kept-reads.js';

describe.each([500, 0])('reads kept until the SQLite store changes (statement cache %i)', (cache) => {
  let database: Database;
  let dir: string;
  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const open = async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-kept-'));
    database = await openDatabase({ databaseUrl: null, dataDir: dir, sqliteStatementCache: cache });
    await sql`create table probe (id integer primary key, v text)`.execute(database.db);
    return database.db;
  };

  it('moves the change count on every write of this process, of any kind, and never on a read', async () => {
    const db = await open();
    const counts: number[] = [changeCount(db)!];
    const step = async (statement: () => Promise<unknown>) => {
      await statement();
      counts.push(changeCount(db)!);
    };
    await step(() => db.selectFrom('accounts').selectAll().execute());
    await step(() => sql`select count(*) from probe`.execute(db));
    await step(() => sql`insert into probe (v) values ('a')`.execute(db));
    await step(() => sql`update probe set v = 'b'`.execute(db));
    await step(() => sql`delete from probe returning id`.execute(db));
    await step(() => db.transaction().execute(async (trx) => void (await sql`insert into probe (v) values ('c')`.execute(trx))));
    const [start, afterSelect, afterCount, afterInsert, afterUpdate, afterDelete, afterTransaction] = counts;
    expect([afterSelect, afterCount]).toEqual([start, start]);
    expect(afterInsert).toBeGreaterThan(afterCount);
    expect(afterUpdate).toBeGreaterThan(afterInsert);
    expect(afterDelete).toBeGreaterThan(afterUpdate);
    expect(afterTransaction).toBeGreaterThan(afterDelete);
    // A transaction's own handle has no count: reads inside one are never kept.
    await db.transaction().execute(async (trx) => expect(changeCount(trx)).toBeUndefined());
  });

  it('moves it when another connection commits to the same file', async () => {
    const db = await open();
    const before = changeCount(db)!;
    expect(changeCount(db)).toBe(before);
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
    const other = new SQLite(rows[0].file);
    other.prepare("insert into probe (v) values ('elsewhere')").run();
    other.close();
    expect(changeCount(db)).toBeGreaterThan(before);
  });

  it('answers a kept read while nothing changed, and reads again after a change', async () => {
    const db = await open();
    const kept = keptReads<{ n: number }>(100, () => 1);
    let reads = 0;
    const count = () =>
      kept.get(db, 'probe', async () => {
        reads++;
        return { n: Number((await sql<{ n: number }>`select count(*) as n from probe`.execute(db)).rows[0].n) };
      });
    expect(await count()).toEqual({ n: 0 });
    expect(await count()).toEqual({ n: 0 });
    expect(reads).toBe(1);
    await sql`insert into probe (v) values ('x')`.execute(db);
    expect(await count()).toEqual({ n: 1 });
    expect(reads).toBe(2);
    // A read that fails keeps nothing.
    await expect(kept.get(db, 'failing', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await kept.get(db, 'failing', async () => ({ n: 7 }))).toEqual({ n: 7 });
  });

  it('keeps nothing of a store opened without counting changes (SQLITE_KEPT_ANSWERS=false)', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-kept-'));
    database = await openDatabase({ databaseUrl: null, dataDir: dir, sqliteStatementCache: cache, sqliteKeepReads: false });
    expect(changeCount(database.db)).toBeUndefined();
    const kept = keptReads<{ n: number }>(100, () => 1);
    let reads = 0;
    for (let i = 0; i < 3; i++) await kept.get(database.db, 'k', async () => ({ n: ++reads }));
    expect(reads).toBe(3);
  });

  it('keeps nothing read through a transaction handle', async () => {
    const db = await open();
    const kept = keptReads<{ n: number }>(100, () => 1);
    let reads = 0;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i++) await kept.get(trx, 'k', async () => ({ n: ++reads }));
    });
    expect(reads).toBe(3);
  });
});
