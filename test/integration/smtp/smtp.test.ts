import { SQLite } from '../../../src/db/sqlite-driver.js';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, testConfig } from '../../helpers/app.js';
import { dialog } from '../../helpers/smtp-dialog.js';
import type { Config } from '../../../src/config.js';
import type { Database } from '../../../src/db/database.js';
import type { Dialect } from '../../../src/db/dialect.js';
import { setAddressExpiry } from '../../../src/db/addresses.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createAddress, deleteAddress } from '../../../src/mail/addresses.js';
import { startEventFeed, type EventFeed } from '../../../src/platform/events/feed.js';
import { type EventOf } from '../../../src/platform/events/contract.js';
import { getAttachment, getMessage, getMessageRaw, listMessages, type MessageView } from '../../../src/mail/messages.js';
import { createSmtpServer, type SmtpListener } from '../../../src/smtp/server.js';
import { createIntake } from '../../../src/mail/ingest/intake.js';

/** Reads "is this message committed?" at the instant an event is published. On SQLite a second, synchronous
 * connection answers before the publisher continues; on PostgreSQL another pooled connection starts its query. */
async function committedProbe(dialect: Dialect, database: Database): Promise<{ visible(id: string): Promise<boolean>; close(): void }> {
  if (dialect === 'sqlite') {
    const [main] = (await sql<{ name: string; file: string }>`pragma database_list`.execute(database.db)).rows;
    const reader = new SQLite(main.file, { readonly: true });
    const stmt = reader.prepare('select count(*) as n from messages where id = ?');
    return {
      visible: (id) => Promise.resolve((stmt.get(id) as { n: number }).n === 1),
      close: () => reader.close(),
    };
  }
  return {
    visible: async (id) => (await database.db.selectFrom('messages').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
    close: () => undefined,
  };
}

describe.each(DIALECTS)('SMTP ingestion on %s', (dialect) => {
  let config: Config;
  let database: Database;
  let bus: EventFeed;
  let smtp: SmtpListener;
  let port: number;
  let transport: nodemailer.Transporter;
  let accountId: string;

  const newAddress = async (prefix: string, expiresIn?: number) => {
    const row = await createAddress(database.db, config, accountId, { prefix, ...(expiresIn ? { expires_in: expiresIn } : {}) });
    return row;
  };
  const inbox = async (addressId: string): Promise<MessageView[]> => {
    // What was acknowledged is stored by the intake processors shortly after the 250.
    await smtp.intake.drained();
    const { messages } = await listMessages(database.db, addressId, { limit: 100, offset: 0 });
    return Promise.all(messages.map((m) => getMessage(database.db, addressId, m.id)));
  };
  const send = (mail: Mail.Options) => transport.sendMail({ from: 'Sender <sender@example.com>', ...mail });

  beforeAll(async () => {
    config = testConfig({ MAX_MESSAGE_SIZE: '16384', MAX_RECIPIENTS: '3', SMTP_HOSTNAME: 'mx.ephemail.test' });
    database = await openTestDatabase(dialect);
    accountId = (await createAccount(database.db, `smtp-${dialect}@example.com`, 'developer')).id;
    // This instance's feed of the log the SMTP listener appends to.
    bus = await startEventFeed({ db: database.db });
    smtp = createSmtpServer({ config, db: database.db });
    port = await smtp.listen(0, '127.0.0.1');
    transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    await bus?.close();
    await database?.close();
  });

  it('greets with the configured hostname and advertises SIZE and AUTH (for sandboxes), but no STARTTLS without a certificate', async () => {
    const c = await dialog(port);
    expect(c.greeting).toMatch(/^220 mx\.ephemail\.test ESMTP/);
    const ehlo = await c.command('EHLO client.example.com');
    c.close();
    const lines = ehlo.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^250-mx\.ephemail\.test/);
    expect(lines.map((l) => l.slice(4))).toContain('SIZE 16384');
    expect(lines.map((l) => l.slice(4))).toContain('AUTH PLAIN LOGIN');
    expect(ehlo).not.toMatch(/STARTTLS/);
  });

  it('delivers a plain-text message', async () => {
    const to = await newAddress('plain');
    const info = await send({ to: to.address, subject: 'Plain hello', text: 'Hello there.\n' });
    expect(info.accepted).toEqual([to.address]);
    expect(info.response).toMatch(/^250 2\.0\.0 /);
    const [message] = await inbox(to.id);
    expect(message).toMatchObject({
      from: { address: 'sender@example.com', name: 'Sender' },
      to: [{ address: to.address, name: '' }],
      subject: 'Plain hello',
      text: 'Hello there.\n',
      html: null,
      attachments: [],
    });
  });

  it('delivers an HTML-only message', async () => {
    const to = await newAddress('html');
    await send({ to: to.address, subject: 'Styled', html: '<h1>Hi</h1><p>HTML body</p>' });
    const [message] = await inbox(to.id);
    // The body's final line break is part of a single-part message.
    expect(message.html).toBe('<h1>Hi</h1><p>HTML body</p>\n');
    expect(message.text).toBeNull();
  });

  it('decodes UTF-8 headers', async () => {
    const to = await newAddress('utf8');
    await send({
      from: { name: 'Jürgen Müller', address: 'jm@example.com' },
      to: { name: 'Zoë Ørsted', address: to.address },
      cc: 'Ünal <uenal@example.org>',
      subject: 'Grüße 🎉 aus Köln',
      text: 'Schöne Grüße\n',
    });
    const [message] = await inbox(to.id);
    expect(message).toMatchObject({
      from: { address: 'jm@example.com', name: 'Jürgen Müller' },
      to: [{ address: to.address, name: 'Zoë Ørsted' }],
      cc: [{ address: 'uenal@example.org', name: 'Ünal' }],
      subject: 'Grüße 🎉 aus Köln',
      text: 'Schöne Grüße\n',
    });
  });

  it('stores attachments with their exact bytes', async () => {
    const to = await newAddress('files');
    const binary = Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 37) % 256));
    await send({
      to: to.address,
      subject: 'Files',
      text: 'see attached',
      attachments: [
        { filename: 'data.bin', content: binary, contentType: 'application/octet-stream' },
        { filename: 'Übersicht 2026.csv', content: 'a;b\n1;2\n', contentType: 'text/csv' },
      ],
    });
    const [message] = await inbox(to.id);
    expect(message.attachments.map((a) => [a.filename, a.content_type, a.size])).toEqual([
      ['data.bin', 'application/octet-stream', 1024],
      ['Übersicht 2026.csv', 'text/csv', 8],
    ]);
    const bin = await getAttachment(database.db, to.id, message.id, message.attachments[0].id);
    expect(bin.content.equals(binary)).toBe(true);
    const csv = await getAttachment(database.db, to.id, message.id, message.attachments[1].id);
    expect(csv.content.toString('utf8')).toBe('a;b\n1;2\n');
  });

  it('stores one copy per recipient and logs one event per copy, which consumers read once committed', async () => {
    const a = await newAddress('multi-a');
    const b = await newAddress('multi-b');
    const probe = await committedProbe(dialect, database);
    const events: Array<Promise<{ event: EventOf<'message.received'>; committed: boolean }>> = [];
    const off = bus.subscribe('message.received', (event) => {
      events.push(probe.visible(event.messageId).then((committed) => ({ event, committed })));
    });
    try {
      const info = await send({ to: [a.address, b.address], subject: 'For both', text: 'x' });
      expect(info.accepted.sort()).toEqual([a.address, b.address].sort());
      const [copyA] = await inbox(a.id);
      const [copyB] = await inbox(b.id);
      expect(copyA.subject).toBe('For both');
      expect(copyB.subject).toBe('For both');
      expect(copyA.id).not.toBe(copyB.id);

      await bus.catchUp();
      const seen = await Promise.all(events);
      expect(seen.map((s) => s.committed)).toEqual([true, true]);
      const summary = ({ text: _t, html: _h, ...rest }: MessageView) => rest;
      expect(seen.map((s) => s.event).sort((x, y) => x.address.localeCompare(y.address))).toEqual([
        { id: expect.any(Number), type: 'message.received', accountId, addressId: a.id, address: a.address, messageId: copyA.id, receivedAt: copyA.received_at, message: summary(copyA) },
        { id: expect.any(Number), type: 'message.received', accountId, addressId: b.id, address: b.address, messageId: copyB.id, receivedAt: copyB.received_at, message: summary(copyB) },
      ]);
    } finally {
      off();
      probe.close();
    }
  });

  it('keeps the raw message byte for byte, dot-stuffed lines included, and stores a repeated recipient once', async () => {
    const to = await newAddress('raw');
    const raw = Buffer.from(
      'From: raw@example.com\r\nTo: raw@ephemail.test\r\nSubject: dots\r\n\r\n.leading dot\r\n..two dots\r\nend \r\n',
      'utf8',
    );
    const c = await dialog(port);
    await c.command('EHLO client.example.com');
    expect(await c.command('MAIL FROM:<raw@example.com>')).toMatch(/^250 /);
    expect(await c.command(`RCPT TO:<${to.address}>`)).toMatch(/^250 /);
    expect(await c.command(`RCPT TO:<${to.address.toUpperCase()}>`)).toMatch(/^250 /);
    expect(await c.data(raw)).toMatch(/^250 2\.0\.0 /);
    c.close();
    const messages = await inbox(to.id);
    expect(messages).toHaveLength(1);
    expect(messages[0].size).toBe(raw.length);
    expect((await getMessageRaw(database.db, to.id, messages[0].id)).equals(raw)).toBe(true);
    expect(messages[0].text).toBe('.leading dot\n..two dots\nend \n');
  });

  it('refuses to relay for a domain it does not serve', async () => {
    const err = await send({ to: 'someone@example.net', subject: 'relay?', text: 'x' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ responseCode: 550 });
    expect((err as { response: string }).response).toMatch(/^550 5\.7\.1 Relaying denied/);
  });

  it('refuses an unknown recipient with 5.1.1 but still delivers to the known one', async () => {
    const err = await send({ to: 'nobody@ephemail.test', subject: 'hello?', text: 'x' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ responseCode: 550 });
    expect((err as { response: string }).response).toBe('550 5.1.1 Mailbox unavailable');

    const known = await newAddress('known');
    const info = await send({ to: [known.address, 'nobody@ephemail.test'], subject: 'partly', text: 'x' });
    expect(info.accepted).toEqual([known.address]);
    expect(info.rejected).toEqual(['nobody@ephemail.test']);
    expect((await inbox(known.id)).map((m) => m.subject)).toEqual(['partly']);
  });

  it('refuses an expired address and a deleted one', async () => {
    const expired = await newAddress('expired');
    await setAddressExpiry(database.db, expired.id, new Date(Date.now() - 1000).toISOString());
    const gone = await newAddress('gone');
    await deleteAddress(database.db, accountId, gone.address);
    for (const address of [expired.address, gone.address]) {
      const err = await send({ to: address, subject: 'late', text: 'x' }).catch((e: unknown) => e);
      expect(err).toMatchObject({ responseCode: 550 });
      expect((err as { response: string }).response).toBe('550 5.1.1 Mailbox unavailable');
    }
    expect(await inbox(expired.id)).toEqual([]);
  });

  it('refuses an address at RCPT TO as soon as it is deleted, though mail went to it a moment before', async () => {
    const brief = await newAddress('brief');
    expect((await send({ to: brief.address, subject: 'before', text: 'x' })).response).toMatch(/^250 /);
    await deleteAddress(database.db, accountId, brief.address);
    const c = await dialog(port);
    await c.command('EHLO client.example.com');
    await c.command('MAIL FROM:<late@example.com>');
    expect(await c.command(`RCPT TO:<${brief.address}>`)).toBe('550 5.1.1 Mailbox unavailable\r\n');
    c.close();
  });

  it('answers 452 4.5.3 past MAX_RECIPIENTS and delivers to the accepted ones', async () => {
    const rcpts = await Promise.all(['cap-1', 'cap-2', 'cap-3', 'cap-4'].map((p) => newAddress(p)));
    const c = await dialog(port);
    await c.command('EHLO client.example.com');
    await c.command('MAIL FROM:<cap@example.com>');
    for (const r of rcpts.slice(0, 3)) expect(await c.command(`RCPT TO:<${r.address}>`)).toMatch(/^250 /);
    expect(await c.command(`RCPT TO:<${rcpts[3].address}>`)).toBe('452 4.5.3 Too many recipients\r\n');
    // Repeating an accepted recipient is not a new one.
    expect(await c.command(`RCPT TO:<${rcpts[0].address}>`)).toMatch(/^250 /);
    expect(await c.data(Buffer.from('Subject: capped\r\n\r\nx\r\n'))).toMatch(/^250 /);
    c.close();
    for (const r of rcpts.slice(0, 3)) expect((await inbox(r.id)).map((m) => m.subject)).toEqual(['capped']);
    expect(await inbox(rcpts[3].id)).toEqual([]);
  });

  it('skips a recipient deleted between RCPT TO and the end of DATA, and refuses when none is left', async () => {
    const stays = await newAddress('stays');
    const leaves = await newAddress('leaves');
    const c = await dialog(port);
    await c.command('EHLO client.example.com');
    await c.command('MAIL FROM:<race@example.com>');
    await c.command(`RCPT TO:<${stays.address}>`);
    await c.command(`RCPT TO:<${leaves.address}>`);
    await deleteAddress(database.db, accountId, leaves.address);
    expect(await c.data(Buffer.from('Subject: race\r\n\r\nx\r\n'))).toMatch(/^250 /);

    await c.command('MAIL FROM:<race@example.com>');
    const last = await newAddress('last');
    await c.command(`RCPT TO:<${last.address}>`);
    await deleteAddress(database.db, accountId, last.address);
    expect(await c.data(Buffer.from('Subject: nobody left\r\n\r\nx\r\n'))).toBe('550 5.1.1 Mailbox unavailable\r\n');
    c.close();
    expect((await inbox(stays.id)).map((m) => m.subject)).toEqual(['race']);
  });

  it('refuses a message over MAX_MESSAGE_SIZE with 552 5.3.4 and stores nothing', async () => {
    const to = await newAddress('big');
    const err = await send({ to: to.address, subject: 'big', text: 'x'.repeat(20_000) }).catch((e: unknown) => e);
    expect(err).toMatchObject({ responseCode: 552 });
    expect((err as { response: string }).response).toBe('552 5.3.4 Message too big');
    expect(await inbox(to.id)).toEqual([]);
    // The connection stays usable for the next, smaller message.
    await send({ to: to.address, subject: 'small', text: 'x' });
    expect((await inbox(to.id)).map((m) => m.subject)).toEqual(['small']);
  });

  it('refuses at MAIL FROM when the declared SIZE is over the limit', async () => {
    const c = await dialog(port);
    await c.command('EHLO client.example.com');
    expect(await c.command('MAIL FROM:<big@example.com> SIZE=20000')).toMatch(/^552 /);
    expect(await c.command('MAIL FROM:<ok@example.com> SIZE=1000')).toMatch(/^250 /);
    c.close();
  });
});

