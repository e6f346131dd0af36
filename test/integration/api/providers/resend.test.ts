import { Resend } from 'resend';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../helpers/app.js';
import { useProviderSuite } from '../../../helpers/providers.js';

/** The resend client as an application uses it, its baseUrl pointed at this server (loopback). */
const client = (base: string, key: string) => new Resend(key, { baseUrl: `${base}/resend` });

describe.each(DIALECTS)('Resend emails on %s', (dialect) => {
  const s = useProviderSuite(dialect);

  it('captures a message with an attachment, a Bcc, headers and tags, via resend', async () => {
    const { data, error } = await client(s.base, s.sandbox.api_key).emails.send({
      from: 'Shop <no-reply@shop.example>',
      to: ['customer@gmail.com'],
      cc: 'team@shop.example',
      bcc: ['audit@shop.example'],
      replyTo: 'support@shop.example',
      subject: 'Resend order shipped',
      text: 'Your code is 482913',
      html: '<p>Your code is 482913</p>',
      headers: { 'X-Order': '1001' },
      tags: [{ name: 'category', value: 'orders' }],
      attachments: [{ filename: 'invoice.txt', content: Buffer.from('invoice 1001'), contentType: 'text/plain' }],
    });
    expect(error).toBeNull();
    expect(data!.id).toMatch(/^msg_/);
    const summary = await s.waitFor(s.sandbox.id, 'Resend order shipped');
    expect(summary).toMatchObject({
      id: data!.id,
      via: 'resend',
      envelope: { mail_from: 'no-reply@shop.example', rcpt_to: ['customer@gmail.com', 'team@shop.example', 'audit@shop.example'] },
      codes: ['482913'],
    });
    const full = await s.message(s.sandbox.id, data!.id);
    expect(full.attachments.map((a: { filename: string; content_type: string }) => [a.filename, a.content_type])).toEqual([['invoice.txt', 'text/plain']]);
    expect((await s.attachment(s.sandbox.id, data!.id, full.attachments[0].id)).toString()).toBe('invoice 1001');
    const raw = await s.raw(s.sandbox.id, data!.id);
    expect(raw).not.toMatch(/audit@shop\.example/);
    expect(raw).toMatch(/^X-Resend-Tags: \[\{"name":"category","value":"orders"\}\]/im);
  });

  it('honours Idempotency-Key: a repeat answers the first id and stores nothing new, another body is a 409', async () => {
    const resend = client(s.base, s.sandbox.api_key);
    const email = { from: 'no-reply@shop.example', to: 'ada@example.com', subject: 'Resend idempotent', text: 'once' };
    const first = await resend.emails.send(email, { idempotencyKey: 'order-1001-shipped' });
    expect(first.error).toBeNull();
    await s.waitFor(s.sandbox.id, 'Resend idempotent');
    const before = await s.count(s.sandbox.id);
    const again = await resend.emails.send(email, { idempotencyKey: 'order-1001-shipped' });
    expect(again.data).toEqual(first.data);
    expect(await s.count(s.sandbox.id)).toBe(before);
    const other = await resend.emails.send({ ...email, text: 'twice' }, { idempotencyKey: 'order-1001-shipped' });
    expect(other.error).toMatchObject({ statusCode: 409, name: 'invalid_idempotent_request' });
    // The key is the sandbox's: another sandbox's same key is its own.
    expect((await client(s.base, s.other.api_key).emails.send(email, { idempotencyKey: 'order-1001-shipped' })).data?.id).not.toBe(first.data!.id);
    // Batches too.
    const batch = [email, { ...email, to: 'bob@example.com' }];
    const b1 = await resend.batch.send(batch, { idempotencyKey: 'batch-1' });
    expect(b1.data?.data).toHaveLength(2);
    expect((await resend.batch.send(batch, { idempotencyKey: 'batch-1' })).data).toEqual(b1.data);
  });

  it('stores the key and its answer in the database, so a restart keeps them', async () => {
    const row = await s.t.context.database.db.selectFrom('provider_idempotency').selectAll().where('key', '=', 'order-1001-shipped').where('sandbox_id', '=', s.sandbox.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.response_json!)).toEqual({ id: expect.stringMatching(/^msg_/) });
  });

  it('captures batches, strict and permissive', async () => {
    const resend = client(s.base, s.sandbox.api_key);
    const { data } = await resend.batch.send([
      { from: 'no-reply@shop.example', to: 'ada@example.com', subject: 'Resend batch one', text: 'one' },
      { from: 'no-reply@shop.example', to: 'bob@example.com', subject: 'Resend batch two', html: '<p>two</p>' },
    ]);
    expect(data?.data).toHaveLength(2);
    expect((await s.waitFor(s.sandbox.id, 'Resend batch two')).id).toBe(data!.data[1].id);
    const strict = await resend.batch.send([
      { from: 'no-reply@shop.example', to: 'ada@example.com', subject: 'Resend strict', text: 'ok' },
      { from: 'no-reply@shop.example', to: 'not an address', subject: 'Resend strict', text: 'bad' },
    ]);
    expect(strict.error).toMatchObject({ statusCode: 422, name: 'validation_error' });
    const permissive = await resend.batch.send(
      [
        { from: 'no-reply@shop.example', to: 'ada@example.com', subject: 'Resend permissive', text: 'ok' },
        { from: 'no-reply@shop.example', to: 'not an address', subject: 'Resend permissive', text: 'bad' },
      ],
      { batchValidation: 'permissive' },
    );
    expect(permissive.data).toMatchObject({ data: [{ id: expect.stringMatching(/^msg_/) }], errors: [{ index: 1 }] });
  });

  it("refuses missing, wrong and rotated keys and invalid fields in Resend's shape", async () => {
    const email = { from: 'no-reply@shop.example', to: 'ada@example.com', subject: 'x', text: 'x' };
    expect((await client(s.base, 'eph_sbx_wrong').emails.send(email)).error).toMatchObject({ statusCode: 403, name: 'invalid_api_key' });
    const missing = await fetch(`${s.base}/resend/emails`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(email) });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ statusCode: 401, name: 'missing_api_key' });
    expect((await client(s.base, s.other.api_key).emails.send({ ...email, subject: undefined } as never)).error).toMatchObject({ statusCode: 422, name: 'validation_error', message: expect.stringContaining('subject') });
    expect((await client(s.base, s.other.api_key).emails.send({ from: 'a@example.com', to: 'b@example.com', subject: 'no body' } as never)).error).toMatchObject({ statusCode: 422, name: 'missing_required_field' });
    const rotated = await s.rotate(s.other.id);
    expect((await client(s.base, s.other.api_key).emails.send(email)).error).toMatchObject({ statusCode: 403, name: 'invalid_api_key' });
    expect((await client(s.base, rotated.api_key).emails.send(email)).error).toBeNull();
  });
});
