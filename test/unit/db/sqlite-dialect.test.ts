import type BetterSqlite3 from 'better-sqlite3';
import { SQLite } from '../../../src/db/sqlite-driver.js';
import { Kysely, Migrator, sql, type Generated } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cachingStatements, sqliteDialect } from '../../../src/db/sqlite-dialect.js';

interface T {
  t: { id: Generated<number>; v: string };
}

function open(cacheSize = 4) {
  return { db: new Kysely<T>({ dialect: sqliteDialect(new SQLite(':memory:'), cacheSize) }) };
}

describe('SQLite with kept prepared statements', () => {
  it('answers repeated queries with the current rows, keeping at most the configured number of statements', async () => {
    const sqlite = new SQLite(':memory:');
    const statements = cachingStatements(sqlite, 3);
    sqlite.exec('create table t (id integer primary key, v text)');
    const insert = statements.prepare('insert into t (v) values (?)');
    expect(statements.prepare('insert into t (v) values (?)')).toBe(insert);
    for (let i = 0; i < 10; i++) insert.run([`v${i}`]);
    for (let i = 0; i < 10; i++) expect(statements.prepare(`select count(*) as n, ${i} as k from t`).all([])).toEqual([{ n: 10, k: i }]);
    expect(statements.cached).toBe(3);
    statements.close();
  });

  it('answers rows exactly as better-sqlite3 does: keys in column order, the last of two same-named columns, nulls, blobs', () => {
    const sqlite = new SQLite(':memory:');
    const statements = cachingStatements(sqlite, 4);
    sqlite.exec("create table a (id integer primary key, v text, b blob); create table c (id integer primary key, a_id integer, v text)");
    sqlite.exec("insert into a (v, b) values ('one', x'00ff'), (null, null); insert into c (a_id, v) values (1, 'c1'), (2, 'c\"2')");
    const text = 'select a.*, c.v, c.id as "odd ""name", 7 as n from a join c on c.a_id = a.id order by a.id';
    const plain = sqlite.prepare(text);
    const kept = statements.prepare(text) as unknown as BetterSqlite3.Statement;
    expect(kept.all([])).toEqual(plain.all());
    expect(kept.all([]).map((r) => Object.keys(r as object))).toEqual(plain.all().map((r) => Object.keys(r as object)));
    expect((kept.all([])[0] as { v: string }).v).toBe('c1');
    expect(kept.get([])).toEqual(plain.get());
    expect([...kept.iterate([])]).toEqual([...plain.iterate()]);
    expect((statements.prepare('select v from a where id = ?') as unknown as BetterSqlite3.Statement).get([3])).toBeUndefined();
    statements.close();
  });

  it('answers a query again after a stream of it was abandoned', async () => {
    const { db } = open();
    await sql`create table t (id integer primary key, v text)`.execute(db);
    await db.insertInto('t').values([{ v: 'a' }, { v: 'b' }, { v: 'c' }]).execute();
    const query = db.selectFrom('t').select('v').orderBy('id');
    const seen: string[] = [];
    for await (const row of query.stream()) {
      seen.push(row.v);
      if (seen.length === 1) break;
    }
    // The same SQL text again after an abandoned stream.
    expect((await query.execute()).map((r) => r.v)).toEqual(['a', 'b', 'c']);
    await db.destroy();
  });

  it('prepares a second statement for a text whose kept statement is still iterating', () => {
    const sqlite = new SQLite(':memory:');
    const statements = cachingStatements(sqlite, 4);
    sqlite.exec("create table t (id integer primary key, v text); insert into t (v) values ('a'), ('b')");
    const text = 'select v from t order by id';
    const outer = statements.prepare(text).iterate([]);
    expect(outer.next().value).toEqual({ v: 'a' });
    expect(statements.prepare(text).all([])).toEqual([{ v: 'a' }, { v: 'b' }]);
    expect(outer.next().value).toEqual({ v: 'b' });
    outer.return?.();
    statements.close();
  });

  it('applies migrations in one transaction: a failing migration leaves none of its statements behind', async () => {
    const { db } = open();
    const migrator = new Migrator({
      db,
      provider: {
        getMigrations: async () => ({
          '1-good': { up: async (d) => void (await sql`create table good (id integer)`.execute(d)) },
          '2-bad': {
            up: async (d) => {
              await sql`create table half (id integer)`.execute(d);
              await sql`select * from no_such_table`.execute(d);
            },
          },
        }),
      },
    });
    const { error } = await migrator.migrateToLatest();
    expect(error).toBeDefined();
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name in ('good', 'half')`.execute(db);
    expect(tables.rows).toEqual([]);
    await db.destroy();
  });

  it('answers the error of a transaction SQLite rolled back itself (a full disk), not that of a rollback after it', async () => {
    const sqlite = new SQLite(':memory:');
    const db = new Kysely<T>({ dialect: sqliteDialect(sqlite) });
    await sql`create table t (id integer primary key, v text)`.execute(db);
    // No room for another page, as on a full disk: SQLite fails the statement and rolls the transaction back.
    sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true }) as number}`);
    const failed = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ v: 'x'.repeat(20_000) }).execute();
    });
    await expect(failed).rejects.toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });
    expect(sqlite.inTransaction).toBe(false);
    // With room again, the same connection writes.
    sqlite.pragma('max_page_count = 1000000');
    await db.transaction().execute(async (trx) => void (await trx.insertInto('t').values({ v: 'y' }).execute()));
    expect(await db.selectFrom('t').select('v').execute()).toEqual([{ v: 'y' }]);
    await db.destroy();
  });
});
