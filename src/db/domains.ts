import { isUniqueViolation } from './dialect.js';
import type { Db } from './database.js';
import { pageOfAccount, type Page } from './pages.js';
import type { AddressesTable, DomainsTable } from './schema.js';

export type DomainRow = DomainsTable;

/** Inserts the claim; false when the account has one on the domain already (the unique index decided). */
export async function insertDomain(db: Db, row: DomainRow): Promise<boolean> {
  const res = await db.insertInto('domains').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The account's claim on a domain, verified or not. */
export async function findDomainOfAccount(db: Db, accountId: string, domain: string): Promise<DomainRow | undefined> {
  return db.selectFrom('domains').selectAll().where('account_id', '=', accountId).where('domain', '=', domain).executeTakeFirst();
}

/** The verified claim on a domain (at most one exists: a partial unique index says so). */
export async function findVerifiedDomain(db: Db, domain: string): Promise<DomainRow | undefined> {
  return db.selectFrom('domains').selectAll().where('domain', '=', domain).where('verified_at', 'is not', null).executeTakeFirst();
}

export async function listDomainsForAccount(db: Db, accountId: string, page: Page): Promise<{ rows: DomainRow[]; count: number }> {
  return pageOfAccount(db, 'domains', accountId, page);
}

/**
 * Records the outcome of a DNS check. `verifiedAt` sets verified_at when it is still null (verification, once
 * achieved, is kept). Answers false when the partial unique index refused it: another claim is verified already.
 */
export async function recordDomainCheck(
  db: Db,
  id: string,
  check: { checkedAt: string; error: string | null; verifiedAt: string | null },
): Promise<boolean> {
  try {
    await db
      .updateTable('domains')
    .set((eb) => ({
      last_checked_at: check.checkedAt,
      last_error: check.error,
      ...(check.verifiedAt ? { verified_at: eb.fn.coalesce('verified_at', eb.val(check.verifiedAt)) } : {}),
      }))
      .where('id', '=', id)
      .execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

export async function setCatchAll(db: Db, id: string, catchAll: string | null): Promise<void> {
  await db.updateTable('domains').set({ catch_all: catchAll }).where('id', '=', id).execute();
}

/** Deletes the claim and the account's addresses on the domain (their mail cascades), in one transaction. */
export async function deleteDomainWithAddresses(trx: Db, row: DomainRow): Promise<AddressesTable[]> {
  // Call inside a transaction: the claim and its addresses go together.
  const addresses = await trx
    .deleteFrom('addresses')
    .where('domain', '=', row.domain)
    .where('account_id', '=', row.account_id)
    .returningAll()
    .execute();
  await trx.deleteFrom('domains').where('id', '=', row.id).execute();
  return addresses;
}
