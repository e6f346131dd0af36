import type { Db } from './database.js';
import type { SessionsTable } from './schema.js';

export type SessionRow = SessionsTable;

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The session with this id that has not expired at `now`. */
export async function findLiveSession(db: Db, id: string, now: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
}

export async function touchSession(db: Db, id: string, lastSeenAt: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  const res = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Moves a session to another workspace (switchWorkspace, accepting an invitation). */
export async function setSessionAccount(db: Db, id: string, accountId: string): Promise<void> {
  await db.updateTable('sessions').set({ account_id: accountId }).where('id', '=', id).execute();
}
