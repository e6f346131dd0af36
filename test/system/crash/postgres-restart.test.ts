import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DIALECTS, TEST_PG_URL } from '../../helpers/app.js';
import { createStore } from '../../helpers/server-process.js';

describe.skipIf(!DIALECTS.includes('postgres'))('PostgreSQL dropping our connections', () => {
  it('keeps the process alive and the store usable when the server ends idle connections (restart, failover)', async () => {
    const store = await createStore('postgres');
    const database = await store.open();
    try {
      await database.ping();
      const name = new URL(store.env.DATABASE_URL).pathname.slice(1);
      const admin = new pg.Client({ connectionString: TEST_PG_URL });
      await admin.connect();
      const { rows } = await admin.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1', [name]);
      await admin.end();
      expect(rows[0].n).toBeGreaterThan(0);
      // The pool reports the dropped connections as errors; without a listener they would end the process here.
      await new Promise((r) => setTimeout(r, 200));
      await database.ping();
      expect(await database.db.selectFrom('accounts').select('id').execute()).toEqual([]);
    } finally {
      await database.close();
      await store.drop();
    }
  });
});
