import { describe, expect, it } from 'vitest';
import { ProviderError, renderProviderError } from '../../../src/mail/providers/errors.js';
import { sesQueryMessage } from '../../../src/mail/providers/ses-query.js';

const failure = (fields: Record<string, string>) => {
  try {
    sesQueryMessage(fields);
  } catch (err) {
    return err as ProviderError;
  }
  throw new Error('no failure');
};

describe("SES's Query API read as SES v2's SendEmail", () => {
  it('takes list members in their numbers\' order, however the form ordered them, and tags in order', () => {
    const fields: Record<string, string> = { Action: 'SendEmail', Source: 'a@shop.example', 'Message.Subject.Data': 's', 'Message.Body.Text.Data': 't' };
    for (const n of [10, 2, 1, 11]) fields[`Destination.ToAddresses.member.${n}`] = `r${n}@example.com`;
    fields['Destination.ToAddresses.member.x'] = 'ignored@example.com';
    Object.assign(fields, { 'Tags.member.1.Name': 'a', 'Tags.member.1.Value': '1', 'Tags.member.2.Name': 'b', 'Tags.member.2.Value': '2' });
    const { action, message } = sesQueryMessage(fields);
    expect(action).toBe('SendEmail');
    expect(message.kind).toBe('compose');
    if (message.kind !== 'compose') return;
    expect(message.mail.to.map((a) => a.address)).toEqual(['r1@example.com', 'r2@example.com', 'r10@example.com', 'r11@example.com']);
    expect(message.mail.headers).toContainEqual({ name: 'X-SES-Tags', value: '[{"Name":"a","Value":"1"},{"Name":"b","Value":"2"}]', prepared: true });
  });

  it('names what is missing ValidationError, what cannot be read InvalidParameterValue, another action InvalidAction', () => {
    expect(failure({ Action: 'SendRawEmail' }).detail).toMatchObject({ code: 'ValidationError', field: 'RawMessage.Data' });
    expect(failure({ Action: 'SendEmail', Source: 'a@x.example', 'Message.Subject.Data': 's' }).detail).toMatchObject({ code: 'ValidationError', field: 'Message.Body' });
    expect(failure({ Action: 'SendRawEmail', 'RawMessage.Data': '***' }).detail).toMatchObject({ code: 'InvalidParameterValue' });
    expect(failure({ Action: 'ListIdentities', Version: '2010-12-01' })).toMatchObject({ message: expect.stringContaining('Could not find operation ListIdentities'), detail: { code: 'InvalidAction' } });
  });

  it('answers failures as <ErrorResponse> XML with the Query API\'s codes, its text escaped', () => {
    const rendered = renderProviderError('ses', new ProviderError('invalid', 'Could not find operation <x&y>', { code: 'InvalidAction' }), 'aws-query', 'req-1');
    expect(rendered).toEqual({
      status: 400,
      type: 'text/xml; charset=utf-8',
      headers: { 'x-amzn-requestid': 'req-1' },
      body: '<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>Sender</Type><Code>InvalidAction</Code><Message>Could not find operation &lt;x&amp;y&gt;</Message></Error><RequestId>req-1</RequestId></ErrorResponse>',
    });
    // The SigV4 check's v2 names become the Query API's; a failure of ours is the Receiver's.
    expect(renderProviderError('ses', new ProviderError('forbidden', 'x', { code: 'UnrecognizedClientException' }), 'aws-query').body).toContain('<Code>InvalidClientTokenId</Code>');
    const busy = renderProviderError('ses', new ProviderError('unavailable', 'busy', { retryAfter: 5 }), 'aws-query', 'r');
    expect(busy).toMatchObject({ status: 503, headers: { 'retry-after': '5' } });
    expect(busy.body).toContain('<Type>Receiver</Type><Code>ServiceUnavailable</Code>');
    // Without the protocol, SES answers as v2 does.
    expect(renderProviderError('ses', new ProviderError('invalid', 'x'))).toMatchObject({ status: 400, type: 'application/json; charset=utf-8', headers: { 'x-amzn-errortype': 'BadRequestException' } });
  });
});
