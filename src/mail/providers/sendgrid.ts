import type { components } from '../../../generated/schema.js';
import { checkedAddress, checkedHeader, decodeBase64, type Address, type OutgoingAttachment, type OutgoingMail } from './capture.js';
import { ProviderError } from './errors.js';

type SendGridMail = components['schemas']['SendGridMail'];
type SendGridAddress = components['schemas']['SendGridAddress'];

const addressOf = (a: SendGridAddress, field: string): Address => checkedAddress({ name: a.name ?? '', address: a.email }, field);

/**
 * SendGrid v3 mail/send → one message per personalization: its recipients, and its subject, headers, custom_args
 * and send_at over the request's. What SendGrid would do and a catcher does not (send later, render templates,
 * track) is kept as headers so tests can see it: X-SendGrid-Send-At, X-SendGrid-Categories, X-SendGrid-Custom-Args.
 */
export function sendGridMessages(body: SendGridMail): OutgoingMail[] {
  const from = addressOf(body.from, 'from.email');
  const replyTo = body.reply_to ? [addressOf(body.reply_to, 'reply_to.email')] : (body.reply_to_list ?? []).map((a, i) => addressOf(a, `reply_to_list.${i}.email`));
  const text = body.content?.find((c) => c.type.toLowerCase() === 'text/plain')?.value;
  const html = body.content?.find((c) => c.type.toLowerCase() === 'text/html')?.value;
  if (text === undefined && html === undefined && body.template_id === undefined) {
    throw new ProviderError('invalid', 'Unless a valid template_id is provided, the content parameter is required. There must be at least one defined content block.', { field: 'content' });
  }
  const attachments: OutgoingAttachment[] = (body.attachments ?? []).map((a, i) => {
    const cid = a.content_id ?? a.contentId;
    if (a.disposition === 'inline' && !cid) {
      throw new ProviderError('invalid', 'The content_id parameter is required if your attachment disposition is inline.', { field: `attachments.${i}.content_id` });
    }
    return {
      filename: a.filename,
      content: decodeBase64(a.content, `attachments.${i}.content`),
      contentType: a.type,
      cid,
      inline: a.disposition === 'inline',
    };
  });
  return body.personalizations.map((p, i) => {
    const at = `personalizations.${i}`;
    const subject = p.subject ?? body.subject;
    if (subject === undefined && body.template_id === undefined) {
      throw new ProviderError('invalid', 'The subject is required. You can get around this requirement if you use a template with a subject defined or if every personalization has a subject defined.', { field: 'subject' });
    }
    const headers: OutgoingMail['headers'] = [
      ...Object.entries(body.headers ?? {}).map(([k, v]) => checkedHeader(k, v, `headers.${k}`)),
      ...Object.entries(p.headers ?? {}).map(([k, v]) => checkedHeader(k, v, `${at}.headers.${k}`)),
    ];
    const sendAt = p.send_at ?? body.send_at;
    if (sendAt !== undefined) headers.push({ name: 'X-SendGrid-Send-At', value: String(sendAt), prepared: true });
    if (body.categories?.length) headers.push({ name: 'X-SendGrid-Categories', value: body.categories.join(', '), prepared: true });
    const customArgs = { ...(body.custom_args ?? {}), ...(p.custom_args ?? {}) };
    if (Object.keys(customArgs).length > 0) headers.push({ name: 'X-SendGrid-Custom-Args', value: JSON.stringify(customArgs), prepared: true });
    if (body.template_id !== undefined) headers.push({ name: 'X-SendGrid-Template-Id', value: body.template_id, prepared: true });
    return {
      from: p.from ? addressOf(p.from, `${at}.from.email`) : from,
      to: p.to.map((a, j) => addressOf(a, `${at}.to.${j}.email`)),
      cc: (p.cc ?? []).map((a, j) => addressOf(a, `${at}.cc.${j}.email`)),
      bcc: (p.bcc ?? []).map((a, j) => addressOf(a, `${at}.bcc.${j}.email`)),
      replyTo,
      subject,
      text,
      html,
      headers,
      attachments,
    };
  });
}
