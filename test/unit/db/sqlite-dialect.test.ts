import SQLite from 'better-sqlite3';
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
});
