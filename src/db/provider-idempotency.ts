import type { Db } from './database.js';
import { isUniqueViolation } from './dialect.js';

/** What a request carrying an idempotency key finds. */
export type IdempotencyClaim =
  /** The key is new (or its record expired): this request goes ahead and records its answer. */
  | { state: 'claimed' }
  /** An earlier request with the key was answered: `response` is that answer. */
  | { state: 'done'; requestHash: string; response: unknown }
  /** An earlier request with the key is still being carried out. */
  | { state: 'pending'; requestHash: string };

/**
 * Claims an idempotency key for a sandbox: a new row (answer null) when none is live, else the live one. Records
 * older than `ttlMs` are gone (every claim prunes them, through the `created_at` index), and so is one still without
 * an answer after `abandonedMs`: the request that claimed it died before answering.
 */
export async function claimIdempotencyKey(
  db: Db,
  sandboxId: string,
  key: string,
  requestHash: string,
  now: Date,
  ttlMs: number,
  abandonedMs: number,
): Promise<IdempotencyClaim> {
  await db.deleteFrom('provider_idempotency').where('created_at', '<', new Date(now.getTime() - ttlMs).toISOString()).execute();
  await db
    .deleteFrom('provider_idempotency')
    .where('sandbox_id', '=', sandboxId)
    .where('key', '=', key)
    .where('response_json', 'is', null)
    .where('created_at', '<', new Date(now.getTime() - abandonedMs).toISOString())
    .execute();
  try {
    await db.insertInto('provider_idempotency').values({ sandbox_id: sandboxId, key, request_hash: requestHash, response_json: null, created_at: now.toISOString() }).execute();
    return { state: 'claimed' };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const row = await db.selectFrom('provider_idempotency').select(['request_hash', 'response_json']).where('sandbox_id', '=', sandboxId).where('key', '=', key).executeTakeFirst();
  // Pruned between the insert and this read: as good as pending (the caller answers "try again").
  if (!row) return { state: 'pending', requestHash };
  return row.response_json === null
    ? { state: 'pending', requestHash: row.request_hash }
    : { state: 'done', requestHash: row.request_hash, response: JSON.parse(row.response_json) as unknown };
}

/** Records the answer of the request that claimed the key. */
export async function completeIdempotencyKey(db: Db, sandboxId: string, key: string, response: unknown): Promise<void> {
  await db.updateTable('provider_idempotency').set({ response_json: JSON.stringify(response) }).where('sandbox_id', '=', sandboxId).where('key', '=', key).execute();
}

/** Gives the key back when the request that claimed it failed, so a retry with it is carried out. */
export async function releaseIdempotencyKey(db: Db, sandboxId: string, key: string): Promise<void> {
  await db.deleteFrom('provider_idempotency').where('sandbox_id', '=', sandboxId).where('key', '=', key).where('response_json', 'is', null).execute();
}
