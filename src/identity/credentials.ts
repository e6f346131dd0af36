import type { Db } from '../db/database.js';
import { findAccountByEmail, type AccountRow } from '../db/accounts.js';
import { findPersonByEmail, setPersonPassword, workspacesOf } from '../db/teams.js';
import { acceptInvitation, addMember, ensurePerson, type Seat } from './teams.js';
import { createAccount, requireAccount } from './accounts.js';
import { DomainError, errors, invalid } from '../platform/errors.js';
import { checkPasswordRule, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { checkAddress } from '../platform/email-address.js';


/**
 * Signs a person up with a password. Without an invitation they get a free-plan workspace of their own, as its
 * owner; with one they join the invitation's workspace with its role instead. An email that has a log-in answers
 * `account_exists`. The password is hashed at `hashCost` (PASSWORD_HASH_COST).
 */
export async function signUp(db: Db, hashCost: number, email: string, password: string, invitation?: string): Promise<Seat> {
  const normalized = email.trim().toLowerCase();
  if (!checkAddress(normalized).isValid) throw invalid(`email must be a valid email address (got "${email}")`);
  checkPasswordRule(password, normalized);
  const exists = () => errors.accountExists(normalized, 'log in instead');
  // Checked before hashing: an existing email answers at once instead of after a wasted scrypt.
  if ((await findPersonByEmail(db, normalized))?.password_hash || (!invitation && (await findAccountByEmail(db, normalized)))) throw exists();
  const hash = await hashPassword(password, hashCost);
  if (invitation) {
    const person = await ensurePerson(db, normalized);
    await setPersonPassword(db, person.id, hash);
    const joined = await acceptInvitation(db, person, invitation);
    return { ...joined, person: { ...person, password_hash: hash } };
  }
  try {
    const account = await createAccount(db, normalized, 'free');
    const person = (await findPersonByEmail(db, normalized))!;
    await setPersonPassword(db, person.id, hash);
    return { account, person: { ...person, password_hash: hash }, role: 'owner' };
  } catch (err) {
    // Lost a race with another sign-up for the same email: answered as the check above answers.
    if (err instanceof DomainError && err.code === 'account_exists') throw exists();
    throw err;
  }
}

const WRONG = () => new DomainError('invalid_credentials', 'The email or the password is wrong.');

/**
 * The person for these credentials in the workspace they joined first, or `invalid_credentials`. Unknown emails and
 * people without a password do one scrypt against a dummy hash, so every failure costs the same time and says the
 * same thing (the dummy hashed at `hashCost`, PASSWORD_HASH_COST, as new passwords are).
 */
export async function logIn(db: Db, hashCost: number, email: string, password: string): Promise<Seat> {
  const person = await findPersonByEmail(db, email.trim().toLowerCase());
  const ok = person?.password_hash ? await verifyPassword(password, person.password_hash) : await verifyAgainstDummy(password, hashCost);
  if (!person || !ok) throw WRONG();
  const [first] = await workspacesOf(db, person.id);
  if (!first) throw new DomainError('member_not_found', 'You belong to no workspace any more: ask a workspace admin for an invitation.');
  return { account: first.account, person, role: first.role };
}

/**
 * Operator CLI: gives the log-in with this email (the account's first owner, made by the CLI or at first start) a
 * password for the dashboard.
 */
export async function setAccountPassword(db: Db, hashCost: number, email: string, password: string): Promise<AccountRow> {
  const account = await requireAccount(db, email);
  checkPasswordRule(password, account.email);
  const person = await ensurePerson(db, account.email);
  await addMember(db, account.id, person.id, 'owner');
  await setPersonPassword(db, person.id, await hashPassword(password, hashCost));
  return account;
}

/** What a user on an instance without self-serve plans should ask the operator. */
export function planInstructions(email: string): string {
  return `Plans are changed by the operator of this instance: ask them to run \`npm run admin -- account plan --email ${email} --plan developer\`.`;
}
