import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';
import { describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../../../helpers/app.js';
import { useProviderSuite } from '../../../helpers/providers.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => (await res.json()) as any;

/** @sendgrid/mail as an application uses it, pointed at this server (never at SendGrid: the base URL is loopback). */
function client(base: string, key: string) {
  const http = new Client();
  // Sandbox keys do not start with SendGrid's "SG." (the SDK only warns).
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  http.setApiKey(key);
  warn.mockRestore();
  // After setApiKey, which sets SendGrid's own host.
  http.setDefaultRequest('baseUrl', `${base}/sendgrid/`);
  const mail = new MailService();
  mail.setClient(http);
  return mail;
}

describe.each(DIALECTS)('SendGrid v3 mail/send on %s', (dialect) => {
  const s = useProviderSuite(dialect);

  it('captures a message with an attachment, an inline image and a Bcc, via sendgrid', async () => {
    const [res] = await client(s.base, s.sandbox.api_key).send({
      to: { email: 'customer@gmail.com', name: 'Ada' },
      cc: 'team@shop.example',
      bcc: 'audit@shop.example',
      from: { email: 'no-reply@shop.example', name: 'Shop' },
      replyTo: 'support@shop.example',
      subject: 'SendGrid order shipped',
      text: 'Your code is 482913',
      html: '<p>Your code is 482913 <img src="cid:logo"></p>',
      attachments: [
        { content: Buffer.from('invoice 1001').toString('base64'), filename: 'invoice.txt', type: 'text/plain' },
        { content: Buffer.from('PNG').toString('base64'), filename: 'logo.png', type: 'image/png', disposition: 'inline', contentId: 'logo' },
      ],
      headers: { 'X-Order': '1001' },
      categories: ['orders'],
      customArgs: { order: '1001' },
      sendAt: 1893456000,
    });
    expect(res.statusCode).toBe(202);
    const id = res.headers['x-message-id'];
    expect(id).toMatch(/^msg_/);
    const summary = await s.waitFor(s.sandbox.id, 'SendGrid order shipped');
    expect(summary).toMatchObject({
      id,
      via: 'sendgrid',
      sandbox_id: s.sandbox.id,
      from: { address: 'no-reply@shop.example', name: 'Shop' },
      to: [{ address: 'customer@gmail.com', name: 'Ada' }],
      envelope: { mail_from: 'no-reply@shop.example', rcpt_to: ['customer@gmail.com', 'team@shop.example', 'audit@shop.example'] },
      codes: ['482913'],
    });
    const full = await s.message(s.sandbox.id, id);
    expect(full.attachments.map((a: { filename: string }) => a.filename).sort()).toEqual(['invoice.txt', 'logo.png']);
    const invoice = full.attachments.find((a: { filename: string }) => a.filename === 'invoice.txt');
    expect((await s.attachment(s.sandbox.id, id, invoice.id)).toString()).toBe('invoice 1001');
    const raw = await s.raw(s.sandbox.id, id);
    expect(raw).not.toMatch(/audit@shop\.example/);
    expect(raw).toMatch(/^Reply-To: support@shop\.example/m);
    expect(raw).toMatch(/^X-Order: 1001/m);
    expect(raw).toMatch(/^X-SendGrid-Send-At: 1893456000/im);
    expect(raw).toMatch(/^X-SendGrid-Categories: orders/im);
    expect(raw).toMatch(/^X-SendGrid-Custom-Args: \{"order":"1001"\}/im);
    expect(raw).toMatch(/^Content-ID: <logo>/m);
  });

  it('captures one message per personalization', async () => {
    const [res] = await client(s.base, s.sandbox.api_key).send({
      personalizations: [
        { to: [{ email: 'one@example.com' }], subject: 'SendGrid personal one' },
        { to: [{ email: 'two@example.com' }], subject: 'SendGrid personal two', headers: { 'X-Who': 'two' } },
      ],
      from: 'no-reply@shop.example',
      content: [{ type: 'text/plain', value: 'hello' }],
    } as never);
    expect(res.statusCode).toBe(202);
    expect((await s.waitFor(s.sandbox.id, 'SendGrid personal one')).envelope.rcpt_to).toEqual(['one@example.com']);
    const two = await s.waitFor(s.sandbox.id, 'SendGrid personal two');
    expect(two.envelope.rcpt_to).toEqual(['two@example.com']);
    expect(await s.raw(s.sandbox.id, two.id)).toMatch(/^X-Who: two/m);
  });

  it("refuses wrong keys and invalid requests in SendGrid's shape, and a rotated key at once", async () => {
    const before = await s.count(s.other.id);
    const wrong = await client(s.base, 'eph_sbx_wrong').send({ to: 'a@example.com', from: 'b@example.com', subject: 'x', text: 'x' }).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 401, response: { body: { errors: [{ message: 'The provided authorization grant is invalid, expired, or revoked', field: null, help: null }] } } });
    const missing = await fetch(`${s.base}/sendgrid/v3/mail/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(missing.status).toBe(401);
    expect((await json(missing)).errors[0].message).toBeTypeOf('string');
    const invalid = await client(s.base, s.other.api_key).send({ to: 'a@example.com', from: 'b@example.com', text: 'no subject' } as never).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ code: 400, response: { body: { errors: [{ field: 'subject' }] } } });
    const noFrom = await fetch(`${s.base}/sendgrid/v3/mail/send`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${s.other.api_key}` }, body: JSON.stringify({ personalizations: [{ to: [{ email: 'a@example.com' }] }] }) });
    expect(noFrom.status).toBe(400);
    expect(await json(noFrom)).toEqual({ errors: [{ message: expect.stringContaining('from'), field: 'from', help: null }] });
    const notJson = await fetch(`${s.base}/sendgrid/v3/mail/send`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${s.other.api_key}` }, body: '{' });
    expect(notJson.status).toBe(400);
    expect((await json(notJson)).errors).toHaveLength(1);
    const rotated = await s.rotate(s.other.id);
    const old = await client(s.base, s.other.api_key).send({ to: 'a@example.com', from: 'b@example.com', subject: 'old key', text: 'x' }).catch((e: unknown) => e);
    expect(old).toMatchObject({ code: 401 });
    const [fresh] = await client(s.base, rotated.api_key).send({ to: 'a@example.com', from: 'b@example.com', subject: 'SendGrid new key', text: 'x' });
    expect(fresh.statusCode).toBe(202);
    expect(await s.count(s.other.id)).toBe(before + 1);
    s.other.api_key = rotated.api_key;
  });
});
