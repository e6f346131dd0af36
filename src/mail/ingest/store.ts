import type { Db } from '../../db/database.js';
import type { Emit } from '../../db/events.js';
import { insertMessages, type ContentRow, type Envelope, type StoredCopy } from '../../db/messages.js';
import { commitGrouped } from '../../db/group-commit.js';
import { eventRecord } from '../../platform/events/contract.js';
import { summaryView } from '../messages.js';
import { prepareHere } from './intake-pool.js';
import type { AuthenticationView } from './mail-auth.js';
import type { PreparedContent } from './prepare.js';
import { newId } from '../../platform/ids.js';

export interface IngestRecipient {
  addressId: string;
  accountId: string;
  address: string;
}

/** How a sandbox captured a message (the spec's MessageVia). */
export type Via = 'smtp' | 'sendgrid' | 'postmark' | 'resend' | 'mailgun' | 'ses';

/** What a sandbox's copy carries besides an address copy's: which sandbox, the envelope, and how it came. */
export interface SandboxCapture {
  sandboxId: string;
  envelope: Envelope;
  via: Via;
}

/** A recipient whose copy's id was chosen already (at SMTP acceptance: src/mail/ingest/intake.ts). */
export interface CopyRecipient extends IngestRecipient {
  messageId: string;
  /** Set when the recipient is a sandbox's mailbox. */
  sandbox?: SandboxCapture;
}

/** One message to write: its prepared content and the recipients that get a copy. */
export interface MessageToWrite {
  prepared: PreparedContent;
  recipients: CopyRecipient[];
  receivedAt: Date;
  authentication: AuthenticationView | null;
}

/**
 * Writes each message's shared content and one copy per recipient, each with its `message.received` event (carrying
 * the summary the API shows), inside the caller's transaction — the rows of all the messages in a few statements
 * (one per table), so that a batch costs a few round trips on PostgreSQL rather than a few per message.
 */
export async function writeMessages(trx: Db, emit: Emit, messages: MessageToWrite[]): Promise<void> {
  const contents: ContentRow[] = [];
  const copies: Array<{ copy: StoredCopy; recipient: CopyRecipient; receivedAt: Date }> = [];
  for (const { prepared, recipients, receivedAt, authentication } of messages) {
    const { content, codes, links, source } = prepared;
    const contentId = newId('cnt');
    contents.push({ id: contentId, raw: source.raw, encoding: source.encoding, size: source.size });
    for (const r of recipients) {
      const copy: StoredCopy = {
        message: {
          id: r.messageId,
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
          size: source.size,
          received_at: receivedAt.toISOString(),
          seen_at: null,
          parse_error: content.parseError ?? null,
          sandbox_id: r.sandbox?.sandboxId ?? null,
          envelope: r.sandbox?.envelope ?? null,
          via: r.sandbox?.via ?? null,
        },
        attachments: content.attachments.map((a, position) => ({
          id: newId('att'),
          message_id: r.messageId,
          position,
          filename: a.filename,
          content_type: a.content_type,
          size: a.size,
        })),
      };
      copies.push({ copy, recipient: r, receivedAt });
    }
  }
  await insertMessages(trx, contents, copies.map((c) => c.copy));
  for (const { copy, recipient: r, receivedAt } of copies) {
    const message = summaryView(copy.message, copy.attachments);
    emit(
      eventRecord(
        {
          type: 'message.received',
          accountId: r.accountId,
          addressId: r.addressId,
          address: r.address,
          messageId: message.id,
          receivedAt: copy.message.received_at,
          message,
          ...(r.sandbox ? { sandboxId: r.sandbox.sandboxId } : {}),
        },
        receivedAt,
      ),
    );
  }
}

/**
 * Stores one copy of `raw` per recipient, with attachments and raw source, in ONE transaction together with one
 * `message.received` event per copy: either every copy and its event is stored or nothing is. Consumers read the
 * events from the log, so none sees a message it cannot read. Returns the new message ids in recipient order.
 * (SMTP mail goes through the intake queue, src/mail/ingest/intake.ts; this is the direct path.)
 */
export async function ingestMessage(
  db: Db,
  raw: Buffer,
  recipients: IngestRecipient[],
  now: Date = new Date(),
  authentication: AuthenticationView | null = null,
): Promise<string[]> {
  if (recipients.length === 0) return [];
  const prepared = await prepareHere(raw);
  const copies = recipients.map((r) => ({ ...r, messageId: newId('msg') }));
  // Committed together with whatever other mail is waiting to be (src/db/group-commit.ts).
  await commitGrouped(db, (trx, emit) => writeMessages(trx, emit, [{ prepared, recipients: copies, receivedAt: now, authentication }]));
  return copies.map((c) => c.messageId);
}
