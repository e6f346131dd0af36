import { createRequire } from 'node:module';
import type { ParsedMail } from 'mailparser';
import type { MimeNode as MimeNodeType } from '@zone-eu/mailsplit';
import { decodeQuotedPrintable } from './quoted-printable.js';

/**
 * A message of text parts read without mailparser's streams, with mailparser's own parts: mailsplit's MimeNode reads
 * each header block as mailparser's splitter does, and MailParser's processHeaders decodes the top-level headers as it
 * does for simpleParser. What this leaves out is the stream machinery around them: simpleParser hands every piece of
 * the message through three streams and waits two turns of the event loop (setImmediate) after each one, which is
 * most of what it spends on such a message (BENCHMARKS.md, intake, sessions 47 and 51). It reads:
 * - one text part — text/plain or text/html — as smtp-source and applications that send only text or only HTML do;
 * - multipart/alternative of such parts, as nodemailer and most applications send a message with text and HTML.
 * Each part is in UTF-8 or ASCII, as it was sent or quoted-printable (./quoted-printable.ts, libqp's answer), and inline.
 *
 * Anything else — attachments, other structures, another charset, base64, format=flowed, a header block that does not
 * end or is over 64 KiB, a boundary anywhere but on a delimiter line of its own, no closing delimiter, over 500 parts —
 * is not read here (undefined), and goes through simpleParser. For what it does read, the answer is simpleParser's:
 * test/unit/mail/text-parts.test.ts compares the two on a corpus of such messages. mailparser, mailsplit and libqp are
 * pinned in package.json to the versions that test was run with, since this relies on their internals
 * (processHeaders is not in mailparser's typings).
 */

/** What simpleParser gives for the fields Ephemail reads (src/mail/ingest/parse.ts toContent). */
export type TextPartsMail = Pick<ParsedMail, 'subject' | 'from' | 'to' | 'cc' | 'text' | 'html' | 'attachments'>;

type HeaderLines = ReturnType<Exclude<MimeNodeType['headers'], false>['getList']>;
interface Modules {
  MimeNode: new (parent: MimeNodeType | false, config: object) => MimeNodeType;
  /** One MailParser, only for its processHeaders (which reads nothing of the instance but its libmime). */
  headers: (lines: HeaderLines) => Map<string, unknown>;
}

let modules: Modules | undefined;
function load(): Modules {
  if (modules) return modules;
  const require = createRequire(import.meta.url);
  const { MailParser } = require('mailparser') as typeof import('mailparser');
  const { MimeNode } = require('@zone-eu/mailsplit') as { MimeNode: Modules['MimeNode'] };
  const parser = new MailParser() as unknown as { processHeaders(lines: HeaderLines): Map<string, unknown> };
  return (modules = { MimeNode, headers: (lines) => parser.processHeaders(lines) });
}

/** Past this a header block goes through simpleParser, whose splitter enforces its own limit (about 1 MB). */
const MAX_HEADER_BYTES = 64 * 1024;
const PLAIN_CHARSETS = new Set(['ascii', 'usascii', 'utf8']);
/** Past this many parts simpleParser decides: mailsplit refuses a message of more than 1 000 nodes (a parse error). */
const MAX_PARTS = 500;
const LF = 10;
const CR = 13;
const DASH = 45;

/**
 * The header block that starts at `start` and ends, with its empty line, before `end`, line by line with each line's
 * ending (as mailsplit's splitter hands it to the node), read into a node of `parent`; undefined when it does not end
 * there or is too long.
 */
function headerBlock(raw: Buffer, start: number, end: number, parent: MimeNodeType | false): { node: MimeNodeType; bodyStart: number } | undefined {
  const node = new (load().MimeNode)(parent, {});
  for (let pos = start; pos - start <= MAX_HEADER_BYTES; ) {
    const lf = raw.indexOf(LF, pos);
    if (lf < 0 || lf >= end) return undefined;
    node.addHeaderChunk(raw.subarray(pos, lf + 1));
    const empty = lf === pos || (lf === pos + 1 && raw[pos] === CR);
    pos = lf + 1;
    if (empty) {
      if (pos - start > MAX_HEADER_BYTES) return undefined;
      node.parseHeaders();
      return { node, bodyStart: pos };
    }
  }
  return undefined;
}

