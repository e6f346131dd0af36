import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { signUpBrowser, type Browser } from '../../../helpers/dashboard.js';
import { openSse } from '../../../helpers/sse.js';

const ADDRESSES = '/api/dashboard/addresses';
const INBOX = '/api/dashboard/messages';

// A 1×1 PNG, the kind of logo a newsletter refers to by cid:.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

describe.each(DIALECTS)('the dashboard as a mail viewer (%s)', (dialect) => {
  let t: TestApp;
  let dev: Browser;
  let other: Browser;
  let base: string;
  let first: string;
  let second: string;
  beforeAll(async () => {
    t = await makeTestApp({ dialect, env: { RATE_LIMIT_LOGIN_IP: '1000', SMTP_HOSTNAME: 'mx.ephemail.test', SMTP_PORT: '2526' } });
    dev = await signUpBrowser(t.app);
    await dev.call('PUT', '/api/dashboard/account/plan', { plan: 'developer' });
    other = await signUpBrowser(t.app);
    await other.call('PUT', '/api/dashboard/account/plan', { plan: 'developer' });
    first = (await dev.call('POST', ADDRESSES, { prefix: 'viewer-one' })).json().email;
    second = (await dev.call('POST', ADDRESSES, { prefix: 'viewer-two' })).json().email;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t?.close());

  const deliver = async (to: string, mail: Mail.Options): Promise<string> => (await t.deliver({ from: 'Shop <shop@example.com>', to, ...mail })).id;
  const ids = (res: { json(): { messages: Array<{ message: { id: string } }> } }) => res.json().messages.map((m) => m.message.id);

  it('says where to send mail in the session settings', async () => {
    const session = await dev.call('GET', '/api/dashboard/session');
    expect(session.json().settings.smtp).toEqual({ host: 'mx.ephemail.test', port: 2526 });
  });

  it('lists the mail of every address in one inbox, with previews, search and filters', async () => {
    const a = await deliver(first, { subject: 'Welcome aboard', text: 'Hello   there,\n\nyour account is ready.' });
    const b = await deliver(second, { subject: 'Invoice 42', html: '<style>p{color:red}</style><p>Total: <b>12 &amp; 30</b> EUR</p>', attachments: [{ filename: 'invoice.pdf', content: 'pdf bytes' }] });
    const c = await deliver(second, { from: 'Alerts <alerts@monitor.example>', subject: 'Disk almost full', text: 'The zebra partition is at 95%.' });
    await deliver(await (async () => (await other.call('POST', ADDRESSES, { prefix: 'stranger' })).json().email)(), { subject: 'Not yours', text: 'private' });

    const all = await dev.call('GET', INBOX);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ success: true, count: 3, unread: 3 });
    expect(ids(all)).toEqual([c, b, a]);
    expect(all.json().messages[2]).toMatchObject({ address: first, preview: 'Hello there, your account is ready.', message: { id: a, subject: 'Welcome aboard', read: false } });
    // The preview of an HTML-only message is its text, never its markup or styles.
    expect(all.json().messages[1]).toMatchObject({ address: second, preview: 'Total: 12 & 30 EUR', message: { attachments: [{ filename: 'invoice.pdf' }] } });
    expect(all.json().mailboxes).toEqual([
      { address: second, total: 2, unread: 2 },
      { address: first, total: 1, unread: 1 },
    ]);

    // One search box: subject, sender (address or name) and body.
    expect(ids(await dev.call('GET', `${INBOX}?q=invoice`))).toEqual([b]);
    expect(ids(await dev.call('GET', `${INBOX}?q=ALERTS`))).toEqual([c]);
    expect(ids(await dev.call('GET', `${INBOX}?q=zebra`))).toEqual([c]);
    expect(ids(await dev.call('GET', `${INBOX}?q=eur`))).toEqual([b]);
    expect(ids(await dev.call('GET', `${INBOX}?q=private`))).toEqual([]);
    expect(ids(await dev.call('GET', `${INBOX}?has_attachments=true`))).toEqual([b]);
    expect(ids(await dev.call('GET', `${INBOX}?has_attachments=false`))).toEqual([c, a]);
    const one = await dev.call('GET', `${INBOX}?address=${encodeURIComponent(second.toUpperCase())}&limit=1`);
    expect(one.json()).toMatchObject({ count: 2, unread: 3 });
    expect(ids(one)).toEqual([c]);
    expect(ids(await dev.call('GET', `${INBOX}?address=${second}&offset=1`))).toEqual([b]);

    const foreign = await dev.call('GET', `${INBOX}?address=stranger@ephemail.test`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('address_not_found');
    expect((await dev.call('GET', `${INBOX}?has_attachments=maybe`)).statusCode).toBe(400);
  });

  it('marks read and unread one message and several, and deletes several', async () => {
    const [c, b, a] = ids(await dev.call('GET', INBOX));
    const one = await dev.call('PATCH', `${ADDRESSES}/${first}/messages/${a}`, { read: true });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ success: true, id: a, read: true });
    expect((await dev.call('GET', `${INBOX}?unread=true`)).json()).toMatchObject({ count: 2, unread: 2 });
    // The CSRF token is required, as on every state-changing dashboard call.
    const forged = await t.app.inject({ method: 'PATCH', url: `${ADDRESSES}/${first}/messages/${a}`, headers: { cookie: dev.cookie }, payload: { read: false } });
    expect(forged.statusCode).toBe(403);

    const bulk = await dev.call('POST', `${INBOX}/bulk`, { action: 'read', ids: [b, c, 'msg_missing'] });
    expect(bulk.json()).toEqual({ success: true, action: 'read', affected: 2, not_found: ['msg_missing'], message: '2 messages marked read.' });
    expect((await dev.call('GET', INBOX)).json().unread).toBe(0);
    const unread = await dev.call('POST', `${INBOX}/bulk`, { action: 'unread', ids: [c] });
    expect(unread.json()).toMatchObject({ affected: 1, message: '1 message marked unread.' });
    expect((await dev.call('GET', INBOX)).json().mailboxes).toEqual([
      { address: second, total: 2, unread: 1 },
      { address: first, total: 1, unread: 0 },
    ]);

    // Another account's message is "not found", and stays as it was.
    const theirs = ids(await other.call('GET', INBOX));
    const stranger = await dev.call('POST', `${INBOX}/bulk`, { action: 'delete', ids: theirs });
    expect(stranger.json()).toMatchObject({ affected: 0, not_found: theirs });
    expect((await other.call('GET', INBOX)).json().count).toBe(1);

    const removed = await dev.call('POST', `${INBOX}/bulk`, { action: 'delete', ids: [a, b] });
    expect(removed.json()).toMatchObject({ affected: 2, not_found: [], message: '2 messages deleted.' });
    expect(ids(await dev.call('GET', INBOX))).toEqual([c]);
    for (const body of [{ action: 'delete', ids: [] }, { action: 'archive', ids: [c] }, { action: 'read', ids: [c, c] }]) {
      expect((await dev.call('POST', `${INBOX}/bulk`, body)).statusCode).toBe(400);
    }
  });

  it('deletes all the mail of an address and keeps the address', async () => {
    await deliver(second, { subject: 'One more', text: 'x' });
    const res = await dev.call('DELETE', `${ADDRESSES}/${second}/messages`);
    expect(res.json()).toEqual({ success: true, message: `The 2 messages of ${second} were deleted.` });
    expect((await dev.call('GET', `${ADDRESSES}/${second}/messages`)).json()).toMatchObject({ count: 0 });
    expect((await dev.call('GET', ADDRESSES)).json().addresses.map((x: { email: string }) => x.email)).toContain(second);
    expect((await other.call('DELETE', `${ADDRESSES}/${second}/messages`)).statusCode).toBe(404);
  });

  it('reads every header in order, decoded, and the parts cid: URLs name', async () => {
    const id = await deliver(first, {
      subject: 'Grüße aus Köln',
      headers: [
        { key: 'X-Trace', value: 'one' },
        { key: 'X-Trace', value: 'two' },
      ],
      html: '<p><img src="cid:logo@shop" alt="Shop logo"></p>',
      attachments: [
        { filename: 'logo.png', content: PIXEL, cid: 'logo@shop', contentType: 'image/png' },
        { filename: 'terms.txt', content: 'terms' },
      ],
    });
    const res = await dev.call('GET', `${ADDRESSES}/${first}/messages/${id}/structure`);
    expect(res.statusCode).toBe(200);
    const { headers, inline } = res.json() as { headers: Array<{ name: string; value: string }>; inline: Array<{ content_id: string; attachment_id: string }> };
    expect(headers.find((h) => h.name === 'Subject')?.value).toBe('Grüße aus Köln');
    expect(headers.filter((h) => h.name === 'X-Trace').map((h) => h.value)).toEqual(['one', 'two']);
    expect(headers.findIndex((h) => h.name === 'Content-Type')).toBeGreaterThan(headers.findIndex((h) => h.name === 'X-Trace'));
    const message = (await dev.call('GET', `${ADDRESSES}/${first}/messages/${id}`)).json();
    const logo = message.attachments.find((a: { filename: string }) => a.filename === 'logo.png');
    expect(inline).toEqual([{ content_id: 'logo@shop', attachment_id: logo.id }]);
    const bytes = await dev.call('GET', `${ADDRESSES}/${first}/messages/${id}/attachments/${logo.id}`);
    expect(bytes.rawPayload.equals(PIXEL)).toBe(true);

    expect((await other.call('GET', `${ADDRESSES}/${first}/messages/${id}/structure`)).statusCode).toBe(404);
    expect((await dev.call('GET', `${ADDRESSES}/${first}/messages/msg_nope/structure`)).json().error).toBe('message_not_found');
  });

  it('streams the account’s events to the session, across addresses, and replays after Last-Event-ID', async () => {
    const anonymous = await fetch(`${base}/api/dashboard/events`);
    expect(anonymous.status).toBe(401);

    const stream = await openSse(`${base}/api/dashboard/events`, { cookie: dev.cookie });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await stream.next((e) => e.comments.includes('connected'));

    const created = (await dev.call('POST', ADDRESSES, { prefix: 'viewer-live' })).json().email as string;
    const createdEvent = await stream.next((e) => e.event !== undefined);
    expect(createdEvent).toMatchObject({ event: 'address.created', data: JSON.stringify({ address: created }) });

    // Someone else's mail is not in this stream; this account's mail to any address is.
    await deliver((await other.call('GET', ADDRESSES)).json().addresses[0].email, { subject: 'Theirs', text: 'x' });
    const one = await deliver(created, { subject: 'Live one', text: 'x' });
    const two = await deliver(second, { subject: 'Live two', text: 'x' });
    const e1 = await stream.next((e) => e.event === 'message');
    const e2 = await stream.next((e) => e.event === 'message');
    expect(JSON.parse(e1.data!)).toMatchObject({ address: created, message: { id: one, subject: 'Live one', read: false } });
    expect(JSON.parse(e2.data!)).toMatchObject({ address: second, message: { id: two, subject: 'Live two' } });
    expect(Number(e2.id)).toBeGreaterThan(Number(e1.id));

    await dev.call('DELETE', `${ADDRESSES}/${created}`);
    expect(await stream.next((e) => e.event !== undefined)).toMatchObject({ event: 'address.deleted', data: JSON.stringify({ address: created }) });
    stream.close();

    const resumed = await openSse(`${base}/api/dashboard/events`, { cookie: dev.cookie, 'last-event-id': createdEvent.id! });
    // The message of the deleted address is gone, so only the other one is replayed.
    const replayed = await resumed.next((e) => e.event === 'message');
    expect(replayed.id).toBe(e2.id);
    resumed.close();

    const free = await signUpBrowser(t.app);
    const refused = await fetch(`${base}/api/dashboard/events`, { headers: { cookie: free.cookie } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe('plan_required');
  });
});

describe('where the dashboard says to send mail', () => {
  const smtpOf = async (env: Record<string, string>, host: string) => {
    const t = await makeTestApp({ env });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/dashboard/signup', headers: { host }, payload: { email: 'smtp-host@example.com', password: 'correct-horse-battery' } });
      return res.json().settings.smtp;
    } finally {
      await t.close();
    }
  };

  it('is SMTP_HOSTNAME when set, else the host of PUBLIC_URL, else the host the dashboard was reached at', async () => {
    expect(await smtpOf({ SMTP_HOSTNAME: 'mx.example.net', PUBLIC_URL: 'https://mail.example.com' }, 'dashboard.example.org')).toEqual({ host: 'mx.example.net', port: 2525 });
    expect(await smtpOf({ PUBLIC_URL: 'https://mail.example.com:8443', SMTP_PORT: '25' }, 'dashboard.example.org')).toEqual({ host: 'mail.example.com', port: 25 });
    expect(await smtpOf({}, 'localhost:3000')).toEqual({ host: 'localhost', port: 2525 });
  });
});
