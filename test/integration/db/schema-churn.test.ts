import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, TEST_PG_URL } from '../../helpers/app.js';

// Several Ephemail schemas in one PostgreSQL database (tenants, tests): one starting while another schema changes or is dropped.
// Kysely's migrator listed every table of every schema first, and a schema dropped or changed during that listing
// failed the start-up with 'schema "…" does not exist' or 'column … does not exist' (seen in the suite, where test
// files make and drop their schemas as they run); it now looks into its own schema alone.
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
        const columns = Array.from({ length: 10 }, (_, i) => `c${i} text`).join(', ');
        await admin.query(`create schema ${name}; create table ${name}.a (id serial primary key, ${columns}); create table ${name}.b (id serial primary key)`);
        // Columns dropped one by one: Kysely's own listing of every schema's columns failed with 'column … does not
        // exist' when one went while it read (src/db/database.ts, lookingInto).
        for (let i = 0; i < 10; i++) await admin.query(`alter table ${name}.a drop column c${i}`);
        await admin.query(`drop schema ${name} cascade`);
      }
    })();
    try {
      for (let i = 0; i < 8; i++) {
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
