import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The intake queue: what SMTP has acknowledged (250) but processors have not stored yet — the raw message and its
 * envelope, with the message id each recipient's copy will get. A processor claims an entry by setting
 * `lease_until` (an entry whose lease ran out is claimable again: its processor died), and deletes it in the
 * transaction that stores the copies, so an entry is either still queued or stored, never both.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('intake_queue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('raw', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('mail_from', 'text', (c) => c.notNull())
    // JSON: [{ rcpt, address_id, account_id, address, message_id }], one per accepted recipient's address.
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .addColumn('helo', 'text', (c) => c.notNull())
    // JSON facts of the session's TLS and AUTH; null while the listener offers neither.
    .addColumn('tls', 'text')
    .addColumn('auth', 'text')
    .addColumn('accepted_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('intake_queue_due').on('intake_queue').columns(['lease_until', 'accepted_at']).execute();
  await db.schema.createIndex('intake_queue_accepted').on('intake_queue').column('accepted_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('intake_queue').execute();
}
