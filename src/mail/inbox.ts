/**
 * The dashboard's mail viewer: one inbox across an account's addresses, bulk actions, and what a message's raw
 * source says beyond its parsed fields (every header, the parts `cid:` URLs name). Built on the Developer API's
 * message services, so a summary here is exactly what listMessages shows.
 */
import type { components } from '../../generated/schema.js';
import type { Db } from '../db/database.js';
import { deleteMessagesOfAddress, findMessagesOfAccount, listInboxOf, mailboxCountsOf, type InboxFilter, type InboxRow } from '../db/inbox.js';
import { requireOwnMailbox } from './addresses.js';
import { loadMailParser, PARSE_OPTIONS } from './ingest/parse.js';
import { DomainError } from '../platform/errors.js';
import { deleteMessage, getMessage, getMessageRaw, listMessages, setMessageRead, type MessageSummaryView } from './messages.js';

type Schemas = components['schemas'];
export type InboxItemView = Schemas['InboxItem'];
export type BulkAction = Schemas['BulkMessagesRequest']['action'];

export const PREVIEW_LENGTH = 160;

/** The HTML body's text, roughly: enough for a one-line preview, which is shown as text and never as HTML. */
function htmlText(html: string): string {
  return html
    .replace(/<(style|script|head|title)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'");
}

export function previewOf(row: Pick<InboxRow, 'text_head' | 'html_head'>): string {
  const text = row.text_head ?? (row.html_head === null ? '' : htmlText(row.html_head));
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

export async function listInbox(
  db: Db,
  accountId: string,
  page: { limit: number; offset: number },
  filter: { q?: string; unread?: boolean; hasAttachments?: boolean; address?: string },
): Promise<{ messages: InboxItemView[]; count: number; unread: number; mailboxes: Schemas['MailboxCount'][] }> {
  const { address, ...rest } = filter;
  const where: InboxFilter = { ...rest };
  if (address !== undefined) where.addressId = (await requireOwnMailbox(db, accountId, address)).id;
  const [{ rows, count }, mailboxes] = await Promise.all([listInboxOf(db, accountId, page, where), mailboxCountsOf(db, accountId)]);

  // Summaries come from listMessages, one query per address on the page, so they are the Developer API's own.
  const byAddress = new Map<string, string[]>();
  for (const r of rows) byAddress.set(r.address_id, [...(byAddress.get(r.address_id) ?? []), r.id]);
  const summaries = new Map<string, MessageSummaryView>();
  for (const [addressId, ids] of byAddress) {
    const { messages } = await listMessages(db, addressId, { limit: ids.length, offset: 0 }, { ids });
    for (const m of messages) summaries.set(m.id, m);
  }
  const messages = rows.flatMap((r) => {
    const message = summaries.get(r.id);
    // Deleted between the two queries: left out rather than shown half.
    return message ? [{ address: r.address, preview: previewOf(r), message }] : [];
  });
  return { messages, count, unread: mailboxes.reduce((n, m) => n + m.unread, 0), mailboxes };
}

const DONE: Record<BulkAction, string> = { read: 'marked read', unread: 'marked unread', delete: 'deleted' };

export async function applyToMessages(
  db: Db,
  accountId: string,
  action: BulkAction,
  ids: string[],
): Promise<{ affected: number; notFound: string[]; message: string }> {
  const owned = await findMessagesOfAccount(db, accountId, ids);
  const found = new Set<string>();
  for (const m of owned) {
    try {
      if (action === 'delete') await deleteMessage(db, m.address_id, m.id);
      else await setMessageRead(db, m.address_id, m.id, action === 'read');
      found.add(m.id);
    } catch (err) {
      // Deleted meanwhile (by another tab, or the sweeper): reported as not found, like an unknown id.
      if (!(err instanceof DomainError && err.code === 'message_not_found')) throw err;
    }
  }
  const notFound = ids.filter((id) => !found.has(id));
  const n = found.size;
  return { affected: n, notFound, message: `${n} message${n === 1 ? '' : 's'} ${DONE[action]}.` };
}

export async function deleteAllMessages(db: Db, accountId: string, address: string): Promise<{ address: string; deleted: number }> {
  const row = await requireOwnMailbox(db, accountId, address);
  return { address: row.address, deleted: await deleteMessagesOfAddress(db, row.id) };
}

type Libmime = typeof import('libmime');

/** `Name: value` with folding undone and encoded words decoded; a line mailparser could not split keeps its text. */
function headerField(line: string, libmime: Libmime): Schemas['HeaderField'] {
  const colon = line.indexOf(':');
  const name = colon > 0 ? line.slice(0, colon).trim() : line.trim();
  const raw = colon > 0 ? line.slice(colon + 1) : '';
  const unfolded = raw.replace(/\r?\n(?=[ \t])/g, '').trim();
  let value = unfolded;
  try {
    value = libmime.decodeWords(unfolded);
  } catch {
    /* an encoded word in a charset we cannot decode stays as written */
  }
  return { name, value };
}

/**
 * Every header of the message, in order, and its attachments that carry a Content-ID. The raw source is parsed
 * again with the parser that stored the attachments, whose attachment order is the stored `position`, so the
 * n-th parsed attachment is the n-th stored one (checked by size and type besides).
 */
export async function messageStructure(db: Db, addressId: string, messageId: string): Promise<Omit<Schemas['MessageStructure'], 'success'>> {
  const [raw, message] = await Promise.all([getMessageRaw(db, addressId, messageId), getMessage(db, addressId, messageId)]);
  // Loaded here, with the parser, rather than at start (as mailparser is: src/mail/ingest/parse.ts).
  const [{ simpleParser }, { default: libmime }] = await Promise.all([loadMailParser(), import('libmime')]);
  const parsed = await simpleParser(raw, PARSE_OPTIONS).catch(() => null);
  if (!parsed) return { headers: [], inline: [] };
  const inline: Schemas['InlinePart'][] = [];
  parsed.attachments.forEach((a, i) => {
    const stored = message.attachments[i];
    const cid = a.cid ?? a.contentId?.replace(/^<|>$/g, '');
    if (cid && stored && stored.size === a.content.length && stored.content_type === (a.contentType || 'application/octet-stream')) {
      inline.push({ content_id: cid, attachment_id: stored.id });
    }
  });
  return { headers: parsed.headerLines.map((h) => headerField(h.line, libmime)), inline };
}
