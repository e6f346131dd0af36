import FormData from 'form-data';
import Mailgun from 'mailgun.js';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../helpers/app.js';
import { useProviderSuite } from '../../../helpers/providers.js';

/** mailgun.js as an application uses it, its url pointed at this server (loopback). */
const client = (base: string, key: string) => new Mailgun(FormData).client({ username: 'api', key, url: `${base}/mailgun` });

describe.each(DIALECTS)('Mailgun messages on %s', (dialect) => {
  const s = useProviderSuite(dialect);

  it('captures a multipart message with an attachment, an inline part, a Bcc, h: headers, o:tag and v: variables, via mailgun', async () => {
    const sent = await client(s.base, s.sandbox.api_key).messages.create('mg.shop.example', {
      from: 'Shop <no-reply@shop.example>',
      to: ['customer@gmail.com', 'bob@example.com'],
      cc: 'team@shop.example',
      bcc: 'audit@shop.example',
      subject: 'Mailgun order shipped',
      text: 'Your code is 482913',
      html: '<p>Your code is 482913 <img src="cid:logo.png"></p>',
      'h:X-Order': '1001',
      'h:Reply-To': 'support@shop.example',
      'o:tag': ['orders', 'shipping'],
      'v:order': '1001',
      attachment: [{ filename: 'invoice.txt', data: Buffer.from('invoice 1001'), contentType: 'text/plain' }],
      inline: [{ filename: 'logo.png', data: Buffer.from('PNG'), contentType: 'image/png' }],
    });
    expect(sent.status).toBe(200);
    expect(sent.message).toBe('Queued. Thank you.');
    const id = /^<(msg_[0-9a-f]+)@mg\.shop\.example>$/.exec(sent.id ?? '')?.[1];
    expect(id).toBeDefined();
    const summary = await s.waitFor(s.sandbox.id, 'Mailgun order shipped');
    expect(summary).toMatchObject({
      id,
      via: 'mailgun',
      envelope: { mail_from: 'no-reply@shop.example', rcpt_to: ['customer@gmail.com', 'bob@example.com', 'team@shop.example', 'audit@shop.example'] },
      codes: ['482913'],
    });
    const full = await s.message(s.sandbox.id, id!);
    const invoice = full.attachments.find((a: { filename: string }) => a.filename === 'invoice.txt');
    expect((await s.attachment(s.sandbox.id, id!, invoice.id)).toString()).toBe('invoice 1001');
    const raw = await s.raw(s.sandbox.id, id!);
    expect(raw).not.toMatch(/audit@shop\.example/);
    expect(raw).toMatch(/^Reply-To: support@shop\.example/m);
    expect(raw).toMatch(/^X-Order: 1001/m);
    expect(raw).toMatch(/^X-Mailgun-Tag: orders, shipping/im);
    expect(raw).toMatch(/^X-Mailgun-Variables: \{"order":"1001"\}/im);
    expect(raw).toMatch(/^Content-ID: <logo\.png>/m);
  });

  it('captures an urlencoded message', async () => {
    const res = await fetch(`${s.base}/mailgun/v3/mg.shop.example/messages`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`api:${s.sandbox.api_key}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([['from', 'no-reply@shop.example'], ['to', 'ada@example.com'], ['to', 'bob@example.com'], ['subject', 'Mailgun urlencoded'], ['text', 'hello']]),
    });
    expect(res.status).toBe(200);
    expect((await s.waitFor(s.sandbox.id, 'Mailgun urlencoded')).envelope.rcpt_to).toEqual(['ada@example.com', 'bob@example.com']);
  });

  it("refuses wrong keys, missing fields and other media types in Mailgun's shape, and a rotated key at once", async () => {
    const message = { from: 'a@example.com', to: 'b@example.com', subject: 'x', text: 'x' };
    await expect(client(s.base, 'eph_sbx_wrong').messages.create('mg.shop.example', message)).rejects.toMatchObject({ status: 401, details: 'Forbidden' });
    await expect(client(s.base, s.other.api_key).messages.create('mg.shop.example', { ...message, from: undefined } as never)).rejects.toMatchObject({
      status: 400,
      details: 'from parameter is missing',
    });
    const json = await fetch(`${s.base}/mailgun/v3/mg.shop.example/messages`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`api:${s.other.api_key}`).toString('base64')}`, 'content-type': 'text/plain' },
      body: 'from=a@example.com',
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({ message: expect.any(String) });
    const rotated = await s.rotate(s.other.id);
    await expect(client(s.base, s.other.api_key).messages.create('mg.shop.example', message)).rejects.toMatchObject({ status: 401 });
    expect((await client(s.base, rotated.api_key).messages.create('mg.shop.example', { ...message, subject: 'Mailgun new key' })).status).toBe(200);
  });
});
