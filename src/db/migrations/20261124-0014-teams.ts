import { sql, type Kysely } from 'kysely';

/**
 * Teams: a person (an email and a password) may belong to several accounts (workspaces), each with a role.
 * Every existing account becomes a workspace whose one log-in is its owner: a person with the account's email and
 * password hash (`psn_` + the account id's hex), and an owner membership. Sessions name the person as well as the
 * workspace they work in. accounts.password_hash is no longer read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('memberships')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['account_id', 'person_id'])
    .execute();
  await db.schema.createIndex('memberships_person').on('memberships').column('person_id').execute();
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .execute();
  await db.schema.createIndex('invitations_account').on('invitations').column('account_id').execute();
  await db.schema.alterTable('sessions').addColumn('person_id', 'text').execute();

  await sql`insert into people (id, email, password_hash, created_at)
            select 'psn_' || substr(id, 5), email, password_hash, created_at from accounts`.execute(db);
  await sql`insert into memberships (account_id, person_id, role, created_at)
            select id, 'psn_' || substr(id, 5), 'owner', created_at from accounts`.execute(db);
  await sql`update sessions set person_id = 'psn_' || substr(account_id, 5)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('person_id').execute();
  await db.schema.dropTable('invitations').execute();
  await db.schema.dropTable('memberships').execute();
  await db.schema.dropTable('people').execute();
}
