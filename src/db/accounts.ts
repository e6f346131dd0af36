import type { Db } from './database.js';
import type { AccountsTable } from './schema.js';

export type AccountRow = AccountsTable;

/** Inserts the account; false when its email has one already (the unique index decided, races included). */
export async function insertAccount(db: Db, row: AccountRow): Promise<boolean> {
  const res = await db.insertInto('accounts').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateAccountPlan(db: Db, id: string, plan: AccountRow['plan']): Promise<void> {
  await db.updateTable('accounts').set({ plan }).where('id', '=', id).execute();
}

export async function countAccounts(db: Db): Promise<number> {
  const row = await db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}
