import type { Db } from './database.js';
import type { AccountsTable, InvitationsTable, MemberRole, MembershipsTable, PeopleTable } from './schema.js';

export type PersonRow = PeopleTable;
export type MembershipRow = MembershipsTable;
export type InvitationRow = InvitationsTable;
export type { MemberRole };

/** Inserts the person; false when the email has one already (the unique index decided, races included). */
export async function insertPerson(db: Db, row: PersonRow): Promise<boolean> {
  const res = await db.insertInto('people').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findPersonByEmail(db: Db, email: string): Promise<PersonRow | undefined> {
  return db.selectFrom('people').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findPersonById(db: Db, id: string): Promise<PersonRow | undefined> {
  return db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setPersonPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('people').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** Adds the membership; false when the person already belongs to the account. */
export async function insertMembership(db: Db, row: MembershipRow): Promise<boolean> {
  const res = await db.insertInto('memberships').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findMembership(db: Db, accountId: string, personId: string): Promise<MembershipRow | undefined> {
  return db.selectFrom('memberships').selectAll().where('account_id', '=', accountId).where('person_id', '=', personId).executeTakeFirst();
}

/** The account's members with their emails, earliest first. */
export async function membersOf(db: Db, accountId: string): Promise<Array<MembershipRow & { email: string }>> {
  return db
    .selectFrom('memberships')
    .innerJoin('people', 'people.id', 'memberships.person_id')
    .selectAll('memberships')
    .select('people.email')
    .where('memberships.account_id', '=', accountId)
    .orderBy('memberships.created_at')
    .orderBy('memberships.person_id')
    .execute();
}

/** The accounts a person belongs to, with their role, earliest joined first. */
export async function workspacesOf(db: Db, personId: string): Promise<Array<{ account: AccountsTable; role: MemberRole }>> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
    .selectAll('accounts')
    .select('memberships.role')
    .where('memberships.person_id', '=', personId)
    .orderBy('memberships.created_at')
    .orderBy('accounts.id')
    .execute();
  return rows.map(({ role, ...account }) => ({ account, role }));
}

export async function setMemberRole(db: Db, accountId: string, personId: string, role: MemberRole): Promise<void> {
  await db.updateTable('memberships').set({ role }).where('account_id', '=', accountId).where('person_id', '=', personId).execute();
}

export async function deleteMembership(db: Db, accountId: string, personId: string): Promise<void> {
  await db.deleteFrom('memberships').where('account_id', '=', accountId).where('person_id', '=', personId).execute();
  // Their sessions in this workspace end with the membership.
  await db.deleteFrom('sessions').where('account_id', '=', accountId).where('person_id', '=', personId).execute();
}

export async function countOwners(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertInvitation(db: Db, row: InvitationRow): Promise<void> {
  await db.insertInto('invitations').values(row).execute();
}

export async function findInvitationByTokenHash(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function openInvitationsOf(db: Db, accountId: string, now: string): Promise<InvitationRow[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Marks an open invitation used; false when it was used, withdrawn or expired meanwhile (one conditional UPDATE). */
export async function claimInvitation(db: Db, id: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('invitations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteOpenInvitation(db: Db, accountId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('invitations').where('account_id', '=', accountId).where('id', '=', id).where('accepted_at', 'is', null).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
