import type { components } from '../../../generated/schema.js';
import { ProviderError } from './errors.js';
import { sesMessage, type SesMessage } from './ses.js';

type SesSendEmail = components['schemas']['SesSendEmailRequest'];
/** An SES Query API request's fields as the form carried them (`Destination.ToAddresses.member.1` and so on). */
export type SesQueryFields = Record<string, string>;

const validation = (message: string, field: string) => new ProviderError('invalid', message, { field, code: 'ValidationError' });

/** The values of a Query API list (`Name.member.1`, `Name.member.2`, …), in order; undefined when none was sent. */
function members(fields: SesQueryFields, name: string): string[] | undefined {
  const prefix = `${name}.member.`;
  const found = Object.keys(fields)
    .filter((k) => k.startsWith(prefix) && /^[1-9]\d{0,3}$/.test(k.slice(prefix.length)))
    .map((k) => [Number(k.slice(prefix.length)), fields[k]] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, v]) => v);
  return found.length > 0 ? found : undefined;
}

/** `Tags.member.N.Name` / `.Value`, as SES v2's EmailTags. */
function tags(fields: SesQueryFields): SesSendEmail['EmailTags'] {
  const out: NonNullable<SesSendEmail['EmailTags']> = [];
  for (let i = 1; fields[`Tags.member.${i}.Name`] !== undefined; i++) out.push({ Name: fields[`Tags.member.${i}.Name`], Value: fields[`Tags.member.${i}.Value`] ?? '' });
  return out.length > 0 ? out : undefined;
}

/**
 * An SES v1 `SendEmail` or `SendRawEmail` read as the SES v2 SendEmail it asks for, so both APIs capture alike
 * (src/mail/providers/ses.ts). Fields it needs and lacks are SES's `ValidationError`; one it cannot read (an
 * address, base64) is `InvalidParameterValue`; another action is `InvalidAction`.
 */
export function sesQueryMessage(fields: SesQueryFields): { action: 'SendEmail' | 'SendRawEmail'; message: SesMessage } {
  const action = fields.Action;
  let request: SesSendEmail;
  if (action === 'SendRawEmail') {
    const data = fields['RawMessage.Data'];
    if (!data) throw validation("1 validation error detected: Value null at 'rawMessage.data' failed to satisfy constraint: Member must not be null", 'RawMessage.Data');
    request = {
      ...(fields.Source ? { FromEmailAddress: fields.Source } : {}),
      ...(members(fields, 'Destinations') ? { Destination: { ToAddresses: members(fields, 'Destinations') } } : {}),
      Content: { Raw: { Data: data } },
      EmailTags: tags(fields),
    };
  } else if (action === 'SendEmail') {
    if (!fields.Source) throw validation("1 validation error detected: Value null at 'source' failed to satisfy constraint: Member must not be null", 'Source');
    const subject = fields['Message.Subject.Data'];
    if (subject === undefined) throw validation("1 validation error detected: Value null at 'message.subject' failed to satisfy constraint: Member must not be null", 'Message.Subject.Data');
    const text = fields['Message.Body.Text.Data'];
    const html = fields['Message.Body.Html.Data'];
    if (text === undefined && html === undefined) throw validation('Message.Body needs Text or Html.', 'Message.Body');
    const [to, cc, bcc] = ['ToAddresses', 'CcAddresses', 'BccAddresses'].map((list) => members(fields, `Destination.${list}`));
    if (!to && !cc && !bcc) throw validation('At least one recipient is required: Destination.ToAddresses, CcAddresses or BccAddresses.', 'Destination');
    request = {
      FromEmailAddress: fields.Source,
      Destination: { ToAddresses: to, CcAddresses: cc, BccAddresses: bcc },
      ReplyToAddresses: members(fields, 'ReplyToAddresses'),
      Content: {
        Simple: {
          Subject: { Data: subject },
          Body: { ...(text !== undefined ? { Text: { Data: text } } : {}), ...(html !== undefined ? { Html: { Data: html } } : {}) },
        },
      },
      EmailTags: tags(fields),
    };
  } else {
    throw new ProviderError('invalid', `Could not find operation ${String(action)} for version ${fields.Version ?? '2010-12-01'}: this server answers SendEmail and SendRawEmail.`, {
      code: 'InvalidAction',
    });
  }
  try {
    return { action, message: sesMessage(request) };
  } catch (err) {
    // What v2's reading refuses is a value it cannot read (an address, base64): the Query API's InvalidParameterValue.
    if (err instanceof ProviderError && err.kind === 'invalid' && err.detail.code === undefined) throw new ProviderError('invalid', err.message, { ...err.detail, code: 'InvalidParameterValue' });
    throw err;
  }
}
