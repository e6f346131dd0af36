import type { Kysely } from 'kysely';

/**
 * The QA toolkit's state: per-address SMTP fault rules with their counters, the greylist's memory, the flag on
 * the address that lets SMTP skip the look-up for the (many) addresses without a profile, and each message's
 * SPF/DKIM/DMARC verdicts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('addresses').addColumn('faults_updated_at', 'text').execute();
  await db.schema
    .createTable('fault_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('address_id', 'text', (c) => c.notNull().references('addresses.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('rule_json', 'text', (c) => c.notNull())
    .addColumn('remaining', 'integer')
    .addColumn('fired', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('fault_rules_address').on('fault_rules').columns(['address_id', 'position']).execute();
  await db.schema
    .createTable('fault_greylist')
    .addColumn('address_id', 'text', (c) => c.notNull().references('addresses.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fault_greylist_pk', ['address_id', 'sender'])
    .execute();
  await db.schema.alterTable('messages').addColumn('auth_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('auth_json').execute();
  await db.schema.dropTable('fault_greylist').execute();
  await db.schema.dropTable('fault_rules').execute();
  await db.schema.alterTable('addresses').dropColumn('faults_updated_at').execute();
}
