import type { Db } from '../db/database.js';
import {
  attachmentsOfMessages,
  deleteMessageOf,
  findAttachment,
  findMessage,
  findMailboxMessage,
  findMessageSource,
  listMailboxPage,
  listMessagesOf,
  setMessageSeen,
  type AttachmentMeta,
  type MessageFilter,
  type AttachmentRow,
  type MessageRow,
  type MessageSummaryRow,
} from '../db/messages.js';
import { dialectOf } from '../db/dialect.js';
import { DomainError } from '../platform/errors.js';
import { assertOwnMailbox, normalizeAddress, requireOwnMailbox } from './addresses.js';
import { loadMailParser, PARSE_OPTIONS } from './ingest/parse.js';
import type { CheckSubject } from './checks/checks.js';
import type { components } from '../../generated/schema.js';

type Schemas = components['schemas'];
export type MailboxView = Schemas['Mailbox'];
export type AttachmentView = Schemas['AttachmentInfo'];
/** A message as listed (the spec's MessageSummary): everything but the bodies. */
export type MessageSummaryView = Schemas['MessageSummary'];
/** A full message (the spec's Message, without the envelope's `success`). */
export type MessageView = Schemas['Message'];

function attachmentView(a: AttachmentMeta): AttachmentView {
  return { id: a.id, filename: a.filename, content_type: a.content_type, size: a.size };
}

export function summaryView(row: MessageSummaryRow, attachments: AttachmentMeta[]): MessageSummaryView {
  return {
    id: row.id,
    from: { address: row.from_address ?? '', name: row.from_name ?? '' },
    to: row.to,
    cc: row.cc,
    subject: row.subject ?? '',
    size: row.size,
    received_at: row.received_at,
    read: row.seen_at !== null,
    attachments: attachments.map(attachmentView),
    codes: row.codes,
    links: row.links,
    authentication: row.authentication,
    ...(row.parse_error ? { parse_error: row.parse_error } : {}),
    ...(row.sandbox_id ? { sandbox_id: row.sandbox_id } : {}),
    ...(row.envelope ? { envelope: row.envelope } : {}),
    ...(row.via ? { via: row.via as MessageSummaryView['via'] & string } : {}),
  };
}

async function summaries(db: Db, rows: MessageSummaryRow[]): Promise<MessageSummaryView[]> {
  const byMessage = await attachmentsOfMessages(db, rows.map((r) => r.id));
  return rows.map((r) => summaryView(r, byMessage.get(r.id) ?? []));
}

export type { MessageFilter };

/** Normalises an ISO 8601 instant given with any zone to the stored form (UTC, milliseconds, Z). */
export function toStoredInstant(iso: string): string {
  return new Date(iso).toISOString();
}

export async function listMessages(
  db: Db,
  addressId: string,
  page: { limit: number; offset: number; oldest_first?: boolean },
  filter: MessageFilter = {},
): Promise<{ messages: MessageSummaryView[]; count: number }> {
  const { rows, count } = await listMessagesOf(db, addressId, page, storedFilter(filter));
  return { messages: await summaries(db, rows), count };
}

/** A filter with its `since` in the stored form. */
function storedFilter(filter: MessageFilter): MessageFilter {
  return filter.since === undefined ? filter : { ...filter, since: toStoredInstant(filter.since) };
}

/**
 * A page of the messages of the caller's mailbox at `address` (one of its addresses or a sandbox's mailbox, as
 * requireOwnMailbox finds it), or 404 address_not_found. On PostgreSQL the mailbox and its page are one round trip;
 * on SQLite two plain queries are faster than the join (BENCHMARKS.md, "The HTTP pipeline").
 */
