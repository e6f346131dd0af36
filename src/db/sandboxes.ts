import type { Db } from './database.js';
import type { AddressesTable, SandboxesTable } from './schema.js';

export type SandboxRow = SandboxesTable;

/** The reserved domain of sandboxes' mailboxes (RFC 2606's `.invalid` never resolves: no mail from outside reaches them). */
export const SANDBOX_DOMAIN = 'sandbox.invalid';

/** A sandbox with its mailbox's address name. */
export type SandboxWithMailbox = SandboxRow & { mailbox: string };

/** Creates the sandbox and its mailbox (an address row) together, in the caller's transaction, with the API key as
 * it is for SES's signatures (see setSigningSecret). */
export async function insertSandbox(trx: Db, sandbox: SandboxRow, mailbox: AddressesTable, signingSecret: string): Promise<void> {
  await trx.insertInto('addresses').values(mailbox).execute();
  await trx.insertInto('sandboxes').values(sandbox).execute();
  await setSigningSecret(trx, sandbox.id, signingSecret);
}

/** The API key as it is, kept for checking SES's SigV4 signatures only (an HMAC cannot be checked against a digest). */
async function setSigningSecret(db: Db, sandboxId: string, secret: string): Promise<void> {
  await db
    .insertInto('sandbox_signing_secrets')
    .values({ sandbox_id: sandboxId, secret })
    .onConflict((oc) => oc.column('sandbox_id').doUpdateSet({ secret }))
    .execute();
}

/** The secret SES requests of this sandbox are signed with; undefined for a sandbox made before SES support and
 * never rotated since. */
export async function findSigningSecret(db: Db, sandboxId: string): Promise<string | undefined> {
  return (await db.selectFrom('sandbox_signing_secrets').select('secret').where('sandbox_id', '=', sandboxId).executeTakeFirst())?.secret;
}

export async function countSandboxesOf(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('sandboxes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function withMailbox(db: Db) {
  return db.selectFrom('sandboxes').innerJoin('addresses', 'addresses.id', 'sandboxes.address_id').selectAll('sandboxes').select('addresses.address as mailbox');
}

/** The account's sandboxes, newest first, each with how many messages it holds (one query for the counts). */
export async function listSandboxesOf(db: Db, accountId: string): Promise<Array<SandboxWithMailbox & { message_count: number }>> {
  const rows = await withMailbox(db).where('sandboxes.account_id', '=', accountId).orderBy('sandboxes.created_at', 'desc').orderBy('sandboxes.id', 'desc').execute();
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('messages')
    .select(['address_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('address_id', 'in', rows.map((r) => r.address_id))
    .groupBy('address_id')
    .execute();
  const byAddress = new Map(counts.map((c) => [c.address_id, Number(c.n)]));
  return rows.map((r) => ({ ...r, message_count: byAddress.get(r.address_id) ?? 0 }));
}

export async function findSandbox(db: Db, id: string): Promise<SandboxWithMailbox | undefined> {
  return withMailbox(db).where('sandboxes.id', '=', id).executeTakeFirst();
}

export async function findSandboxByApiKeyHash(db: Db, hash: string): Promise<SandboxWithMailbox | undefined> {
  return withMailbox(db).where('sandboxes.api_key_hash', '=', hash).executeTakeFirst();
}

/** The oldest sandbox of the account with this name. */
export async function findSandboxByName(db: Db, accountId: string, name: string): Promise<SandboxWithMailbox | undefined> {
  return withMailbox(db).where('sandboxes.account_id', '=', accountId).where('sandboxes.name', '=', name).orderBy('sandboxes.created_at').limit(1).executeTakeFirst();
}

/** Replaces both secrets' digests and the signing secret, in one transaction; answers false when the sandbox is gone. */
export async function setSandboxSecrets(db: Db, id: string, passwordHash: string, apiKeyHash: string, signingSecret: string, at: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx.updateTable('sandboxes').set({ password_hash: passwordHash, api_key_hash: apiKeyHash, rotated_at: at }).where('id', '=', id).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await setSigningSecret(trx, id, signingSecret);
    return true;
  });
}

/** A sandbox's mailbox (its address row) with the account that owns the sandbox, in one query. */
export async function findSandboxMailbox(db: Db, id: string): Promise<AddressesTable | undefined> {
  return db.selectFrom('sandboxes').innerJoin('addresses', 'addresses.id', 'sandboxes.address_id').selectAll('addresses').where('sandboxes.id', '=', id).executeTakeFirst();
}
