import type { Db } from './database.js';
import type { UsageDailyTable } from './schema.js';

export type UsageRow = UsageDailyTable;

// 5 values per row; 400 rows stay far below SQLite's and PostgreSQL's bound-parameter limits.
const CHUNK = 400;

/**
 * Adds the counts to their (key, day, operation) rows in one transaction, creating missing rows: an
 * `INSERT … ON CONFLICT DO UPDATE` that both SQLite (≥ 3.24) and PostgreSQL understand. Each (key, day,
 * operation) may appear once in `rows` (PostgreSQL refuses to update one row twice in a statement).
 */
export async function addUsage(db: Db, rows: UsageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx
        .insertInto('usage_daily')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.columns(['key_id', 'day', 'operation_id']).doUpdateSet((eb) => ({
            requests: eb('usage_daily.requests', '+', eb.ref('excluded.requests')),
            rate_limited: eb('usage_daily.rate_limited', '+', eb.ref('excluded.rate_limited')),
          })),
        )
        .execute();
    }
  });
}

/** The account's usage rows from `fromDay` to `toDay` (inclusive), by day, key and operation. */
export async function usageOfAccount(db: Db, accountId: string, fromDay: string, toDay: string): Promise<UsageRow[]> {
  const rows = await db
    .selectFrom('usage_daily')
    .innerJoin('api_keys', 'api_keys.id', 'usage_daily.key_id')
    .select(['usage_daily.key_id', 'usage_daily.day', 'usage_daily.operation_id', 'usage_daily.requests', 'usage_daily.rate_limited'])
    .where('api_keys.account_id', '=', accountId)
    .where('usage_daily.day', '>=', fromDay)
    .where('usage_daily.day', '<=', toDay)
    .orderBy('usage_daily.day')
    .orderBy('usage_daily.key_id')
    .orderBy('usage_daily.operation_id')
    .execute();
  return rows.map((r) => ({ ...r, requests: Number(r.requests), rate_limited: Number(r.rate_limited) }));
}

/** Which of these key ids still exist (counts for a deleted key can never be written). */
export async function existingKeyIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('api_keys').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
