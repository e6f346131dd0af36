import type { Db } from './database.js';
import type { AttachmentsTable, MessagesTable } from './schema.js';

export type MessageRow = MessagesTable;
export type AttachmentRow = AttachmentsTable;
/** What lists and message views show of an attachment: everything but its bytes. */
export type AttachmentMeta = Omit<AttachmentRow, 'content'>;
/** A listed message: no bodies, which can be large. */
export type MessageSummaryRow = Omit<MessageRow, 'text_body' | 'html_body'>;

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
  'subject',
  'size',
  'received_at',
  'seen_at',
] as const;

const ATTACHMENT_META_COLUMNS = ['id', 'message_id', 'position', 'filename', 'content_type', 'size'] as const;

/** Inserts one copy of a message with its attachments and raw source. Call it inside a transaction. */
export async function insertMessageCopy(db: Db, copy: StoredCopy): Promise<void> {
  await db.insertInto('messages').values(copy.message).execute();
  if (copy.attachments.length > 0) await db.insertInto('attachments').values(copy.attachments).execute();
  await db.insertInto('message_sources').values({ message_id: copy.message.id, raw: copy.raw }).execute();
}

/** One page of an address's messages, newest first, and the address's total. */
export async function listMessagesOf(
  db: Db,
  addressId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: MessageSummaryRow[]; count: number }> {
  const rows = await db
    .selectFrom('messages')
    .select(SUMMARY_COLUMNS)
    .where('address_id', '=', addressId)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('address_id', '=', addressId)
    .executeTakeFirstOrThrow();
  return { rows, count: Number(total.n) };
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
  return db.selectFrom('messages').selectAll().where('id', '=', messageId).where('address_id', '=', addressId).executeTakeFirst();
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
