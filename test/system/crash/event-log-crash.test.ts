import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS, testConfig } from '../../helpers/app.js';
import { createStore, exited, killAll, startServer, stopServer } from '../../helpers/server-process.js';
import { startReceiver, verify } from '../../helpers/webhook-receiver.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createAddress } from '../../../src/mail/addresses.js';
import { createKey } from '../../../src/identity/keys.js';
import { createWebhook } from '../../../src/webhooks/webhooks.js';

const MESSAGES = 80;
const ADDRESS_OPS = 20;
const KILL_AFTER = 30;
const TEST_SENDS = 10;

afterAll(killAll);

type Payload = { type: string; data: { address: string; message?: { subject: string } } };

/**
 * kill -9 in the middle of SMTP deliveries, address changes and test sends, with webhooks subscribed to all of it:
 * every event whose state change committed — each acknowledged message, each address created or deleted with a
 * 2xx, each test delivery answered 202 — reaches the receiver after the restart, whether the crash came before its
 * outbox row, before its attempt or during it (the receiver holds some attempts open, so a few are under way when
 * the process dies), and the outbox ends with every delivery sent.
 */
describe.each(DIALECTS)('no webhook event is lost across kill -9 on %s', (dialect) => {
  it('delivers after a restart every message.received and address.* event that committed before the crash', async () => {
    const store = await createStore(dialect);
    const receiver = await startReceiver();
    try {
      const run = randomBytes(3).toString('hex');
      const config = testConfig({ MAIL_DOMAINS: 'ephemail.test' });
      const database = await store.open();
      let secret: string;
      let developerKey: string;
      let inbox: string;
      let webhookId: string;
      try {
        const account = await createAccount(database.db, `events-${dialect}-${run}@example.com`, 'developer');
        developerKey = (await createKey(database.db, account, 'developer')).key;
        inbox = (await createAddress(database.db, config, account.id, { prefix: `inbox-${run}` })).address;
        const hook = await createWebhook(database.db, { policy: { allowPrivate: true, allowedNetworks: [] } }, account.id, {
          url: `${receiver.url}/events`,
          events: ['message.received', 'address.created', 'address.deleted'],
        });
        secret = hook.secret;
        webhookId = hook.view.id;
      } finally {
        await database.close();
      }
      // Until the restart the receiver refuses everything, so whatever was queued must survive in the outbox; every
      // third attempt it holds open, so the crash cuts attempts under way.
      let accepting = false;
      let held = 0;
      receiver.respond((_req, i) => (accepting ? { status: 204 } : i % 3 === 2 ? (held++, 'hang') : { status: 503, body: 'not yet' }));

      // A short attempt budget keeps the claim of an attempt cut off by the crash short (budget + 10 s).
      // A short intake lease, likewise: messages the crash cut off mid-processing are taken again 5 s later on PostgreSQL.
      const env = { ...store.env, MAIL_DOMAINS: 'ephemail.test', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_MS: '2000', INTAKE_LEASE_SECONDS: '5' };
      const first = await startServer(env);
      const auth = { authorization: `Bearer ${developerKey}`, 'content-type': 'application/json' };
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: first.smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 5 });
      const acknowledged: string[] = [];
      const created: string[] = [];
      const deleted: string[] = [];
      const mail = Array.from({ length: MESSAGES }, (_, i) =>
        transport.sendMail({ from: 'load@example.com', to: inbox, subject: `m-${run}-${i}`, text: 'x\n' }).then(
          () => {
            acknowledged.push(`m-${run}-${i}`);
            if (acknowledged.length === KILL_AFTER) first.child.kill('SIGKILL');
          },
          () => undefined,
        ),
      );
      const tests: string[] = [];
      const testSends = (async () => {
        for (let i = 0; i < TEST_SENDS; i++) {
          try {
            const res = await fetch(`${first.url}/api/v1/webhooks/${webhookId}/test`, { method: 'POST', headers: auth });
            if (res.status === 202) tests.push(((await res.json()) as { id: string }).id);
          } catch {
            return; // the server is gone
          }
        }
      })();
      const addresses = (async () => {
        for (let i = 0; i < ADDRESS_OPS; i++) {
          try {
            const res = await fetch(`${first.url}/api/v1/email/create`, { method: 'POST', headers: auth, body: JSON.stringify({ prefix: `a-${run}-${i}` }) });
            if (res.status !== 201) continue;
            const { email } = (await res.json()) as { email: string };
            created.push(email);
            if (i % 2 === 0 && (await fetch(`${first.url}/api/v1/email/${email}`, { method: 'DELETE', headers: auth })).status === 200) deleted.push(email);
          } catch {
            return; // the server is gone
          }
        }
      })();
      await Promise.all([...mail, addresses, testSends]);
      transport.close();
      await exited(first.child);
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(acknowledged.length).toBeLessThan(MESSAGES); // the crash landed mid-burst
      expect(held).toBeGreaterThan(0); // and attempts were under way

      accepting = true;
      const refusedBefore = receiver.received.length;
      const second = await startServer(env);
      try {
        const accepted = () =>
          receiver.received
            .slice(refusedBefore)
            .filter((r) => r.path === '/events')
            .map((r) => verify(secret, r) as Payload);
        const missing = () => {
          const got = accepted();
          const has = (type: string, match: (p: Payload) => boolean) => got.some((p) => p.type === type && match(p));
          const ids = new Set(receiver.received.slice(refusedBefore).map((r) => r.headers['webhook-id']));
          return [
            ...acknowledged.filter((s) => !has('message.received', (p) => p.data.message?.subject === s)),
            ...created.filter((a) => !has('address.created', (p) => p.data.address === a)),
            ...deleted.filter((a) => !has('address.deleted', (p) => p.data.address === a)),
            ...tests.filter((id) => !ids.has(id)),
          ];
        };
        const unsent = async () => {
          const database = await store.open();
          try {
            const rows = await database.db.selectFrom('webhook_deliveries').select(['id', 'status']).where('webhook_id', '=', webhookId).execute();
            return rows.filter((r) => r.status !== 'succeeded').map((r) => `${r.id} ${r.status}`);
          } finally {
            await database.close();
          }
        };
        // Refused attempts are retried 5 s (±20 %) later, attempts cut by the crash once their claim lapses
        // (WEBHOOK_TIMEOUT_MS + 10 s); events that never reached the outbox are queued at start.
        const deadline = Date.now() + 40_000;
        while (missing().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
        while ((await unsent()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
        console.info(
          `[event-log crash ${dialect}] acknowledged ${acknowledged.length}/${MESSAGES} messages, ${created.length} creates, ${deleted.length} deletes, ${tests.length} test sends; ` +
            `${held} attempts held open at the crash, ` +
            `${refusedBefore} webhook requests refused before the crash, ${receiver.received.length - refusedBefore} accepted after the restart`,
        );
        expect(missing()).toEqual([]);
        expect(tests.length).toBeGreaterThan(0);
        // Every delivery in the outbox went out: none is left pending or failed.
        expect(await unsent()).toEqual([]);
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
