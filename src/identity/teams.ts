import { createHash, randomBytes } from 'node:crypto';
import type { components } from '../../generated/schema.js';
import type { AccountRow } from '../db/accounts.js';
import { findAccountById } from '../db/accounts.js';
import type { Db } from '../db/database.js';
import type { KeyScope } from '../db/keys.js';
import {
  claimInvitation,
  countOwners,
  deleteMembership,
  deleteOpenInvitation,
  findInvitationByTokenHash,
  findMembership,
  findPersonByEmail,
  insertInvitation,
  insertMembership,
  insertPerson,
  membersOf,
  openInvitationsOf,
  setMemberRole,
  type InvitationRow,
  type MemberRole,
  type PersonRow,
} from '../db/teams.js';
import { DomainError, invalid } from '../platform/errors.js';
import { checkAddress } from '../platform/email-address.js';
import { ALL_SCOPES } from './key-rights.js';
import { newId } from '../platform/ids.js';

export type { MemberRole, PersonRow };
export type MemberView = components['schemas']['Member'];
export type InvitationView = components['schemas']['Invitation'];

const RANK: Record<MemberRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** Whether `role` is `needed` or above it (owner > admin > member > viewer). */
export function atLeast(role: MemberRole, needed: MemberRole): boolean {
  return RANK[role] >= RANK[needed];
}

export function insufficientRole(needed: MemberRole, role: MemberRole): DomainError {
  return new DomainError('insufficient_role', `This needs the ${needed} role in this workspace; yours is ${role}. Ask an admin or owner.`);
}

/**
 * The most a member's new Developer key may hold ("keys up to their own rights"): a viewer reads mail, a member
 * may do everything but manage keys, admins and owners everything.
 */
export function scopesOfRole(role: MemberRole): KeyScope[] | null {
  if (atLeast(role, 'admin')) return null;
  if (role === 'member') return ALL_SCOPES.filter((s) => s !== 'keys:write');
  return ['addresses:read', 'messages:read', 'sandboxes:read'];
}

/** Invitation links work for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** The person with this email, created without a password when there is none (their log-in starts with one). */
export async function ensurePerson(db: Db, email: string, passwordHash: string | null = null, now = new Date()): Promise<PersonRow> {
  const normalized = email.trim().toLowerCase();
  const found = await findPersonByEmail(db, normalized);
  if (found) return found;
  const row: PersonRow = { id: newId('psn'), email: normalized, password_hash: passwordHash, created_at: now.toISOString() };
  if (await insertPerson(db, row)) return row;
  // Lost a race with another creation for the same email: theirs stands.
  return (await findPersonByEmail(db, normalized))!;
}

export async function addMember(db: Db, accountId: string, personId: string, role: MemberRole, now = new Date()): Promise<boolean> {
  return insertMembership(db, { account_id: accountId, person_id: personId, role, created_at: now.toISOString() });
}

function invitationView(row: InvitationRow): InvitationView {
  return { id: row.id, email: row.email, role: row.role, created_at: row.created_at, expires_at: row.expires_at };
}

export async function listMembers(db: Db, accountId: string, now = new Date()): Promise<{ members: MemberView[]; invitations: InvitationView[] }> {
  const members = (await membersOf(db, accountId)).map((m) => ({ id: m.person_id, email: m.email, role: m.role, joined_at: m.created_at }));
  return { members, invitations: (await openInvitationsOf(db, accountId, now.toISOString())).map(invitationView) };
}

/** Who acts, in which workspace, with which role (a dashboard session). */
export interface Seat {
  account: AccountRow;
  person: PersonRow;
  role: MemberRole;
}

export async function createInvitation(
  db: Db,
  seat: Seat,
  request: { email: string; role: MemberRole },
  now = new Date(),
): Promise<{ invitation: InvitationView; token: string }> {
  const email = request.email.trim().toLowerCase();
  if (!checkAddress(email).isValid) throw invalid(`email must be a valid email address (got "${request.email}")`);
  if (request.role === 'owner' && seat.role !== 'owner') throw insufficientRole('owner', seat.role);
  const token = randomBytes(32).toString('base64url');
  const row: InvitationRow = {
    id: newId('inv'),
    account_id: seat.account.id,
    email,
    role: request.role,
    token_hash: digest(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
    accepted_at: null,
  };
  await insertInvitation(db, row);
  return { invitation: invitationView(row), token };
}

export async function revokeInvitation(db: Db, seat: Seat, id: string): Promise<void> {
  if (!(await deleteOpenInvitation(db, seat.account.id, id))) throw new DomainError('not_found', `No open invitation ${id} in this workspace.`);
}

/**
 * Joins `person` to the invitation's workspace with its role. The token is single-use: one conditional UPDATE
 * claims it, so two people racing with one link cannot both join.
 */
export async function acceptInvitation(db: Db, person: PersonRow, token: string, now = new Date()): Promise<{ account: AccountRow; role: MemberRole }> {
  const row = await findInvitationByTokenHash(db, digest(token.trim()));
  const gone = (why: string) => new DomainError('invitation_invalid', `This invitation ${why}; ask for a new one.`);
  if (!row) throw gone('is unknown or was withdrawn');
  if (row.accepted_at !== null) throw gone('has already been used');
  if (row.expires_at <= now.toISOString()) throw gone(`expired at ${row.expires_at}`);
  if (await findMembership(db, row.account_id, person.id)) {
    throw new DomainError('already_member', 'You already belong to this workspace; switch to it instead.');
  }
  if (!(await claimInvitation(db, row.id, now.toISOString()))) throw gone('has already been used');
  await addMember(db, row.account_id, person.id, row.role, now);
  const account = await findAccountById(db, row.account_id);
  if (!account) throw gone('belongs to a workspace that no longer exists');
  return { account, role: row.role };
}

async function requireMember(db: Db, accountId: string, personId: string) {
  const member = await findMembership(db, accountId, personId);
  if (!member) throw new DomainError('member_not_found', `No member ${personId} in this workspace.`);
  return member;
}

const lastOwner = () => new DomainError('last_owner', 'A workspace keeps at least one owner: make someone else owner first.');

export async function updateMember(db: Db, seat: Seat, personId: string, role: MemberRole): Promise<MemberView> {
  const member = await requireMember(db, seat.account.id, personId);
  // Admins manage the roles below owner; making or unmaking an owner is an owner's call.
  if ((role === 'owner' || member.role === 'owner') && seat.role !== 'owner') throw insufficientRole('owner', seat.role);
  if (member.role === 'owner' && role !== 'owner' && (await countOwners(db, seat.account.id)) <= 1) throw lastOwner();
  await setMemberRole(db, seat.account.id, personId, role);
  const email = member.person_id === seat.person.id ? seat.person.email : (await membersOf(db, seat.account.id)).find((m) => m.person_id === personId)!.email;
  return { id: personId, email, role, joined_at: member.created_at };
}

/** Removes a member, or leaves when `personId` is the caller. */
export async function removeMember(db: Db, seat: Seat, personId: string): Promise<void> {
  const member = await requireMember(db, seat.account.id, personId);
  const self = personId === seat.person.id;
  if (!self && !atLeast(seat.role, 'admin')) throw insufficientRole('admin', seat.role);
  if (!self && member.role === 'owner' && seat.role !== 'owner') throw insufficientRole('owner', seat.role);
  if (member.role === 'owner' && (await countOwners(db, seat.account.id)) <= 1) throw lastOwner();
  await deleteMembership(db, seat.account.id, personId);
}
