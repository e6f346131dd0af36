import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SQLite } from '../../../src/db/sqlite-driver.js';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import { DIALECTS, TEST_PG_URL, openTestDatabase, tempDir } from '../../helpers/app.js';
import { openDatabase } from '../../../src/db/database.js';
import { migrationProvider } from '../../../src/db/migrations/index.js';
import { getAttachment, getMessage, getMessageRaw } from '../../../src/mail/messages.js';

/** A store as the release before shared contents left it: one source row per copy, attachment bytes per copy. */
describe.each(DIALECTS)('upgrading a %s store to shared message contents', (dialect) => {
  it('keeps every copy\'s source and attachments readable, and shares nothing it should not', async () => {
    const dataDir = tempDir();
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const old =
      dialect === 'sqlite'
        ? new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(path.join(dataDir, 'ephemail.db')) }) })
        : new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: TEST_PG_URL, options: `-c search_path=${schema}` }) }) });
    if (dialect === 'postgres') await sql`create schema ${sql.id(schema)}`.execute(old);
    const migrator = new Migrator({ db: old, provider: migrationProvider(dialect), ...(dialect === 'postgres' ? { migrationTableSchema: schema } : {}) });
    const to = await migrator.migrateTo('20261123-0008-qa-toolkit');
    expect(to.error).toBeUndefined();

    const raw = await new MailComposer({ from: 'a@example.com', to: 'old@ephemail.test', subject: 'from before', text: 'kept', attachments: [{ filename: 'n.txt', content: 'note' }] }).compile().build();
    const now = '2026-11-20T10:00:00.000Z';
    await old.insertInto('accounts').values({ id: 'acc_1', email: 'old@example.com', plan: 'developer', password_hash: null, created_at: now }).execute();
    await old.insertInto('addresses').values({ id: 'adr_1', account_id: 'acc_1', address: 'old@ephemail.test', local_part: 'old', domain: 'ephemail.test', created_at: now, expires_at: '2099-01-01T00:00:00.000Z' }).execute();
    for (const id of ['msg_a', 'msg_b']) {
      await old
        .insertInto('messages')
        .values({ id, address_id: 'adr_1', from_address: 'a@example.com', from_name: '', to_json: '[]', cc_json: '[]', subject: 'from before', text_body: 'kept', html_body: null, size: raw.length, received_at: now, seen_at: null })
        .execute();
      await old.insertInto('message_sources').values({ message_id: id, raw }).execute();
      await old.insertInto('attachments').values({ id: `att_${id}`, message_id: id, position: 0, filename: 'n.txt', content_type: 'text/plain', size: 4, content: Buffer.from('note') }).execute();
    }
    await old.destroy();

    const database = await openDatabase(dialect === 'sqlite' ? { databaseUrl: null, dataDir } : { databaseUrl: TEST_PG_URL, dataDir: '', pgSchema: schema });
    try {
      expect(await database.pendingMigrations()).toEqual([]);
      for (const id of ['msg_a', 'msg_b']) {
        expect((await getMessageRaw(database.db, 'adr_1', id)).equals(raw)).toBe(true);
        expect(await getMessage(database.db, 'adr_1', id)).toMatchObject({ subject: 'from before', authentication: null, attachments: [{ id: `att_${id}`, filename: 'n.txt', size: 4 }] });
        expect((await getAttachment(database.db, 'adr_1', id, `att_${id}`)).content.toString()).toBe('note');
      }
      // Each old copy kept its own content; deleting one leaves the other's.
      await database.db.deleteFrom('messages').where('id', '=', 'msg_a').execute();
      expect((await getMessageRaw(database.db, 'adr_1', 'msg_b')).equals(raw)).toBe(true);
    } finally {
      if (dialect === 'postgres') await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
      await database.close();
    }
  });
});

describe.each(DIALECTS)('migrations pending on a %s store', (dialect) => {
  it('names those of this version not applied, and every one when none is (the table missing, not the store)', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const all = Object.keys(await migrationProvider(dialect).getMigrations()).sort();
      expect(await database.pendingMigrations()).toEqual([]);
      await sql`delete from kysely_migration where name in (${sql.join(all.slice(-2))})`.execute(database.db);
      expect(await database.pendingMigrations()).toEqual(all.slice(-2));
      await sql`drop table kysely_migration`.execute(database.db);
      expect(await database.pendingMigrations()).toEqual(all);
    } finally {
      await database.close();
    }
  });
});
