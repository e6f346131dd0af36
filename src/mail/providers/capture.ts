import addressparser from 'nodemailer/lib/addressparser/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Db } from '../../db/database.js';
import type { InboundLimiter } from '../inbound-limit.js';
import type { Intake } from '../ingest/intake.js';
import { sandboxRecipient, type SandboxWithMailbox } from '../sandboxes.js';
import { ProviderError, type Provider } from './errors.js';

/**
 * What every provider API does once it has understood a request: the message is composed with nodemailer's
 * MailComposer (or taken as it is, for SES's Raw content), counted against the account's inbound allowance as SMTP
 * counts it, and handed to the same intake queue as SMTP with the sandbox as its one recipient — so parsing, codes
 * and links, checks, waits, streams and webhooks are the same whichever way it came. Its envelope is the sender
 * and every To, Cc and Bcc recipient; Bcc recipients are in the envelope only (MailComposer writes no Bcc header).
 */
export interface CaptureDeps {
  db: Db;
  intake: Intake;
  inbound: InboundLimiter;
}

export interface Address {
  name: string;
  address: string;
}

export interface OutgoingAttachment {
  filename: string;
  content: Buffer;
  contentType?: string;
  /** An inline part, referenced from the HTML as `cid:<cid>`. */
  cid?: string;
  inline?: boolean;
  description?: string;
}

/** A message as a provider request describes it, before composition. */
export interface OutgoingMail {
  from: Address;
  to: Address[];
  cc: Address[];
  bcc: Address[];
  replyTo: Address[];
  subject?: string;
  text?: string;
  html?: string;
  /** Extra headers, in order; a name may repeat. `prepared`: written as it is (ours, ASCII: tags, metadata as JSON),
   * not MIME-encoded as a request's own header values are. */
  headers: Array<{ name: string; value: string; prepared?: boolean }>;
  attachments: OutgoingAttachment[];
}

export interface Captured {
  messageId: string;
  /** When it was accepted. */
  at: Date;
}

/** Headers a request may not set: they would change the MIME structure MailComposer builds, or (Bcc) put what belongs
 * in the envelope into the headers. */
const RESERVED_HEADERS = new Set(['bcc', 'content-type', 'content-transfer-encoding', 'mime-version']);
/** RFC 5322 field names: printable US-ASCII but the colon. */
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]{1,200}$/;
/** Enough of an address for an envelope: something, one @, a domain; no spaces, controls or brackets. */
const ADDRESS = /^[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]{1,200}@[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]{1,255}$/;

/**
 * Parses address text (`Name <a@b>, c@d`, as Postmark, Resend, Mailgun and SES take it) into addresses; a part that
 * is not an address is refused as `field`'s fault.
 */
export function parseAddresses(values: string | readonly string[] | null | undefined, field: string): Address[] {
  if (values === null || values === undefined) return [];
  const out: Address[] = [];
  for (const value of typeof values === 'string' ? [values] : values) {
    if (value.trim() === '') continue;
    for (const parsed of addressparser(value, { flatten: true })) {
      out.push(checkedAddress({ name: parsed.name ?? '', address: parsed.address ?? '' }, field));
    }
  }
  return out;
}

/** An address given as fields (SendGrid's `{ email, name }`), checked as parseAddresses checks one. */
export function checkedAddress(address: Address, field: string): Address {
  const trimmed = address.address.trim();
  if (!ADDRESS.test(trimmed)) {
    throw new ProviderError('invalid', `${field}: ${JSON.stringify(address.address.slice(0, 100))} is not a valid email address.`, { field });
  }
  return { name: address.name.replace(/[\r\n]+/g, ' ').trim(), address: trimmed };
}

/** A header a request adds, checked: a valid field name and not one that MailComposer owns. */
export function checkedHeader(name: string, value: string, field: string): { name: string; value: string } {
  if (!FIELD_NAME.test(name)) throw new ProviderError('invalid', `${field}: ${JSON.stringify(name.slice(0, 100))} is not a valid header name.`, { field });
  if (RESERVED_HEADERS.has(name.toLowerCase())) throw new ProviderError('invalid', `${field}: the ${name} header cannot be set; it is built from the request.`, { field });
  return { name, value };
}

