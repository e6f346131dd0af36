import { sql } from 'kysely';
import type { Db } from './database.js';
import type { Tables } from './schema.js';

/** Tables whose rows belong to an account and are listed newest first. */
type OwnedTable = 'addresses' | 'domains' | 'webhooks';

export interface Page {
  limit: number;
  offset: number;
}

/** One page of an account's rows, newest first (ties by id), with the account's total. */
export async function pageOfAccount<T extends OwnedTable>(
  db: Db,
  table: T,
  accountId: string,
  page: Page,
  /** Addresses only: keep the rows whose `address` is LIKE one of these (backslash escapes). */
  addressLike?: readonly string[],
): Promise<{ rows: Array<Tables[T]>; count: number }> {
  // Kysely cannot resolve columns over a generic table name; the owned tables all have account_id, created_at
  // and id, so the query is typed against one of them.
  const from = table as OwnedTable as 'webhooks';
  const like = addressLike && sql<boolean>`(${sql.join(addressLike.map((p) => sql`address like ${p} escape '\\'`), sql` or `)})`;
  const rows = await db
    .selectFrom(from)
    .selectAll()
    .where('account_id', '=', accountId)
    .$if(like !== undefined, (qb) => qb.where(like!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await db
    .selectFrom(from)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .$if(like !== undefined, (qb) => qb.where(like!))
    .executeTakeFirstOrThrow();
  return { rows: rows as unknown as Array<Tables[T]>, count: Number(total.n) };
}
