import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from './database.js';
import type { AttachmentsTable, MessagesTable, Tables } from './schema.js';
import { containsIgnoringCase } from './text-search.js';

/** A sender or recipient as stored (the `to`/`cc` columns hold JSON arrays of these). */
export interface Mailbox {
  address: string;
  name: string;
}
/** A link found in a message at ingestion. */
export interface MessageLink {
  url: string;
  text: string;
}
type JsonColumns = 'to_json' | 'cc_json' | 'codes_json' | 'links_json';
type Decoded = { to: Mailbox[]; cc: Mailbox[]; codes: string[]; links: MessageLink[] };
/** A stored message with its JSON columns decoded: this module is the only one that sees the JSON. */
export type MessageRow = Omit<MessagesTable, JsonColumns> & Decoded;
export type AttachmentRow = AttachmentsTable;
/** What lists and message views show of an attachment: everything but its bytes. */
export type AttachmentMeta = Omit<AttachmentRow, 'content'>;
/** A listed message: no bodies, which can be large. */
export type MessageSummaryRow = Omit<MessageRow, 'text_body' | 'html_body'>;

function decode<T extends Record<JsonColumns, string>>(row: T): Omit<T, JsonColumns> & Decoded {
  const { to_json, cc_json, codes_json, links_json, ...rest } = row;
  return {
    ...rest,
    to: JSON.parse(to_json) as Mailbox[],
    cc: JSON.parse(cc_json) as Mailbox[],
    codes: JSON.parse(codes_json) as string[],
    links: JSON.parse(links_json) as MessageLink[],
  };
}

export interface StoredCopy {
  message: MessageRow;
  attachments: AttachmentRow[];
  raw: Buffer;
}

const SUMMARY_COLUMNS = [
  'id',
  'address_id',
  'from_address',
  'from_name',
  'to_json',
  'cc_json',
  'codes_json',
  'links_json',
  'subject',
  'size',
  'received_at',
  'seen_at',
  'parse_error',
] as const;

const ATTACHMENT_META_COLUMNS = ['id', 'message_id', 'position', 'filename', 'content_type', 'size'] as const;

/** Inserts one copy of a message with its attachments and raw source. Call it inside a transaction. */
export async function insertMessageCopy(db: Db, copy: StoredCopy): Promise<void> {
  const { to, cc, codes, links, ...message } = copy.message;
  await db
    .insertInto('messages')
    .values({ ...message, to_json: JSON.stringify(to), cc_json: JSON.stringify(cc), codes_json: JSON.stringify(codes), links_json: JSON.stringify(links) })
    .execute();
  if (copy.attachments.length > 0) await db.insertInto('attachments').values(copy.attachments).execute();
  await db.insertInto('message_sources').values({ message_id: copy.message.id, raw: copy.raw }).execute();
}

/** Narrows a message list; every given field must match. */
export interface MessageFilter {
  /** Case-insensitive substring of the subject. */
  subject?: string;
  /** Case-insensitive substring of the sender's address or display name. */
  from?: string;
  /** Received strictly after this ISO 8601 UTC instant. */
  since?: string;
  /** true: seen_at is null; false: seen_at is set. */
  unread?: boolean;
  /** Case-insensitive substring of the text or the HTML body. */
  text?: string;
  /** Only these messages. */
  ids?: string[];
}

function matching(db: Db, addressId: string, filter: MessageFilter) {
  return (eb: ExpressionBuilder<Tables, 'messages'>) => {
    const all: Expression<SqlBool>[] = [eb('address_id', '=', addressId)];
    if (filter.subject !== undefined) all.push(containsIgnoringCase(db, 'subject', filter.subject));
    if (filter.from !== undefined) {
      all.push(eb.or([containsIgnoringCase(db, 'from_address', filter.from), containsIgnoringCase(db, 'from_name', filter.from)]));
    }
    if (filter.since !== undefined) all.push(eb('received_at', '>', filter.since));
    if (filter.unread !== undefined) all.push(eb('seen_at', filter.unread ? 'is' : 'is not', null));
    if (filter.text !== undefined) {
      all.push(eb.or([containsIgnoringCase(db, 'text_body', filter.text), containsIgnoringCase(db, 'html_body', filter.text)]));
    }
    if (filter.ids !== undefined) all.push(filter.ids.length > 0 ? eb('id', 'in', filter.ids) : sql<SqlBool>`1 = 0`);
    return eb.and(all);
  };
}

/** One page of an address's messages matching `filter`, newest first (`oldest_first` reverses it), and their total. */
export async function listMessagesOf(
  db: Db,
  addressId: string,
  page: { limit: number; offset: number; oldest_first?: boolean },
  filter: MessageFilter = {},
): Promise<{ rows: MessageSummaryRow[]; count: number }> {
  const direction = page.oldest_first ? 'asc' : 'desc';
  const rows = await db
    .selectFrom('messages')
    .select(SUMMARY_COLUMNS)
    .where(matching(db, addressId, filter))
    .orderBy('received_at', direction)
    .orderBy('id', direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(matching(db, addressId, filter))
    .executeTakeFirstOrThrow();
  return { rows: rows.map(decode), count: Number(total.n) };
}

/**
 * Marks a message read (keeping the first time it was marked) or unread. Returns how many rows matched: 0 when the
 * message is not in this mailbox.
 */
export async function setMessageSeen(db: Db, addressId: string, messageId: string, seenAt: string | null): Promise<number> {
  const res = await db
    .updateTable('messages')
    .set((eb) => ({ seen_at: seenAt === null ? null : eb.fn.coalesce('seen_at', eb.val(seenAt)) }))
    .where('id', '=', messageId)
    .where('address_id', '=', addressId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Attachment metadata of several messages in one query, each message's in message order. */
export async function attachmentsOfMessages(db: Db, messageIds: string[]): Promise<AttachmentMeta[]> {
  if (messageIds.length === 0) return [];
  return db
    .selectFrom('attachments')
    .select(ATTACHMENT_META_COLUMNS)
    .where('message_id', 'in', messageIds)
    .orderBy('message_id')
    .orderBy('position')
    .execute();
}

export async function findMessage(db: Db, addressId: string, messageId: string): Promise<MessageRow | undefined> {
  const row = await db.selectFrom('messages').selectAll().where('id', '=', messageId).where('address_id', '=', addressId).executeTakeFirst();
  return row && decode(row);
}

export async function findMessageSource(db: Db, addressId: string, messageId: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('message_sources')
    .innerJoin('messages', 'messages.id', 'message_sources.message_id')
    .select('message_sources.raw')
    .where('messages.id', '=', messageId)
    .where('messages.address_id', '=', addressId)
    .executeTakeFirst();
  return row?.raw;
}

export async function findAttachment(
  db: Db,
  addressId: string,
  messageId: string,
  attachmentId: string,
): Promise<AttachmentRow | undefined> {
  return db
    .selectFrom('attachments')
    .innerJoin('messages', 'messages.id', 'attachments.message_id')
    .selectAll('attachments')
    .where('attachments.id', '=', attachmentId)
    .where('messages.id', '=', messageId)
    .where('messages.address_id', '=', addressId)
    .executeTakeFirst();
}

/** Deletes one message (its attachments and source cascade). Returns how many rows went: 0 or 1. */
export async function deleteMessageOf(db: Db, addressId: string, messageId: string): Promise<number> {
  const res = await db.deleteFrom('messages').where('id', '=', messageId).where('address_id', '=', addressId).executeTakeFirst();
  return Number(res.numDeletedRows);
}
