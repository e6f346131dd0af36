import { sql } from 'kysely';
import type { Db } from './database.js';
import type { Tables } from './schema.js';
import { SANDBOX_DOMAIN } from './sandboxes.js';

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
  // Sandboxes' mailboxes are addresses in the store only: they are listed as sandboxes (src/mail/sandboxes.ts).
  const notSandbox = table === 'addresses' ? sql<boolean>`domain <> ${SANDBOX_DOMAIN}` : undefined;
  const rows = await db
    .selectFrom(from)
    .selectAll()
    .where('account_id', '=', accountId)
    .$if(like !== undefined, (qb) => qb.where(like!))
    .$if(notSandbox !== undefined, (qb) => qb.where(notSandbox!))
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
    .$if(notSandbox !== undefined, (qb) => qb.where(notSandbox!))
    .executeTakeFirstOrThrow();
  return { rows: rows as unknown as Array<Tables[T]>, count: Number(total.n) };
}
