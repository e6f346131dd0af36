import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS, testConfig } from '../../helpers/app.js';
import { createStore, exited, killAll, startServer } from '../../helpers/server-process.js';
import type { Database } from '../../../src/db/database.js';
import type { Dialect } from '../../../src/db/dialect.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createAddress } from '../../../src/mail/addresses.js';

const BURST = 200;
const KILL_AFTER = 60;

/** One account and one address to deliver to, in a store of its own. */
async function prepareStore(dialect: Dialect, cleanups: Array<() => Promise<void>>): Promise<{ env: Record<string, string>; open(): Promise<Database>; addressId: string; address: string }> {
  const store = await createStore(dialect);
  cleanups.push(() => store.drop());
  const database = await store.open();
  try {
    const account = await createAccount(database.db, `crash-${dialect}@example.com`, 'developer');
    const row = await createAddress(database.db, testConfig({ MAIL_DOMAINS: 'ephemail.test' }), account.id, { prefix: 'crash', expires_in: 3600 });
    // A short intake lease: on PostgreSQL, messages the crash cut off mid-processing are taken again 5 s later.
    return { env: { ...store.env, MAIL_DOMAINS: 'ephemail.test', INTAKE_LEASE_SECONDS: '5' }, open: store.open, addressId: row.id, address: row.address };
  } finally {
    await database.close();
  }
}

afterAll(killAll);

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(DIALECTS)('SMTP durability across kill -9 on %s', (dialect) => {
  it(`keeps every acknowledged message of a ${BURST}-message burst when the server is killed mid-burst`, async () => {
    const cleanups: Array<() => Promise<void>> = [];
    try {
      const store = await prepareStore(dialect, cleanups);
      const first = await startServer(store.env);
      const run = randomBytes(4).toString('hex');
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: first.smtpPort,
        secure: false,
        ignoreTLS: true,
        pool: true,
        maxConnections: 10,
        maxMessages: Infinity,
      });
      const acknowledged: string[] = [];
      const failed: string[] = [];
      const sends = Array.from({ length: BURST }, (_, i) => {
        const subject = `crash-${run}-${i}`;
        return transport
          .sendMail({ from: 'burst@example.com', to: store.address, subject, messageId: `<${subject}@crash.test>`, text: `message ${i}\n`.repeat(20) })
          .then(
            (info) => {
              expect(info.response).toMatch(/^250 /);
              acknowledged.push(subject);
              if (acknowledged.length === KILL_AFTER) first.child.kill('SIGKILL');
            },
            () => {
              failed.push(subject);
            },
          );
      });
      let settleTimer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(sends),
        new Promise((_, reject) => {
          settleTimer = setTimeout(() => reject(new Error(`deliveries did not settle: ${acknowledged.length} acknowledged, ${failed.length} failed`)), 40_000);
        }),
      ]).finally(() => clearTimeout(settleTimer));
      transport.close();
      await exited(first.child);
      expect(first.child.signalCode).toBe('SIGKILL');

      // The crash has to land mid-burst for the test to mean anything: some sends were cut off.
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(failed.length).toBeGreaterThan(0);
      expect(acknowledged.length + failed.length).toBe(BURST);

      // Restart on the same store: it must open (SQLite recovers its WAL) and still hold every acknowledged message.
      const second = await startServer(store.env);
      const database = await store.open();
      try {
        // Acknowledged means queued: the restarted server's processors store what the crash left in the queue.
        await until(async () => (await database.db.selectFrom('intake_queue').select('id').execute()).length === 0, 30_000);
        const rows = await database.db.selectFrom('messages').select('subject').where('address_id', '=', store.addressId).execute();
        const stored = rows.map((r) => r.subject ?? '');
        const missing = acknowledged.filter((s) => !stored.includes(s));
        console.info(
          `[crash ${dialect}] sent ${BURST}, acknowledged ${acknowledged.length}, cut off ${failed.length}, stored ${stored.length} ` +
            `(${stored.length - acknowledged.length} committed without their 250 reaching the client), missing ${missing.length}`,
        );
        expect(missing).toEqual([]);
        expect(new Set(stored).size).toBe(stored.length);
        // One message.received event per stored copy: processing taken up again after the crash announced none twice.
        const events = await database.db.selectFrom('events').select('message_id').where('type', '=', 'message.received').where('address_id', '=', store.addressId).execute();
        expect(events).toHaveLength(stored.length);
        expect(stored.every((s) => s.startsWith(`crash-${run}-`))).toBe(true);

        // And the restarted server takes new mail.
        const after = nodemailer.createTransport({ host: '127.0.0.1', port: second.smtpPort, secure: false, ignoreTLS: true });
        await after.sendMail({ from: 'burst@example.com', to: store.address, subject: `after-${run}`, text: 'x' });
        after.close();
        await until(async () => (await database.db.selectFrom('messages').select('id').where('subject', '=', `after-${run}`).execute()).length > 0, 20_000);
        const again = await database.db.selectFrom('messages').select('id').where('subject', '=', `after-${run}`).execute();
        expect(again).toHaveLength(1);
      } finally {
        await database.close();
        second.child.kill('SIGTERM');
        await exited(second.child);
      }
    } finally {
      await killAll();
      for (const cleanup of cleanups) await cleanup();
    }
  }, 60_000);
});
