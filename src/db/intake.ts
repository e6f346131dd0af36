import { sql, type Insertable } from 'kysely';
import type { Db } from './database.js';
import type { Tables } from './schema.js';
import { dialectOf, insertInChunks } from './dialect.js';
import { prepared } from './prepared.js';

/** One accepted recipient of a queued message: what RCPT TO resolved to, and the id its copy will have. */
export interface IntakeRecipient {
  /** As the sender wrote it in RCPT TO. */
  rcpt: string;
  address_id: string;
  account_id: string;
  address: string;
  message_id: string;
  /** Set when the recipient is a sandbox's mailbox: which sandbox, the envelope it keeps, and how the mail came. */
  sandbox?: { sandbox_id: string; envelope: { mail_from: string; rcpt_to: string[] }; via: 'smtp' | 'sendgrid' | 'postmark' | 'resend' | 'mailgun' | 'ses' };
}

/** A queued message as the SMTP listener writes it. */
export interface NewIntakeEntry {
  id: string;
  raw: Buffer;
  mailFrom: string;
  recipients: IntakeRecipient[];
  clientIp: string;
  helo: string;
  /** Facts of the session's TLS and AUTH (null: the listener offers neither yet). */
  tls: unknown;
  auth: unknown;
  acceptedAt: string;
  /**
   * Set when the accepting instance's processors take the entry as it is queued (the hand-over in
   * src/mail/ingest/intake.ts): it is queued leased to them until then, its first attempt counted, as a claim would.
   */
  heldUntil?: string;
}

