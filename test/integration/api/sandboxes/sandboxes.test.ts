import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, testConfig, type TestApp } from '../../../helpers/app.js';
import { selfSignedCertificate } from '../../../helpers/tls.js';
import { dialog } from '../../../helpers/smtp-dialog.js';
import { ConfigError } from '../../../../src/config.js';
import { createAccount } from '../../../../src/identity/accounts.js';
import { createKey } from '../../../../src/identity/keys.js';

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

interface Created {
  id: string;
  name: string;
  mailbox: string;
  smtp: { host: string; port: number; tls_port: number | null; username: string; password: string };
  api_key: string;
}

/** A transport as an application configures one: host, port, user name and password (and TLS as told). */
function appTransport(port: number, user: string, pass: string, extra: Record<string, unknown> = {}) {
  return nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, auth: { user, pass }, ...extra });
}

const mail = {
  from: 'Shop <no-reply@shop.example>',
  to: 'customer@gmail.com',
  bcc: 'audit@shop.example',
  subject: 'Your order has shipped',
  text: 'Track it at https://shop.example/orders/1001 — your code is 482913.',
  attachments: [{ filename: 'invoice.txt', content: 'invoice 1001' }],
};

describe.each(DIALECTS)('sandboxes on %s', (dialect) => {
  let t: TestApp;
  let ports: { port: number; smtpPort: number };
  let sandbox: Created;
  const h = () => bearer(t.developerKey);

  beforeAll(async () => {
    t = await makeTestApp({ dialect });
    ports = await t.runtime.start({ host: '127.0.0.1', port: 0, smtpPort: 0 });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sandboxes', headers: h(), payload: { name: 'staging' } });
    expect(res.statusCode).toBe(201);
    sandbox = res.json().sandbox;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a sandbox with SMTP settings and credentials shown once, and lists it without them', async () => {
    expect(sandbox).toMatchObject({ name: 'staging', mailbox: `${sandbox.id}@sandbox.invalid`, smtp: { port: t.context.config.smtpPort, tls_port: null, username: sandbox.id } });
    expect(sandbox.smtp.password).toMatch(/^eph_smtp_[0-9A-Za-z]{32}$/);
    expect(sandbox.api_key).toMatch(/^eph_sbx_[0-9A-Za-z]{40}$/);
    const list = (await t.app.inject({ url: '/api/v1/sandboxes', headers: h() })).json();
    expect(list.sandboxes.map((s: Created) => s.id)).toContain(sandbox.id);
    expect(JSON.stringify(list)).not.toContain(sandbox.smtp.password);
    expect(JSON.stringify(list)).not.toContain(sandbox.api_key);
    const one = (await t.app.inject({ url: `/api/v1/sandboxes/${sandbox.id}`, headers: h() })).json();
    expect(one.sandbox).toMatchObject({ id: sandbox.id, name: 'staging', smtp: { username: sandbox.id } });
    expect(one.sandbox.smtp.password).toBeUndefined();
    // Only digests are stored.
    const row = await t.context.database.db.selectFrom('sandboxes').selectAll().where('id', '=', sandbox.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(sandbox.smtp.password);
    expect(JSON.stringify(row)).not.toContain(sandbox.api_key);
    // Its mailbox is not one of the account's addresses.
    const addresses = (await t.app.inject({ url: '/api/v1/email', headers: h() })).json();
    expect(addresses.addresses.map((a: { email: string }) => a.email)).not.toContain(sandbox.mailbox);
  });

  it('captures authenticated mail to any recipient, Bcc and attachment included, and never relays it', async () => {
    const transport = appTransport(ports.smtpPort, sandbox.smtp.username, sandbox.smtp.password);
    const info = await transport.sendMail(mail);
    transport.close();
    expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued msg_/);
    const waited = (await t.app.inject({ url: `/api/v1/sandboxes/${sandbox.id}/messages/wait?timeout=10&subject=shipped`, headers: h() })).json();
    expect(waited.timed_out).toBe(false);
    const summary = waited.messages[0];
    expect(summary).toMatchObject({
      subject: 'Your order has shipped',
      to: [{ address: 'customer@gmail.com', name: '' }],
      sandbox_id: sandbox.id,
      via: 'smtp',
      envelope: { mail_from: 'no-reply@shop.example', rcpt_to: ['customer@gmail.com', 'audit@shop.example'] },
      codes: ['482913'],
    });
    expect(summary.links.map((l: { url: string }) => l.url)).toEqual(['https://shop.example/orders/1001']);
    expect(summary.attachments).toHaveLength(1);
    const full = (await t.app.inject({ url: `/api/v1/sandboxes/${sandbox.id}/messages/${summary.id}`, headers: h() })).json();
    expect(full.text).toContain('482913');
    expect(full.envelope.rcpt_to).toContain('audit@shop.example');
    // The Bcc recipient is in the envelope only, never in the headers.
    const raw = await t.app.inject({ url: `/api/v1/sandboxes/${sandbox.id}/messages/${summary.id}/raw`, headers: h() });
    expect(raw.headers['content-type']).toMatch(/message\/rfc822/);
    expect(raw.body).toContain('Subject: Your order has shipped');
    expect(raw.body).not.toContain('audit@shop.example');
    const file = await t.app.inject({ url: `/api/v1/sandboxes/${sandbox.id}/messages/${summary.id}/attachments/${summary.attachments[0].id}`, headers: h() });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('invoice 1001');
    // The same mail under the sandbox's mailbox name, as the dashboard's viewer reads it.
    const viaMailbox = (await t.app.inject({ url: `/api/v1/email/${sandbox.mailbox}/messages`, headers: h() })).json();
    expect(viaMailbox.messages.map((m: { id: string }) => m.id)).toContain(summary.id);
    // …but the mailbox is not an address: address operations refuse it.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/email/${sandbox.mailbox}`, headers: h() })).json().error).toBe('address_not_found');
  });

  it('marks read, deletes one and empties a sandbox', async () => {
    const transport = appTransport(ports.smtpPort, sandbox.smtp.username, sandbox.smtp.password);
    await transport.sendMail({ ...mail, subject: 'second' });
    await transport.sendMail({ ...mail, subject: 'third' });
    transport.close();
    const waited = (await t.app.inject({ url: `/api/v1/sandboxes/${sandbox.id}/messages/wait?timeout=10&count=3`, headers: h() })).json();
    expect(waited.count).toBeGreaterThanOrEqual(3);
    const [first] = waited.messages;
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/v1/sandboxes/${sandbox.id}/messages/${first.id}`, headers: h(), payload: { read: true } });
    expect(patched.json().read).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/sandboxes/${sandbox.id}/messages/${first.id}`, headers: h() })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/v1/sandboxes/${sandbox.id}/messages/${first.id}`, headers: h() })).json().error).toBe('message_not_found');
    const emptied = (await t.app.inject({ method: 'DELETE', url: `/api/v1/sandboxes/${sandbox.id}/messages`, headers: h() })).json();
    expect(emptied).toEqual({ success: true, deleted: waited.count - 1 });
    expect((await t.app.inject({ url: `/api/v1/sandboxes/${sandbox.id}/messages`, headers: h() })).json().count).toBe(0);
  });

  it('refuses wrong credentials with 535 5.7.8 and keeps unauthenticated mail to our domains only', async () => {
    const wrong = appTransport(ports.smtpPort, sandbox.smtp.username, 'eph_smtp_wrongwrongwrongwrongwrongwron');
    await expect(wrong.sendMail(mail)).rejects.toMatchObject({ responseCode: 535, response: expect.stringContaining('5.7.8') });
    wrong.close();
    const anonymous = nodemailer.createTransport({ host: '127.0.0.1', port: ports.smtpPort, secure: false, ignoreTLS: true });
    await expect(anonymous.sendMail(mail)).rejects.toMatchObject({ responseCode: 550, response: expect.stringContaining('5.7.1 Relaying denied') });
    anonymous.close();
  });

  it('rotation refuses the old password at once and hands out new ones', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/sandboxes/${sandbox.id}/rotate`, headers: h() });
    expect(res.statusCode).toBe(200);
    const rotated: Created = res.json().sandbox;
    expect(rotated.id).toBe(sandbox.id);
    expect(rotated.smtp.password).not.toBe(sandbox.smtp.password);
    expect(rotated.api_key).not.toBe(sandbox.api_key);
    const old = appTransport(ports.smtpPort, sandbox.smtp.username, sandbox.smtp.password);
    await expect(old.sendMail(mail)).rejects.toMatchObject({ responseCode: 535 });
    old.close();
    const fresh = appTransport(ports.smtpPort, rotated.smtp.username, rotated.smtp.password, { authMethod: 'LOGIN' });
    expect((await fresh.sendMail({ ...mail, subject: 'after rotation' })).response).toMatch(/^250 /);
    fresh.close();
    sandbox = rotated;
  });

  it("keeps one account's sandboxes from another's keys, and from keys without the scope", async () => {
    const other = await createAccount(t.context.database.db, `other-${dialect}-${Date.now()}@example.com`, 'developer');
    const otherKey = bearer((await createKey(t.context.database.db, other, 'developer')).key);
    for (const url of [`/api/v1/sandboxes/${sandbox.id}`, `/api/v1/sandboxes/${sandbox.id}/messages`, `/api/v1/sandboxes/${sandbox.id}/messages/wait?timeout=0`]) {
      const res = await t.app.inject({ url, headers: otherKey });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('sandbox_not_found');
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/sandboxes/${sandbox.id}`, headers: otherKey })).json().error).toBe('sandbox_not_found');
    expect((await t.app.inject({ url: '/api/v1/sandboxes', headers: otherKey })).json().sandboxes).toEqual([]);
    expect((await t.app.inject({ url: `/api/v1/email/${sandbox.mailbox}/messages`, headers: otherKey })).json().error).toBe('address_not_found');
    const readOnly = bearer((await createKey(t.context.database.db, t.account, 'developer', 'ro', { scopes: ['messages:read'], expiresAt: null, restrict: null })).key);
    const refused = await t.app.inject({ url: '/api/v1/sandboxes', headers: readOnly });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('insufficient_scope');
  });

  it('deleting a sandbox takes its mail and its credentials', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sandboxes', headers: h(), payload: { name: 'short-lived' } });
    const doomed: Created = res.json().sandbox;
    const transport = appTransport(ports.smtpPort, doomed.smtp.username, doomed.smtp.password);
    await transport.sendMail(mail);
    transport.close();
    expect((await t.app.inject({ url: `/api/v1/sandboxes/${doomed.id}/messages/wait?timeout=10`, headers: h() })).json().count).toBe(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/sandboxes/${doomed.id}`, headers: h() })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/v1/sandboxes/${doomed.id}`, headers: h() })).json().error).toBe('sandbox_not_found');
    const count = await t.context.database.db.selectFrom('messages').select('id').where('sandbox_id', '=', doomed.id).execute();
    expect(count).toEqual([]);
    const again = appTransport(ports.smtpPort, doomed.smtp.username, doomed.smtp.password);
    await expect(again.sendMail(mail)).rejects.toMatchObject({ responseCode: 535 });
    again.close();
  });
});

describe('SMTP submission with TLS', () => {
  const { cert, key } = selfSignedCertificate();
  let t: TestApp;
  let ports: { port: number; smtpPort: number; smtpsPort: number | null };
  let sandbox: Created;

  beforeAll(async () => {
    t = await makeTestApp({ env: { SMTP_TLS_CERT: cert, SMTP_TLS_KEY: key, SMTPS_PORT: '0', SMTP_HOSTNAME: 'localhost' } });
    ports = await t.runtime.start({ host: '127.0.0.1', port: 0, smtpPort: 0, smtpsPort: 0 });
    sandbox = (await t.app.inject({ method: 'POST', url: '/api/v1/sandboxes', headers: bearer(t.developerKey), payload: { name: 'tls' } })).json().sandbox;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('advertises STARTTLS and AUTH, and refuses AUTH before TLS with 538 5.7.11', async () => {
    const c = await dialog(ports.smtpPort);
    const ehlo = await c.command('EHLO app.example');
    expect(ehlo).toMatch(/STARTTLS/);
    expect(ehlo).toMatch(/AUTH PLAIN LOGIN/);
    const auth = await c.command(`AUTH PLAIN ${Buffer.from(`\0${sandbox.smtp.username}\0${sandbox.smtp.password}`).toString('base64')}`);
    c.close();
    expect(auth).toMatch(/^538 5\.7\.11 Encryption required/);
  });

  it('takes mail over STARTTLS + AUTH (requireTLS) and over implicit TLS', async () => {
    const starttls = appTransport(ports.smtpPort, sandbox.smtp.username, sandbox.smtp.password, { requireTLS: true, tls: { rejectUnauthorized: false } });
    expect((await starttls.sendMail({ ...mail, subject: 'over starttls' })).response).toMatch(/^250 /);
    starttls.close();
    expect(ports.smtpsPort).toBeGreaterThan(0);
    const implicit = nodemailer.createTransport({ host: '127.0.0.1', port: ports.smtpsPort!, secure: true, auth: { user: sandbox.smtp.username, pass: sandbox.smtp.password }, tls: { rejectUnauthorized: false } });
    expect((await implicit.sendMail({ ...mail, subject: 'over smtps' })).response).toMatch(/^250 /);
    implicit.close();
    const listed = (await t.app.inject({ url: `/api/v1/sandboxes/${sandbox.id}/messages/wait?timeout=10&count=2`, headers: bearer(t.developerKey) })).json();
    expect(listed.messages.map((m: { subject: string }) => m.subject).sort()).toEqual(['over smtps', 'over starttls']);
    expect(sandbox.smtp.tls_port).toBe(t.context.config.smtpTls?.smtpsPort ?? null);
  });

  it('a certificate path that cannot be read stops start-up with one line naming it', () => {
    expect(() => testConfig({ SMTP_TLS_CERT: '/nonexistent/cert.pem', SMTP_TLS_KEY: key })).toThrow(ConfigError);
    try {
      testConfig({ SMTP_TLS_CERT: '/nonexistent/cert.pem', SMTP_TLS_KEY: key });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual(['SMTP_TLS_CERT: cannot read /nonexistent/cert.pem (ENOENT)']);
    }
    expect(() => testConfig({ SMTP_TLS_CERT: key, SMTP_TLS_KEY: key })).toThrow(/do not make a usable certificate/);
  });
});

describe('SMTP AUTH throttling', () => {
  let t: TestApp;
  let smtpPort: number;
  let sandbox: Created;

  beforeAll(async () => {
    // A day's window: the failures' windows start on the clock's quarter hour by default, and a test straddling one
    // would count its last failures afresh (the guesser let in).
    t = await makeTestApp({ env: { RATE_LIMIT_SMTP_AUTH: '3', RATE_LIMIT_SMTP_AUTH_IP: '5', RATE_LIMIT_SMTP_AUTH_WINDOW_SECONDS: '86400' } });
    smtpPort = (await t.runtime.start({ host: '127.0.0.1', port: 0, smtpPort: 0 })).smtpPort;
    sandbox = (await t.app.inject({ method: 'POST', url: '/api/v1/sandboxes', headers: bearer(t.developerKey), payload: {} })).json().sandbox;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("locks out the guessing client, not the application that knows the password from another address", async () => {
    const guesser = { localAddress: '127.0.0.2' };
    for (let i = 0; i < 3; i++) {
      const wrong = appTransport(smtpPort, sandbox.smtp.username, `eph_smtp_guess${i}`, guesser);
      await expect(wrong.sendMail(mail)).rejects.toMatchObject({ responseCode: 535 });
      wrong.close();
    }
    // The guesser is refused now, even with the right password…
    const blocked = appTransport(smtpPort, sandbox.smtp.username, sandbox.smtp.password, guesser);
    await expect(blocked.sendMail(mail)).rejects.toMatchObject({ responseCode: 454 });
    blocked.close();
    // …while the application, elsewhere, still gets in.
    const app = appTransport(smtpPort, sandbox.smtp.username, sandbox.smtp.password, { localAddress: '127.0.0.3' });
    expect((await app.sendMail(mail)).response).toMatch(/^250 /);
    app.close();
  });
});

describe('SMTP_CAPTURE_ALL', () => {
  let t: TestApp;
  let smtpPort: number;

  beforeAll(async () => {
    t = await makeTestApp({ env: { SMTP_CAPTURE_ALL: 'true' } });
    smtpPort = (await t.runtime.start({ host: '127.0.0.1', port: 0, smtpPort: 0 })).smtpPort;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('catches unauthenticated mail for any recipient in the default sandbox, and addresses still get theirs', async () => {
    const address = (await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: bearer(t.developerKey), payload: { prefix: 'real' } })).json().email;
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    const info = await transport.sendMail({ from: 'app@dev.example', to: ['someone@gmail.com', address], subject: 'caught' });
    transport.close();
    expect(info.response).toMatch(/^250 /);
    const sandboxes = (await t.app.inject({ url: '/api/v1/sandboxes', headers: bearer(t.developerKey) })).json().sandboxes;
    expect(sandboxes.map((s: Created) => s.name)).toEqual(['default']);
    const caught = (await t.app.inject({ url: `/api/v1/sandboxes/${sandboxes[0].id}/messages/wait?timeout=10`, headers: bearer(t.developerKey) })).json();
    expect(caught.messages[0]).toMatchObject({ subject: 'caught', via: 'smtp', envelope: { mail_from: 'app@dev.example', rcpt_to: ['someone@gmail.com'] } });
    const own = (await t.app.inject({ url: `/api/v1/email/${address}/messages/wait?timeout=10`, headers: bearer(t.developerKey) })).json();
    expect(own.messages[0]).toMatchObject({ subject: 'caught' });
    expect(own.messages[0].via).toBeUndefined();
  });
});
