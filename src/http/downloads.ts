import type { FastifyReply } from 'fastify';

/**
 * Mail content leaves as a download, never rendered in our origin: `attachment` with a safe file name, nosniff,
 * and for attachments a CSP that sandboxes the response should a browser open it anyway. Shared by the Developer
 * API and the dashboard.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { filename: string | null; content_type: string; content: Buffer },
  attachmentId: string,
): FastifyReply {
  return reply
    .type(file.content_type || 'application/octet-stream')
    .header('content-disposition', contentDisposition(file.filename, `${attachmentId}.bin`))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.content);
}

/** The raw RFC 5322 source as `<message id>.eml`. */
export function sendRawSource(reply: FastifyReply, messageId: string, source: Buffer): FastifyReply {
  return reply
    .type('message/rfc822')
    .header('content-disposition', contentDisposition(`${messageId}.eml`, 'message.eml'))
    .header('x-content-type-options', 'nosniff')
    .send(source);
}

const MAX_FILENAME = 150;

/** Characters no file name in a header should carry: controls, quotes, path separators, and `%` (some
 * browsers percent-decode the plain `filename`). */
const UNSAFE_ASCII = /[\x00-\x1f\x7f"\\/%;]/g;

function truncateKeepingExtension(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (ext.length > 0 && ext.length <= 16) return chars.slice(0, max - ext.length).join('') + ext.join('');
  return chars.slice(0, max).join('');
}

function safeBaseName(name: string | null): string {
  if (name === null) return '';
  // Only the last path segment: "../../etc/passwd" saves as "passwd", never outside the download folder.
  const base = name.replace(/[\x00-\x1f\x7f]/g, '').split(/[/\\]/).pop() ?? '';
  // Leading dots would make a hidden file or "..".
  return base.trim().replace(/^\.+/, '').trim();
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `Content-Disposition` for a download. `filename` is an ASCII-only, quote-free, path-free fallback for old
 * clients; `filename*` (RFC 5987/6266) carries the real UTF-8 name for every current browser.
 */
export function contentDisposition(filename: string | null, fallback: string): string {
  const name = truncateKeepingExtension(safeBaseName(filename) || safeBaseName(fallback) || 'attachment', MAX_FILENAME);
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(UNSAFE_ASCII, '_')
    .replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${truncateKeepingExtension(ascii, MAX_FILENAME)}"; filename*=UTF-8''${encodeRfc5987(name.replace(/["\\]/g, '_'))}`;
}