export async function listMailboxMessages(
  db: Db,
  accountId: string,
  address: string,
  page: { limit: number; offset: number },
  filter: MessageFilter = {},
): Promise<{ messages: MessageSummaryView[]; count: number }> {
  const normalized = normalizeAddress(address);
  if (dialectOf(db) === 'sqlite') return listMessages(db, (await requireOwnMailbox(db, accountId, normalized)).id, page, filter);
  const found = await listMailboxPage(db, normalized, page, storedFilter(filter));
  assertOwnMailbox(found?.mailbox, accountId, normalized);
  return { messages: await summaries(db, found.rows), count: found.count };
}

/** A message of the caller's mailbox at `address`, the mailbox and the message read in one query; 404
 * address_not_found or message_not_found. */
export async function getMailboxMessage(db: Db, accountId: string, address: string, messageId: string): Promise<MessageView> {
  const normalized = normalizeAddress(address);
  const found = await findMailboxMessage(db, normalized, messageId);
  assertOwnMailbox(found?.mailbox, accountId, normalized);
  if (!found.message) throw messageNotFound(messageId);
  return messageView(db, found.message);
}

function messageNotFound(messageId: string): DomainError {
  return new DomainError('message_not_found', `No message ${messageId} in this mailbox.`);
}

export async function getMessage(db: Db, addressId: string, messageId: string): Promise<MessageView> {
  const row = await findMessage(db, addressId, messageId);
  if (!row) throw messageNotFound(messageId);
  return messageView(db, row);
}

async function messageView(db: Db, row: MessageRow): Promise<MessageView> {
  const attachments = (await attachmentsOfMessages(db, [row.id])).get(row.id) ?? [];
  return { ...summaryView(row, attachments), text: row.text_body, html: row.html_body };
}

export async function getMessageRaw(db: Db, addressId: string, messageId: string): Promise<Buffer> {
  const raw = await findMessageSource(db, addressId, messageId);
  if (!raw) throw messageNotFound(messageId);
  return raw;
}

export async function getAttachment(
  db: Db,
  addressId: string,
  messageId: string,
  attachmentId: string,
): Promise<{ filename: string | null; content_type: string; content: Buffer }> {
  const row: AttachmentRow | undefined = await findAttachment(db, addressId, messageId, attachmentId);
  if (!row) {
    // A missing message and a missing attachment answer differently so a client knows which id was wrong.
    if (!(await findMessage(db, addressId, messageId))) throw messageNotFound(messageId);
    throw new DomainError('attachment_not_found', `No attachment ${attachmentId} in message ${messageId}.`);
  }
  // The bytes live once, in the raw source: the parser that listed the attachments at ingestion finds them again
  // in the same order (`position`).
  const raw = await findMessageSource(db, addressId, messageId);
  const parsed = raw ? await (await loadMailParser()).simpleParser(raw, PARSE_OPTIONS) : undefined;
  const content = parsed?.attachments[row.position]?.content;
  if (!content) throw new Error(`attachment ${attachmentId} of ${messageId} is missing from its source`);
  return { filename: row.filename, content_type: row.content_type, content };
}

/** Marks a message read or unread and answers it. Marking read again keeps the first time it was marked. */
export async function setMessageRead(db: Db, addressId: string, messageId: string, read: boolean, now = new Date()): Promise<MessageView> {
  if ((await setMessageSeen(db, addressId, messageId, read ? now.toISOString() : null)) === 0) throw messageNotFound(messageId);
  return getMessage(db, addressId, messageId);
}

export async function deleteMessage(db: Db, addressId: string, messageId: string): Promise<void> {
  if ((await deleteMessageOf(db, addressId, messageId)) === 0) throw messageNotFound(messageId);
}

/** What the deliverability checks (./checks/) work on, for one of an address's messages. */
export async function messageCheckSubject(db: Db, addressId: string, messageId: string): Promise<CheckSubject> {
  const row = await findMessage(db, addressId, messageId);
  if (!row) throw messageNotFound(messageId);
  return {
    contentId: row.content_id,
    html: row.html_body,
    text: row.text_body,
    links: row.links.map((l) => l.url),
    authentication: row.authentication,
    raw: () => getMessageRaw(db, addressId, messageId),
  };
}
