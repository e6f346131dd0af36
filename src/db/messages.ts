import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql, type Expression, type ExpressionBuilder, type Insertable, type SqlBool } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from './database.js';
import type { AttachmentsTable, MessagesTable, Tables } from './schema.js';
import { containsIgnoringCase } from './text-search.js';
import { dialectOf, insertInChunks } from './dialect.js';
import { prepared } from './prepared.js';
import type { components } from '../../generated/schema.js';

const brotliCompress = promisify(zlib.brotliCompress);
const brotliDecompress = promisify(zlib.brotliDecompress);

/** A sender or recipient as stored (the `to`/`cc` columns hold JSON arrays of these). */
export interface Mailbox {
  address: string;
  name: string;
}
/** SPF/DKIM/DMARC verdicts as the spec declares them (stored as JSON). */
export type Authentication = components['schemas']['Authentication'];
/** A link found in a message at ingestion. */
export interface MessageLink {
  url: string;
  text: string;
}
/** A sandbox message's SMTP envelope (the spec's MessageEnvelope). */
export interface Envelope {
  mail_from: string;
  rcpt_to: string[];
}
type JsonColumns = 'to_json' | 'cc_json' | 'codes_json' | 'links_json' | 'auth_json' | 'envelope_json';
type Decoded = { to: Mailbox[]; cc: Mailbox[]; codes: string[]; links: MessageLink[]; authentication: Authentication | null; envelope: Envelope | null };
/** A stored message with its JSON columns decoded: this module is the only one that sees the JSON. */
export type MessageRow = Omit<MessagesTable, JsonColumns> & Decoded;
/** An attachment as stored: its metadata (its bytes are in the message's raw source). */
export type AttachmentRow = AttachmentsTable;
/** What lists and message views show of an attachment. */
export type AttachmentMeta = AttachmentRow;
/** A listed message: no bodies, which can be large. */
export type MessageSummaryRow = Omit<MessageRow, 'text_body' | 'html_body' | 'content_id'>;

/**
 * The decoded JSON columns of recently read messages, by id. They never change after ingestion (only `seen_at`
 * does, which is not among them), so every instance may keep them: a list that test suites call in a loop decodes
 * each message once, not five JSON.parse calls per row per request (13 % of a list call's CPU in the profile).
 * Treat the decoded values as read-only.
 */
const decodedColumns = new LRUCache<string, Decoded>({ max: 5000 });

/** Columns that never reach a MessageRow as they are: the JSON ones (decoded) and the list's window count. */
const NOT_COPIED: Record<string, true> = {
  to_json: true,
  cc_json: true,
  codes_json: true,
  links_json: true,
  auth_json: true,
  envelope_json: true,
  total_count: true,
  // The mailbox's own columns, read with its message in one query (findMailboxMessage).
  mailbox_id: true,
  mailbox_account_id: true,
};

function decode<T extends Record<Exclude<JsonColumns, 'auth_json' | 'envelope_json'>, string> & { id: string; auth_json: string | null; envelope_json: string | null }>(
  row: T,
): Omit<T, JsonColumns | 'total_count'> & Decoded {
  let decoded = decodedColumns.get(row.id);
  if (!decoded) {
    decoded = {
      to: JSON.parse(row.to_json) as Mailbox[],
      cc: JSON.parse(row.cc_json) as Mailbox[],
      codes: JSON.parse(row.codes_json) as string[],
      links: JSON.parse(row.links_json) as MessageLink[],
      authentication: row.auth_json === null ? null : (JSON.parse(row.auth_json) as Authentication),
      envelope: row.envelope_json === null ? null : (JSON.parse(row.envelope_json) as Envelope),
    };
    decodedColumns.set(row.id, decoded);
  }
  // A plain copy loop: object rest and spread took a few microseconds a row on this shape (11 % of a list call).
  const out: Record<string, unknown> = {};
  for (const key in row) if (NOT_COPIED[key] !== true) out[key] = row[key];
  out.to = decoded.to;
  out.cc = decoded.cc;
  out.codes = decoded.codes;
  out.links = decoded.links;
  out.authentication = decoded.authentication;
  out.envelope = decoded.envelope;
  return out as Omit<T, JsonColumns | 'total_count'> & Decoded;
}

/** One recipient's copy: its row and attachment metadata; the content it points at is stored once (insertMessageContent). */
export interface StoredCopy {
  message: MessageRow;
  attachments: AttachmentRow[];
}

