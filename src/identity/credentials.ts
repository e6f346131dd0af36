import type { Db } from '../db/database.js';
import { findAccountByEmail, setPasswordHash, type AccountRow } from '../db/accounts.js';
import { createAccount, requireAccount } from './accounts.js';
import { DomainError, errors, invalid } from '../platform/errors.js';
import { checkPasswordRule, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { checkAddress } from '../platform/email-address.js';

/** Creates a free-plan account with a password. An email that has an account answers `account_exists`. */
export async function signUp(db: Db, email: string, password: string): Promise<AccountRow> {
  const normalized = email.trim().toLowerCase();
  if (!checkAddress(normalized).isValid) throw invalid(`email must be a valid email address (got "${email}")`);
  checkPasswordRule(password, normalized);
  const exists = () => errors.accountExists(normalized, 'log in instead');
  // Checked before hashing: an existing email answers at once instead of after a wasted scrypt.
  if (await findAccountByEmail(db, normalized)) throw exists();
  const hash = await hashPassword(password);
  try {
    return await createAccount(db, normalized, 'free', hash);
  } catch (err) {
    // Lost a race with another sign-up for the same email: answered as the check above answers.
    if (err instanceof DomainError && err.code === 'account_exists') throw exists();
    throw err;
  }
}

const WRONG = () => new DomainError('invalid_credentials', 'The email or the password is wrong.');

/**
 * The account for these credentials, or `invalid_credentials`. Unknown emails and accounts without a password do
 * one scrypt against a dummy hash, so every failure costs the same time and says the same thing.
 */
export async function logIn(db: Db, email: string, password: string): Promise<AccountRow> {
  const account = await findAccountByEmail(db, email.trim().toLowerCase());
  const ok = account?.password_hash ? await verifyPassword(password, account.password_hash) : await verifyAgainstDummy(password);
  if (!account || !ok) throw WRONG();
  return account;
}

/** Operator CLI: gives an account (e.g. one created by the CLI or at first start) a password for the dashboard. */
export async function setAccountPassword(db: Db, email: string, password: string): Promise<AccountRow> {
  const account = await requireAccount(db, email);
  checkPasswordRule(password, account.email);
  await setPasswordHash(db, account.id, await hashPassword(password));
  return account;
}

/** What a user on an instance without self-serve plans should ask the operator. */
export function planInstructions(email: string): string {
  return `Plans are changed by the operator of this instance: ask them to run \`npm run admin -- account plan --email ${email} --plan developer\`.`;
}