/** Base64 as providers send attachments (line breaks allowed, padding optional); anything else is refused. */
export function decodeBase64(value: string, field: string): Buffer {
  const compact = value.replace(/[\r\n\t ]+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.replace(/=+$/, '').length % 4 === 1) {
    throw new ProviderError('invalid', `${field} must be base64-encoded.`, { field });
  }
  return Buffer.from(compact, 'base64');
}

function envelopeOf(mail: Pick<OutgoingMail, 'from' | 'to' | 'cc' | 'bcc'>): { mail_from: string; rcpt_to: string[] } {
  const rcpt = [...new Set([...mail.to, ...mail.cc, ...mail.bcc].map((a) => a.address))];
  return { mail_from: mail.from.address, rcpt_to: rcpt };
}

/** MailComposer, loaded with the first provider request: a server nobody sends through the provider APIs never needs it. */
const importComposer = () => import('nodemailer/lib/mail-composer/index.js');
let composer: ReturnType<typeof importComposer> | undefined;
const loadComposer = () => (composer ??= importComposer());

/** Composes the message with MailComposer; no file or URL is ever read (attachments come as bytes). */
export async function compose(mail: OutgoingMail): Promise<Buffer> {
  const headers = mail.headers.map((h) => ({
    key: h.name,
    value: h.prepared ? { prepared: true, value: h.value.replace(/[^\x20-\x7e]+/g, ' ') } : h.value,
  })) as unknown as Mail.Options['headers'];
  const options: Mail.Options = {
    from: mail.from,
    to: mail.to,
    cc: mail.cc,
    bcc: mail.bcc,
    replyTo: mail.replyTo.length > 0 ? mail.replyTo : undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
      cid: a.cid,
      contentDisposition: a.inline ? 'inline' : 'attachment',
      ...(a.description ? { headers: { 'Content-Description': a.description } } : {}),
    })),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  const { default: MailComposer } = await loadComposer();
  return new MailComposer(options).compile().build();
}

/** Checks, composes and captures one message into the sandbox. */
export async function captureMail(deps: CaptureDeps, sandbox: SandboxWithMailbox, via: Provider, mail: OutgoingMail, clientIp: string): Promise<Captured> {
  if (mail.to.length + mail.cc.length + mail.bcc.length === 0) throw new ProviderError('invalid', 'At least one recipient is required.', { field: 'to' });
  return captureRaw(deps, sandbox, via, await compose(mail), envelopeOf(mail), clientIp);
}

/** Captures a message already composed (SES's Raw content, or one captureMail built) with its envelope. */
export async function captureRaw(
  deps: CaptureDeps,
  sandbox: SandboxWithMailbox,
  via: Provider,
  raw: Buffer,
  envelope: { mail_from: string; rcpt_to: string[] },
  clientIp: string,
): Promise<Captured> {
  if (envelope.rcpt_to.length === 0) throw new ProviderError('invalid', 'At least one recipient is required.', { field: 'to' });
  if (await deps.intake.full()) throw new ProviderError('unavailable', 'Too much mail is waiting to be stored; retry in a few seconds.', { retryAfter: 5 });
  if (!(await deps.inbound.take(sandbox.account_id))) {
    throw new ProviderError('rate_limited', 'Too much mail for this account right now (its inbound allowance); retry later.', { retryAfter: 60 });
  }
  const at = new Date();
  const accepted = await deps.intake.accept({
    raw,
    mailFrom: envelope.mail_from,
    recipients: [sandboxRecipient(sandbox, envelope, via)],
    clientIp,
    helo: '',
    tls: null,
    auth: { sandbox_id: sandbox.id, method: via },
  });
  return { messageId: accepted.messageIds[0], at };
}