/**
 * The raw source as stored: brotli (quality 5: about as fast as gzip's default, and smaller). Sources that do not
 * shrink are kept as they are. On libuv's thread pool, so a large message does not hold up the event loop — unless
 * `onThisThread`: an intake worker thread compresses on itself, at its own lower priority (INTAKE_WORKER_NICE), and
 * leaves the pool to the event loop's file work.
 */
export async function encodeSource(raw: Buffer, onThisThread = false): Promise<{ raw: Buffer; encoding: 'br' | 'identity'; size: number }> {
  const options = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } };
  const packed = onThisThread ? zlib.brotliCompressSync(raw, options) : await brotliCompress(raw, options);
  return packed.length < raw.length ? { raw: packed, encoding: 'br', size: raw.length } : { raw, encoding: 'identity', size: raw.length };
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
  'auth_json',
  'subject',
  'size',
  'received_at',
  'seen_at',
  'parse_error',
  'sandbox_id',
  'envelope_json',
  'via',
] as const;

const ATTACHMENT_META_COLUMNS = ['id', 'message_id', 'position', 'filename', 'content_type', 'size'] as const;

/** A message's shared content as stored: its raw source (compressed or not) and its size before compression. */
export interface ContentRow {
  id: string;
  raw: Buffer;
  encoding: 'br' | 'identity';
  size: number;
}

/** PostgreSQL's limit on the parameters of one statement. */
const PG_MAX_PARAMETERS = 65_535;

/**
 * Stores messages — each content once for all its copies, then the copies with their attachment metadata — several
 * rows per statement, inside the caller's transaction. On PostgreSQL, where each statement is a round trip to the
 * server, all three tables are written by one statement (the contents and the copies as data-modifying WITH
 * queries, whose foreign keys are checked when the statement ends) when its parameters fit in one; otherwise, and on
 * SQLite, one statement per table and chunk.
 */
export async function insertMessages(db: Db, contents: ContentRow[], copies: StoredCopy[]): Promise<void> {
  const messages = copies.map(({ message: { to, cc, codes, links, authentication, envelope, ...message } }) => ({
    ...message,
    to_json: JSON.stringify(to),
    cc_json: JSON.stringify(cc),
    codes_json: JSON.stringify(codes),
    links_json: JSON.stringify(links),
    auth_json: authentication === null ? null : JSON.stringify(authentication),
    envelope_json: envelope === null ? null : JSON.stringify(envelope),
  }));
  const attachments = copies.flatMap((c) => c.attachments);
  const parameters = (rows: object[]) => (rows.length === 0 ? 0 : rows.length * Object.keys(rows[0]).length);
  if (
    dialectOf(db) === 'postgres' &&
    contents.length > 0 &&
    messages.length > 0 &&
    parameters(contents) + parameters(messages) + parameters(attachments) <= PG_MAX_PARAMETERS
  ) {
    if (attachments.length === 0) await contentsAndCopies(db, contents, messages);
    else await contentsCopiesAndAttachments(db, contents, messages, attachments);
    return;
  }
  await insertInChunks(contents, (chunk) => contentRows(db, chunk));
  await insertInChunks(messages, (chunk) => messageRows(db, chunk));
  await insertInChunks(attachments, (chunk) => attachmentRows(db, chunk));
}

// Every stored message runs these, compiled once for each number of rows (src/db/prepared.ts).
type Rows<T extends keyof Tables> = Array<Insertable<Tables[T]>>;
const contentRows = prepared((db, rows: Rows<'message_contents'>) => db.insertInto('message_contents').values(rows));
const messageRows = prepared((db, rows: Rows<'messages'>) => db.insertInto('messages').values(rows));
const attachmentRows = prepared((db, rows: Rows<'attachments'>) => db.insertInto('attachments').values(rows));
const contentsAndCopies = prepared((db, contents: Rows<'message_contents'>, messages: Rows<'messages'>) =>
  db.with('stored_contents', (q) => q.insertInto('message_contents').values(contents)).insertInto('messages').values(messages),
);
const contentsCopiesAndAttachments = prepared((db, contents: Rows<'message_contents'>, messages: Rows<'messages'>, attachments: Rows<'attachments'>) =>
  db
    .with('stored_contents', (q) => q.insertInto('message_contents').values(contents))
    .with('stored_messages', (q) => q.insertInto('messages').values(messages))
    .insertInto('attachments')
    .values(attachments),
);

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

