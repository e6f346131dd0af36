import { sql, type Kysely } from 'kysely';

/**
 * Custom domains. Several accounts may claim one domain while it is unverified (each with its own token), so that
 * a claim alone cannot lock the real owner out; the partial unique index lets only one of them be verified.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('domains')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('catch_all', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_checked_at', 'text')
    .addColumn('last_error', 'text')
    .addUniqueConstraint('domains_account_domain', ['account_id', 'domain'])
    .execute();
  await db.schema
    .createIndex('domains_verified_domain')
    .on('domains')
    .column('domain')
    .unique()
    .where(sql.ref('verified_at'), 'is not', null)
    .execute();
  await db.schema.createIndex('domains_account').on('domains').columns(['account_id', 'created_at']).execute();
  // Deleting a domain deletes the account's addresses on it.
  await db.schema.createIndex('addresses_domain').on('addresses').columns(['domain', 'account_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('addresses_domain').execute();
  await db.schema.dropTable('domains').execute();
}
