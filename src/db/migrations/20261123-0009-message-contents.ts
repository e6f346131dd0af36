import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * One stored copy of each message's content, shared by all its recipient copies: the raw source, compressed, in
 * `message_contents`; each copy's `content_id` points at it. Attachment rows keep their metadata per copy, and their
 * bytes are read from the raw source when downloaded (the source holds them already; storing them again doubled the
 * store). A trigger removes the content with its last copy, whichever way copies go (one delete, an address's
 * cascade, the sweeper). Two last copies deleted at once by concurrent transactions may each still see the other
 * and both leave the content behind (locking the content row instead could deadlock two cascades): the sweeper
 * removes such orphans (pruneOrphanContents).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('message_contents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('raw', blob, (c) => c.notNull())
    .addColumn('encoding', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into message_contents (id, raw, encoding, size) select message_id, raw, 'identity', length(raw) from message_sources`.execute(db);
  await db.schema.alterTable('messages').addColumn('content_id', 'text').execute();
  await sql`update messages set content_id = id`.execute(db);
  await db.schema.createIndex('messages_content').on('messages').column('content_id').execute();
  await db.schema.dropTable('message_sources').execute();
  await db.schema.alterTable('attachments').dropColumn('content').execute();
  if (dialect === 'postgres') {
    await sql`
      create function message_contents_release() returns trigger language plpgsql as $$
      begin
        delete from message_contents where id = old.content_id
          and not exists (select 1 from messages where content_id = old.content_id);
        return null;
      end $$`.execute(db);
    await sql`create trigger messages_release_content after delete on messages for each row execute function message_contents_release()`.execute(db);
  } else {
    await sql`
      create trigger messages_release_content after delete on messages for each row begin
        delete from message_contents where id = old.content_id
          and not exists (select 1 from messages where content_id = old.content_id);
      end`.execute(db);
  }
}
