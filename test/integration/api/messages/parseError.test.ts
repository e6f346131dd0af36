import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';

/** Mail the parser gives up on is marked, not hidden: its top-level headers are shown, `parse_error` says why. */
describe.each(DIALECTS)('messages the parser gives up on, on %s', (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  const inbox = 'parse@ephemail.test';
  const url = `/api/v1/email/${inbox}/messages`;

  beforeAll(async () => {
    t = await makeTestApp({ dialect });
    auth = { authorization: `Bearer ${t.developerKey}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: 'parse' } })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const headers = (subject: string) => `From: "Big Sender" <big@example.com>\r\nTo: ${inbox}\r\nCc: Ann <ann@example.org>\r\nSubject: ${subject}\r\n`;

  it('shows the headers of a message with over 1,000 MIME parts and says why the rest is missing', async () => {
    const parts = Array.from({ length: 1200 }, (_, i) => `--p\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`).join('');
    const raw = `${headers('many parts')}Content-Type: multipart/mixed; boundary="p"\r\n\r\n${parts}--p--\r\n`;
    const { id } = await t.deliver({ to: inbox, raw });
    const res = await t.app.inject({ url: `${url}/${id}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subject: 'many parts',
      from: { address: 'big@example.com', name: 'Big Sender' },
      to: [{ address: inbox }],
      cc: [{ address: 'ann@example.org', name: 'Ann' }],
      text: null,
      attachments: [],
      parse_error: expect.stringContaining('more than 1,000 MIME parts'),
    });
    // The list and the raw source say and keep it too.
    const list = await t.app.inject({ url, headers: auth });
    expect(list.json().messages.find((m: { id: string }) => m.id === id).parse_error).toMatch(/1,000 MIME parts/);
    const source = await t.app.inject({ url: `${url}/${id}/raw`, headers: auth });
    expect(source.body).toContain('part 1199');
  });

  it('shows the headers before a header block over 1 MB', async () => {
    const filler = Array.from({ length: 12_000 }, (_, i) => `X-Filler-${i}: ${'v'.repeat(90)}`).join('\r\n');
    const raw = `${headers('huge header')}${filler}\r\n\r\nthe body\r\n`;
    const { id } = await t.deliver({ to: inbox, raw });
    const res = await t.app.inject({ url: `${url}/${id}`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subject: 'huge header',
      from: { address: 'big@example.com', name: 'Big Sender' },
      parse_error: expect.stringContaining('header block is over 1 MB'),
    });
  });

  it('has no parse_error on a message it read in full', async () => {
    const { id } = await t.deliver({ to: inbox, subject: 'ordinary', text: 'fine' });
    const res = await t.app.inject({ url: `${url}/${id}`, headers: auth });
    expect(res.json()).toMatchObject({ subject: 'ordinary', text: 'fine\n' });
    expect(res.json()).not.toHaveProperty('parse_error');
  });
});
