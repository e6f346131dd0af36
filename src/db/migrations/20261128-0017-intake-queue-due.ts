import type { Kysely } from 'kysely';

/**
 * The intake queue's index on (lease_until, accepted_at) goes: neither store's planner uses it for the one query it
 * was made for — a claim scans the queue in acceptance order (intake_queue_accepted) and skips leased entries — while
 * every acceptance, claim and store kept it up to date (BENCHMARKS.md, intake, session 27), and on PostgreSQL a claim
 * that changes an indexed column can never be a heap-only update.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('intake_queue_due').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('intake_queue_due').on('intake_queue').columns(['lease_until', 'accepted_at']).execute();
}
