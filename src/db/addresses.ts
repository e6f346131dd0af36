import type { Db } from './database.js';
import { pageOfAccount, type Page } from './pages.js';
import { prepared } from './prepared.js';
import type { AddressesTable } from './schema.js';

export type AddressRow = AddressesTable;

/** Inserts the address; false when the name is taken (the unique index decided, races included). */
export async function insertAddress(db: Db, row: AddressRow): Promise<boolean> {
  const res = await db.insertInto('addresses').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The RCPT look-up: every recipient of every message asks it (src/db/prepared.ts). */
const addressNamed = prepared((db, address: string) => db.selectFrom('addresses').selectAll().where('address', '=', address));

export async function findAddress(db: Db, address: string): Promise<AddressRow | undefined> {
  return (await addressNamed(db, address)).rows[0];
}

export async function listAddressesForAccount(
  db: Db,
  accountId: string,
  page: Page,
  addressLike?: readonly string[],
): Promise<{ rows: Array<AddressRow & { message_count: number }>; count: number }> {
  const { rows, count } = await pageOfAccount(db, 'addresses', accountId, page, addressLike);
  if (rows.length === 0) return { rows: [], count };
  const counts = await db
    .selectFrom('messages')
    .select(['address_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('address_id', 'in', rows.map((r) => r.id))
    .groupBy('address_id')
    .execute();
  const byAddress = new Map(counts.map((c) => [c.address_id, Number(c.n)]));
  return { rows: rows.map((r) => ({ ...r, message_count: byAddress.get(r.id) ?? 0 })), count };
}

export async function countMessagesOf(db: Db, addressId: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('address_id', '=', addressId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setAddressExpiry(db: Db, id: string, expiresAt: string): Promise<void> {
  await db.updateTable('addresses').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

/** Answers 1 when the address was deleted, 0 when it was not there (any more). */
export async function deleteAddressById(db: Db, id: string): Promise<number> {
  const res = await db.deleteFrom('addresses').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Deletes up to `limit` addresses whose expiry lies before `before` (their messages go by cascade) and answers the
 * rows actually deleted: when two sweepers race, each address is answered by exactly one of them.
 */
export async function deleteExpiredBefore(db: Db, before: string, limit: number): Promise<AddressRow[]> {
  return db
    .deleteFrom('addresses')
    .where('id', 'in', (eb) => eb.selectFrom('addresses').select('id').where('expires_at', '<', before).orderBy('expires_at').limit(limit))
    .returningAll()
    .execute();
}

/**
 * Addresses whose expiry lies in (`after`, `upTo`], in (expires_at, id) order, starting after the keyset cursor
 * `from` when given: the sweeper's list of addresses that expired since its last run, read in pages.
 */
export async function findExpiringBetween(
  db: Db,
  after: string,
  upTo: string,
  limit: number,
  from?: { expires_at: string; id: string },
): Promise<AddressRow[]> {
  let query = db.selectFrom('addresses').selectAll().where('expires_at', '>', after).where('expires_at', '<=', upTo);
  if (from) {
    query = query.where((eb) =>
      eb.or([eb('expires_at', '>', from.expires_at), eb.and([eb('expires_at', '=', from.expires_at), eb('id', '>', from.id)])]),
    );
  }
  return query.orderBy('expires_at').orderBy('id').limit(limit).execute();
}
