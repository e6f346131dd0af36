import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, TEST_PG_URL } from '../../helpers/app.js';

// Several Ephemail schemas in one PostgreSQL database (tenants, tests): one starting while another schema is dropped.
// Kysely's migrator lists every table of every schema first, and a schema dropped during that listing used to fail
// the start-up with 'schema "…" does not exist' (seen in the suite, where test files drop their schemas as they end).
describe.runIf(DIALECTS.includes('postgres'))('migrations on PostgreSQL while other schemas come and go', () => {
  it('start every time', { timeout: 60_000 }, async () => {
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    let churning = true;
    // Another tenant's schemas, each with tables, made and dropped without pause while the stores below start.
    const churn = (async () => {
      let n = 0;
      while (churning && n++ < 400) {
        const name = `churn_${randomBytes(4).toString('hex')}`;
        await admin.query(`create schema ${name}; create table ${name}.a (id serial primary key, v text); create table ${name}.b (id serial primary key)`);
        await admin.query(`drop schema ${name} cascade`);
      }
    })();
    try {
      for (let i = 0; i < 6; i++) {
        const database = await openTestDatabase('postgres');
        expect(await database.pendingMigrations()).toEqual([]);
        await database.close();
      }
    } finally {
      churning = false;
      await churn;
      await admin.end();
    }
  });
});
