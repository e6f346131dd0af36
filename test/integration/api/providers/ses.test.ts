import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../helpers/app.js';
import { useProviderSuite } from '../../../helpers/providers.js';
import { sigV4Marker, signSigV4 } from '../../../helpers/security-world.js';

/** The SES v2 client as an application uses it, its endpoint pointed at this server (loopback); access key id = the
 * sandbox id, secret = its api_key. */
const client = (base: string, accessKeyId: string, secretAccessKey: string) =>
  new SESv2Client({ endpoint: `${base}/ses`, region: 'eu-west-1', credentials: { accessKeyId, secretAccessKey }, maxAttempts: 1 });

describe.each(DIALECTS)('Amazon SES v2 SendEmail on %s', (dialect) => {
  const s = useProviderSuite(dialect);

  it('captures Simple content with an attachment, a Bcc, headers and tags, via ses', async () => {
    const out = await client(s.base, s.sandbox.id, s.sandbox.api_key).send(
      new SendEmailCommand({
        FromEmailAddress: 'Shop <no-reply@shop.example>',
        Destination: { ToAddresses: ['customer@gmail.com'], CcAddresses: ['team@shop.example'], BccAddresses: ['audit@shop.example'] },
        ReplyToAddresses: ['support@shop.example'],
        EmailTags: [{ Name: 'category', Value: 'orders' }],
        Content: {
          Simple: {
            Subject: { Data: 'SES order shipped' },
            Body: { Text: { Data: 'Your code is 482913' }, Html: { Data: '<p>Your code is 482913</p>' } },
            Headers: [{ Name: 'X-Order', Value: '1001' }],
            Attachments: [{ FileName: 'invoice.txt', RawContent: Buffer.from('invoice 1001'), ContentType: 'text/plain' }],
          },
        },
      }),
    );
    expect(out.MessageId).toMatch(/^msg_/);
    const summary = await s.waitFor(s.sandbox.id, 'SES order shipped');
    expect(summary).toMatchObject({
      id: out.MessageId,
      via: 'ses',
      envelope: { mail_from: 'no-reply@shop.example', rcpt_to: ['customer@gmail.com', 'team@shop.example', 'audit@shop.example'] },
      codes: ['482913'],
    });
    const full = await s.message(s.sandbox.id, out.MessageId!);
    expect((await s.attachment(s.sandbox.id, out.MessageId!, full.attachments[0].id)).toString()).toBe('invoice 1001');
    const raw = await s.raw(s.sandbox.id, out.MessageId!);
    expect(raw).not.toMatch(/audit@shop\.example/);
    expect(raw).toMatch(/^X-Order: 1001/m);
    expect(raw).toMatch(/^X-SES-Tags: \[\{"Name":"category","Value":"orders"\}\]/im);
  });

  it('captures Raw content as it is, recipients from the Destination', async () => {
    const mime = 'From: app@shop.example\r\nTo: customer@gmail.com\r\nSubject: SES raw\r\nContent-Type: text/plain\r\n\r\nraw body 482913\r\n';
    const out = await client(s.base, s.sandbox.id, s.sandbox.api_key).send(
      new SendEmailCommand({ Destination: { ToAddresses: ['customer@gmail.com'], BccAddresses: ['audit@shop.example'] }, Content: { Raw: { Data: Buffer.from(mime) } } }),
    );
    const summary = await s.waitFor(s.sandbox.id, 'SES raw');
    expect(summary).toMatchObject({ id: out.MessageId, via: 'ses', envelope: { mail_from: 'app@shop.example', rcpt_to: ['customer@gmail.com', 'audit@shop.example'] } });
    expect(await s.raw(s.sandbox.id, out.MessageId!)).toBe(mime);
  });

  it('refuses a wrong secret with SignatureDoesNotMatch, an unknown key id, a rotated key and invalid content as SES does', async () => {
    const command = () => new SendEmailCommand({ FromEmailAddress: 'a@example.com', Destination: { ToAddresses: ['b@example.com'] }, Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'x' } } } } });
    const bad = await client(s.base, s.other.id, 'eph_sbx_wrong').send(command()).catch((e: unknown) => e);
    expect(bad).toMatchObject({ name: 'SignatureDoesNotMatch', $metadata: { httpStatusCode: 403 }, message: expect.stringContaining('The request signature we calculated does not match') });
    // Another sandbox's id with this one's secret: the signature is checked against the id's own secret.
    expect(await client(s.base, s.other.id, s.sandbox.api_key).send(command()).catch((e: unknown) => e)).toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(await client(s.base, 'sbx_unknown', s.sandbox.api_key).send(command()).catch((e: unknown) => e)).toMatchObject({ name: 'UnrecognizedClientException', $metadata: { httpStatusCode: 403 } });
    const unsigned = await fetch(`${s.base}/ses/v2/email/outbound-emails`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    const invalid = await client(s.base, s.other.id, s.other.api_key).send(new SendEmailCommand({ Destination: { ToAddresses: ['b@example.com'] }, Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'x' } } } } })).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ name: 'BadRequestException', $metadata: { httpStatusCode: 400 } });
    // A signed request whose body was changed on the way: the signature covers the body.
    const body = { FromEmailAddress: 'a@example.com', Destination: { ToAddresses: ['b@example.com'] }, Content: { Simple: { Subject: { Data: 'SES tampered' }, Body: { Text: { Data: 'x' } } } } };
    const req = { method: 'POST', url: '/ses/v2/email/outbound-emails', headers: { 'content-type': 'application/json', authorization: sigV4Marker(s.other.id, s.other.api_key) } as Record<string, string>, payload: JSON.stringify(body) };
    await signSigV4(req);
    const honest = await s.t.app.inject({ method: 'POST', url: req.url, headers: req.headers, payload: req.payload });
    expect(honest.statusCode).toBe(200);
    const tampered = await s.t.app.inject({ method: 'POST', url: req.url, headers: req.headers, payload: JSON.stringify({ ...body, Destination: { ToAddresses: ['someone-else@example.com'] } }) });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.headers['x-amzn-errortype']).toBe('SignatureDoesNotMatch');
    const rotated = await s.rotate(s.other.id);
    expect(await client(s.base, s.other.id, s.other.api_key).send(command()).catch((e: unknown) => e)).toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect((await client(s.base, s.other.id, rotated.api_key).send(command())).MessageId).toMatch(/^msg_/);
  });
});