/** A text part's type and its text as MailParser makes it (node.textContent), or undefined when it is not one this reads. */
function textPart(node: MimeNodeType, body: Buffer): { html: boolean; content: string } | undefined {
  const type = node.contentType;
  if (type !== 'text/plain' && type !== 'text/html') return undefined;
  if (node.disposition && node.disposition !== 'inline') return undefined;
  if (node.flowed || !PLAIN_CHARSETS.has((node.charset || 'utf-8').toLowerCase().replace(/[^a-z0-9]+/g, ''))) return undefined;
  const encoding = node.encoding || '';
  if (encoding === 'base64') return undefined;
  const content = (encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body).toString().replace(/\r?\n/g, '\n');
  return { html: type === 'text/html', content };
}

/**
 * The parts of a multipart/alternative body that starts at `bodyStart`, or undefined when it is not one this reads.
 * Every occurrence of the boundary must open a delimiter line of its own (`--boundary` or `--boundary--`, then a line
 * end) and the last must close the body, so that nothing is left for mailsplit to decide otherwise. A part ends
 * before the line end in front of the next delimiter (mailsplit: it belongs to the delimiter); the preamble before the
 * first delimiter and the epilogue after the last are not content.
 */
function alternativeParts(raw: Buffer, root: MimeNodeType, bodyStart: number): Array<{ html: boolean; content: string }> | undefined {
  const boundary = (root as unknown as { _boundary: Buffer | false })._boundary;
  if (!boundary || boundary.length === 0) return undefined;
  const parts: Array<{ html: boolean; content: string }> = [];
  let partStart = -1;
  let closed = false;
  for (let hit = raw.indexOf(boundary, bodyStart); hit >= 0; hit = raw.indexOf(boundary, hit + boundary.length)) {
    const line = hit - 2;
    if (closed) return undefined; // the boundary in the epilogue
    if (line < bodyStart || raw[line] !== DASH || raw[line + 1] !== DASH || (line > bodyStart && raw[line - 1] !== LF)) return undefined;
    let after = hit + boundary.length;
    const closing = raw[after] === DASH && raw[after + 1] === DASH;
    if (closing) after += 2;
    let next: number;
    if (raw[after] === LF) next = after + 1;
    else if (raw[after] === CR && raw[after + 1] === LF) next = after + 2;
    else if (closing && after === raw.length) next = after;
    else return undefined;
    if (partStart >= 0) {
      if (parts.length === MAX_PARTS) return undefined;
      const block = headerBlock(raw, partStart, line, root);
      if (!block) return undefined;
      let end = line;
      if (raw[end - 1] === LF) end--;
      if (raw[end - 1] === CR) end--;
      // An empty part, or one of a line end alone: mailsplit keeps that line end or not by where the part stands.
      if (end <= block.bodyStart) return undefined;
      const part = textPart(block.node, raw.subarray(block.bodyStart, end));
      if (!part) return undefined;
      parts.push(part);
    }
    partStart = next;
    closed = closing;
  }
  return closed && parts.length > 0 ? parts : undefined;
}

/** The message as simpleParser would give it, or undefined when it is not one of text parts this reads. */
export function parseTextParts(raw: Buffer): TextPartsMail | undefined {
  const top = headerBlock(raw, 0, raw.length, false);
  if (!top) return undefined;
  const { node, bodyStart } = top;
  let text: string | undefined;
  let html: string | false;
  if (node.contentType === 'multipart/alternative') {
    if (!['', '7bit', '8bit', 'binary'].includes(node.encoding || '')) return undefined;
    const parts = alternativeParts(raw, node, bodyStart);
    if (!parts) return undefined;
    // MailParser's getTextContent within an alternative: every non-empty part, text and HTML each joined its way.
    const texts = parts.filter((p) => !p.html && p.content).map((p) => p.content);
    const htmls = parts.filter((p) => p.html && p.content).map((p) => p.content);
    text = texts.length ? texts.join('\n') : undefined;
    html = htmls.length ? htmls.join('<br/>\n') : false;
  } else {
    const part = textPart(node, raw.subarray(bodyStart));
    if (!part) return undefined;
    // simpleParser: a top-level HTML part gives an empty text (its text is not made from the HTML: skipHtmlToText);
    // an empty part gives neither.
    text = part.html ? (part.content ? '' : undefined) : part.content || undefined;
    html = part.html && part.content ? part.content : false;
  }
  const headers = load().headers((node.headers as Exclude<MimeNodeType['headers'], false>).getList());
  const header = <T>(key: string) => headers.get(key) as T | undefined;
  return { subject: header('subject'), from: header('from'), to: header('to'), cc: header('cc'), text, html, attachments: [] };
}
