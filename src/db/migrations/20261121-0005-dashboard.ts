import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/**
 * Dashboard sessions and per-key usage counters. A session row is keyed by the SHA-256 of its cookie token, so a
 * copy of the table does not log anyone in. Usage is one row per (key, UTC day, operation), upserted in batches.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();
  await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute();

  // Counts can outgrow 32 bits on a busy PostgreSQL instance; SQLite integers are 64-bit anyway.
  const counter = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('usage_daily')
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('operation_id', 'text', (c) => c.notNull())
    .addColumn('requests', counter, (c) => c.notNull().defaultTo(0))
    .addColumn('rate_limited', counter, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_daily_pk', ['key_id', 'day', 'operation_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_daily').execute();
  await db.schema.dropTable('sessions').execute();
}
