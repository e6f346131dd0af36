import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '../../db/provider-idempotency.js';
import { ProviderError } from './errors.js';

/** How long a key is remembered, as Resend remembers it. */
const TTL_MS = 24 * 60 * 60 * 1000;
/** A key still without an answer after this long was claimed by a request that died: it may be claimed again. */
const ABANDONED_MS = 60 * 1000;

/**
 * Resend's `Idempotency-Key`: the first request with a key is carried out and its answer recorded (in the store, so
 * it survives restarts and is shared by every instance); a repeat with the same body answers that answer and captures
 * nothing; the same key with another body, or while the first is still being carried out, is refused (409).
 */
export async function idempotent<T>(db: Db, sandboxId: string, key: string | undefined, body: unknown, run: () => Promise<T>): Promise<T> {
  if (key === undefined) return run();
  const hash = createHash('sha256').update(JSON.stringify(body ?? null)).digest('hex');
  const claim = await claimIdempotencyKey(db, sandboxId, key, hash, new Date(), TTL_MS, ABANDONED_MS);
  if (claim.state !== 'claimed' && claim.requestHash !== hash) {
    throw new ProviderError(
      'conflict',
      'This idempotency key has already been used on a request that had a different payload. Retrying this request with a different payload is not allowed.',
      { code: 'invalid_idempotent_request' },
    );
  }
  if (claim.state === 'done') return claim.response as T;
  if (claim.state === 'pending') {
    throw new ProviderError('conflict', 'Same idempotency key used while original request is still in progress.', { code: 'concurrent_idempotent_requests' });
  }
  let result: T;
  try {
    result = await run();
  } catch (err) {
    await releaseIdempotencyKey(db, sandboxId, key);
    throw err;
  }
  await completeIdempotencyKey(db, sandboxId, key, result);
  return result;
}
