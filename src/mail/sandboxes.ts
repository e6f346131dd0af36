import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { transactWithEvents } from '../db/events.js';
import type { IntakeRecipient } from '../db/intake.js';
import type { Envelope } from '../db/messages.js';
import {
  countSandboxesOf,
  findSandbox,
  findSandboxByApiKeyHash,
  findSandboxByName,
  findSandboxMailbox,
  findSigningSecret,
  insertSandbox,
  listSandboxesOf,
  setSandboxSecrets,
  SANDBOX_DOMAIN,
  type SandboxWithMailbox,
} from '../db/sandboxes.js';
import { deleteAddressById, countMessagesOf, type AddressRow } from '../db/addresses.js';
import { deleteMessagesOfAddress } from '../db/inbox.js';
import { digestKey, randomBase62 } from '../identity/keys.js';
import { DomainError } from '../platform/errors.js';
import { eventRecord } from '../platform/events/contract.js';
import type { Via } from './ingest/store.js';
import type { components } from '../../generated/schema.js';
import { newId } from '../platform/ids.js';

type Schemas = components['schemas'];
export type SandboxView = Schemas['Sandbox'];
export type SandboxWithSecretsView = Schemas['SandboxWithSecrets'];
export type { SandboxWithMailbox, Via };

/**
 * Sandboxes capture an application's outgoing mail — over authenticated SMTP or a provider's HTTP API — to any
 * recipient, and never relay it. A sandbox's mail lives in a mailbox of its own: an address row on SANDBOX_DOMAIN
 * (`.invalid` never resolves, so nothing from outside reaches it) that never expires, so messages, waits, streams,
 * checks, webhooks and the dashboard's inbox work on it as on any address. Its two credentials, the SMTP password
 * and the provider API key, are stored as SHA-256 digests (they are random and long, like API keys) and looked up in
 * the store at every use, so a rotation or a deletion is refused at once on every instance.
 */
/** A sandbox's mailbox never expires (addresses are swept by expiry; this one is gone only with its sandbox). */
const NEVER = '9999-12-31T23:59:59.999Z';
export const MAX_SANDBOXES = 50;
const PASSWORD_MARKER = 'eph_smtp_';
const API_KEY_MARKER = 'eph_sbx_';

function sandboxNotFound(id: string): DomainError {
  return new DomainError('sandbox_not_found', `No sandbox ${id} in your account.`);
}

function newSecrets(): { password: string; apiKey: string } {
  return { password: PASSWORD_MARKER + randomBase62(32), apiKey: API_KEY_MARKER + randomBase62(40) };
}

function smtpSettings(config: Config, id: string): SandboxView['smtp'] {
  return { host: config.smtpHostname, port: config.smtpPort, tls_port: config.smtpTls?.smtpsPort ?? null, username: id };
}

function toView(config: Config, row: SandboxWithMailbox, messageCount: number): SandboxView {
  return { id: row.id, name: row.name, created_at: row.created_at, mailbox: row.mailbox, message_count: messageCount, smtp: smtpSettings(config, row.id) };
}

function withSecrets(view: SandboxView, secrets: { password: string; apiKey: string }): SandboxWithSecretsView {
  return { ...view, smtp: { ...view.smtp, password: secrets.password }, api_key: secrets.apiKey };
}

export async function createSandbox(db: Db, config: Config, accountId: string, name = 'sandbox', now = new Date()): Promise<SandboxWithSecretsView> {
  if ((await countSandboxesOf(db, accountId)) >= MAX_SANDBOXES) {
    throw new DomainError('too_many_sandboxes', `An account holds at most ${MAX_SANDBOXES} sandboxes; delete one first.`);
  }
  const id = newId('sbx');
  const secrets = newSecrets();
  const created = now.toISOString();
  const mailbox = {
    id: newId('adr'),
    account_id: accountId,
    address: `${id}@${SANDBOX_DOMAIN}`,
    local_part: id,
    domain: SANDBOX_DOMAIN,
    created_at: created,
    expires_at: NEVER,
    faults_updated_at: null,
  };
  const row = { id, account_id: accountId, address_id: mailbox.id, name: name.trim() || 'sandbox', password_hash: digestKey(secrets.password), api_key_hash: digestKey(secrets.apiKey), created_at: created, rotated_at: null };
  await transactWithEvents(db, async (trx) => insertSandbox(trx, row, mailbox, secrets.apiKey));
  return withSecrets(toView(config, { ...row, mailbox: mailbox.address }, 0), secrets);
}

export async function listSandboxViews(db: Db, config: Config, accountId: string): Promise<SandboxView[]> {
  return (await listSandboxesOf(db, accountId)).map((r) => toView(config, r, r.message_count));
}

