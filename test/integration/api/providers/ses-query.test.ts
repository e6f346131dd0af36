import { SESClient, SendEmailCommand, SendRawEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-ses';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../helpers/app.js';
import { useProviderSuite } from '../../../helpers/providers.js';
import { sigV4Marker, signSigV4 } from '../../../helpers/security-world.js';

/** SES's first API (the Query API) as applications still use it, through `@aws-sdk/client-ses` with its endpoint
 * pointed at this server (loopback): access key id = the sandbox id, secret = its api_key. */
const client = (base: string, accessKeyId: string, secretAccessKey: string) =>
  new SESClient({ endpoint: `${base}/ses`, region: 'eu-west-1', credentials: { accessKeyId, secretAccessKey }, maxAttempts: 1 });

describe.each(DIALECTS)('Amazon SES v1 (Query API) SendEmail and SendRawEmail on %s', (dialect) => {
  const s = useProviderSuite(dialect);

  it('captures SendEmail with text and HTML, Cc, Bcc, Reply-To and tags, via ses', async () => {
    const out = await client(s.base, s.sandbox.id, s.sandbox.api_key).send(
      new SendEmailCommand({
        Source: 'Shop <no-reply@shop.example>',
        Destination: { ToAddresses: ['customer@gmail.com'], CcAddresses: ['team@shop.example'], BccAddresses: ['audit@shop.example'] },
        ReplyToAddresses: ['support@shop.example'],
        Tags: [{ Name: 'category', Value: 'orders' }],
        Message: { Subject: { Data: 'SES v1 order shipped' }, Body: { Text: { Data: 'Your code is 482913' }, Html: { Data: '<p>Your code is <b>482913</b> & more</p>' } } },
      }),
    );
    expect(out.MessageId).toMatch(/^msg_/);
    expect(out.$metadata.requestId).toBeTruthy();
    const summary = await s.waitFor(s.sandbox.id, 'SES v1 order shipped');
    expect(summary).toMatchObject({
      id: out.MessageId,
      via: 'ses',
      from: { address: 'no-reply@shop.example', name: 'Shop' },
      envelope: { mail_from: 'no-reply@shop.example', rcpt_to: ['customer@gmail.com', 'team@shop.example', 'audit@shop.example'] },
      codes: ['482913'],
    });
    const full = await s.message(s.sandbox.id, out.MessageId!);
    // The form's encoding undone exactly: an `&` in a value is the HTML's own, not a field separator.
    expect(full).toMatchObject({ text: 'Your code is 482913', html: '<p>Your code is <b>482913</b> & more</p>' });
    const raw = await s.raw(s.sandbox.id, out.MessageId!);
    expect(raw).not.toMatch(/audit@shop\.example/);
    expect(raw).toMatch(/^Reply-To: support@shop\.example/m);
    expect(raw).toMatch(/^X-SES-Tags: \[\{"Name":"category","Value":"orders"\}\]/im);
  });

  it('captures SendRawEmail as it is: recipients from Destinations and Source, or from the message itself', async () => {
    const mime = 'From: app@shop.example\r\nTo: customer@gmail.com\r\nCc: team@shop.example\r\nSubject: SES v1 raw\r\nContent-Type: text/plain\r\n\r\nraw body 482913\r\n';
    const ses = client(s.base, s.sandbox.id, s.sandbox.api_key);
    const listed = await ses.send(new SendRawEmailCommand({ Source: 'bounces@shop.example', Destinations: ['customer@gmail.com', 'audit@shop.example'], RawMessage: { Data: Buffer.from(mime) } }));
    const own = await ses.send(new SendRawEmailCommand({ RawMessage: { Data: Buffer.from(mime.replace('SES v1 raw', 'SES v1 raw, own headers')) } }));
    expect(await s.waitFor(s.sandbox.id, 'SES v1 raw')).toMatchObject({ id: listed.MessageId, via: 'ses', envelope: { mail_from: 'bounces@shop.example', rcpt_to: ['customer@gmail.com', 'audit@shop.example'] } });
    expect(await s.raw(s.sandbox.id, listed.MessageId!)).toBe(mime);
    expect(await s.waitFor(s.sandbox.id, 'SES v1 raw, own headers')).toMatchObject({ id: own.MessageId, envelope: { mail_from: 'app@shop.example', rcpt_to: ['customer@gmail.com', 'team@shop.example'] } });
  });

  it("refuses bad credentials, missing fields, unreadable values and other actions with the Query API's codes", async () => {
    const input: SendEmailCommandInput = { Source: 'a@example.com', Destination: { ToAddresses: ['b@example.com'] }, Message: { Subject: { Data: 'x' }, Body: { Text: { Data: 'x' } } } };
    const fail = (accessKeyId: string, secret: string, command: SendEmailCommandInput = input) =>
      client(s.base, accessKeyId, secret).send(new SendEmailCommand(command)).catch((e: unknown) => e);
    expect(await fail(s.other.id, 'eph_sbx_wrong')).toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 }, message: expect.stringContaining('The request signature we calculated does not match') });
    expect(await fail('sbx_unknown', s.sandbox.api_key)).toMatchObject({ name: 'InvalidClientTokenId', $metadata: { httpStatusCode: 403 } });
    expect(await fail(s.other.id, s.other.api_key, { ...input, Message: { Subject: undefined as never, Body: { Text: { Data: 'x' } } } })).toMatchObject({ name: 'ValidationError', $metadata: { httpStatusCode: 400 } });
    expect(await fail(s.other.id, s.other.api_key, { ...input, Destination: { ToAddresses: ['not an address'] } })).toMatchObject({ name: 'InvalidParameterValue', $metadata: { httpStatusCode: 400 } });

    const unsigned = await fetch(`${s.base}/ses/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'Action=SendEmail' });
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('content-type')).toMatch(/^text\/xml/);
    const xml = await unsigned.text();
    expect(xml).toMatch(/^<ErrorResponse xmlns="http:\/\/ses\.amazonaws\.com\/doc\/2010-12-01\/"><Error><Type>Sender<\/Type><Code>MissingAuthenticationToken<\/Code><Message>Missing Authentication Token<\/Message><\/Error><RequestId>[^<]+<\/RequestId><\/ErrorResponse>$/);

    // Signed requests made by hand: another action, and a body changed after signing (the signature covers it).
    const signed = async (payload: string, type = 'application/x-www-form-urlencoded') => {
      const req = { method: 'POST', url: '/ses/', headers: { 'content-type': type, authorization: sigV4Marker(s.other.id, s.other.api_key) } as Record<string, string>, payload };
      await signSigV4(req);
      return req;
    };
    const other = await signed('Action=GetSendQuota&Version=2010-12-01');
    const quota = await s.t.app.inject({ method: 'POST', url: other.url, headers: other.headers, payload: other.payload });
    expect(quota.statusCode).toBe(400);
    expect(quota.body).toContain('<Code>InvalidAction</Code>');
    const json = await signed('{"Action":"SendEmail"}', 'application/json');
    const notForm = await s.t.app.inject({ method: 'POST', url: json.url, headers: json.headers, payload: json.payload });
    expect(notForm.statusCode).toBe(415);
    expect(notForm.body).toContain('<Code>UnsupportedMediaType</Code>');
    const form = 'Action=SendEmail&Source=a%40example.com&Destination.ToAddresses.member.1=b%40example.com&Message.Subject.Data=SES%20v1%20tampered&Message.Body.Text.Data=x';
    const honest = await signed(form);
    expect((await s.t.app.inject({ method: 'POST', url: honest.url, headers: honest.headers, payload: honest.payload })).statusCode).toBe(200);
    const tampered = await s.t.app.inject({ method: 'POST', url: honest.url, headers: honest.headers, payload: form.replace('b%40example.com', 'someone-else%40example.com') });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.body).toContain('<Code>SignatureDoesNotMatch</Code>');
  });
});
