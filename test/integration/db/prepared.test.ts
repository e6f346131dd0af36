import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../../helpers/app.js';
import type { Database, Db } from '../../../src/db/database.js';
import { prepared } from '../../../src/db/prepared.js';

/** A table of the test's own: the application's tables are typed, this one is reached through an untyped handle. */
interface Probe {
  id: string;
  n?: number;
  note?: string | null;
  data?: Buffer | null;
}
const untyped = (db: Db) => db as any;

const insertProbes = prepared((db, rows: Probe[]) => untyped(db).insertInto('pq_probe').values(rows));
const probesAmong = prepared((db, ids: string[], note: string | undefined) => {
  let q = untyped(db).selectFrom('pq_probe').selectAll().where('id', 'in', ids);
  if (note !== undefined) q = q.where('note', '=', note);
  return q.orderBy('id');
});
const bump = prepared((db, ids: string[]) =>
  untyped(db)
    .updateTable('pq_probe')
    .set((eb: any) => ({ n: eb('n', '+', 1) }))
    .where('id', 'in', ids),
);
const rawInsert = prepared((db, id: string, note: string) => sql<{ id: string; note: string }>`insert into pq_probe (id, note) values (${id}, ${note}) returning id, note`);

describe.each(DIALECTS)('queries compiled once per shape on %s', (dialect) => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    db = database.db;
    const blob = dialect === 'postgres' ? 'bytea' : 'blob';
    await sql.raw(`create table pq_probe (id text primary key, n integer not null default 0, note text, data ${blob})`).execute(db);
  });
  afterAll(() => database.close());

  const all = async () => (await sql<{ id: string; n: number; note: string | null; data: Buffer | null }>`select * from pq_probe order by id`.execute(db)).rows;

  it('binds each call’s own values into the SQL compiled for its shape, whatever the number of rows', async () => {
    await insertProbes(db, [{ id: 'a1', note: 'first', data: Buffer.from('one') }]);
    await insertProbes(db, [
      { id: 'b1', note: 'x', data: null },
      { id: 'b2', note: null, data: Buffer.from([0, 255]) },
      { id: 'b3', note: 'z', data: Buffer.from('three') },
    ]);
    // The one-row shape again, with other values: none of the first call's stayed in it.
    await insertProbes(db, [{ id: 'c1', note: 'again', data: Buffer.from('four') }]);
    // Columns left out: another shape, whose rows take the table's defaults.
    await insertProbes(db, [{ id: 'd1' }, { id: 'd2' }]);
    // Rows with different columns, and the same columns in another order: shapes of their own.
    await insertProbes(db, [
      { id: 'e1', note: 'note only' },
      { id: 'e2', data: Buffer.from('data only') },
    ]);
    await insertProbes(db, [{ note: 'keys reversed', id: 'f1' }]);
    const rows = await all();
    expect(rows.map((r) => [r.id, Number(r.n), r.note, r.data === null ? null : Buffer.from(r.data).toString('hex')])).toEqual([
      ['a1', 0, 'first', Buffer.from('one').toString('hex')],
      ['b1', 0, 'x', null],
      ['b2', 0, null, '00ff'],
      ['b3', 0, 'z', Buffer.from('three').toString('hex')],
      ['c1', 0, 'again', Buffer.from('four').toString('hex')],
      ['d1', 0, null, null],
      ['d2', 0, null, null],
      ['e1', 0, 'note only', null],
      ['e2', 0, null, Buffer.from('data only').toString('hex')],
      ['f1', 0, 'keys reversed', null],
    ]);
  });

  it('reads what the same query built for each call reads, with lists of any length and an optional filter', async () => {
    const direct = async (ids: string[], note?: string) => {
      let q = untyped(db).selectFrom('pq_probe').selectAll().where('id', 'in', ids);
      if (note !== undefined) q = q.where('note', '=', note);
      return (await q.orderBy('id').execute()).map((r: Probe) => r.id);
    };
    for (const [ids, note] of [
      [['a1', 'b1', 'b3'], undefined],
      [['b1'], undefined],
      [['b1', 'b3', 'c1', 'd1'], 'z'],
      [['b1', 'b3', 'c1', 'd1'], 'again'],
      [['a1', 'b1', 'b3'], 'first'],
    ] as Array<[string[], string | undefined]>) {
      const { rows } = await probesAmong(db, ids, note);
      expect(rows.map((r) => (r as Probe).id)).toEqual(await direct(ids, note));
    }
    expect((await probesAmong(db, ['b1', 'b3', 'c1', 'd1'], 'z')).rows.map((r) => (r as Probe).id)).toEqual(['b3']);
  });

  it('keeps the constants written in the builder, and reports the rows it changed', async () => {
    expect(Number((await bump(db, ['a1', 'b1'])).numAffectedRows)).toBe(2);
    expect(Number((await bump(db, ['a1'])).numAffectedRows)).toBe(1);
    const n = Object.fromEntries((await all()).map((r) => [r.id, Number(r.n)]));
    expect(n).toMatchObject({ a1: 2, b1: 1, b2: 0 });
  });

  it('runs on the transaction it is given: a rollback takes its rows back', async () => {
    await db
      .transaction()
      .execute(async (trx) => {
        await insertProbes(trx, [{ id: 't1', note: 'in a transaction' }]);
        expect((await probesAmong(trx, ['t1'], undefined)).rows).toHaveLength(1);
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    expect((await probesAmong(db, ['t1'], undefined)).rows).toHaveLength(0);
  });

  it('compiles a raw sql query too, values bound', async () => {
    expect((await rawInsert(db, 'r1', "it's")).rows).toEqual([{ id: 'r1', note: "it's" }]);
    expect((await rawInsert(db, 'r2', 'second')).rows).toEqual([{ id: 'r2', note: 'second' }]);
  });

  it('refuses a builder that decides by an argument’s value instead of binding it, naming its SQL', async () => {
    // At compile time the argument is a marker, not 5: the builder would leave the LIMIT out for every call.
    const firstOf = prepared((on, limit: number) => {
      const q = untyped(on).selectFrom('pq_probe').select('id').orderBy('id');
      return limit > 0 ? q.limit(limit) : q;
    });
    await expect(firstOf(db, 5)).rejects.toThrow('an argument value is not a parameter of select "id" from "pq_probe" order by "id"');
  });
});