/** A queued message as a processor claims it. */
export interface IntakeEntry extends NewIntakeEntry {
  /** How many times it has been claimed, this time included. */
  attempts: number;
  lastError: string | null;
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** Queues entries, several rows per statement (one round trip on PostgreSQL for a whole group commit's acceptances). */
export async function insertIntakeEntries(db: Db, entries: NewIntakeEntry[]): Promise<void> {
  const rows = entries.map((e) => ({
    id: e.id,
    raw: e.raw,
    mail_from: e.mailFrom,
    recipients: JSON.stringify(e.recipients),
    client_ip: e.clientIp,
    helo: e.helo,
    tls: json(e.tls),
    auth: json(e.auth),
    accepted_at: e.acceptedAt,
    attempts: e.heldUntil ? 1 : 0,
    lease_until: e.heldUntil ?? null,
  }));
  await insertInChunks(rows, (chunk) => queueRows(db, chunk));
}

// The queries every message runs through, compiled once for each number of rows or ids (src/db/prepared.ts).
const queueRows = prepared((db, rows: Array<Insertable<Tables['intake_queue']>>) => db.insertInto('intake_queue').values(rows));
const claimRows = prepared((db, now: string, leaseUntil: string, limit: number) => {
  let due = db
    .selectFrom('intake_queue')
    .select('id')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('accepted_at')
    .limit(limit);
  if (dialectOf(db) === 'postgres') due = due.forUpdate().skipLocked();
  return db
    .updateTable('intake_queue')
    .set((eb) => ({ lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due)
    .returningAll();
});
const deleteRows = prepared((db, ids: string[]) => db.deleteFrom('intake_queue').where('id', 'in', ids).returning('id'));
const deleteRowsAndFindAddresses = prepared((db, ids: string[], addressIds: string[]) =>
  db
    .with('removed', (q) => q.deleteFrom('intake_queue').where('id', 'in', ids).returning('id'))
    .selectFrom('removed')
    .select(['id', sql<boolean>`true`.as('entry')])
    .unionAll(addressesAmong(db, addressIds).select(sql<boolean>`false`.as('entry'))),
);
const backlog = prepared((db) => db.selectFrom('intake_queue').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('accepted_at').as('oldest')]));
const liveAddresses = prepared((db, ids: string[], liveAt: string | undefined) => addressesAmong(db, ids, liveAt));

/**
 * Claims up to `limit` entries nobody holds (never leased, or their lease ran out), oldest first, until `leaseUntil`,
 * counting the attempt. PostgreSQL: `FOR UPDATE SKIP LOCKED`, so instances claiming at once take different entries
 * and nobody waits; SQLite: the single UPDATE is atomic (one writer at a time).
 */
export async function claimIntakeEntries(db: Db, now: string, leaseUntil: string, limit: number): Promise<IntakeEntry[]> {
  const { rows } = await claimRows(db, now, leaseUntil, limit);
  return rows
    .map((r) => ({
      id: r.id,
      raw: Buffer.isBuffer(r.raw) ? r.raw : Buffer.from(r.raw as Uint8Array),
      mailFrom: r.mail_from,
      recipients: JSON.parse(r.recipients) as IntakeRecipient[],
      clientIp: r.client_ip,
      helo: r.helo,
      tls: r.tls === null ? null : (JSON.parse(r.tls) as unknown),
      auth: r.auth === null ? null : (JSON.parse(r.auth) as unknown),
      acceptedAt: r.accepted_at,
      attempts: Number(r.attempts),
      lastError: r.last_error,
    }))
    .sort((a, b) => (a.acceptedAt < b.acceptedAt ? -1 : a.acceptedAt > b.acceptedAt ? 1 : 0));
}

/**
 * Removes processed entries, in the transaction that stores them, and reads which of their recipients' addresses
 * still exist (existingAddressIds). Answers the ids it removed — an entry missing from them was gone already (another
 * processor stored it first), and its message is not stored again — and the addresses found. On PostgreSQL one
 * statement does both (a DELETE … RETURNING as a WITH query beside the look-up): one round trip instead of two.
 */
export async function takeIntakeEntries(trx: Db, ids: string[], addressIds: string[]): Promise<{ removed: Set<string>; live: Set<string> }> {
  if (ids.length === 0) return { removed: new Set(), live: new Set() };
  if (dialectOf(trx) === 'sqlite' || addressIds.length === 0) {
    const { rows } = await deleteRows(trx, ids);
    return { removed: new Set(rows.map((r) => r.id)), live: await existingAddressIds(trx, addressIds) };
  }
  const { rows } = await deleteRowsAndFindAddresses(trx, ids, [...new Set(addressIds)]);
  const taken = { removed: new Set<string>(), live: new Set<string>() };
  for (const r of rows) (r.entry ? taken.removed : taken.live).add(r.id);
  return taken;
}

/**
 * Gives a claimed entry back after a failure, to be claimed again at `retryAt`, with why it failed. `counted: false`
 * takes back the attempt its claim counted: the failure was the store's (away, or full), not the message's.
 */
export async function releaseIntakeEntry(db: Db, id: string, retryAt: string, error: string, counted = true): Promise<void> {
  await db
    .updateTable('intake_queue')
    .set((eb) => ({ lease_until: retryAt, last_error: error.slice(0, 2000), ...(counted ? {} : { attempts: eb('attempts', '-', 1) }) }))
    .where('id', '=', id)
    .execute();
}

/** Gives back entries claimed but never started (a stopping processor's): claimable at once, the claim uncounted. */
export async function returnIntakeEntries(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('intake_queue')
    .set((eb) => ({ lease_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', ids)
    .execute();
}

/** Frees every lease: on SQLite only one server uses the store, so at its start no lease belongs to a live processor. */
export async function clearIntakeLeases(db: Db): Promise<void> {
  await db.updateTable('intake_queue').set({ lease_until: null }).where('lease_until', 'is not', null).execute();
}

/** How many messages are queued, and when the oldest was accepted (null when none is). */
export async function intakeBacklog(db: Db): Promise<{ depth: number; oldestAcceptedAt: string | null }> {
  const row = (await backlog(db)).rows[0];
  return { depth: Number(row?.n ?? 0), oldestAcceptedAt: (row?.oldest as string | null | undefined) ?? null };
}

/** Which of these addresses still exist (one deleted since RCPT TO gets no copy) and, given `liveAt`, have not
 * expired by then. `ids` may repeat an address (several messages of one batch to it). */
export async function existingAddressIds(db: Db, ids: string[], liveAt?: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await liveAddresses(db, [...new Set(ids)], liveAt);
  return new Set(rows.map((r) => r.id));
}

/** The ids among `ids` (not empty, without repeats) of addresses that exist (and, with `liveAt`, have not expired by then). */
function addressesAmong(db: Db, ids: string[], liveAt?: string) {
  const query = db.selectFrom('addresses').select('id').where('id', 'in', ids);
  return liveAt === undefined ? query : query.where('expires_at', '>', liveAt);
}
