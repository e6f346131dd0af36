import { randomUUID } from 'node:crypto';
import { simpleParser, type AddressObject, type EmailAddress, type ParsedMail } from 'mailparser';
import type { Db } from '../db/database.js';
import {
  attachmentsOfMessages,
  deleteMessageOf,
  findAttachment,
  findMessage,
  findMessageSource,
  encodeSource,
  insertMessageContent,
  insertMessageCopy,
  listMessagesOf,
  setMessageSeen,
  type AttachmentMeta,
  type MessageFilter,
  type AttachmentRow,
  type MessageSummaryRow,
  type StoredCopy,
} from '../db/messages.js';
import { DomainError } from '../platform/errors.js';
import { commitGrouped } from '../db/group-commit.js';
import { eventRecord } from '../platform/events/contract.js';
import { extractCodes, extractLinks } from './codes-links.js';
import type { AuthenticationView } from './ingest/mail-auth.js';
import type { components } from '../../generated/schema.d.js';

type Schemas = components['schemas'];
export type MailboxView = Schemas['Mailbox'];
export type AttachmentView = Schemas['AttachmentInfo'];
/** A message as listed (the spec's MessageSummary): everything but the bodies. */
export type MessageSummaryView = Schemas['MessageSummary'];
/** A full message (the spec's Message, without the envelope's `success`). */
export type MessageView = Schemas['Message'];

export interface IngestRecipient {
  addressId: string;
  accountId: string;
  address: string;
}

const newId = (prefix: 'msg' | 'att' | 'cnt') => `${prefix}_${randomUUID().replace(/-/g, '')}`;

// Bodies as the sender wrote them: no HTML made up from text, no text made up from HTML, cid: links untouched.
const PARSE_OPTIONS = { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true } as const;

interface ParsedContent {
  from: MailboxView;
  to: MailboxView[];
  cc: MailboxView[];
  subject: string | null;
  text: string | null;
  html: string | null;
  attachments: Array<{ filename: string | null; content_type: string; content: Buffer }>;
  /** Why the parser gave up, when it did. */
  parseError?: string;
}

function mailboxes(field: AddressObject | AddressObject[] | undefined): MailboxView[] {
  const out: MailboxView[] = [];
  const add = (entry: EmailAddress) => {
    // A group ("team: a@x, b@y;") contributes its members; the group name itself is not a mailbox.
    if (entry.group) entry.group.forEach(add);
    else out.push({ address: entry.address ?? '', name: entry.name ?? '' });
  };
  for (const obj of field === undefined ? [] : Array.isArray(field) ? field : [field]) obj.value.forEach(add);
  return out;
}

function toContent(parsed: ParsedMail): ParsedContent {
  return {
    from: mailboxes(parsed.from)[0] ?? { address: '', name: '' },
    to: mailboxes(parsed.to),
    cc: mailboxes(parsed.cc),
    subject: parsed.subject ?? null,
    // mailparser reports an HTML-only message's text as ''; the API promises null for "no text body".
    text: parsed.text ? parsed.text : null,
    html: parsed.html === false ? null : parsed.html,
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? null,
      content_type: a.contentType || 'application/octet-stream',
      content: a.content,
    })),
  };
}

/** U+0000 decoded from a header or body becomes U+FFFD, as undecodable bytes do: PostgreSQL cannot store it in text
 * or JSON (the message was refused with 451 for ever), and both stores then show the same. */
function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/\u0000/g, '\ufffd') as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)])) as T;
}

/** What the parser reads of one header block (mailsplit's limit); a longer one is cut before it. */
const MAX_HEADER_BYTES = 1024 * 1024 - 1024;

/** The top-level header block alone, cut at a header boundary to what the parser reads, ended by a blank line. */
function topHeaders(raw: Buffer): Buffer {
  const text = raw.toString('latin1');
  const end = /\r?\n\r?\n/.exec(text);
  let head = end ? text.slice(0, end.index) : text;
  if (head.length > MAX_HEADER_BYTES) {
    // Cut before the last header that does not fit whole (a line not starting with whitespace starts a header).
    let cut = head.lastIndexOf('\n', MAX_HEADER_BYTES);
    while (cut > 0 && (head[cut + 1] === ' ' || head[cut + 1] === '\t')) cut = head.lastIndexOf('\n', cut - 1);
    head = head.slice(0, Math.max(cut, 0)).replace(/\r$/, '');
  }
  return Buffer.from(`${head}\r\n\r\n`, 'latin1');
}

function parseFailure(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const why = /child nodes/i.test(message)
    ? 'it has more than 1,000 MIME parts'
    : /header size/i.test(message)
      ? 'a header block is over 1 MB'
      : `its MIME could not be read (${message})`;
  return `The message was not parsed in full because ${why}: only its top-level headers were read. The raw source is complete.`;
}

