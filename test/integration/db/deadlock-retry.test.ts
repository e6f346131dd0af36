import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../../helpers/app.js';
import type { Database, Db } from '../../../src/db/database.js';
import { transactWithEvents } from '../../../src/db/events.js';

describe.skipIf(!DIALECTS.includes('postgres'))('a transaction PostgreSQL rolls back for a deadlock', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await sql`create table dl_probe (id integer primary key, v integer not null)`.execute(database.db);
    await sql`insert into dl_probe (id, v) values (1, 0), (2, 0)`.execute(database.db);
  });
  afterAll(() => database?.close());

  it('runs again, so both of two transactions that lock rows in opposite orders commit', async () => {
    let arrived = 0;
    let release!: () => void;
    const bothHoldOneRow = new Promise<void>((resolve) => (release = resolve));
    const attempts = { ab: 0, ba: 0 };
    const crosswise = (first: number, second: number, name: keyof typeof attempts) => async (trx: Db) => {
      attempts[name]++;
      await sql`update dl_probe set v = v + 1 where id = ${first}`.execute(trx);
      if (attempts[name] === 1) {
        // Both hold their first row before either asks for its second: PostgreSQL must pick a victim.
        if (++arrived === 2) release();
        await bothHoldOneRow;
      }
      await sql`update dl_probe set v = v + 1 where id = ${second}`.execute(trx);
    };
    const results = await Promise.allSettled([
      transactWithEvents(database.db, crosswise(1, 2, 'ab')),
      transactWithEvents(database.db, crosswise(2, 1, 'ba')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    // One of them was the deadlock's victim and ran a second time; each committed its two updates once.
    expect(attempts.ab + attempts.ba).toBe(3);
    const rows = (await sql<{ id: number; v: number }>`select id, v from dl_probe order by id`.execute(database.db)).rows;
    expect(rows).toEqual([{ id: 1, v: 2 }, { id: 2, v: 2 }]);
  });
});
