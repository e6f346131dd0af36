import type { Db } from './database.js';
import type { AccountsTable } from './schema.js';

export type AccountRow = AccountsTable;

export async function insertAccount(db: Db, row: AccountRow): Promise<void> {
  await db.insertInto('accounts').values(row).execute();
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