async function parse(raw: Buffer): Promise<ParsedContent> {
  try {
    return withoutNul(toContent(await simpleParser(raw, PARSE_OPTIONS)));
  } catch (err) {
    // Mail we cannot parse is still mail the sender was told we took: keep the raw source, show what the top-level
    // headers say, and say why the rest is missing.
    const parseError = parseFailure(err);
    try {
      const headers = withoutNul(toContent(await simpleParser(topHeaders(raw), PARSE_OPTIONS)));
      return { ...headers, text: null, html: null, attachments: [], parseError };
    } catch {
      return { from: { address: '', name: '' }, to: [], cc: [], subject: null, text: null, html: null, attachments: [], parseError };
    }
  }
}

/**
 * Stores one copy of `raw` per recipient, with attachments and raw source, in ONE transaction together with one
 * `message.received` event per copy (carrying the summary the API shows): either every copy and its event is
 * stored or nothing is. Consumers read the events from the log, so none sees a message it cannot read.
 * Returns the new message ids in recipient order.
 */
export async function ingestMessage(
  db: Db,
  raw: Buffer,
  recipients: IngestRecipient[],
  now: Date = new Date(),
  authentication: AuthenticationView | null = null,
): Promise<string[]> {
  if (recipients.length === 0) return [];
  const content = await parse(raw);
  const receivedAt = now.toISOString();
  // Read once for every copy: what a test asks for most, the code and the link in the email.
  const codes = extractCodes(content.subject, content.text, content.html);
  const links = extractLinks(content.text, content.html);
  // One content for every copy, compressed before the transaction opens (off the event loop, on the thread pool).
  const contentId = newId('cnt');
  const source = await encodeSource(raw);
  const copies: StoredCopy[] = recipients.map((r) => {
    const id = newId('msg');
    return {
      message: {
        id,
        address_id: r.addressId,
        content_id: contentId,
        from_address: content.from.address,
        from_name: content.from.name,
        to: content.to,
        cc: content.cc,
        codes,
        links,
        authentication,
        subject: content.subject,
        text_body: content.text,
        html_body: content.html,
        size: raw.length,
        received_at: receivedAt,
        seen_at: null,
        parse_error: content.parseError ?? null,
      },
      attachments: content.attachments.map((a, position) => ({
        id: newId('att'),
        message_id: id,
        position,
        filename: a.filename,
        content_type: a.content_type,
        size: a.content.length,
      })),
    };
  });

  // Committed together with whatever other mail is waiting to be (src/db/group-commit.ts), still before any 250.
  await commitGrouped(db, async (trx, emit) => {
    await insertMessageContent(trx, contentId, source);
    for (const [i, copy] of copies.entries()) {
      await insertMessageCopy(trx, copy);
      const r = recipients[i];
      const message = summaryView(copy.message, copy.attachments);
      emit(eventRecord({ type: 'message.received', accountId: r.accountId, addressId: r.addressId, address: r.address, messageId: message.id, receivedAt, message }, now));
    }
  });
  return copies.map((c) => c.message.id);
}

function attachmentView(a: AttachmentMeta): AttachmentView {
  return { id: a.id, filename: a.filename, content_type: a.content_type, size: a.size };
}

function summaryView(row: MessageSummaryRow, attachments: AttachmentMeta[]): MessageSummaryView {
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
  };
}

function groupByMessage(attachments: AttachmentMeta[]): Map<string, AttachmentMeta[]> {
  const byMessage = new Map<string, AttachmentMeta[]>();
  for (const a of attachments) {
    const list = byMessage.get(a.message_id);
    if (list) list.push(a);
    else byMessage.set(a.message_id, [a]);
  }
  return byMessage;
}

async function summaries(db: Db, rows: MessageSummaryRow[]): Promise<MessageSummaryView[]> {
  const byMessage = groupByMessage(await attachmentsOfMessages(db, rows.map((r) => r.id)));
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
  const normalized = filter.since === undefined ? filter : { ...filter, since: toStoredInstant(filter.since) };
  const { rows, count } = await listMessagesOf(db, addressId, page, normalized);
  return { messages: await summaries(db, rows), count };
}

function messageNotFound(messageId: string): DomainError {
  return new DomainError('message_not_found', `No message ${messageId} in this mailbox.`);
}

export async function getMessage(db: Db, addressId: string, messageId: string): Promise<MessageView> {
  const row = await findMessage(db, addressId, messageId);
  if (!row) throw messageNotFound(messageId);
  const attachments = await attachmentsOfMessages(db, [row.id]);
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
  const parsed = raw ? await simpleParser(raw, PARSE_OPTIONS) : undefined;
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
