import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS, testConfig } from '../../helpers/app.js';
import { createStore, exited, killAll, startServer, stopServer, type TestStore } from '../../helpers/server-process.js';
import { startReceiver, verify, type Receiver } from '../../helpers/webhook-receiver.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createAddress } from '../../../src/mail/addresses.js';
import { createKey } from '../../../src/identity/keys.js';
import { createWebhook } from '../../../src/webhooks/webhooks.js';

const MESSAGES = 25;

afterAll(killAll);

type Payload = { type: string; data: { address: string; message?: { id: string; subject: string } } };

/** An account with a developer key, one inbox and a webhook on message.received to `receiver`, in a store of its own. */
async function prepare(store: TestStore, receiver: Receiver, run: string) {
  const database = await store.open();
  try {
    const config = testConfig({ MAIL_DOMAINS: 'ephemail.test' });
    const account = await createAccount(database.db, `intake-${run}@example.com`, 'developer');
    const developerKey = (await createKey(database.db, account, 'developer')).key;
    const inbox = (await createAddress(database.db, config, account.id, { prefix: `inbox-${run}` })).address;
    const hook = await createWebhook(database.db, { policy: { allowPrivate: true, allowedNetworks: [] } }, account.id, { url: `${receiver.url}/events`, events: ['message.received'] });
    return { developerKey, inbox, secret: hook.secret };
  } finally {
    await database.close();
  }
}

async function sendAll(port: number, to: string, subjects: string[]): Promise<string[]> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, pool: true, maxConnections: 5 });
  try {
    const infos = await Promise.all(subjects.map((subject) => transport.sendMail({ from: 'load@example.com', to, subject, text: `${subject}\n` })));
    return infos.map((i) => i.response);
  } finally {
    transport.close();
  }
}

/** Lists the inbox through the API until `count` messages are there (bounded). */
/** Lists until `count` messages are there or a minute passed (a fresh process on a loaded 2-core machine compiles
 * its TypeScript and starts its workers first: the test is about nothing lost, not about speed). */
async function listUntil(url: string, key: string, inbox: string, count: number): Promise<Array<{ id: string; subject: string }>> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${url}/api/v1/email/${inbox}/messages?limit=100`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await res.json()) as { count: number; messages: Array<{ id: string; subject: string }> };
    if (body.count >= count || Date.now() > deadline) return body.messages;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function untilWebhooks(receiver: Receiver, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (receiver.received.filter((r) => r.path === '/events').length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

describe.each(DIALECTS)('the intake queue across kill -9 on %s', (dialect) => {
  it('stores every message acknowledged but not yet processed exactly once after a restart, with one event and one webhook each', async () => {
    const store = await createStore(dialect);
    const receiver = await startReceiver(() => ({ status: 204 }));
    try {
      const run = randomBytes(3).toString('hex');
      const { developerKey, inbox, secret } = await prepare(store, receiver, run);
      const env = { ...store.env, MAIL_DOMAINS: 'ephemail.test', WEBHOOK_ALLOW_PRIVATE: 'true', INTAKE_LEASE_SECONDS: '5' };
      // INTAKE_CONCURRENCY=0: this instance only accepts, so every acknowledged message is still queued at the crash.
      const first = await startServer({ ...env, INTAKE_CONCURRENCY: '0' });
      const subjects = Array.from({ length: MESSAGES }, (_, i) => `q-${run}-${i}`);
      const responses = await sendAll(first.smtpPort, inbox, subjects);
      expect(responses.every((r) => /^250 2\.0\.0 Ok: queued msg_[0-9a-f]+$/.test(r))).toBe(true);
      const before = await fetch(`${first.url}/api/v1/email/${inbox}/messages`, { headers: { authorization: `Bearer ${developerKey}` } });
      expect(((await before.json()) as { count: number }).count).toBe(0);
      first.child.kill('SIGKILL');
      await exited(first.child);

      const second = await startServer(env);
      try {
        const listed = await listUntil(second.url, developerKey, inbox, MESSAGES);
        expect(listed.map((m) => m.subject).sort()).toEqual([...subjects].sort());
        // The ids the 250s announced are the ids the messages have.
        const announced = responses.map((r) => /queued (msg_[0-9a-f]+)/.exec(r)![1]);
        expect(listed.map((m) => m.id).sort()).toEqual(announced.sort());
        await untilWebhooks(receiver, MESSAGES);
        // A moment more: a duplicate would arrive now.
        await new Promise((r) => setTimeout(r, 1000));
        const hooks = receiver.received.filter((r) => r.path === '/events').map((r) => verify(secret, r) as Payload);
        expect(hooks.map((p) => p.data.message?.subject).sort()).toEqual([...subjects].sort());
        const database = await store.open();
        try {
          const events = await database.db.selectFrom('events').select('message_id').where('type', '=', 'message.received').execute();
          expect(events.map((e) => e.message_id).sort()).toEqual(announced.sort());
          expect(await database.db.selectFrom('intake_queue').select('id').execute()).toEqual([]);
        } finally {
          await database.close();
        }
      } finally {
        await stopServer(second);
      }
    } finally {
      await killAll();
      await receiver.close();
      await store.drop();
    }
  }, 120_000);
});

describe.skipIf(!DIALECTS.includes('postgres'))('two instances on one PostgreSQL', () => {
  it('processes on B the messages A accepted, while A is stopped', async () => {
    const store = await createStore('postgres');
    const receiver = await startReceiver(() => ({ status: 204 }));
    try {
      const run = randomBytes(3).toString('hex');
      const { developerKey, inbox } = await prepare(store, receiver, run);
      const env = { ...store.env, MAIL_DOMAINS: 'ephemail.test', WEBHOOK_ALLOW_PRIVATE: 'true' };
      const a = await startServer({ ...env, INTAKE_CONCURRENCY: '0' });
      const subjects = Array.from({ length: 10 }, (_, i) => `ab-${run}-${i}`);
      const responses = await sendAll(a.smtpPort, inbox, subjects);
      expect(responses.every((r) => r.startsWith('250 '))).toBe(true);
      await stopServer(a);

      const b = await startServer(env);
      try {
        const listed = await listUntil(b.url, developerKey, inbox, subjects.length);
        // B's warnings say why a message took long (a failed attempt is logged with its error).
        expect(listed.map((m) => m.subject).sort(), b.output()).toEqual([...subjects].sort());
      } finally {
        await stopServer(b);
      }
    } finally {
      await killAll();
      await receiver.close();
      await store.drop();
    }
  }, 120_000);
});
