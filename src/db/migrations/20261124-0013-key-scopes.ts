import type { Kysely } from 'kysely';

/**
 * Developer keys with fewer rights: the scopes they hold (a JSON array; null = every scope, so keys made before
 * scopes existed keep working), when they stop working, and the addresses they are restricted to (JSON; null = all).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('scopes_json', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('restrict_json', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('restrict_json').execute();
  await db.schema.alterTable('api_keys').dropColumn('expires_at').execute();
  await db.schema.alterTable('api_keys').dropColumn('scopes_json').execute();
}
