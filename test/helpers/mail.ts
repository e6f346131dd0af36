import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Config } from '../../src/config.js';
import type { Db } from '../../src/db/database.js';
import { createSmtpServer, type SmtpListener } from '../../src/smtp/server.js';

/** What a store needs to receive mail: its configuration and database. */
export interface MailTarget {
  config: Config;
  db: Db;
}

export interface Delivered {
  /** The stored message id (the only copy's; see `ids` for several recipients). */
  id: string;
  /** The bytes that went over the wire, as the raw-source operations answer them. */
  raw: Buffer;
  /** The SMTP reply, e.g. `250 2.0.0 Ok: queued msg_…`. */
  response: string;
}

const listeners = new WeakMap<Db, Promise<{ smtp: SmtpListener; port: number }>>();

function listenerFor(target: MailTarget) {
  let listener = listeners.get(target.db);
  if (!listener) {
    listener = (async () => {
      const smtp = createSmtpServer({ config: target.config, db: target.db });
      return { smtp, port: await smtp.listen(0, '127.0.0.1') };
    })();
    listeners.set(target.db, listener);
  }
  return listener;
}

/**
 * Resolves once the message a 250 acknowledged is stored (its queue entry gone: processors store the copies and
 * delete the entry in one transaction), as a user who waits for it would see it.
 */
export async function untilStored(db: Db, response: string, timeoutMs = 20_000): Promise<void> {
  const one = /queued (msg_[0-9a-f]+)/.exec(response)?.[1];
  const entry = /as (inq_[0-9a-f]+)/.exec(response)?.[1];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = one
      ? (await db.selectFrom('messages').select('id').where('id', '=', one).executeTakeFirst()) !== undefined ||
        (await db.selectFrom('intake_queue').select('id').where('recipients', 'like', `%${one}%`).executeTakeFirst()) === undefined
      : entry
        ? (await db.selectFrom('intake_queue').select('id').where('id', '=', entry).executeTakeFirst()) === undefined
        : true;
    if (done) return;
    if (Date.now() > deadline) throw new Error(`not stored within ${timeoutMs} ms: ${response}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The one way tests get mail into a store: real SMTP to a listener on 127.0.0.1 (started once per store, as
 * src/main.ts wires it), so every test mail takes the path real mail takes. Answers once the 250 (sent when the
 * message is queued) arrived and the message is stored, with its id.
 */
export async function deliver(target: MailTarget, mail: Mail.Options): Promise<Delivered> {
  const { port } = await listenerFor(target);
  const raw = await new MailComposer({ from: 'Sender <sender@example.com>', ...mail }).compile().build();
  const to = [mail.to, mail.cc, mail.bcc].flat().filter((x): x is string => typeof x === 'string').flatMap((x) => x.split(','));
  const recipients = to.map((r) => /<([^>]+)>/.exec(r)?.[1] ?? r.trim());
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({ envelope: { from: 'sender@example.com', to: recipients }, raw });
    const id = /queued (msg_[0-9a-f]+)/.exec(info.response)?.[1] ?? '';
    await untilStored(target.db, info.response);
    return { id, raw, response: info.response };
  } finally {
    transport.close();
  }
}

/** The port of the store's SMTP listener (started on first use), for tests that speak SMTP themselves. */
export async function smtpPort(target: MailTarget): Promise<number> {
  return (await listenerFor(target)).port;
}

/** Resolves once every message the store's listener acknowledged is stored. */
export async function drained(target: MailTarget): Promise<void> {
  await (await listenerFor(target)).smtp.intake.drained();
}

/** Stops the store's SMTP listener, if a test started one (TestApp.close calls it). */
export async function stopMail(db: Db): Promise<void> {
  const listener = listeners.get(db);
  if (!listener) return;
  listeners.delete(db);
  await (await listener).smtp.close();
}
