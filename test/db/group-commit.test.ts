import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../helpers/app.js';
import type { Database, Db } from '../../src/db/database.js';
import { commitGrouped } from '../../src/db/group-commit.js';
import { onEventsCommitted } from '../../src/db/events.js';

describe.each(DIALECTS)('group commit on %s', (dialect) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await sql`create table gc_probe (id text primary key)`.execute(database.db);
  });
  afterAll(() => database.close());

  const rows = async () => (await sql<{ id: string }>`select id from gc_probe order by id`.execute(database.db)).rows.map((r) => r.id);

  it('commits the writes that arrive during a commit together, in one transaction, and resolves each after it', async () => {
    const transactions: Db[] = [];
    const committedBatches: number[] = [];
    const stop = onEventsCommitted(database.db, (events) => committedBatches.push(events.length));
    const write = (id: string) => async (trx: Db, emit: (e: never) => void) => {
      if (!transactions.includes(trx)) transactions.push(trx);
      await sql`insert into gc_probe (id) values (${id})`.execute(trx);
      emit({ type: 'address.created', account_id: 'acc', address_id: null, address: null, message_id: null, data: { id }, created_at: new Date().toISOString() } as never);
    };
    // Ten writes submitted at once: the first starts a commit alone, the nine that arrive while it runs share the next.
    const ids = Array.from({ length: 10 }, (_, i) => `w${i}`);
    await Promise.all(ids.map((id) => commitGrouped(database.db, write(id)).then(async () => {
      // Resolved only once its row is committed: a read after it sees it.
      expect(await rows()).toContain(id);
    })));
    stop();
    expect(transactions).toHaveLength(2);
    expect(committedBatches).toEqual([1, 9]);
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
});
