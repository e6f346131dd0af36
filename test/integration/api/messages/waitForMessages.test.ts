import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { startTestDns, type TestDns } from '../../../helpers/dns.js';
import { openSse } from '../../../helpers/sse.js';
import { createAccount } from '../../../../src/identity/accounts.js';
import type { EventFeed } from '../../../../src/platform/events/feed.js';
import { createKey } from '../../../../src/identity/keys.js';
import { createSmtpServer, type SmtpListener } from '../../../../src/smtp/server.js';
import { countSubscriptions } from '../../../helpers/feed.js';
import { untilStored } from '../../../helpers/mail.js';

/** fetch's body as the untyped JSON it is, like app.inject's. */
const json = (res: Response): Promise<any> => res.json();

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(DIALECTS)('waiting for mail on %s', (dialect) => {
  let t: TestApp;
  let dns: TestDns;
  let bus: EventFeed & { active: number };
  let smtp: SmtpListener;
  let transport: nodemailer.Transporter;
  let base: string;
  let auth: { authorization: string };
  let counter = 0;

  const newAddress = async (payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: `w${++counter}`, ...payload } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().email as string;
  };
  // Answers once the message is stored, as a sender that then looks for it expects (the 250 comes when it is queued).
  const send = async (to: string, subject: string) => {
    const info = await transport.sendMail({ from: 'Product <noreply@product.example>', to, subject, text: `${subject}\n` });
    await untilStored(t.context.database.db, info.response);
    return info;
  };
  const wait = (address: string, query: string, init: RequestInit = {}) =>
    fetch(`${base}/api/v1/email/${address}/messages/wait?${query}`, { headers: auth, ...init });

  beforeAll(async () => {
    dns = await startTestDns();
    t = await makeTestApp({ dialect, env: { DNS_SERVERS: dns.server, SMTP_HOSTNAME: 'mx.ephemail.test' } });
    // The app's own feed, counting live subscriptions so a test can see a wait let go of its own.
    t.context.events = bus = countSubscriptions(t.context.events);
    auth = { authorization: `Bearer ${t.developerKey}` };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    // The SMTP listener appends to the log the HTTP app follows, as in src/main.ts.
    smtp = createSmtpServer({ config: t.context.config, db: t.context.database.db });
    const port = await smtp.listen(0, '127.0.0.1');
    transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    await t?.close();
    await dns?.close();
  });

  describe('waitForMessages', () => {
    it('answers as soon as an SMTP delivery is stored, well before the timeout', async () => {
      const address = await newAddress();
      const before = bus.active;
      const started = Date.now();
      const pending = wait(address, `timeout=20&since=${new Date().toISOString()}`);
      await until(() => bus.active > before);
      await send(address, 'Confirm your email');
      const res = await pending;
      const elapsed = Date.now() - started;
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('300');
      const body = await json(res);
      expect(body).toMatchObject({ success: true, count: 1, timed_out: false });
      expect(body.messages).toEqual([
        expect.objectContaining({ subject: 'Confirm your email', from: { address: 'noreply@product.example', name: 'Product' }, read: false }),
      ]);
      expect(elapsed).toBeLessThan(20_000);
    });

    it('answers at once with mail that arrived before the wait when since is left out', async () => {
      const address = await newAddress();
      await send(address, 'Early bird');
      const res = await wait(address, 'timeout=20');
      expect(await json(res)).toMatchObject({ count: 1, timed_out: false, messages: [{ subject: 'Early bird' }] });
    });

    it('answers the documented empty result at the timeout', async () => {
      const address = await newAddress();
      await send(address, 'Old news');
      const list = await json(await fetch(`${base}/api/v1/email/${address}/messages`, { headers: auth }));
      const since = list.messages[0].received_at;
      expect(await json(await wait(address, `timeout=1&since=${since}`))).toEqual({ success: true, messages: [], count: 0, timed_out: true });
      const empty = await newAddress();
      expect(await json(await wait(empty, 'timeout=0'))).toEqual({ success: true, messages: [], count: 0, timed_out: true });
    });

    it('answers 404 for another account\'s address, and when the address is deleted while waiting', async () => {
      const address = await newAddress();
      const stranger = await createAccount(t.context.database.db, `stranger-${dialect}@example.com`, 'developer');
      const key = (await createKey(t.context.database.db, stranger, 'developer')).key;
      const foreign = await fetch(`${base}/api/v1/email/${address}/messages/wait?timeout=1`, { headers: { authorization: `Bearer ${key}` } });
      expect(foreign.status).toBe(404);
      expect((await json(foreign)).error).toBe('address_not_found');

      const before = bus.active;
      const pending = wait(address, 'timeout=20');
      await until(() => bus.active > before);
      await t.app.inject({ method: 'DELETE', url: `/api/v1/email/${address}`, headers: auth });
      const res = await pending;
      expect(res.status).toBe(404);
      expect((await json(res)).error).toBe('address_not_found');
    });

    it('refuses a timeout above 60 and a since that is not a date-time with 400', async () => {
      const address = await newAddress();
      for (const query of ['timeout=61', 'timeout=-1', 'since=2026-11-21']) {
        const res = await wait(address, query);
        expect(res.status, query).toBe(400);
        expect((await json(res)).error).toBe('validation_error');
      }
    });

    it('lets go of its subscription when the client hangs up', async () => {
      const address = await newAddress();
      const before = bus.active;
      const abort = new AbortController();
      const pending = wait(address, 'timeout=30', { signal: abort.signal }).catch(() => 'aborted');
      await until(() => bus.active > before);
      abort.abort();
      expect(await pending).toBe('aborted');
      await until(() => bus.active === before);
    });
  });

  describe('streamMessages (Server-Sent Events)', () => {
    it('streams each delivered message, and replays after Last-Event-ID or since', async () => {
      const address = await newAddress();
      const stream = await openSse(`${base}/api/v1/email/${address}/events`, auth);
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['x-ratelimit-limit']).toBe('300');
      expect(Number(stream.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000 - 5);
      const hello = await stream.next();
      expect(hello.retry).toBe(3000);
      expect((await stream.next()).comments).toEqual(['connected']);

      await send(address, 'First');
      const first = await stream.next((e) => e.event === 'message');
      const firstData = JSON.parse(first.data!);
      // Event ids are event-log ids: a reconnection resumes from them on any instance.
      expect(first.id).toMatch(/^\d+$/);
      expect(firstData.id).toMatch(/^msg_/);
      expect(firstData).toMatchObject({ subject: 'First', read: false, to: [{ address }] });
      await send(address, 'Second');
      const second = await stream.next((e) => e.event === 'message');
      expect(JSON.parse(second.data!).subject).toBe('Second');
      stream.close();

      const resumed = await openSse(`${base}/api/v1/email/${address}/events`, { ...auth, 'last-event-id': first.id! });
      const replayed = await resumed.next((e) => e.event === 'message');
      expect(replayed.id).toBe(second.id);
      expect(JSON.parse(replayed.data!).subject).toBe('Second');
      resumed.close();

      const since = await openSse(`${base}/api/v1/email/${address}/events?since=2000-01-01T00:00:00Z`, auth);
      expect((await since.next((e) => e.event === 'message')).id).toBe(first.id);
      expect((await since.next((e) => e.event === 'message')).id).toBe(second.id);
      since.close();
    });

    it('ends with address.deleted when the address is deleted, then answers 404', async () => {
      const address = await newAddress();
      const stream = await openSse(`${base}/api/v1/email/${address}/events`, auth);
      await stream.next((e) => e.comments.includes('connected'));
      await t.app.inject({ method: 'DELETE', url: `/api/v1/email/${address}`, headers: auth });
      const last = await stream.next((e) => e.event !== undefined);
      expect(last).toMatchObject({ event: 'address.deleted', data: JSON.stringify({ address }) });
      await stream.ended;
      const again = await fetch(`${base}/api/v1/email/${address}/events`, { headers: auth });
      expect(again.status).toBe(404);
      expect(await json(again)).toMatchObject({ success: false, error: 'address_not_found' });
    });
  });

  describe('an integrator\'s own verified domain', () => {
    it('creates an address on it, waits for the product\'s email, and refuses unverified domains', async () => {
      const domain = `qa-${dialect}.product.example`;
      const added = await t.app.inject({ method: 'POST', url: '/api/v1/domains', headers: auth, payload: { domain } });
      const [txt] = added.json().records;
      await expect(send(`someone@${domain}`, 'too early')).rejects.toMatchObject({ responseCode: 550, response: expect.stringContaining('5.7.1') });

      dns.zone.txt.set(txt.name, [[txt.value]]);
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/domains/${domain}/verify`, headers: auth })).json().verified).toBe(true);
      const address = await newAddress({ domain, prefix: 'signup-42' });
      expect(address).toBe(`signup-42@${domain}`);

      const before = bus.active;
      const pending = wait(address, 'timeout=20');
      await until(() => bus.active > before);
      await send(address, 'Welcome aboard');
      const body = await json(await pending);
      expect(body).toMatchObject({ timed_out: false, messages: [{ subject: 'Welcome aboard', to: [{ address }] }] });
      const read = await fetch(`${base}/api/v1/email/${address}/messages/${body.messages[0].id}`, { headers: auth });
      expect((await json(read)).text).toBe('Welcome aboard\n');
      await expect(send(`unknown@${domain}`, 'nobody')).rejects.toMatchObject({ responseCode: 550, response: expect.stringContaining('5.1.1') });
    });
  });
});
