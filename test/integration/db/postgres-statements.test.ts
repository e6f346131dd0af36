import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/database.js';
import { DIALECTS, TEST_PG_URL } from '../../helpers/app.js';

// POSTGRES_STATEMENT_CACHE: each SQL text is prepared once per connection (src/db/postgres-statements.ts).
describe.runIf(DIALECTS.includes('postgres'))('prepared statements on PostgreSQL', () => {
  const opened: Array<{ database: Database; schema: string }> = [];
  async function open(postgresStatementCache?: number): Promise<Database> {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase({ databaseUrl: TEST_PG_URL, dataDir: '', pgSchema: schema, postgresStatementCache });
    opened.push({ database, schema });
    return database;
  }
  afterEach(async () => {
    for (const { database, schema } of opened.splice(0)) {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
      await database.close();
    }
  });

  /** The statements prepared on the connection that runs `work`, by their SQL text. */
  async function preparedAround(database: Database, work: (db: Database['db']) => Promise<unknown>): Promise<string[]> {
    return database.db.connection().execute(async (conn) => {
      await work(conn);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(conn);
      return rows.map((r) => r.statement);
    });
  }

  it('prepares a query run again and reuses it, with each call its own values', async () => {
    const database = await open();
    const seen: string[] = [];
    const prepared = await preparedAround(database, async (db) => {
      for (const plan of ['developer', 'free', 'developer'] as const) {
        seen.push(...(await db.selectFrom('accounts').select('plan').where('plan', '=', plan).execute()).map((r) => r.plan));
        seen.push(String((await sql<{ v: string }>`select ${plan}::text as v`.execute(db)).rows[0].v));
      }
    });
    expect(seen).toEqual(['developer', 'free', 'developer']);
    expect(prepared).toEqual(expect.arrayContaining(['select "plan" from "accounts" where "plan" = $1', 'select $1::text as v']));
    // A text run once (the read of pg_prepared_statements itself) is not prepared.
    expect(prepared.filter((text) => text.includes('pg_prepared_statements'))).toEqual([]);
  });

  it('prepares nothing with POSTGRES_STATEMENT_CACHE=0, and no more texts than the cache holds', async () => {
    const off = await open(0);
    expect(await preparedAround(off, (db) => db.selectFrom('accounts').selectAll().where('plan', '=', 'free').execute())).toEqual([]);
    const two = await open(2);
    const answers: number[] = [];
    const prepared = await preparedAround(two, async (db) => {
      for (const n of [1, 2, 3, 4, 5, 1, 2, 3, 4, 5]) answers.push((await sql.raw<{ n: number }>(`select ${n} as n`).execute(db)).rows[0]?.n ?? NaN);
    });
    expect(answers).toEqual([1, 2, 3, 4, 5, 1, 2, 3, 4, 5]);
    // Five texts ran twice each; at most two of them (fewer if the migrations' queries took the names first) were prepared.
    expect(prepared.length).toBeLessThanOrEqual(2);
  });

  it('keeps answering a query after another instance adds a column to the table it reads with *', async () => {
    const database = await open();
    const schema = opened.at(-1)!.schema;
    await sql`create table probe (id int primary key, v text)`.execute(database.db);
    await sql`insert into probe values (1, 'one')`.execute(database.db);
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    try {
      let pid = 0;
      const rows = await database.db.connection().execute(async (conn) => {
        pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn)).rows[0].pid;
        const read = () => sql<Record<string, unknown>>`select * from probe where id = ${1}`.execute(conn).then((r) => r.rows);
        // Run twice: prepared on this connection.
        expect(await read()).toEqual([{ id: 1, v: 'one' }]);
        expect(await read()).toEqual([{ id: 1, v: 'one' }]);
        expect((await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like '%from probe%'`.execute(conn)).rows[0].n).toBe(1);
        // A migration on another instance: the statement this connection prepared now has a different result type.
        await admin.query(`alter table "${schema}".probe add column extra text default 'new'`);
        return read();
      });
      expect(rows).toEqual([{ id: 1, v: 'one', extra: 'new' }]);
      // The connection holding the stale statement was closed when released, not handed out again.
      const alive = async () => (await admin.query('select count(*)::int as n from pg_stat_activity where pid = $1', [pid])).rows[0].n as number;
      for (let i = 0; i < 100 && (await alive()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await alive()).toBe(0);
      // And on every connection afterwards.
      for (let i = 0; i < 12; i++) {
        expect((await sql`select * from probe where id = ${1}`.execute(database.db)).rows).toEqual([{ id: 1, v: 'one', extra: 'new' }]);
      }
    } finally {
      await admin.end();
    }
  });
});
