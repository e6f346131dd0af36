import type { Kysely } from 'kysely';

/** Why the parser gave up on a message, when it did (see src/mail/messages.ts); null otherwise. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('parse_error', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('parse_error').execute();
}
