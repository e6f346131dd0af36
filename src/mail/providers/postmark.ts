import type { components } from '../../../generated/schema.js';
import { checkedHeader, decodeBase64, parseAddresses, type OutgoingMail } from './capture.js';
import { ProviderError } from './errors.js';

type PostmarkEmail = components['schemas']['PostmarkEmail'];

/**
 * A Postmark email → one message. Tag and Metadata, which Postmark keeps beside the message, are kept as the headers
 * X-PM-Tag and X-PM-Metadata-<key> (Postmark's own names for them on inbound and SMTP mail).
 */
export function postmarkMessage(email: PostmarkEmail): OutgoingMail {
  const from = parseAddresses(email.From, 'From');
  if (from.length !== 1) throw new ProviderError('invalid', "Error parsing 'From': exactly one sender address is required.", { field: 'From' });
  if (!email.TextBody && !email.HtmlBody) throw new ProviderError('invalid', 'Provide either email TextBody or HtmlBody or both.', { field: 'TextBody' });
  const headers: OutgoingMail['headers'] = (email.Headers ?? []).map((h, i) => checkedHeader(h.Name, h.Value, `Headers.${i}.Name`));
  if (email.Tag) headers.push({ name: 'X-PM-Tag', value: email.Tag, prepared: true });
  for (const [key, value] of Object.entries(email.Metadata ?? {})) headers.push(checkedHeader(`X-PM-Metadata-${key}`, value, `Metadata.${key}`));
  return {
    from: from[0],
    to: parseAddresses(email.To, 'To'),
    cc: parseAddresses(email.Cc, 'Cc'),
    bcc: parseAddresses(email.Bcc, 'Bcc'),
    replyTo: parseAddresses(email.ReplyTo, 'ReplyTo'),
    subject: email.Subject ?? undefined,
    text: email.TextBody ?? undefined,
    html: email.HtmlBody ?? undefined,
    headers,
    attachments: (email.Attachments ?? []).map((a, i) => ({
      filename: a.Name,
      content: decodeBase64(a.Content, `Attachments.${i}.Content`),
      contentType: a.ContentType ?? undefined,
      cid: a.ContentID ? a.ContentID.replace(/^cid:/i, '') : undefined,
      inline: Boolean(a.ContentID),
    })),
  };
}
