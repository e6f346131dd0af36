import { ServerClient, Errors } from 'postmark';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../helpers/app.js';
import { useProviderSuite } from '../../../helpers/providers.js';

/** The postmark client as an application uses it, its requestHost pointed at this server (loopback, plain HTTP). */
const client = (host: string, token: string) => new ServerClient(token, { requestHost: `${host}/postmark`, useHttps: false, timeout: 15 });

describe.each(DIALECTS)('Postmark email on %s', (dialect) => {
  const s = useProviderSuite(dialect);

  it('captures a message with an attachment, a Bcc, headers, a tag and metadata, via postmark', async () => {
    const sent = await client(s.host, s.sandbox.api_key).sendEmail({
      From: 'Shop <no-reply@shop.example>',
      To: 'customer@gmail.com, Bob <bob@example.com>',
      Cc: 'team@shop.example',
      Bcc: 'audit@shop.example',
      ReplyTo: 'support@shop.example',
      Subject: 'Postmark order shipped',
      TextBody: 'Your code is 482913',
      HtmlBody: '<p>Your code is 482913</p>',
      Headers: [{ Name: 'X-Order', Value: '1001' }],
      Tag: 'orders',
      Metadata: { order: '1001' },
      MessageStream: 'outbound',
      Attachments: [{ Name: 'invoice.txt', Content: Buffer.from('invoice 1001').toString('base64'), ContentType: 'text/plain', ContentID: null as never }],
    });
    expect(sent).toMatchObject({ To: 'customer@gmail.com, Bob <bob@example.com>', ErrorCode: 0, Message: 'OK' });
    expect(sent.MessageID).toMatch(/^msg_/);
    expect(Date.parse(sent.SubmittedAt)).not.toBeNaN();
    const summary = await s.waitFor(s.sandbox.id, 'Postmark order shipped');
    expect(summary).toMatchObject({
      id: sent.MessageID,
      via: 'postmark',
      envelope: { mail_from: 'no-reply@shop.example', rcpt_to: ['customer@gmail.com', 'bob@example.com', 'team@shop.example', 'audit@shop.example'] },
      codes: ['482913'],
    });
    const full = await s.message(s.sandbox.id, sent.MessageID);
    expect(full.attachments).toHaveLength(1);
    expect((await s.attachment(s.sandbox.id, sent.MessageID, full.attachments[0].id)).toString()).toBe('invoice 1001');
    const raw = await s.raw(s.sandbox.id, sent.MessageID);
    expect(raw).not.toMatch(/audit@shop\.example/);
    expect(raw).toMatch(/^X-PM-Tag: orders/im);
    expect(raw).toMatch(/^X-PM-Metadata-order: 1001/im);
    expect(raw).toMatch(/^X-Order: 1001/m);
  });

  it('answers a batch one result per message, capturing the good ones', async () => {
    const results = await client(s.host, s.sandbox.api_key).sendEmailBatch([
      { From: 'no-reply@shop.example', To: 'ada@example.com', Subject: 'Postmark batch one', TextBody: 'one' },
      { From: 'no-reply@shop.example', To: 'ada@example.com', Subject: 'Postmark batch no body' },
      { From: 'no-reply@shop.example', To: 'bob@example.com', Subject: 'Postmark batch two', HtmlBody: '<p>two</p>' },
    ]);
    expect(results.map((r) => r.ErrorCode)).toEqual([0, 300, 0]);
    expect(results[1].Message).toMatch(/TextBody or HtmlBody/);
    expect((await s.waitFor(s.sandbox.id, 'Postmark batch two')).id).toBe(results[2].MessageID);
  });

  it("refuses wrong tokens and invalid fields in Postmark's shape, and a rotated token at once", async () => {
    const wrong = await client(s.host, 'eph_sbx_wrong').sendEmail({ From: 'a@example.com', To: 'b@example.com', Subject: 'x', TextBody: 'x' }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(Errors.InvalidAPIKeyError);
    expect(wrong).toMatchObject({ statusCode: 401, code: 10 });
    const invalid = await client(s.host, s.other.api_key).sendEmail({ From: 'not an address', To: 'b@example.com', Subject: 'x', TextBody: 'x' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(Errors.ApiInputError);
    expect(invalid).toMatchObject({ statusCode: 422, code: 300 });
    const missingTo = await client(s.host, s.other.api_key).sendEmail({ From: 'a@example.com', TextBody: 'x' } as never).catch((e: unknown) => e);
    expect(missingTo).toMatchObject({ statusCode: 422, code: 300 });
    const rotated = await s.rotate(s.other.id);
    await expect(client(s.host, s.other.api_key).sendEmail({ From: 'a@example.com', To: 'b@example.com', Subject: 'old', TextBody: 'x' })).rejects.toBeInstanceOf(Errors.InvalidAPIKeyError);
    expect((await client(s.host, rotated.api_key).sendEmail({ From: 'a@example.com', To: 'b@example.com', Subject: 'Postmark new token', TextBody: 'x' })).ErrorCode).toBe(0);
  });
});
