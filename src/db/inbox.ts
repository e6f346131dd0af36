import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from './database.js';
import type { Tables } from './schema.js';
import { containsIgnoringCase } from './text-search.js';

/**
 * The dashboard's inbox across an account's addresses: queries that join messages to the addresses that own them.
 * Message rows themselves are turned into summaries by src/mail/messages.ts (through listMessages), so this module
 * only finds which messages, in which order.
 */

export interface InboxFilter {
  /** Case-insensitive substring of the subject, the sender's address or name, or the text or HTML body. */
  q?: string;
  unread?: boolean;
  hasAttachments?: boolean;
  addressId?: string;
}

/** A listed inbox row: which message of which address, and the start of its bodies for the preview line. */
export interface InboxRow {
  id: string;
  address_id: string;
  address: string;
  text_head: string | null;
  html_head: string | null;
}

type Joined = ExpressionBuilder<Tables & { a: Tables['addresses'] }, 'messages' | 'a'>;

function matching(db: Db, accountId: string, filter: InboxFilter) {
  return (eb: Joined) => {
    const all: Expression<SqlBool>[] = [eb('a.account_id', '=', accountId)];
    if (filter.addressId !== undefined) all.push(eb('messages.address_id', '=', filter.addressId));
    if (filter.q !== undefined) {
      all.push(
        eb.or(
          ['messages.subject', 'messages.from_address', 'messages.from_name', 'messages.text_body', 'messages.html_body'].map((column) =>
            containsIgnoringCase(db, column, filter.q!),
          ),
        ),
      );
    }
    if (filter.unread !== undefined) all.push(eb('messages.seen_at', filter.unread ? 'is' : 'is not', null));
    if (filter.hasAttachments !== undefined) {
      const any = eb.exists(eb.selectFrom('attachments').select(sql.lit(1).as('one')).whereRef('attachments.message_id', '=', 'messages.id'));
      all.push(filter.hasAttachments ? any : eb.not(any));
    }
    return eb.and(all);
  };
}

/** One page of the account's messages matching `filter`, newest first, and their total. */
export async function listInboxOf(
  db: Db,
  accountId: string,
  page: { limit: number; offset: number },
  filter: InboxFilter,
): Promise<{ rows: InboxRow[]; count: number }> {
  const base = () => db.selectFrom('messages').innerJoin('addresses as a', 'a.id', 'messages.address_id').where(matching(db, accountId, filter));
  const rows = await base()
    .select([
      'messages.id',
      'messages.address_id',
      'a.address',
      // Enough of each body for a one-line preview, without reading whole bodies for a list.
      sql<string | null>`substr(messages.text_body, 1, 400)`.as('text_head'),
      sql<string | null>`case when messages.text_body is null then substr(messages.html_body, 1, 4000) end`.as('html_head'),
    ])
    .orderBy('messages.received_at', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await base()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, count: Number(total.n) };
}

/** Every address of the account that holds mail, newest address first, with its total and unread counts. */
export async function mailboxCountsOf(db: Db, accountId: string): Promise<Array<{ address: string; total: number; unread: number }>> {
  const rows = await db
    .selectFrom('messages')
    .innerJoin('addresses as a', 'a.id', 'messages.address_id')
    .where('a.account_id', '=', accountId)
    .select((eb) => [
      'a.address',
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>(sql`case when messages.seen_at is null then 1 end`).as('unread'),
    ])
    .groupBy(['a.id', 'a.address', 'a.created_at'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  return rows.map((r) => ({ address: r.address, total: Number(r.total), unread: Number(r.unread) }));
}

/** Of these message ids, the ones that belong to the account's addresses, with the address they belong to. */
export async function findMessagesOfAccount(db: Db, accountId: string, ids: string[]): Promise<Array<{ id: string; address_id: string }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('messages')
    .innerJoin('addresses as a', 'a.id', 'messages.address_id')
    .select(['messages.id', 'messages.address_id'])
    .where('a.account_id', '=', accountId)
    .where('messages.id', 'in', ids)
    .execute();
}

/** Deletes every message of an address (attachments and sources cascade); answers how many went. */
export async function deleteMessagesOfAddress(db: Db, addressId: string): Promise<number> {
  const res = await db.deleteFrom('messages').where('address_id', '=', addressId).executeTakeFirst();
  return Number(res.numDeletedRows);
}
