import { createRequire } from 'node:module';
import type { ParsedMail } from 'mailparser';
import type { MimeNode as MimeNodeType } from '@zone-eu/mailsplit';

/**
 * A message of one text part — text/plain or text/html, in UTF-8 or ASCII, as it was sent or quoted-printable — read
 * without mailparser's streams, with mailparser's own parts: mailsplit's MimeNode reads the header block as
 * mailparser's splitter does, and MailParser's processHeaders decodes the headers as it does for simpleParser. What
 * this leaves out is the stream machinery around them: simpleParser hands every piece of the message through three
 * streams and waits two turns of the event loop (setImmediate) after each one, which is most of what it spends on
 * smtp-source's 2 KB message; this reads that message in about a fifth of simpleParser's CPU (BENCHMARKS.md, intake,
 * session 47).
 *
 * Anything else — several parts, attachments, another charset, base64, format=flowed, a header block that does
 * not end or is over 64 KiB, a header that does not parse — is not read here (undefined), and goes through
 * simpleParser. For what it does read, the answer is simpleParser's: test/unit/mail/single-part.test.ts compares
 * the two on a corpus of such messages. mailparser, mailsplit and libqp are pinned in package.json to the versions that test
 * was run with, since this relies on their internals (processHeaders is not in mailparser's typings).
 */

/** What simpleParser gives for the fields Ephemail reads (src/mail/ingest/parse.ts toContent). */
export type SinglePartMail = Pick<ParsedMail, 'subject' | 'from' | 'to' | 'cc' | 'text' | 'html' | 'attachments'>;

type HeaderLines = ReturnType<Exclude<MimeNodeType['headers'], false>['getList']>;
interface Modules {
  MimeNode: new (parent: false, config: object) => MimeNodeType;
  /** One MailParser, only for its processHeaders (which reads nothing of the instance but its libmime). */
  headers: (lines: HeaderLines) => Map<string, unknown>;
  qpDecode: (body: Buffer) => Buffer;
}

let modules: Modules | undefined;
function load(): Modules {
  if (modules) return modules;
  const require = createRequire(import.meta.url);
  const { MailParser } = require('mailparser') as typeof import('mailparser');
  const { MimeNode } = require('@zone-eu/mailsplit') as { MimeNode: Modules['MimeNode'] };
  const { decode } = require('libqp') as { decode: Modules['qpDecode'] };
  const parser = new MailParser() as unknown as { processHeaders(lines: HeaderLines): Map<string, unknown> };
  return (modules = { MimeNode, headers: (lines) => parser.processHeaders(lines), qpDecode: decode });
}

/** Past this a header block goes through simpleParser, whose splitter enforces its own limit (about 1 MB). */
const MAX_HEADER_BYTES = 64 * 1024;
const PLAIN_CHARSETS = new Set(['ascii', 'usascii', 'utf8']);

/** The message as simpleParser would give it, or undefined when it is not a single text part this reads. */
export function parseSinglePart(raw: Buffer): SinglePartMail | undefined {
  const { MimeNode, headers: processHeaders, qpDecode } = load();
  const node = new MimeNode(false, {});
  // The header block line by line, each with its line ending, up to and with the empty line that ends it (as
  // mailsplit's splitter hands it to the node).
  let pos = 0;
  let bodyStart = -1;
  while (pos < raw.length && pos <= MAX_HEADER_BYTES) {
    const lf = raw.indexOf(10, pos);
    if (lf < 0) break;
    node.addHeaderChunk(raw.subarray(pos, lf + 1));
    const empty = lf === pos || (lf === pos + 1 && raw[pos] === 13);
    pos = lf + 1;
    if (empty) {
      bodyStart = pos;
      break;
    }
  }
  if (bodyStart < 0 || bodyStart > MAX_HEADER_BYTES) return undefined;
  node.parseHeaders();
  const type = node.contentType;
  if (type !== 'text/plain' && type !== 'text/html') return undefined;
  if (node.disposition && node.disposition !== 'inline') return undefined;
  if (node.flowed || !PLAIN_CHARSETS.has((node.charset || 'utf-8').toLowerCase().replace(/[^a-z0-9]+/g, ''))) return undefined;
  const encoding = node.encoding || '';
  if (encoding === 'base64') return undefined;
  const headers = processHeaders((node.headers as Exclude<MimeNodeType['headers'], false>).getList());
  const body = raw.subarray(bodyStart);
  const content = (encoding === 'quoted-printable' ? qpDecode(body) : body).toString().replace(/\r?\n/g, '\n');
  const header = <T>(key: string) => headers.get(key) as T | undefined;
  return {
    subject: header('subject'),
    from: header('from'),
    to: header('to'),
    cc: header('cc'),
    // simpleParser: an HTML part gives an empty text (its text is not made from the HTML: skipHtmlToText); an empty
    // part gives neither.
    text: type === 'text/plain' ? content || undefined : content ? '' : undefined,
    html: type === 'text/html' && content ? content : false,
    attachments: [],
  };
}
