import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../helpers/app.js';
import { openSse } from '../helpers/sse.js';
import { dialog } from '../helpers/smtp-dialog.js';
import { createStore, killAll, startServer, stopServer, type ServerProcess, type TestStore } from '../helpers/server-process.js';
import { startReceiver, verify, type Receiver } from '../helpers/webhook-receiver.js';
import { createAccount } from '../../src/identity/accounts.js';
import { createAddress } from '../../src/mail/addresses.js';
import { createKey, revokeKeyByIdOrValue } from '../../src/identity/keys.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DOMAIN = 'scale.test';

/**
 * Two real server processes on one PostgreSQL and one Redis, each with its own HTTP and SMTP port — as an operator
 * runs them behind a load balancer. The safety-net poll of the event log is set to a minute, so everything here that
 * crosses instances within seconds went through the wake-up channel (Redis pub/sub), not the poll.
 */
describe('two instances on PostgreSQL + Redis behave as one service', () => {
  let store: TestStore;
  let a: ServerProcess;
  let b: ServerProcess;
  let receiver: Receiver;
  let developerKey: string;
  let toolsKey: string;
  let accountId: string;
  let auth: Record<string, string>;
  const run = randomBytes(3).toString('hex');
  let counter = 0;

  const create = async (on: ServerProcess, payload: object = {}) => {
    const res = await fetch(`${on.url}/api/v1/email/create`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: `so-${run}-${++counter}`, ...payload }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { email: string }).email;
  };
  const send = async (via: ServerProcess, to: string, subject: string) => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: via.smtpPort, secure: false, ignoreTLS: true });
    try {
      const info = await transport.sendMail({ from: 'Product <noreply@product.example>', to, subject, text: `${subject}\n` });
      expect(info.response).toMatch(/^250 /);
      return Date.now();
    } finally {
      transport.close();
    }
  };

  beforeAll(async () => {
    store = await createStore('postgres');
    const database = await store.open();
    try {
      const account = await createAccount(database.db, `scale-${run}@example.com`, 'developer');
      accountId = account.id;
      developerKey = (await createKey(database.db, account, 'developer')).key;
      toolsKey = (await createKey(database.db, account, 'tools')).key;
    } finally {
      await database.close();
    }
    auth = { authorization: `Bearer ${developerKey}` };
    receiver = await startReceiver();
    const env = {
      ...store.env,
      REDIS_URL,
      MAIL_DOMAINS: DOMAIN,
      EVENT_POLL_MS: '60000',
      SWEEP_INTERVAL_SECONDS: '1',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      RATE_LIMIT_TOOLS: '6',
      // The rate-limit counters live in Redis: a run-specific window keeps other runs' counts out.
      RATE_LIMIT_WINDOW_SECONDS: String(3000 + Math.floor(Math.random() * 500)),
    };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 60_000);
  afterAll(async () => {
    await killAll();
    await receiver?.close();
    await store?.drop();
  });

  it('a wait on instance A answers mail that instance B acknowledged, within a second', async () => {
    // Each instance's first message pays for loading the mail path (the worker's parser, mailauth): a message through
    // each first, so the second below measures the wake-up across instances and not a cold start.
    for (const via of [a, b]) {
      const warm = await create(a);
      await send(via, warm, 'warm-up');
      const seen = await fetch(`${a.url}/api/v1/email/${warm}/messages/wait?timeout=20`, { headers: auth });
      expect(((await seen.json()) as { timed_out: boolean }).timed_out).toBe(false);
    }
    const address = await create(a);
    const pending = fetch(`${a.url}/api/v1/email/${address}/messages/wait?timeout=20`, { headers: auth }).then(async (res) => ({
      at: Date.now(),
      status: res.status,
      body: (await res.json()) as { messages: Array<{ subject: string }>; timed_out: boolean },
    }));
    await new Promise((r) => setTimeout(r, 300));
    const acknowledged = await send(b, address, 'via B');
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ timed_out: false, messages: [{ subject: 'via B' }] });
    // The log's poll runs once a minute here: only the cross-instance wake-up can answer this fast.
    expect(answer.at - acknowledged).toBeLessThan(1000);
  });

  it('SSE on A streams mail delivered through B, and resumes on B from the Last-Event-ID A sent', async () => {
    const address = await create(b);
    const onA = await openSse(`${a.url}/api/v1/email/${address}/events`, auth);
    await onA.next((e) => e.comments.includes('connected'));
    await new Promise((r) => setTimeout(r, 200));
    await send(b, address, 'first');
    const first = await onA.next((e) => e.event === 'message', 5000);
    expect(JSON.parse(first.data!)).toMatchObject({ subject: 'first' });
    onA.close();
    // Mail arrives through A while the client is away; it reconnects to B with the id A gave it.
    await send(a, address, 'second');
    await send(a, address, 'third');
    const onB = await openSse(`${b.url}/api/v1/email/${address}/events`, { ...auth, 'last-event-id': first.id! });
    const replayed = [await onB.next((e) => e.event === 'message', 5000), await onB.next((e) => e.event === 'message', 5000)];
    expect(replayed.map((e) => JSON.parse(e.data!).subject)).toEqual(['second', 'third']);
    expect(Number(replayed[0].id)).toBeGreaterThan(Number(first.id));
    onB.close();
  });

  it('drops a revoked key on every instance within a second, also when another process revoked it', async () => {
    const database = await store.open();
    try {
      const account = await createAccount(database.db, `revoke-${run}@example.com`, 'developer');
      const { key } = await createKey(database.db, account, 'tools');
      const call = (on: ServerProcess) => fetch(`${on.url}/api/tools/age-calculator?birthDate=1990-05-15`, { headers: { 'x-api-key': key } });
      expect([(await call(a)).status, (await call(b)).status]).toEqual([200, 200]); // now cached on both
      // Revoked by a process of its own (as the operator CLI does): PostgreSQL NOTIFY carries the event.
      await revokeKeyByIdOrValue(database.db, key);
      const revokedAt = Date.now();
      await expect.poll(async () => [(await call(a)).status, (await call(b)).status], { timeout: 1000, interval: 25 }).toEqual([401, 401]);
      expect(Date.now() - revokedAt).toBeLessThan(1000);
    } finally {
      await database.close();
    }
  });

  it('refuses at RCPT TO on B, within a second, an address deleted on A, and applies a fault profile put on A', async () => {
    /** The reply to RCPT TO alone: a recipient refused at the end of DATA instead would not show here. */
    const rcpt = async (via: ServerProcess, to: string) => {
      const c = await dialog(via.smtpPort);
      try {
        await c.command('EHLO client.example.com');
        await c.command('MAIL FROM:<p@product.example>');
        return await c.command(`RCPT TO:<${to}>`);
      } finally {
        c.close();
      }
    };
    const faulty = await create(a);
    const gone = await create(a);
    // B has read both addresses for mail just now, and keeps them.
    for (const to of [faulty, gone]) await send(b, to, 'before');
    const put = await fetch(`${a.url}/api/v1/email/${faulty}/faults`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ rules: [{ action: 'reject', stage: 'rcpt', code: 550, message: '5.7.1 Refused on purpose' }] }),
    });
    expect(put.status).toBe(200);
    expect((await fetch(`${a.url}/api/v1/email/${gone}`, { method: 'DELETE', headers: auth })).status).toBe(200);
    const changedAt = Date.now();
    await expect
      .poll(async () => [await rcpt(b, faulty), await rcpt(b, gone)], { timeout: 1000, interval: 25 })
      .toEqual(['550 5.7.1 Refused on purpose\r\n', '550 5.1.1 Mailbox unavailable\r\n']);
    expect(Date.now() - changedAt).toBeLessThan(1000);
  });

  it('shares rate limits: a key\'s allowance is spent across both instances', async () => {
    const call = (on: ServerProcess) => fetch(`${on.url}/api/tools/age-calculator?birthDate=1990-05-15`, { headers: { 'x-api-key': toolsKey } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(i % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const over = [await call(a), await call(b)];
    expect(over.map((r) => r.status)).toEqual([429, 429]);
    expect(((await over[1].json()) as { error: string }).error).toBe('rate_limited');
  });

  it('queues and sends each webhook delivery once, whichever instance received the mail', async () => {
    const address = await create(a);
    const hook = await fetch(`${b.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiver.url}/once`, events: ['message.received'], address }),
    });
    expect(hook.status).toBe(201);
    const { secret } = (await hook.json()) as { secret: string };
    const subjects = Array.from({ length: 10 }, (_, i) => `hook-${i}`);
    await Promise.all(subjects.map((s, i) => send(i % 2 === 0 ? a : b, address, s)));
    await receiver.waitFor(subjects.length, 15_000);
    // Both enqueuers and both workers had the chance to send: give a duplicate time to show up.
    await new Promise((r) => setTimeout(r, 1500));
    const got = receiver.received.filter((r) => r.path === '/once');
    const payloads = got.map((r) => verify(secret, r) as { data: { message: { subject: string } } });
    expect(payloads.map((p) => p.data.message.subject).sort()).toEqual([...subjects].sort());
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(got.length);
  });

  it('announces an expiry once although both instances sweep every second', async () => {
    const hook = await fetch(`${a.url}/api/v1/webhooks`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiver.url}/expired`, events: ['address.expired'] }),
    });
    expect(hook.status).toBe(201);
    // Addresses that expire two seconds from now (created "eight seconds ago" with the minimum lifetime of 10 s).
    const database = await store.open();
    const expiring: string[] = [];
    try {
      const config = testConfig({ MAIL_DOMAINS: DOMAIN });
      for (let i = 0; i < 5; i++) {
        const row = await createAddress(database.db, config, accountId, { prefix: `exp-${run}-${i}`, expires_in: 10 }, new Date(Date.now() - 8000));
        expiring.push(row.address);
      }
    } finally {
      await database.close();
    }
    await receiver.waitFor(receiver.received.filter((r) => r.path === '/once').length + expiring.length, 15_000);
    await new Promise((r) => setTimeout(r, 2500)); // several more sweeps on each instance
    const announced = receiver.received.filter((r) => r.path === '/expired').map((r) => (JSON.parse(r.body) as { data: { address: string } }).data.address);
    expect(announced.filter((x) => expiring.includes(x)).sort()).toEqual([...expiring].sort());
  });

  it('stops cleanly on SIGTERM while the other instance keeps serving', async () => {
    await stopServer(b);
    expect(b.child.exitCode).toBe(0);
    const address = await create(a);
    await send(a, address, 'still here');
    // Stored by the intake processors shortly after the 250.
    const count = async () => ((await (await fetch(`${a.url}/api/v1/email/${address}/messages`, { headers: auth })).json()) as { count: number }).count;
    await expect.poll(count, { timeout: 10_000, interval: 50 }).toBe(1);
  });
});
