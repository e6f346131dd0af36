import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Cached deliverability checks (src/mail/checks/). They belong to a message's content, not to a recipient's copy:
 * a message sent to several addresses is checked once, and whatever owns a content later (a sandbox message) reuses
 * the same cache. Both tables cascade with the content, which the trigger of 0009 removes with its last copy.
 * `report_json` holds the parts that never change (client support, HTML validation); links and spam carry their
 * own time because they are re-run on request.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';
  await db.schema
    .createTable('message_checks')
    .addColumn('content_id', 'text', (c) => c.primaryKey().references('message_contents.id').onDelete('cascade'))
    .addColumn('report_json', 'text', (c) => c.notNull())
    .addColumn('links_json', 'text')
    .addColumn('links_checked_at', 'text')
    .addColumn('spam_json', 'text')
    .addColumn('spam_checked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('message_previews')
    .addColumn('content_id', 'text', (c) => c.notNull().references('message_contents.id').onDelete('cascade'))
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('png', blob, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_previews_pk', ['content_id', 'variant'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_previews').execute();
  await db.schema.dropTable('message_checks').execute();
}
