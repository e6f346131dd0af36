import type { Kysely } from 'kysely';

/**
 * Sandboxes: each captures an application's outgoing mail into a mailbox of its own — an address row on the
 * reserved domain `sandbox.invalid` that never expires, so messages, waits, streams, checks and the inbox work on it
 * as on any address. Its credentials are stored as SHA-256 digests: the SMTP password and the provider API key.
 * Sandbox messages also keep the SMTP envelope (Bcc recipients are only there) and how they came (`via`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandboxes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('address_id', 'text', (c) => c.notNull().unique().references('addresses.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('api_key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .execute();
  await db.schema.createIndex('sandboxes_account').on('sandboxes').columns(['account_id', 'created_at']).execute();
  await db.schema.alterTable('messages').addColumn('sandbox_id', 'text').execute();
  await db.schema.alterTable('messages').addColumn('envelope_json', 'text').execute();
  await db.schema.alterTable('messages').addColumn('via', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('via').execute();
  await db.schema.alterTable('messages').dropColumn('envelope_json').execute();
  await db.schema.alterTable('messages').dropColumn('sandbox_id').execute();
  await db.schema.dropTable('sandboxes').execute();
}
