import type { components } from '../../../generated/schema.js';
import { checkedHeader, decodeBase64, parseAddresses, type OutgoingMail } from './capture.js';
import { ProviderError } from './errors.js';

type ResendEmail = components['schemas']['ResendEmail'];

/** A Resend email → one message; tags and scheduled_at are kept as the headers X-Resend-Tags and X-Resend-Scheduled-At. */
export function resendMessage(email: ResendEmail): OutgoingMail {
  const from = parseAddresses(email.from, 'from');
  if (from.length !== 1) throw new ProviderError('invalid', 'Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.', { field: 'from' });
  if (email.html === undefined && email.text === undefined) throw new ProviderError('invalid', 'Missing `html` or `text` field.', { field: 'html', code: 'missing_required_field' });
  const headers: OutgoingMail['headers'] = Object.entries(email.headers ?? {}).map(([k, v]) => checkedHeader(k, v, `headers.${k}`));
  if (email.tags?.length) headers.push({ name: 'X-Resend-Tags', value: JSON.stringify(email.tags), prepared: true });
  if (email.scheduled_at !== undefined) headers.push({ name: 'X-Resend-Scheduled-At', value: email.scheduled_at, prepared: true });
  return {
    from: from[0],
    to: parseAddresses(email.to, 'to'),
    cc: parseAddresses(email.cc, 'cc'),
    bcc: parseAddresses(email.bcc, 'bcc'),
    replyTo: parseAddresses(email.reply_to, 'reply_to'),
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers,
    attachments: (email.attachments ?? []).map((a, i) => {
      if (a.content === undefined) {
        throw new ProviderError('invalid', `attachments.${i}: only \`content\` is supported here (this server fetches no \`path\`).`, { field: `attachments.${i}.content` });
      }
      return {
        filename: a.filename ?? `attachment-${i + 1}`,
        content: decodeBase64(a.content, `attachments.${i}.content`),
        contentType: a.content_type ?? a.contentType,
        cid: a.content_id,
        inline: a.content_id !== undefined,
      };
    }),
  };
}