describe.each(DIALECTS)('SMTP when storage fails on %s', (dialect) => {
  let database: Database;
  let config: Config;
  let addressId: string;
  const listeners: SmtpListener[] = [];
  const listen = async (process = true) => {
    // Retries at once: the test is about what is kept, not about the waiting between attempts.
    const smtp = createSmtpServer({ config, db: database.db, intake: createIntake({ config, db: database.db, retryDelayMs: () => 0 }) });
    listeners.push(smtp);
    if (process) await smtp.intake.start();
    return { smtp, port: await smtp.listen(0, '127.0.0.1') };
  };
  const sendTo = async (port: number) => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    try {
      return await transport
        .sendMail({ from: 'a@example.com', to: 'broken@ephemail.test', subject: 'lost?', text: 'x', attachments: [{ filename: 'a.txt', content: 'abc' }] })
        .catch((e: unknown) => e as { responseCode: number; response: string });
    } finally {
      transport.close();
    }
  };

  beforeAll(async () => {
    config = testConfig();
    database = await openTestDatabase(dialect);
    const account = await createAccount(database.db, 'broken@example.com', 'developer');
    addressId = (await createAddress(database.db, config, account.id, { prefix: 'broken' })).id;
  });
  afterAll(async () => {
    for (const smtp of listeners) await smtp.intake.stop().then(() => smtp.close());
    await database?.close();
  });

  it('stores a message whose processing keeps failing as far as it can, marked, after answering 250; never a partial one', async () => {
    // The last insert of storing (the attachments, after the content and the message row) fails; each attempt's
    // transaction must take the content and the message row back with it, and the entry stays queued.
    await sql`alter table attachments rename to attachments_gone`.execute(database.db);
    try {
      const { smtp, port } = await listen();
      const info = (await sendTo(port)) as { response: string };
      expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued msg_/);
      await smtp.intake.drained();
      const [message] = await database.db.selectFrom('messages').selectAll().execute();
      expect(message).toMatchObject({ address_id: addressId, subject: null, parse_error: expect.stringMatching(/could not be processed \(5 attempts; last error: .*attachments/) });
      expect((await getMessageRaw(database.db, addressId, message.id)).toString()).toContain('Subject: lost?');
      expect(await database.db.selectFrom('message_contents').select('id').execute()).toHaveLength(1);
    } finally {
      await sql`alter table attachments_gone rename to attachments`.execute(database.db);
    }
  });

  it('gives an entry it could not store back as soon as the store takes it again, not when its lease runs out', async () => {
    // Storing fails, and so does giving the entry back (as when PostgreSQL restarts): the processor keeps trying to
    // give it back, so once the store works again the message is stored within seconds, not after the lease (60 s).
    await database.db.deleteFrom('messages').execute();
    await database.db.deleteFrom('message_contents').execute();
    await sql`alter table attachments rename to attachments_gone`.execute(database.db);
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_release before update of last_error on intake_queue begin select raise(abort, 'release refused'); end`.execute(database.db);
    } else {
      await sql`create function refuse_release() returns trigger language plpgsql as $$ begin raise exception 'release refused'; end $$`.execute(database.db);
      await sql`create trigger refuse_release before update of last_error on intake_queue for each row execute function refuse_release()`.execute(database.db);
    }
    const { smtp, port } = await listen();
    try {
      const info = (await sendTo(port)) as { response: string };
      expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued msg_/);
      // The first attempt fails and its entry cannot be given back; the processor is still trying.
      await expect.poll(async () => (await database.db.selectFrom('intake_queue').select('attempts').executeTakeFirst())?.attempts, { timeout: 5000 }).toBe(1);
      await new Promise((r) => setTimeout(r, 1500));
      expect(await database.db.selectFrom('messages').select('id').execute()).toEqual([]);
    } finally {
      await sql`alter table attachments_gone rename to attachments`.execute(database.db);
      await sql`drop trigger refuse_release${dialect === 'postgres' ? sql` on intake_queue` : sql``}`.execute(database.db);
      if (dialect === 'postgres') await sql`drop function refuse_release()`.execute(database.db);
    }
    await smtp.intake.drained(10_000);
    const stored = await database.db.selectFrom('messages').select(['subject', 'parse_error']).execute();
    expect(stored).toEqual([{ subject: 'lost?', parse_error: null }]);
  });

  it('answers 451 4.3.0, never 250, when the message cannot be queued, and stores nothing', async () => {
    await database.db.deleteFrom('messages').execute();
    await sql`alter table intake_queue rename to intake_gone`.execute(database.db);
    try {
      const { port } = await listen(false);
      const err = await sendTo(port);
      expect(err).toMatchObject({ responseCode: 451 });
      expect(err.response).toBe('451 4.3.0 Temporary failure, try again');
      expect(await database.db.selectFrom('messages').select('id').execute()).toEqual([]);
    } finally {
      await sql`alter table intake_gone rename to intake_queue`.execute(database.db);
    }
  });
});
