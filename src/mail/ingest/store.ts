import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { encodeSource, insertMessageContent, insertMessageCopy, type StoredCopy } from '../../db/messages.js';
import { commitGrouped } from '../../db/group-commit.js';
import { eventRecord } from '../../platform/events/contract.js';
import { extractCodes, extractLinks } from '../codes-links.js';
import { summaryView } from '../messages.js';
import type { AuthenticationView } from './mail-auth.js';
import { parse } from './parse.js';

export interface IngestRecipient {
  addressId: string;
  accountId: string;
  address: string;
}

const newId = (prefix: 'msg' | 'att' | 'cnt') => `${prefix}_${randomUUID().replace(/-/g, '')}`;

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
