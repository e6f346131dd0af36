import type { Kysely } from 'kysely';

/**
 * Webhooks, their outbox and their delivery log. `webhook_deliveries` is the outbox: one row per webhook × event
 * with the payload frozen at enqueue; workers claim due rows by moving `claimed_until` forward with a conditional
 * update, which works the same on SQLite and PostgreSQL and lets several instances share the table. Deleting a
 * webhook (or its account) removes its deliveries and attempts by cascade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    // JSON array of event types.
    .addColumn('events', 'text', (c) => c.notNull())
    // Lowercased address filter, or null for every address of the account. Not a foreign key: the filter
    // outlives the address (it must still match the address.deleted event).
    .addColumn('address', 'text')
    .addColumn('description', 'text')
    // Stored as issued: HMAC signing needs the secret itself (API keys, by contrast, are stored as digests).
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_account').on('webhooks').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    // Which event this delivers (null for test events): the unique index below makes queueing idempotent, so
    // start-up recovery can re-queue recent events without doubling any.
    .addColumn('event_key', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // Attempts ever made (numbers the log) and attempts since the last (re)queue (drives the backoff).
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('round_attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').columns(['webhook_id', 'event_key']).unique().execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_webhook').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();
  await db.schema.createIndex('webhook_deliveries_finished').on('webhook_deliveries').column('finished_at').execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('response_excerpt', 'text')
    .execute();
  await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').columns(['delivery_id', 'attempt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['webhook_attempts', 'webhook_deliveries', 'webhooks']) await db.schema.dropTable(t).execute();
}
