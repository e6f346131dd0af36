import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, testConfig } from '../../helpers/app.js';
import type { Database } from '../../../src/db/database.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createAddress } from '../../../src/mail/addresses.js';
import { createIntake, MAX_ATTEMPTS } from '../../../src/mail/ingest/intake.js';
import { createSmtpServer, type SmtpListener } from '../../../src/smtp/server.js';
import { sqliteConnectionOf } from '../../../src/db/sqlite-dialect.js';
import { createMetrics } from '../../../src/platform/metrics.js';

/** The store and the SMTP listener a test opens, closed after it. */
function opened(): { database?: Database; smtp?: SmtpListener } {
  const o: { database?: Database; smtp?: SmtpListener } = {};
  afterEach(async () => {
    await o.smtp?.intake.stop();
    await o.smtp?.close();
    await o.database?.close();
  });
  return o;
}

describe.each(DIALECTS)('intake backpressure (INTAKE_MAX_QUEUED) on %s', (dialect) => {
  const o = opened();

  it('answers 451 4.3.2 while the queue is full, and accepts the retry once processors made room', async () => {
    const config = testConfig({ INTAKE_MAX_QUEUED: '3' });
    const database = (o.database = await openTestDatabase(dialect));
    const account = await createAccount(database.db, `busy-${dialect}@example.com`, 'developer');
    const to = (await createAddress(database.db, config, account.id, { prefix: 'busy' })).address;
    // The processors are not started yet: what is accepted stays queued.
    const intake = createIntake({ config, db: database.db });
    const smtp = (o.smtp = createSmtpServer({ config, db: database.db, intake }));
    const port = await smtp.listen(0, '127.0.0.1');
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    const send = (subject: string) =>
      transport.sendMail({ from: 'a@example.com', to, subject, text: 'x' }).then(
        (info) => info.response,
        (err: { response: string }) => err.response,
      );
    try {
      for (const s of ['one', 'two', 'three']) expect(await send(s)).toMatch(/^250 2\.0\.0 Ok: queued msg_/);
      expect(await send('four')).toBe('451 4.3.2 System busy, try again later');
      expect(await send('four')).toBe('451 4.3.2 System busy, try again later');

      await intake.start();
      await intake.drained();
      // The sender retries, as after any 4xx; room is made once the processors have stored the queue.
      let answer = '';
      for (let tries = 0; tries < 50 && !answer.startsWith('250'); tries++) {
        answer = await send('four');
        if (!answer.startsWith('250')) await new Promise((r) => setTimeout(r, 50));
      }
      expect(answer).toMatch(/^250 /);
      await intake.drained();
      const stored = await database.db.selectFrom('messages').select('subject').execute();
      expect(stored.map((m) => m.subject).sort()).toEqual(['four', 'one', 'three', 'two']);
    } finally {
      transport.close();
    }
  });
});

describe('a full store', () => {
  const o = opened();

  it('answers 452 4.3.1 while the disk has no room, and stores the retry once it has', async () => {
    const config = testConfig();
    const database = (o.database = await openTestDatabase('sqlite'));
    const account = await createAccount(database.db, 'full@example.com', 'developer');
    const to = (await createAddress(database.db, config, account.id, { prefix: 'full' })).address;
    const metrics = createMetrics();
    const intake = createIntake({ config, db: database.db });
    const smtp = (o.smtp = createSmtpServer({ config, db: database.db, intake, metrics }));
    const port = await smtp.listen(0, '127.0.0.1');
    await intake.start();
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    const send = () =>
      transport.sendMail({ from: 'a@example.com', to, subject: 'big', text: 'x'.repeat(60_000) }).then(
        (info) => info.response,
        (err: { response: string }) => err.response,
      );
    try {
      // No room for another page, as on a full disk: the message cannot be queued.
      const sqlite = sqliteConnectionOf(database.db)!;
      sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true }) as number}`);
      expect(await send()).toBe('452 4.3.1 Insufficient system storage');
      expect(await metrics.registry.getSingleMetricAsString('ephemail_messages_refused_total')).toMatch(/^ephemail_messages_refused_total\{reason="storage_full"\} 1$/m);

      sqlite.pragma('max_page_count = 1073741823');
      expect(await send()).toMatch(/^250 2\.0\.0 Ok: queued msg_/);
      await intake.drained();
      const stored = await database.db.selectFrom('messages').select(['subject', 'parse_error']).execute();
      expect(stored).toEqual([{ subject: 'big', parse_error: null }]);
    } finally {
      transport.close();
    }
  });

  it('stores a message acknowledged before the disk filled up whole once it has room, however often it was tried meanwhile', async () => {
    const config = testConfig({ MAIL_AUTH: 'false', INTAKE_POLL_MS: '20' });
    const database = (o.database = await openTestDatabase('sqlite'));
    const account = await createAccount(database.db, 'filled@example.com', 'developer');
    const to = await Promise.all(['filled-a', 'filled-b', 'filled-c'].map(async (prefix) => (await createAddress(database.db, config, account.id, { prefix })).address));
    const metrics = createMetrics();
    const intake = createIntake({ config, db: database.db, metrics, retryDelayMs: () => 10 });
    const smtp = (o.smtp = createSmtpServer({ config, db: database.db, intake, metrics }));
    const port = await smtp.listen(0, '127.0.0.1');
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    try {
      // Queued while there was room (the processors are not started yet); its three copies need more.
      const info = await transport.sendMail({ from: 'a@example.com', to, subject: 'filled', text: randomBytes(45_000).toString('base64') });
      expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued 3 copies as inq_/);
      // Room for a claim, which writes the entry's row anew, and not for the three copies, which take its place.
      const sqlite = sqliteConnectionOf(database.db)!;
      const pages = (bytes: number) => Math.ceil(bytes / (sqlite.pragma('page_size', { simple: true }) as number));
      sqlite.pragma(`max_page_count = ${(sqlite.pragma('page_count', { simple: true }) as number) + pages(80_000)}`);
      await intake.start();
      // Tried and failed more often than a message that cannot be processed is tried before it is kept as raw source.
      await expect
        .poll(async () => Number(/ (\d+)$/m.exec(await metrics.registry.getSingleMetricAsString('ephemail_intake_failures_total'))?.[1]), { timeout: 10_000 })
        .toBeGreaterThan(MAX_ATTEMPTS + 1);
      const [queued] = await database.db.selectFrom('intake_queue').select(['attempts', 'last_error']).execute();
      expect(queued.last_error).toMatch(/full/i);

      sqlite.pragma('max_page_count = 1073741823');
      await intake.drained();
      const stored = await database.db.selectFrom('messages').select(['subject', 'parse_error', 'text_body']).execute();
      expect(stored).toEqual(to.map(() => ({ subject: 'filled', parse_error: null, text_body: expect.stringMatching(/^[A-Za-z0-9+/=\n]{40000,}/) })));
    } finally {
      transport.close();
    }
  });
});
