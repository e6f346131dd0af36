import type { Db } from '../db/database.js';
import { countAccounts, findAccountByEmail, insertAccount, updateAccountPlan, type AccountRow } from '../db/accounts.js';
import { transactWithEvents } from '../db/events.js';
import { DomainError, errors, invalid } from '../platform/errors.js';
import { eventRecord } from '../platform/events/contract.js';
import { checkAddress } from '../platform/email-address.js';
import { addMember, ensurePerson } from './teams.js';
import { newId } from '../platform/ids.js';

export type Plan = AccountRow['plan'];
export const PLANS: readonly Plan[] = ['free', 'developer'];

export async function createAccount(db: Db, email: string, plan: Plan = 'free'): Promise<AccountRow> {
  const normalized = email.trim().toLowerCase();
  if (!checkAddress(normalized).isValid) throw invalid(`email must be a valid email address (got "${email}")`);
  if (!PLANS.includes(plan)) throw invalid(`plan must be one of ${PLANS.join(', ')}`);
  if (await findAccountByEmail(db, normalized)) {
    throw errors.accountExists(normalized);
  }
  const row: AccountRow = {
    id: newId('acc'),
    email: normalized,
    plan,
    password_hash: null, // passwords belong to people (src/identity/teams.ts) since teams
    created_at: new Date().toISOString(),
  };
  // Lost a race with another creation for the same email: the same answer as the check above.
  if (!(await insertAccount(db, row))) throw errors.accountExists(normalized);
  // Every account is a workspace with its email's person as owner (who logs in once they have a password).
  const person = await ensurePerson(db, normalized);
  await addMember(db, row.id, person.id, 'owner');
  return row;
}

export async function requireAccount(db: Db, email: string): Promise<AccountRow> {
  const account = await findAccountByEmail(db, email.trim());
  if (!account) throw new DomainError('account_not_found', `No account for ${email.trim().toLowerCase()}.`);
  return account;
}

export async function changePlan(db: Db, email: string, plan: Plan): Promise<AccountRow> {
  if (!PLANS.includes(plan)) throw invalid(`plan must be one of ${PLANS.join(', ')}`);
  const account = await requireAccount(db, email);
  const now = new Date();
  // Every instance drops the account's keys from its key cache when it reads this event.
  await transactWithEvents(db, async (trx, emit) => {
    await updateAccountPlan(trx, account.id, plan);
    emit(eventRecord({ type: 'account.changed', accountId: account.id, addressId: null, address: null, at: now.toISOString() }, now));
  });
  return { ...account, plan };
}

export async function isEmptyStore(db: Db): Promise<boolean> {
  return (await countAccounts(db)) === 0;
}
