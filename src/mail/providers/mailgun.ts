import { checkedHeader, parseAddresses, type OutgoingMail } from './capture.js';
import { ProviderError } from './errors.js';

/** A Mailgun form as received (multipart or urlencoded): each field's values in order, and the file parts. */
export interface MailgunForm {
  fields: Map<string, string[]>;
  files: Array<{ field: string; filename: string; contentType: string | undefined; content: Buffer }>;
}

const missing = (name: string) => new ProviderError('invalid', `${name} parameter is missing`, { field: name });

/**
 * A Mailgun message → one message. `h:` fields are headers; `o:tag` is kept as X-Mailgun-Tag and `v:` variables as
 * X-Mailgun-Variables (JSON), the headers Mailgun itself uses for them on SMTP; other options are accepted. An
 * `inline` file is an inline part whose Content-ID is its file name, as Mailgun makes it.
 */
export function mailgunMessage(form: MailgunForm): OutgoingMail {
  const all = (name: string) => form.fields.get(name) ?? [];
  const one = (name: string) => all(name).at(-1);
  const fromValue = one('from');
  if (!fromValue) throw missing('from');
  const from = parseAddresses(fromValue, 'from');
  if (from.length !== 1) throw new ProviderError('invalid', "'from' parameter is not a valid address. please check documentation", { field: 'from' });
  const to = parseAddresses(all('to'), 'to');
  if (to.length === 0) throw missing('to');
  const text = one('text');
  const html = one('html');
  if (text === undefined && html === undefined && one('template') === undefined) throw new ProviderError('invalid', 'Need at least one of \'text\', \'html\' or \'template\' parameters specified', { field: 'text' });
  const headers: OutgoingMail['headers'] = [];
  const variables: Record<string, string> = {};
  const tags: string[] = [];
  for (const [name, values] of form.fields) {
    if (name.startsWith('h:')) for (const v of values) headers.push(checkedHeader(name.slice(2), v, name));
    else if (name.startsWith('v:')) variables[name.slice(2)] = values.at(-1) ?? '';
    else if (name === 'o:tag') tags.push(...values);
  }
  if (tags.length > 0) headers.push({ name: 'X-Mailgun-Tag', value: tags.join(', '), prepared: true });
  if (Object.keys(variables).length > 0) headers.push({ name: 'X-Mailgun-Variables', value: JSON.stringify(variables), prepared: true });
  const replyTo = headers.findIndex((h) => h.name.toLowerCase() === 'reply-to');
  return {
    from: from[0],
    to,
    cc: parseAddresses(all('cc'), 'cc'),
    bcc: parseAddresses(all('bcc'), 'bcc'),
    // h:Reply-To is how Mailgun takes a Reply-To; MailComposer sets it from the address, not as a raw header.
    replyTo: replyTo >= 0 ? parseAddresses(headers.splice(replyTo, 1)[0].value, 'h:Reply-To') : [],
    subject: one('subject'),
    text,
    html,
    headers,
    attachments: form.files
      .filter((f) => f.field === 'attachment' || f.field === 'inline')
      .map((f) => ({ filename: f.filename, content: f.content, contentType: f.contentType, ...(f.field === 'inline' ? { cid: f.filename, inline: true } : {}) })),
  };
}
