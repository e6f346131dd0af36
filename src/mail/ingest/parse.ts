import type { AddressObject, EmailAddress } from 'mailparser';
import type { components } from '../../../generated/schema.js';
import { parseTextParts, type TextPartsMail } from './text-parts.js';

type MailboxView = components['schemas']['Mailbox'];

// Bodies as the sender wrote them: no HTML made up from text, no text made up from HTML, cid: links untouched.
export const PARSE_OPTIONS = { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true } as const;

export interface ParsedContent {
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

function toContent(parsed: TextPartsMail): ParsedContent {
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
  if (typeof value === 'string') return (value.includes('\u0000') ? value.replace(/\u0000/g, '\ufffd') : value) as T;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  // Copied only where something changed: nearly all mail has no NUL, and its content is then returned as it came.
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((v, i) => {
      const clean = withoutNul(v);
      if (clean !== v) (copy ??= [...value])[i] = clean;
    });
    return (copy ?? value) as T;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    const clean = withoutNul(v);
    if (clean !== v) (copy ??= { ...(value as Record<string, unknown>) })[k] = clean;
  }
  return (copy ?? value) as T;
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

/** parseTextParts, or undefined when it throws: simpleParser then reads the message and says what is wrong with it. */
function textParts(raw: Buffer): TextPartsMail | undefined {
  try {
    return parseTextParts(raw);
  } catch {
    return undefined;
  }
}

/** mailparser, loaded with the first message parsed (on the worker threads, or on the event loop with
 * INTAKE_WORKERS=0, for a message's structure or an attachment): an instance that parses nothing does not spend it. */
let mailparser: Promise<typeof import('mailparser')> | undefined;
export const loadMailParser = () => (mailparser ??= import('mailparser'));

export async function parse(raw: Buffer): Promise<ParsedContent> {
  // A message of text parts is read without simpleParser's streams, to the same answer (./text-parts.ts).
  const read = textParts(raw);
  if (read) return withoutNul(toContent(read));
  const { simpleParser } = await loadMailParser();
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
