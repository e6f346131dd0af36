import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../services/messages.js';

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
