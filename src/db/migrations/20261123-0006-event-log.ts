import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * The event log (transactional outbox): one row per domain event, appended in the transaction that makes the state
 * change, with a monotonic id consumers read by. `event_cursors` holds the durable positions of consumers that
 * must see each event once across instances and restarts (the webhook enqueuer's last event id, the sweeper's
 * "announced expiries up to" instant); a consumer locks its row while it works.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('events')
    // SQLite: AUTOINCREMENT never reuses an id, even after the newest rows were pruned.
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('address_id', 'text')
    .addColumn('address', 'text')
    .addColumn('message_id', 'text')
    // JSON: what consumers need beyond the columns (the message summary, the expiry), frozen when it happened.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_address').on('events').columns(['address_id', 'id']).execute();
  await db.schema.createIndex('events_message').on('events').column('message_id').execute();
  await db.schema.createIndex('events_created').on('events').column('created_at').execute();

  await db.schema
    .createTable('event_cursors')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  // The log starts empty, so the enqueuer starts at its beginning; expiries are announced from now on.
  await sql`insert into event_cursors (name, position, updated_at) values ('webhooks', '0', ${now}), ('sweeper.expired', ${now}, ${now})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_cursors').execute();
  await db.schema.dropTable('events').execute();
}