/** The account's sandbox, or 404 sandbox_not_found (another account's answers as a missing one does). */
export async function requireOwnSandbox(db: Db, accountId: string, id: string): Promise<SandboxWithMailbox> {
  const row = await findSandbox(db, id);
  if (!row || row.account_id !== accountId) throw sandboxNotFound(id);
  return row;
}

/** The account's sandbox's mailbox, as the message operations take an address; or 404 sandbox_not_found. */
export async function requireSandboxMailbox(db: Db, accountId: string, id: string): Promise<AddressRow> {
  const row = await findSandboxMailbox(db, id);
  if (!row || row.account_id !== accountId) throw sandboxNotFound(id);
  return row;
}

/** Deletes every message of the account's sandbox (the sandbox and its credentials stay); answers how many went. */
export async function emptySandbox(db: Db, accountId: string, id: string): Promise<number> {
  return deleteMessagesOfAddress(db, (await requireSandboxMailbox(db, accountId, id)).id);
}

export async function getSandboxView(db: Db, config: Config, accountId: string, id: string): Promise<SandboxView> {
  const row = await requireOwnSandbox(db, accountId, id);
  return toView(config, row, await countMessagesOf(db, row.address_id));
}

export async function rotateSandbox(db: Db, config: Config, accountId: string, id: string, now = new Date()): Promise<SandboxWithSecretsView> {
  const row = await requireOwnSandbox(db, accountId, id);
  const secrets = newSecrets();
  if (!(await setSandboxSecrets(db, row.id, digestKey(secrets.password), digestKey(secrets.apiKey), secrets.apiKey, now.toISOString()))) throw sandboxNotFound(id);
  return withSecrets(toView(config, row, await countMessagesOf(db, row.address_id)), secrets);
}

/** Deletes the sandbox with its mailbox and mail; its waits answer 404 and its streams end (address.purged: no webhook). */
export async function deleteSandbox(db: Db, accountId: string, id: string, now = new Date()): Promise<void> {
  const row = await requireOwnSandbox(db, accountId, id);
  await transactWithEvents(db, async (trx, emit) => {
    // The sandbox row goes with its mailbox (ON DELETE CASCADE); two deletes racing announce it once.
    if ((await deleteAddressById(trx, row.address_id)) === 0) return;
    emit(eventRecord({ type: 'address.purged', accountId, addressId: row.address_id, address: row.mailbox, at: now.toISOString() }, now));
  });
}

function sameDigest(secret: string, digest: string): boolean {
  const a = Buffer.from(digestKey(secret), 'hex');
  const b = Buffer.from(digest, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The sandbox whose SMTP user name and password these are, or undefined. */
export async function sandboxForSmtpLogin(db: Db, username: string, password: string): Promise<SandboxWithMailbox | undefined> {
  const row = await findSandbox(db, username.trim());
  if (!row || !password.startsWith(PASSWORD_MARKER) || !sameDigest(password, row.password_hash)) return undefined;
  return row;
}

/** The sandbox whose provider API key this is, or undefined. */
export async function sandboxForApiKey(db: Db, apiKey: string): Promise<SandboxWithMailbox | undefined> {
  if (!apiKey.startsWith(API_KEY_MARKER)) return undefined;
  return findSandboxByApiKeyHash(db, digestKey(apiKey));
}

/**
 * The sandbox an SES request names by its access key id (the sandbox id) with the secret its SigV4 signature must
 * have been made with (the API key as it is: an HMAC is checked by recomputing it, which a digest cannot do).
 * Undefined for an unknown id; `secret` undefined for a sandbox made before SES support and not rotated since.
 */
export async function sandboxForSigning(db: Db, id: string): Promise<{ sandbox: SandboxWithMailbox; secret: string | undefined } | undefined> {
  const sandbox = await findSandbox(db, id);
  if (!sandbox) return undefined;
  return { sandbox, secret: await findSigningSecret(db, id) };
}

/**
 * SMTP_CAPTURE_ALL's target: the sandbox named `default` of the first account (the oldest), created when it has none.
 * Undefined when the store has no account yet.
 */
export async function defaultCaptureSandbox(db: Db, config: Config): Promise<SandboxWithMailbox | undefined> {
  const first = await db.selectFrom('accounts').select('id').orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  if (!first) return undefined;
  const existing = await findSandboxByName(db, first.id, 'default');
  if (existing) return existing;
  await createSandbox(db, config, first.id, 'default');
  return findSandboxByName(db, first.id, 'default');
}

/** The intake recipient that files a captured message into the sandbox's mailbox. */
export function sandboxRecipient(row: SandboxWithMailbox, envelope: Envelope, via: Via): Omit<IntakeRecipient, 'message_id'> {
  return {
    rcpt: envelope.rcpt_to[0] ?? row.mailbox,
    address_id: row.address_id,
    account_id: row.account_id,
    address: row.mailbox,
    sandbox: { sandbox_id: row.id, envelope, via },
  };
}
