import type { Kysely } from 'kysely';

/**
 * The provider APIs (SendGrid, Postmark, Resend, Mailgun, SES) of sandboxes.
 *
 * `sandbox_signing_secrets`: Amazon SES requests are signed with SigV4, an HMAC keyed with the secret itself, so the
 * check needs the sandbox's API key as it is (its SHA-256 digest in `sandboxes` cannot verify an HMAC). It is kept
 * here, apart from the digests, for that check alone — as webhook secrets are kept, because signing needs them — and
 * replaced on rotation. Sandboxes made before this migration have none until their next rotation.
 *
 * `provider_idempotency`: Resend's `Idempotency-Key`, per sandbox, for 24 hours: the first request's body digest and
 * its answer (null while it is being captured), so a repeat answers the first answer even after a restart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_signing_secrets')
    .addColumn('sandbox_id', 'text', (c) => c.primaryKey().references('sandboxes.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('provider_idempotency')
    .addColumn('sandbox_id', 'text', (c) => c.notNull().references('sandboxes.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('provider_idempotency_pk', ['sandbox_id', 'key'])
    .execute();
  await db.schema.createIndex('provider_idempotency_created').on('provider_idempotency').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provider_idempotency').execute();
  await db.schema.dropTable('sandbox_signing_secrets').execute();
}
