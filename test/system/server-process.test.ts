import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../helpers/app.js';
import { SUITE_BUNDLE } from '../helpers/bundle.js';
import { createStore, exited, killAll, startServer, stopServer } from '../helpers/server-process.js';
import { createAccount } from '../../src/identity/accounts.js';
import { createAddress } from '../../src/mail/addresses.js';
import { createKey } from '../../src/identity/keys.js';

afterAll(killAll);

/** A raw SMTP client: each call writes a line and resolves with the next reply line. */
function smtpSession(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let buffered = '';
  const waiting: Array<(line: string) => void> = [];
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let i;
    while ((i = buffered.indexOf('\r\n')) >= 0) {
      const line = buffered.slice(0, i);
      buffered = buffered.slice(i + 2);
      if (/^\d{3} /.test(line)) waiting.shift()?.(line);
    }
  });
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  return {
    greeting: next(),
    send(text: string) {
      const reply = next();
      socket.write(text);
      return reply;
    },
    write: (text: string) => socket.write(text),
    close: () => socket.destroy(),
  };
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect(port, '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', () => resolve(true));
  });

describe('graceful shutdown (SIGTERM)', () => {
  it('stops accepting, lets the SMTP transaction under way commit, flushes usage counters and exits 0 in time', async () => {
    const store = await createStore('sqlite');
    const database = await store.open();
    let address: string;
    let toolsKey: string;
    try {
      const account = await createAccount(database.db, 'shutdown@example.com', 'developer');
      toolsKey = (await createKey(database.db, account, 'tools')).key;
      address = (await createAddress(database.db, testConfig({ MAIL_DOMAINS: 'ephemail.test' }), account.id, { prefix: 'shutdown' })).address;
    } finally {
      await database.close();
    }
    const server = await startServer({ ...store.env, MAIL_DOMAINS: 'ephemail.test', SHUTDOWN_TIMEOUT_MS: '8000' });
    // A keyed call whose usage count sits in memory until the recorder's next batch (or the shutdown flush).
    expect((await fetch(`${server.url}/api/tools/age-calculator?birthDate=1990-05-15`, { headers: { 'x-api-key': toolsKey } })).status).toBe(200);

    const smtp = smtpSession(server.smtpPort);
    expect(await smtp.greeting).toMatch(/^220 /);
    await smtp.send('EHLO client.test\r\n');
    expect(await smtp.send('MAIL FROM:<sender@example.com>\r\n')).toMatch(/^250 /);
    expect(await smtp.send(`RCPT TO:<${address}>\r\n`)).toMatch(/^250 /);
    expect(await smtp.send('DATA\r\n')).toMatch(/^354 /);
    smtp.write(`From: sender@example.com\r\nTo: ${address}\r\nSubject: in flight at shutdown\r\n\r\n`);

    const started = Date.now();
    server.child.kill('SIGTERM');
    // Neither listener takes new connections any more (HTTP may answer 503 on a connection that was already open).
    await expect.poll(() => refused(server.smtpPort), { timeout: 3000, interval: 50 }).toBe(true);
    await expect.poll(async () => (await fetch(`${server.url}/ready`).then((r) => r.status, () => 'refused')) !== 200, { timeout: 3000, interval: 50 }).toBe(true);

    // The transaction under way still completes, and its 250 means committed: to the intake queue, which a processor
    // may or may not have emptied before the process stopped (entries not yet taken wait for the next start).
    expect(await smtp.send('body written after SIGTERM\r\n.\r\n')).toMatch(/^250 /);
    smtp.close();
    await exited(server.child);
    expect(server.child.exitCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(8000);

    const after = await store.open();
    try {
      const stored = await after.db.selectFrom('messages').select('subject').execute();
      const queued = await after.db.selectFrom('intake_queue').select('id').execute();
      expect(stored.length + queued.length).toBe(1);
      const usage = await after.db.selectFrom('usage_daily').select(['operation_id', 'requests']).execute();
      expect(usage).toEqual([{ operation_id: 'calculateAge', requests: 1 }]);
    } finally {
      await after.close();
    }

    // Started again, the message is stored once, whichever side of the shutdown its processing fell on.
    const again = await startServer({ ...store.env, MAIL_DOMAINS: 'ephemail.test' });
    try {
      const reopened = await store.open();
      try {
        await expect
          .poll(async () => (await reopened.db.selectFrom('messages').select('subject').execute()).map((m) => m.subject), { timeout: 10_000, interval: 100 })
          .toEqual(['in flight at shutdown']);
        expect(await reopened.db.selectFrom('intake_queue').select('id').execute()).toEqual([]);
      } finally {
        await reopened.close();
      }
    } finally {
      await stopServer(again);
    }
  }, 40_000);
});

describe('draining before shutdown (SHUTDOWN_DRAIN_MS)', () => {
  it('refuses new HTTP connections at once and answers on an open one, closing it, until the drain ends', async () => {
    const store = await createStore('sqlite');
    const server = await startServer({ ...store.env, SHUTDOWN_DRAIN_MS: '3000', SHUTDOWN_TIMEOUT_MS: '10000' });
    const port = Number(new URL(server.url).port);
    // A keep-alive connection as a balancer holds one: a first request on it, then the shutdown, then another.
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (c: Buffer) => (received += c.toString()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const answer = async (count: number) => expect.poll(() => received.split('HTTP/1.1 ').length - 1, { timeout: 3000, interval: 20 }).toBe(count);
    socket.write('GET /health HTTP/1.1\r\nHost: t\r\n\r\n');
    await answer(1);
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received.toLowerCase()).toContain('connection: keep-alive');

    const stopping = Date.now();
    server.child.kill('SIGTERM');
    await expect.poll(() => refused(port), { timeout: 2000, interval: 20 }).toBe(true);
    // Refused well before the drain ends: a balancer retries a refused connection elsewhere, whatever the method.
    expect(Date.now() - stopping).toBeLessThan(2000);
    socket.write('GET /ready HTTP/1.1\r\nHost: t\r\n\r\n');
    await answer(2);
    const second = received.slice(received.lastIndexOf('HTTP/1.1 '));
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second.toLowerCase()).toContain('connection: close');
    await closed;
    await exited(server.child);
    expect(server.child.exitCode).toBe(0);
    // The drain was kept: the process stayed for it before closing what was left.
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(3000);
  }, 30_000);
});

describe('a port already in use', () => {
  it.each(['PORT', 'SMTP_PORT'])('stops with one line naming %s, not a stack trace', async (variable) => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    const store = await createStore('sqlite');
    try {
      const { spawnSync } = await import('node:child_process');
      const free = variable === 'PORT' ? { SMTP_PORT: '0' } : { PORT: '0' };
      const run = spawnSync(process.execPath, [SUITE_BUNDLE], {
        cwd: new URL('../..', import.meta.url).pathname,
        env: { ...process.env, ...store.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', BOOTSTRAP: 'false', ...free, [variable]: String(taken) },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(`${variable}=${taken} is already in use on 127.0.0.1; set ${variable} to another port.`);
    } finally {
      blocker.close();
    }
  }, 40_000);
});
