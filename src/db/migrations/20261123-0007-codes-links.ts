import type { Kysely } from 'kysely';

/** The one-time codes and links found in each message at ingestion (JSON arrays; see src/mail/codes-links.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('codes_json', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('messages').addColumn('links_json', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('links_json').execute();
  await db.schema.alterTable('messages').dropColumn('codes_json').execute();
}
