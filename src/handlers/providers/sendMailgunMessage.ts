import type { FastifyRequest } from 'fastify';
import type { Handler } from '../../http/spec/handler.js';
import { captureMail } from '../../mail/providers/capture.js';
import { ProviderError } from '../../mail/providers/errors.js';
import { mailgunMessage, type MailgunForm } from '../../mail/providers/mailgun.js';
import { captureDeps } from './deps.js';

/** The form as received: multipart parts read one by one (files into memory, within BODY_LIMIT), or the urlencoded
 * fields @fastify/formbody parsed. Any other media type is Mailgun's 415. */
async function readForm(request: FastifyRequest): Promise<MailgunForm> {
  const form: MailgunForm = { fields: new Map(), files: [] };
  const add = (name: string, value: string) => form.fields.set(name, [...(form.fields.get(name) ?? []), value]);
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') form.files.push({ field: part.fieldname, filename: part.filename || part.fieldname, contentType: part.mimetype || undefined, content: await part.toBuffer() });
        else add(part.fieldname, String(part.value ?? ''));
      }
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 413) throw new ProviderError('too_large', 'request entity too large');
      throw new ProviderError('malformed', `The form could not be read: ${(err as Error).message}`);
    }
    return form;
  }
  const type = String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' || request.body === null || typeof request.body !== 'object') {
    throw new ProviderError('unsupported_media_type', 'Send the message as multipart/form-data or application/x-www-form-urlencoded.');
  }
  for (const [name, value] of Object.entries(request.body as Record<string, unknown>)) {
    for (const v of Array.isArray(value) ? value : [value]) add(name, String(v));
  }
  return form;
}

export const sendMailgunMessage: Handler<'sendMailgunMessage'> = async (request, _reply, ctx, caller) => {
  const mail = mailgunMessage(await readForm(request));
  const captured = await captureMail(captureDeps(ctx), caller.sandbox, 'mailgun', mail, request.ip);
  return { id: `<${captured.messageId}@${request.params.domain}>`, message: 'Queued. Thank you.' };
};