/** `addressId`: the address's id, or the column that holds it in an enclosing query (listMailboxPage). */
function matching(db: Db, addressId: string | Expression<string>, filter: MessageFilter) {
  return (eb: ExpressionBuilder<Tables, 'messages'>) => {
    const all: Expression<SqlBool>[] = [eb('messages.address_id', '=', addressId)];
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

/** How many of an address's messages match `filter`. */
async function countMatching(db: Db, addressId: string, filter: MessageFilter): Promise<number> {
  if (narrowsNothing(filter)) return Number((await countOfAddress(db, addressId)).rows[0].n);
  return Number((await countQuery(db, addressId, filter).executeTakeFirstOrThrow()).n);
}

function countQuery(db: Db, addressId: string, filter: MessageFilter) {
  return db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where(matching(db, addressId, filter));
}

/** The ids (and whether each was read) of a page of an address's messages matching `filter`, by time of receipt. */
function pageOf(db: Db, addressId: string, filter: MessageFilter, direction: 'asc' | 'desc', limit: number, offset: number) {
  return db.selectFrom('messages').select(['id', 'seen_at']).where(matching(db, addressId, filter)).orderBy('received_at', direction).orderBy('id', direction).limit(limit).offset(offset);
}

/** PostgreSQL: every matching row's count, on each row of the page (a window count). */
const TOTAL_COUNT = sql<number>`count(*) over ()`.as('total_count');

/** Whether a filter narrows nothing (every field left out): a mailbox's whole list, what tests and agents ask most. */
function narrowsNothing(filter: MessageFilter): boolean {
  for (const key in filter) if (filter[key as keyof MessageFilter] !== undefined) return false;
  return true;
}

// The reads of a mailbox's whole list and of one message, which tests and agents make in a loop, compiled once for
// each shape (src/db/prepared.ts). A filtered list's SQL depends on the filter's values (`unread`, the escaped search
// terms), so it is built for each call.
const countOfAddress = prepared((db, addressId: string) => countQuery(db, addressId, {}));
const wholePage = prepared((db, addressId: string, limit: number, offset: number) => pageOf(db, addressId, {}, 'desc', limit, offset));
const wholePageCounted = prepared((db, addressId: string, limit: number, offset: number) => pageOf(db, addressId, {}, 'desc', limit, offset).select(TOTAL_COUNT));
const summariesByIds = prepared((db, ids: string[]) => db.selectFrom('messages').select(SUMMARY_COLUMNS).where('id', 'in', ids));
const attachmentsByIds = prepared((db, ids: string[]) =>
  db.selectFrom('attachments').select(ATTACHMENT_META_COLUMNS).where('message_id', 'in', ids).orderBy('message_id').orderBy('position'),
);
const unfilteredMailboxPage = prepared((db, address: string, limit: number, offset: number) => mailboxPageQuery(db, address, { limit, offset }));
const mailboxMessage = prepared((db, address: string, messageId: string) => mailboxMessageQuery(db, address, messageId));

/**
 * Listed rows by message id, decoded, without `seen_at`: everything a list shows of a message but whether it was
 * read is fixed at ingestion (setMessageSeen is the only update of a message). So a page asks the store only which
 * messages are on it and whether each was read — two columns, not seventeen — and reads the rest once per message
 * (BENCHMARKS.md, "The HTTP pipeline"). Every instance may keep them, as it keeps the decoded columns.
 */
const listedRows = new LRUCache<string, Omit<MessageSummaryRow, 'seen_at'>>({ max: 5000 });

/**
 * The values kept in `cache` for `ids`, the others read by `read` (given only the missing ids) and kept. Held in the
 * returned map for this call, so keeping the ones just read cannot evict one the caller is about to use.
 */
async function keptOrRead<V extends object>(cache: LRUCache<string, V>, ids: string[], read: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>> {
  const found = new Map<string, V>();
  const missing: string[] = [];
  for (const id of ids) {
    const kept = cache.get(id);
    if (kept) found.set(id, kept);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  for (const [id, value] of await read(missing)) {
    found.set(id, value);
    cache.set(id, value);
  }
  return found;
}

/** The listed rows of a page (in its order, with the `seen_at` the page read); those not kept yet in one query. */
async function listedRowsOf(db: Db, page: Array<{ id: string; seen_at: string | null }>): Promise<MessageSummaryRow[]> {
  const found = await keptOrRead(listedRows, page.map((p) => p.id), async (missing) => {
    const read = new Map<string, Omit<MessageSummaryRow, 'seen_at'>>();
    for (const row of (await summariesByIds(db, missing)).rows) {
      const { seen_at: _, ...rest } = decode(row);
      read.set(row.id, rest);
    }
    return read;
  });
  const rows: MessageSummaryRow[] = [];
  for (const p of page) {
    const kept = found.get(p.id);
    // Deleted between the two reads: left out, as a list made a moment later would.
    if (!kept) continue;
    // A copy loop, not a spread: spreading rows was a tenth of a list call's CPU (see decode).
    const row: Record<string, unknown> = {};
    for (const key in kept) row[key] = kept[key as keyof typeof kept];
    row.seen_at = p.seen_at;
    rows.push(row as MessageSummaryRow);
  }
  return rows;
}

/** One page of an address's messages matching `filter`, newest first (`oldest_first` reverses it), and their total. */
export async function listMessagesOf(
  db: Db,
  addressId: string,
  page: { limit: number; offset: number; oldest_first?: boolean },
  filter: MessageFilter = {},
): Promise<{ rows: MessageSummaryRow[]; count: number }> {
  const direction = page.oldest_first ? 'asc' : 'desc';
  const countAll = () => countMatching(db, addressId, filter);
  const whole = narrowsNothing(filter) && !page.oldest_first;
  const pageQuery = () => pageOf(db, addressId, filter, direction, page.limit, page.offset);
  if (dialectOf(db) === 'sqlite') {
    // SQLite answers two plain queries (the page, then a count the address index covers) faster than one with a
    // window count, which makes it gather and sort the page in a temporary table: 90 + 7 µs against 120 µs for a page
    // of 20 full rows read alone (BENCHMARKS.md, "The HTTP pipeline"). A short page is its own count. A message
    // stored between the two queries is counted and not yet listed, as the next call would list it.
    const ids = whole ? (await wholePage(db, addressId, page.limit, page.offset)).rows : await pageQuery().execute();
    const count = ids.length < page.limit && (ids.length > 0 || page.offset === 0) ? page.offset + ids.length : await countAll();
    return { rows: await listedRowsOf(db, ids), count };
  }
  // PostgreSQL: the page and the total in one round trip (a window count over every matching row); only a page past
  // the end, which has no row to carry the total, asks again.
  const ids = whole
    ? (await wholePageCounted(db, addressId, page.limit, page.offset)).rows
    : await pageQuery().select(TOTAL_COUNT).execute();
  let count = ids.length > 0 ? Number(ids[0].total_count) : 0;
  if (ids.length === 0 && page.offset > 0) count = await countAll();
  return { rows: await listedRowsOf(db, ids), count };
}

/** The mailbox a message operation names: its id and its owner. */
export interface MailboxRef {
  id: string;
  account_id: string;
}

/**
 * PostgreSQL: a page of an address's messages, as listMessagesOf reads it, with the address itself, in one round
 * trip — the address joined to its page (a LATERAL subquery) — instead of one for the address and one for the page.
 * Undefined when there is no such address. (On SQLite two plain queries answer faster; src/mail/messages.ts picks.)
 */
export async function listMailboxPage(
  db: Db,
  address: string,
  page: { limit: number; offset: number },
  filter: MessageFilter = {},
): Promise<{ mailbox: MailboxRef; rows: MessageSummaryRow[]; count: number } | undefined> {
  const found = narrowsNothing(filter) ? (await unfilteredMailboxPage(db, address, page.limit, page.offset)).rows : await mailboxPageQuery(db, address, page, filter).execute();
  if (found.length === 0) return undefined;
  const mailbox = { id: found[0].mailbox_id, account_id: found[0].mailbox_account_id };
  // An empty page is one row of the address alone; past the end of a mailbox that has mail, ask for the total.
  const ids = found.flatMap((r) => (r.id === null ? [] : [{ id: r.id, seen_at: r.seen_at }]));
  let count = ids.length > 0 ? Number(found[0].total_count) : 0;
  if (ids.length === 0 && page.offset > 0) count = await countMatching(db, mailbox.id, filter);
  return { mailbox, rows: await listedRowsOf(db, ids), count };
}

/** listMailboxPage's one query (also the bench's: its PostgreSQL ceiling for a list runs this query and nothing else). */
export function mailboxPageQuery(db: Db, address: string, page: { limit: number; offset: number }, filter: MessageFilter = {}) {
  return db
    .selectFrom('addresses')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('messages')
          .select(['messages.id', 'messages.seen_at', 'messages.received_at', TOTAL_COUNT])
          .where(matching(db, sql.ref<string>('addresses.id'), filter))
          .orderBy('messages.received_at', 'desc')
          .orderBy('messages.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .as('page'),
      (join) => join.onTrue(),
    )
    .select(['addresses.id as mailbox_id', 'addresses.account_id as mailbox_account_id', 'page.id', 'page.seen_at', 'page.total_count'])
    .where('addresses.address', '=', address)
    .orderBy('page.received_at', 'desc')
    .orderBy('page.id', 'desc');
}

/**
 * A message of the mailbox at `address`, with the mailbox itself, in one query (the address joined to the message):
 * undefined when there is no such address, `message` undefined when the address holds no such message.
 */
export async function findMailboxMessage(db: Db, address: string, messageId: string): Promise<{ mailbox: MailboxRef; message: MessageRow | undefined } | undefined> {
  const row = (await mailboxMessage(db, address, messageId)).rows[0];
  if (!row) return undefined;
  const mailbox = { id: row.mailbox_id, account_id: row.mailbox_account_id };
  return { mailbox, message: row.id === null ? undefined : (decode(row as typeof row & { id: string; to_json: string; cc_json: string; codes_json: string; links_json: string }) as unknown as MessageRow) };
}

/** findMailboxMessage's one query (also the bench's: its PostgreSQL ceiling for a get runs this query and nothing else). */
export function mailboxMessageQuery(db: Db, address: string, messageId: string) {
  return db
    .selectFrom('addresses')
    .leftJoin('messages', (join) => join.onRef('messages.address_id', '=', 'addresses.id').on('messages.id', '=', messageId))
    .selectAll('messages')
    .select(['addresses.id as mailbox_id', 'addresses.account_id as mailbox_account_id'])
    .where('addresses.address', '=', address);
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

/**
 * Attachment metadata by message id. Like the decoded columns it is fixed at ingestion (a message's attachments are
 * written with it, in one transaction, and never change; ids are not reused), so every instance may keep it: a list
 * or a get of messages read before asks the store for nothing more than the rows (one query fewer per call, a round
 * trip on PostgreSQL). Bounded by attachments held, not messages, so mail with thousands of parts cannot fill memory.
 */
const attachmentsByMessage = new LRUCache<string, AttachmentMeta[]>({ maxSize: 50_000, sizeCalculation: (list) => 1 + list.length });

/** Attachment metadata of several messages, each message's in message order (an empty list for none); those not
 * read before in one query. */
export async function attachmentsOfMessages(db: Db, messageIds: string[]): Promise<Map<string, AttachmentMeta[]>> {
  return keptOrRead(attachmentsByMessage, messageIds, async (missing) => {
    const byMessage = new Map<string, AttachmentMeta[]>(missing.map((id) => [id, []]));
    const { rows } = await attachmentsByIds(db, missing);
    for (const row of rows) byMessage.get(row.message_id)!.push(row);
    return byMessage;
  });
}

export async function findMessage(db: Db, addressId: string, messageId: string): Promise<MessageRow | undefined> {
  const row = await db.selectFrom('messages').selectAll().where('id', '=', messageId).where('address_id', '=', addressId).executeTakeFirst();
  return row && decode(row);
}

/** The message's raw source as received (decompressed), or undefined when the message is not in this mailbox. */
export async function findMessageSource(db: Db, addressId: string, messageId: string): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('message_contents')
    .innerJoin('messages', 'messages.content_id', 'message_contents.id')
    .select(['message_contents.raw', 'message_contents.encoding'])
    .where('messages.id', '=', messageId)
    .where('messages.address_id', '=', addressId)
    .executeTakeFirst();
  if (!row) return undefined;
  // Both drivers return Buffers for blobs; a Uint8Array from another driver would still work.
  const stored = Buffer.isBuffer(row.raw) ? row.raw : Buffer.from(row.raw);
  return row.encoding === 'br' ? brotliDecompress(stored) : stored;
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

/** Deletes one message (its attachments cascade; its content goes with its last copy). Returns how many rows went: 0 or 1. */
export async function deleteMessageOf(db: Db, addressId: string, messageId: string): Promise<number> {
  const res = await db.deleteFrom('messages').where('id', '=', messageId).where('address_id', '=', addressId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Removes contents no message points at any more, among the next `limit` contents after `after` (in id order);
 * answers how many went and where to go on from ('' when it reached the end: start again). The delete trigger
 * removes a content with its last copy; this catches the ones two concurrent deletes both left behind.
 */
export async function pruneOrphanContents(db: Db, after: string, limit: number): Promise<{ removed: number; next: string }> {
  const ids = (await db.selectFrom('message_contents').select('id').where('id', '>', after).orderBy('id').limit(limit).execute()).map((r) => r.id);
  if (ids.length === 0) return { removed: 0, next: '' };
  const res = await db
    .deleteFrom('message_contents')
    .where('id', 'in', ids)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('messages').select('messages.id').whereRef('messages.content_id', '=', 'message_contents.id'))))
    .executeTakeFirst();
  return { removed: Number(res.numDeletedRows), next: ids.length < limit ? '' : ids[ids.length - 1] };
}
