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
  /** The SMTP reply, e.g. `250 2.0.0 Ok: stored msg_…`. */
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
 * The one way tests get mail into a store: real SMTP to a listener on 127.0.0.1 (started once per store, as
 * src/main.ts wires it), so every test mail takes the path real mail takes. Answers when the 250 (sent after the
 * commit) arrived, with the stored message id.
 */
export async function deliver(target: MailTarget, mail: Mail.Options): Promise<Delivered> {
  const { port } = await listenerFor(target);
  const raw = await new MailComposer({ from: 'Sender <sender@example.com>', ...mail }).compile().build();
  const to = [mail.to, mail.cc, mail.bcc].flat().filter((x): x is string => typeof x === 'string').flatMap((x) => x.split(','));
  const recipients = to.map((r) => /<([^>]+)>/.exec(r)?.[1] ?? r.trim());
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({ envelope: { from: 'sender@example.com', to: recipients }, raw });
    const id = /stored (msg_[0-9a-f]+)/.exec(info.response)?.[1] ?? '';
    return { id, raw, response: info.response };
  } finally {
    transport.close();
  }
}

/** The port of the store's SMTP listener (started on first use), for tests that speak SMTP themselves. */
export async function smtpPort(target: MailTarget): Promise<number> {
  return (await listenerFor(target)).port;
}

/** Stops the store's SMTP listener, if a test started one (TestApp.close calls it). */
export async function stopMail(db: Db): Promise<void> {
  const listener = listeners.get(db);
  if (!listener) return;
  listeners.delete(db);
  await (await listener).smtp.close();
}
