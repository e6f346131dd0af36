import type { components } from '../../../generated/schema.js';
import type { SandboxWithMailbox } from '../sandboxes.js';
import { captureMail, captureRaw, checkedHeader, decodeBase64, parseAddresses, type Address, type Captured, type CaptureDeps, type OutgoingMail } from './capture.js';
import { ProviderError } from './errors.js';

type SesSendEmail = components['schemas']['SesSendEmailRequest'];

/** What an SES SendEmail request holds: a message to compose (Simple) or one composed already (Raw). */
export type SesMessage = { kind: 'compose'; mail: OutgoingMail } | { kind: 'raw'; raw: Buffer; envelope: { mail_from: string; rcpt_to: string[] } };

/** Captures what either SES API asked to send (v2's SendEmail, v1's SendEmail or SendRawEmail) into the sandbox. */
export function captureSes(deps: CaptureDeps, sandbox: SandboxWithMailbox, message: SesMessage, clientIp: string): Promise<Captured> {
  return message.kind === 'raw' ? captureRaw(deps, sandbox, 'ses', message.raw, message.envelope, clientIp) : captureMail(deps, sandbox, 'ses', message.mail, clientIp);
}

const invalid = (message: string, field: string) => new ProviderError('invalid', message, { field });

export function sesMessage(body: SesSendEmail): SesMessage {
  const content = body.Content;
  const given = [content.Simple, content.Raw, content.Template].filter((c) => c !== undefined).length;
  if (given !== 1) throw invalid('Exactly one of Content.Simple, Content.Raw or Content.Template must be given.', 'Content');
  if (content.Template !== undefined) throw invalid('Templates are not rendered by this server: send Simple or Raw content.', 'Content.Template');
  const destination = {
    to: parseAddresses(body.Destination?.ToAddresses, 'Destination.ToAddresses'),
    cc: parseAddresses(body.Destination?.CcAddresses, 'Destination.CcAddresses'),
    bcc: parseAddresses(body.Destination?.BccAddresses, 'Destination.BccAddresses'),
  };
  const tags = body.EmailTags?.length ? [{ name: 'X-SES-Tags', value: JSON.stringify(body.EmailTags), prepared: true }] : [];
  if (content.Raw) {
    const raw = decodeBase64(content.Raw.Data, 'Content.Raw.Data');
    const fromHeader = rawHeaders(raw);
    const from = body.FromEmailAddress ? parseAddresses(body.FromEmailAddress, 'FromEmailAddress') : parseAddresses(fromHeader.get('from'), 'Content.Raw.Data (From)');
    if (from.length === 0) throw invalid('The message has no sender: give FromEmailAddress or a From header.', 'FromEmailAddress');
    const listed = [...destination.to, ...destination.cc, ...destination.bcc];
    // Without a Destination, SES sends to the message's own To, Cc and Bcc headers.
    const recipients: Address[] = listed.length > 0 ? listed : ['to', 'cc', 'bcc'].flatMap((h) => parseAddresses(fromHeader.get(h), `Content.Raw.Data (${h})`));
    return { kind: 'raw', raw: tags.length > 0 ? Buffer.concat([Buffer.from(`X-SES-Tags: ${tags[0].value}\r\n`), raw]) : raw, envelope: { mail_from: from[0].address, rcpt_to: [...new Set(recipients.map((a) => a.address))] } };
  }
  const simple = content.Simple!;
  if (!body.FromEmailAddress) throw invalid('FromEmailAddress is required with Simple content.', 'FromEmailAddress');
  const from = parseAddresses(body.FromEmailAddress, 'FromEmailAddress');
  if (from.length !== 1) throw invalid('FromEmailAddress must be one address.', 'FromEmailAddress');
  if (!simple.Body.Text && !simple.Body.Html) throw invalid('Content.Simple.Body needs Text or Html.', 'Content.Simple.Body');
  return {
    kind: 'compose',
    mail: {
      from: from[0],
      ...destination,
      replyTo: parseAddresses(body.ReplyToAddresses, 'ReplyToAddresses'),
      subject: simple.Subject.Data,
      text: simple.Body.Text?.Data,
      html: simple.Body.Html?.Data,
      headers: [...(simple.Headers ?? []).map((h, i) => checkedHeader(h.Name, h.Value, `Content.Simple.Headers.${i}.Name`)), ...tags],
      attachments: (simple.Attachments ?? []).map((a, i) => ({
        filename: a.FileName,
        content: decodeBase64(a.RawContent, `Content.Simple.Attachments.${i}.RawContent`),
        contentType: a.ContentType,
        cid: a.ContentId,
        inline: a.ContentDisposition === 'INLINE',
        description: a.ContentDescription,
      })),
    },
  };
}

/** The header block of a raw message, unfolded, by lower-case name (repeated headers joined with commas). */
function rawHeaders(raw: Buffer): Map<string, string> {
  const text = raw.subarray(0, Math.min(raw.length, 256 * 1024)).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const block = (end >= 0 ? text.slice(0, end) : text).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  return headers;
}
