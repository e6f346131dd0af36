import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { createAccount } from '../../../../src/identity/accounts.js';
import { createKey } from '../../../../src/identity/keys.js';

describe.each(DIALECTS)('Developer API messages on %s', (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let strangerAuth: { authorization: string };
  let messageId: string;
  let attachmentId: string;
  let raw: Buffer;

  beforeAll(async () => {
    t = await makeTestApp({ dialect });
    auth = { authorization: `Bearer ${t.developerKey}` };
    const stranger = await createAccount(t.context.database.db, `stranger-${dialect}@example.com`, 'developer');
    strangerAuth = { authorization: `Bearer ${(await createKey(t.context.database.db, stranger, 'developer')).key}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: 'inbox' } })).statusCode).toBe(201);

    const deliver = async (subject: string, extra: object = {}) =>
      (await t.deliver({ from: '"Shop" <shop@example.com>', to: 'inbox@ephemail.test', subject, text: `body of ${subject}`, ...extra })).raw;
    await deliver('first');
    await new Promise((r) => setTimeout(r, 5));
    raw = await deliver('Grüße ✓', {
      html: '<p>Hello <b>there</b></p>',
      cc: 'Ann <ann@example.org>',
      attachments: [{ filename: 'report.pdf', content: Buffer.from('%PDF-1.4 fake'), contentType: 'application/pdf' }],
    });
  });
  afterAll(() => t.close());

  it('lists messages newest first, without bodies, with the total count', async () => {
    const res = await t.app.inject({ url: '/api/v1/email/inbox@ephemail.test/messages', headers: auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.messages.map((m: { subject: string }) => m.subject)).toEqual(['Grüße ✓', 'first']);
    expect(body.messages[0]).not.toHaveProperty('text');
    expect(body.messages[0]).not.toHaveProperty('html');
    expect(body.messages[0]).toMatchObject({
      from: { address: 'shop@example.com', name: 'Shop' },
      to: [{ address: 'inbox@ephemail.test', name: '' }],
      cc: [{ address: 'ann@example.org', name: 'Ann' }],
      size: raw.length,
      attachments: [{ filename: 'report.pdf', content_type: 'application/pdf', size: 13 }],
    });
    messageId = body.messages[0].id;
    attachmentId = body.messages[0].attachments[0].id;

    const page = await t.app.inject({ url: '/api/v1/email/inbox@ephemail.test/messages?limit=1&offset=1', headers: auth });
    expect(page.json().messages.map((m: { subject: string }) => m.subject)).toEqual(['first']);
    expect(page.json().count).toBe(2);
  });

  it('reads the full message', async () => {
    const res = await t.app.inject({ url: `/api/v1/email/inbox@ephemail.test/messages/${messageId}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      id: messageId,
      subject: 'Grüße ✓',
      text: 'body of Grüße ✓',
      html: '<p>Hello <b>there</b></p>',
      received_at: expect.stringMatching(/Z$/),
    });
  });

  it('serves the raw source byte for byte as message/rfc822', async () => {
    const res = await t.app.inject({ url: `/api/v1/email/inbox@ephemail.test/messages/${messageId}/raw`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^message\/rfc822/);
    expect(res.rawPayload.equals(raw)).toBe(true);
  });

  it('serves an attachment as a download with its type', async () => {
    const res = await t.app.inject({ url: `/api/v1/email/inbox@ephemail.test/messages/${messageId}/attachments/${attachmentId}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="report\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.toString()).toBe('%PDF-1.4 fake');
  });

  it('answers 404 for unknown message and attachment ids', async () => {
    const msg = await t.app.inject({ url: '/api/v1/email/inbox@ephemail.test/messages/msg_nope', headers: auth });
    expect(msg.statusCode).toBe(404);
    expect(msg.json().error).toBe('message_not_found');
    const att = await t.app.inject({ url: `/api/v1/email/inbox@ephemail.test/messages/${messageId}/attachments/att_nope`, headers: auth });
    expect(att.statusCode).toBe(404);
    expect(att.json().error).toBe('attachment_not_found');
  });

  it('hides everything from another account: every operation answers 404 address_not_found', async () => {
    const base = '/api/v1/email/inbox@ephemail.test';
    const calls: Array<{ method: 'GET' | 'DELETE' | 'PATCH'; url: string }> = [
      { method: 'GET', url: base },
      { method: 'PATCH', url: `${base}/extend` },
      { method: 'GET', url: `${base}/messages` },
      { method: 'GET', url: `${base}/messages/${messageId}` },
      { method: 'GET', url: `${base}/messages/${messageId}/raw` },
      { method: 'GET', url: `${base}/messages/${messageId}/attachments/${attachmentId}` },
      { method: 'DELETE', url: `${base}/messages/${messageId}` },
      { method: 'DELETE', url: base },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: strangerAuth });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json(), `${call.method} ${call.url}`).toEqual({ success: false, error: 'address_not_found', message: 'No address inbox@ephemail.test in your account.' });
    }
    const missing = await t.app.inject({ url: '/api/v1/email/never-existed@ephemail.test', headers: strangerAuth });
    expect(missing.json().message).toBe('No address never-existed@ephemail.test in your account.');
    // and nothing was touched
    const still = await t.app.inject({ url: `${base}/messages`, headers: auth });
    expect(still.json().count).toBe(2);
    const creating = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: strangerAuth, payload: { prefix: 'inbox' } });
    expect(creating.statusCode).toBe(409);
  });

  it('deletes a message, then the address with its messages', async () => {
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/email/inbox@ephemail.test/messages/${messageId}`, headers: auth });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: `Message ${messageId} was deleted.` });
    const list = await t.app.inject({ url: '/api/v1/email/inbox@ephemail.test/messages', headers: auth });
    expect(list.json().count).toBe(1);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/v1/email/inbox@ephemail.test', headers: auth });
    expect(gone.json().message).toBe('Address inbox@ephemail.test and its 1 message were deleted.');
    const rows = await t.context.database.db.selectFrom('messages').select('id').execute();
    expect(rows).toHaveLength(0);
  });
});
