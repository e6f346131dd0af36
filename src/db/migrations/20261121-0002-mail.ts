import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/** Addresses and the mail they receive. Each copy of a message (one per recipient address) owns its parsed body,
 * its attachments and its raw source, so deleting an address or a message cascades to everything it owns. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull().unique())
    .addColumn('local_part', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_account').on('addresses').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('addresses_expiry').on('addresses').column('expires_at').execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('address_id', 'text', (c) => c.notNull().references('addresses.id').onDelete('cascade'))
    .addColumn('from_address', 'text')
    .addColumn('from_name', 'text')
    .addColumn('to_json', 'text', (c) => c.notNull())
    .addColumn('cc_json', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text')
    .execute();
  await db.schema.createIndex('messages_address_time').on('messages').columns(['address_id', 'received_at', 'id']).execute();

  await db.schema
    .createTable('attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', blob, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attachments_message').on('attachments').columns(['message_id', 'position']).execute();

  await db.schema
    .createTable('message_sources')
    .addColumn('message_id', 'text', (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
    .addColumn('raw', blob, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['message_sources', 'attachments', 'messages', 'addresses']) await db.schema.dropTable(t).execute();
}

