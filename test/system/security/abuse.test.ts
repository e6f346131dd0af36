import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../helpers/app.js';
import { connectSmtp, dotStuff, greeted, sendRaw, type RawSmtp } from '../../helpers/smtp-raw.js';
import { responseChecker } from '../../helpers/spec-fuzz.js';
import type { Dialect } from '../../../src/db/dialect.js';
import { createAddress } from '../../../src/mail/addresses.js';
import { createSmtpServer, type SmtpListener } from '../../../src/smtp/server.js';

/**
 * SMTP under abuse: relay tricks, oversize mail, too many recipients, connection floods, a client dripping bytes,
 * malformed MIME. Each is refused (or stored harmlessly), the listener stays up, and legitimate mail keeps flowing
 * during and after it. Everything talks to 127.0.0.0/8 (flood sources are 127.0.0.x).
 */
interface MailServer {
  t: TestApp;
  port: number;
  /** A live address of the app's developer account. */
  address: string;
  smtp: SmtpListener;
  stored(): Promise<Array<{ subject: string | null; address_id: string }>>;
  /** Sends an ordinary message and expects it stored (answers its subject). */
  legit(localAddress?: string): Promise<string>;
}

const servers: MailServer[] = [];
const sockets: RawSmtp[] = [];
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.close());
  for (const s of servers.splice(0)) {
    await s.smtp.close();
    await s.t.close();
  }
});

async function mailServer(env: Record<string, string> = {}, dialect: Dialect = 'sqlite'): Promise<MailServer> {
  const t = await makeTestApp({ dialect, env });
  const smtp = createSmtpServer({ config: t.context.config, db: t.context.database.db, metrics: t.context.metrics });
  const port = await smtp.listen(0, '127.0.0.1');
  const address = (await createAddress(t.context.database.db, t.context.config, t.account.id, { prefix: `live-${randomBytes(3).toString('hex')}` })).address;
  const server: MailServer = {
    t,
    port,
    address,
    smtp,
    // What the listener acknowledged, once the intake processors have stored it.
    stored: async () => {
      await smtp.intake.drained();
      return t.context.database.db.selectFrom('messages').select(['subject', 'address_id']).execute();
    },
    async legit(localAddress) {
      const subject = `legit-${randomBytes(4).toString('hex')}`;
      const answer = await sendRaw(port, 'friend@example.com', [address], `From: friend@example.com\r\nTo: ${address}\r\nSubject: ${subject}\r\n\r\nhello\r\n`, localAddress);
      expect(answer).toMatch(/^250 /);
      expect((await server.stored()).map((m) => m.subject)).toContain(subject);
      return subject;
    },
  };
  servers.push(server);
  return server;
}

async function hold(port: number, localAddress?: string): Promise<{ smtp: RawSmtp; greeting: string }> {
  const smtp = await connectSmtp(port, localAddress);
  sockets.push(smtp);
  return { smtp, greeting: await smtp.reply() };
}

describe('relay tricks', () => {
  it('accepts no recipient outside the live addresses, however it is dressed up, and stores nothing for them', async () => {
    const s = await mailServer();
    const local = s.address.split('@')[0];
    // A custom domain someone claimed but never verified must not be a way in either.
    const claimed = await s.t.app.inject({ method: 'POST', url: '/api/v1/domains', headers: { authorization: `Bearer ${s.t.developerKey}` }, payload: { domain: 'claimed.example.com' } });
    expect(claimed.statusCode).toBe(201);
    const tricks = [
      'victim@foreign.example',
      'postmaster@foreign.example',
      `${local}@foreign.example`,
      '@ephemail.test:victim@foreign.example',
      '@mail.ephemail.test,@ephemail.test:victim@foreign.example',
      'victim%foreign.example@ephemail.test',
      `${local}%foreign.example@ephemail.test`,
      'victim@foreign.example@ephemail.test',
      `${s.address}@foreign.example`,
      '"victim@foreign.example"@ephemail.test',
      '"victim@foreign.example"',
      `"${local}"@foreign.example`,
      'foreign.example!victim@ephemail.test',
      'victim@ephemail.test.foreign.example',
      'victim@foreign.example.',
      `${local}@ephemail.test.`,
      'victim@[127.0.0.1]',
      'victim@[IPv6:::1]',
      `${local}@[127.0.0.1]`,
      'victim@xn--ephemail-.test',
      `${local}@ＥＰＨＥＭＡＩＬ.test`,
      'victim@claimed.example.com',
      'catchall@claimed.example.com',
      'victim',
      '',
    ];
    const { smtp } = await greeted(s.port);
    sockets.push(smtp);
    expect(await smtp.command('MAIL FROM:<relay@attacker.example>')).toMatch(/^250 /);
    const answers: string[] = [];
    for (const trick of tricks) answers.push(`${trick} → ${await smtp.command(`RCPT TO:<${trick}>`)}`);
    for (const bare of ['victim@foreign.example', `${local}@foreign.example NOTIFY=NEVER`]) answers.push(`${bare} → ${await smtp.command(`RCPT TO:${bare}`)}`);
    const accepted = answers.filter((a) => /→ 2\d\d/.test(a));
    expect(accepted).toEqual([]);
    // Each is a permanent refusal (no "try again later" invites a retry loop) …
    expect(answers.filter((a) => !/→ 5\d\d /.test(a))).toEqual([]);
    // … and the same session still delivers to the live address, which is the only thing stored.
    expect(await smtp.command(`RCPT TO:<${s.address}>`)).toMatch(/^250 /);
    expect(await smtp.command('DATA')).toMatch(/^354/);
    smtp.write(dotStuff(`Subject: after-tricks\r\n\r\nbody\r\n`));
    expect(await smtp.reply()).toMatch(/^250 /);
    const stored = await s.stored();
    expect(stored.map((m) => m.subject)).toEqual(['after-tricks']);
    await s.legit();
  });
});

describe('sizes and counts', () => {
  it('answers 552 to a message over MAX_MESSAGE_SIZE, declared or not, and takes the next one on the same connection', async () => {
    const s = await mailServer({ MAX_MESSAGE_SIZE: '4096' });
    const { smtp } = await greeted(s.port);
    sockets.push(smtp);
    // Declared too big: refused before any byte of it is sent.
    expect(await smtp.command('MAIL FROM:<big@example.com> SIZE=100000')).toMatch(/^552 /);
    // Not declared: read, refused after the data, never stored.
    expect(await smtp.command('MAIL FROM:<big@example.com>')).toMatch(/^250 /);
    expect(await smtp.command(`RCPT TO:<${s.address}>`)).toMatch(/^250 /);
    expect(await smtp.command('DATA')).toMatch(/^354/);
    smtp.write(dotStuff(`Subject: too-big\r\n\r\n${'0123456789abcdef\r\n'.repeat(1000)}`));
    expect(await smtp.reply()).toMatch(/^552 5\.3\.4 /);
    expect(await smtp.command('MAIL FROM:<small@example.com>')).toMatch(/^250 /);
    expect(await smtp.command(`RCPT TO:<${s.address}>`)).toMatch(/^250 /);
    expect(await smtp.command('DATA')).toMatch(/^354/);
    smtp.write(dotStuff('Subject: fits\r\n\r\nsmall\r\n'));
    expect(await smtp.reply()).toMatch(/^250 /);
    expect((await s.stored()).map((m) => m.subject)).toEqual(['fits']);
    await s.legit();
  });

  it('answers 452 past MAX_RECIPIENTS and stores the message for the recipients it took', async () => {
    const s = await mailServer({ MAX_RECIPIENTS: '3' });
    const more = [];
    for (let i = 0; i < 4; i++) more.push((await createAddress(s.t.context.database.db, s.t.context.config, s.t.account.id, { prefix: `many-${i}-${randomBytes(2).toString('hex')}` })).address);
    const { smtp } = await greeted(s.port);
    sockets.push(smtp);
    expect(await smtp.command('MAIL FROM:<many@example.com>')).toMatch(/^250 /);
    const replies = [];
    for (const r of [s.address, ...more]) replies.push(await smtp.command(`RCPT TO:<${r}>`));
    expect(replies.map((r) => r.slice(0, 3))).toEqual(['250', '250', '250', '452', '452']);
    expect(await smtp.command('DATA')).toMatch(/^354/);
    smtp.write(dotStuff('Subject: to-three\r\n\r\nx\r\n'));
    expect(await smtp.reply()).toMatch(/^250 .*3 copies/);
    expect((await s.stored()).filter((m) => m.subject === 'to-three')).toHaveLength(3);
    await s.legit();
  });
});

describe('connection floods', () => {
  it('refuses a flood from one IP past SMTP_MAX_CLIENTS_PER_IP while mail from other IPs flows, and takes it again after', async () => {
    const s = await mailServer({ SMTP_MAX_CLIENTS_PER_IP: '5', SMTP_MAX_CLIENTS: '100' });
    const flood = [];
    for (let i = 0; i < 5; i++) flood.push(await hold(s.port, '127.0.0.1'));
    expect(flood.every((c) => c.greeting.startsWith('220 '))).toBe(true);
    // The flood's next 20 connections are all turned away, each with 421 4.7.0 and a closed connection.
    for (let i = 0; i < 20; i++) {
      const extra = await hold(s.port, '127.0.0.1');
      expect(extra.greeting).toMatch(/^421 4\.7\.0 /);
      await extra.smtp.closed;
    }
    // Meanwhile another client gets its mail in.
    await s.legit('127.0.0.2');
    flood.forEach((c) => c.smtp.close());
    await Promise.all(flood.map((c) => c.smtp.closed));
    await expect.poll(() => sendRaw(s.port, 'friend@example.com', [s.address], 'Subject: after-flood\r\n\r\nx\r\n', '127.0.0.1'), { timeout: 5000, interval: 100 }).toMatch(/^250 /);
  });

  it('refuses connections past SMTP_MAX_CLIENTS from many IPs and takes mail again once they leave', async () => {
    const s = await mailServer({ SMTP_MAX_CLIENTS: '6', SMTP_MAX_CLIENTS_PER_IP: '100' });
    const flood = [];
    for (let i = 0; i < 6; i++) flood.push(await hold(s.port, `127.0.0.${10 + i}`));
    expect(flood.every((c) => c.greeting.startsWith('220 '))).toBe(true);
    for (let i = 0; i < 10; i++) {
      const extra = await hold(s.port, `127.0.1.${i + 1}`);
      expect(extra.greeting).toMatch(/^421 .*Too many connected clients/);
      await extra.smtp.closed;
    }
    flood.slice(0, 3).forEach((c) => c.smtp.close());
    await Promise.all(flood.slice(0, 3).map((c) => c.smtp.closed));
    // With room again, legitimate mail flows while the rest of the flood still holds its connections.
    await expect.poll(() => sendRaw(s.port, 'friend@example.com', [s.address], 'Subject: room-again\r\n\r\nx\r\n', '127.0.0.2'), { timeout: 5000, interval: 100 }).toMatch(/^250 /);
    await s.legit('127.0.0.3');
  });
});

describe('a slow client dripping bytes (SMTP_TRANSACTION_TIMEOUT_MS)', () => {
  const DRIPS = 150;
  const DRIP_EVERY_MS = 100;

  /** Drips one byte every DRIP_EVERY_MS (at most DRIPS of them) until the server closes the connection. */
  async function drip(smtp: RawSmtp, byte: string): Promise<number> {
    let dripped = 0;
    let closed = false;
    void smtp.closed.then(() => (closed = true));
    while (!closed && dripped < DRIPS) {
      smtp.write(byte);
      dripped++;
      await new Promise((r) => setTimeout(r, DRIP_EVERY_MS));
    }
    return dripped;
  }

  it('closes a connection that drips its message body with 421 4.4.2, stores none of it, and mail flows meanwhile', async () => {
    const s = await mailServer({ SMTP_TRANSACTION_TIMEOUT_MS: '1500' });
    const { smtp } = await greeted(s.port);
    sockets.push(smtp);
    expect(await smtp.command('MAIL FROM:<slow@example.com>')).toMatch(/^250 /);
    expect(await smtp.command(`RCPT TO:<${s.address}>`)).toMatch(/^250 /);
    expect(await smtp.command('DATA')).toMatch(/^354/);
    smtp.write('Subject: dripped\r\n\r\n');
    const dripping = drip(smtp, 'x');
    await s.legit();
    const dripped = await dripping;
    expect(dripped).toBeLessThan(DRIPS); // the server ended it, not the loop's bound
    expect(await smtp.reply()).toBe('421 4.4.2 Transaction time limit exceeded, closing connection');
    expect((await s.stored()).map((m) => m.subject)).not.toContain('dripped');
    await s.legit();
  });

  it('also ends a client dripping its commands before any message', async () => {
    const s = await mailServer({ SMTP_TRANSACTION_TIMEOUT_MS: '1500' });
    const smtp = (await hold(s.port)).smtp;
    const dripped = await drip(smtp, 'E');
    expect(dripped).toBeLessThan(DRIPS);
    expect(await smtp.reply()).toMatch(/^421 4\.4\.2 /);
    await s.legit();
  });

  it('gives every message on a long-lived connection its own time limit', async () => {
    const s = await mailServer({ SMTP_TRANSACTION_TIMEOUT_MS: '3000' });
    const { smtp } = await greeted(s.port);
    sockets.push(smtp);
    // Eleven messages 300 ms apart: the connection lives longer than the limit, no transaction does.
    for (let i = 0; i < 11; i++) {
      await new Promise((r) => setTimeout(r, 300));
      expect(await smtp.command('MAIL FROM:<pool@example.com>')).toMatch(/^250 /);
      expect(await smtp.command(`RCPT TO:<${s.address}>`)).toMatch(/^250 /);
      expect(await smtp.command('DATA')).toMatch(/^354/);
      smtp.write(dotStuff(`Subject: pooled-${i}\r\n\r\nx\r\n`));
      expect(await smtp.reply()).toMatch(/^250 /);
    }
    expect((await s.stored()).filter((m) => m.subject?.startsWith('pooled-'))).toHaveLength(11);
  });
});

/** Messages a careless or hostile sender produces. Each must be answered (stored or refused for good), never crash
 * the listener or leave a message the API cannot show. */
function malformed(): Array<[string, string | Buffer]> {
  const nested = (depth: number): string =>
    depth === 0 ? 'Content-Type: text/plain\r\n\r\ndeep\r\n' : `Content-Type: multipart/mixed; boundary="b${depth}"\r\n\r\n--b${depth}\r\n${nested(depth - 1)}\r\n--b${depth}--\r\n`;
  return [
    ['boundary never appears', 'Subject: no-boundary\r\nContent-Type: multipart/mixed; boundary="never"\r\n\r\n--other\r\nContent-Type: text/plain\r\n\r\nhi\r\n'],
    ['unterminated multipart', 'Subject: unterminated\r\nContent-Type: multipart/alternative; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\npart one\r\n--b\r\nContent-Type: text/html\r\n\r\n<p>cut'],
    ['multipart nested 60 deep', `Subject: nested\r\n${nested(60)}`],
    ['1200 tiny parts', `Subject: many-parts\r\nContent-Type: multipart/mixed; boundary="p"\r\n\r\n${Array.from({ length: 1200 }, (_, i) => `--p\r\nContent-Type: text/plain\r\n\r\n${i}\r\n`).join('')}--p--\r\n`],
    ['invalid base64', 'Subject: bad-base64\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!not*base64@@@\r\n===\r\n'],
    ['invalid quoted-printable', 'Subject: bad-qp\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n=ZZ=\r\n=E2=82\r\n'],
    ['unknown charset', 'Subject: =?x-unknown?B?AAAA?=\r\nContent-Type: text/plain; charset=x-nonexistent\r\n\r\n\xff\xfe\r\n'],
    ['NUL in encoded headers and body', 'Subject: =?UTF-8?B?AGFiYwA=?=\r\nFrom: =?UTF-8?Q?a=00b?= <nul@example.com>\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\nAGhlbGxvAA==\r\n'],
    ['raw NUL and 8-bit bytes', Buffer.concat([Buffer.from('Subject: raw\x00bytes \xc3\x28\r\nFrom: x\x00@example.com\r\n\r\n'), Buffer.from([0, 1, 2, 0xff, 0xfe, 0x0d, 0x0a])])],
    ['header without a colon, huge header line', `Subject: odd-headers\r\nThis header has no colon\r\nX-Long: ${'y'.repeat(20_000)}\r\n${Array.from({ length: 500 }, (_, i) => `X-H${i}: ${i}`).join('\r\n')}\r\n\r\nbody\r\n`],
    ['no headers at all', '\r\njust a body\r\n'],
    ['bare LF and lone CR', 'Subject: bare-lf\nX-A: 1\rX-B: 2\n\nline\rline\n'],
    ['hostile attachment names', 'Subject: names\r\nContent-Type: multipart/mixed; boundary="n"\r\n\r\n--n\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="../../etc/passwd\x00.txt"\r\n\r\nx\r\n--n\r\nContent-Type: text/html; name*0*=utf-8\'\'%E2%82; name*1*=%ZZ\r\nContent-Disposition: attachment; filename*=utf-8\'\'%00%2F..%2F\r\n\r\n<script>alert(1)</script>\r\n--n--\r\n'],
    ['giant boundary', `Subject: giant-boundary\r\nContent-Type: multipart/mixed; boundary="${'B'.repeat(300)}"\r\n\r\n--${'B'.repeat(300)}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${'B'.repeat(300)}--\r\n`],
    ['broken encoded words', 'Subject: =?utf-8?Q?=E2=82?= =?utf-8?B?####?= =?utf-8?X?x?= =??=\r\nFrom: "unterminated <a@example.com>\r\nTo: ,,,@,\r\nDate: not a date\r\nMessage-ID: <<>>\r\n\r\nx\r\n'],
  ];
}

describe.each(DIALECTS)('malformed MIME on %s', (dialect) => {
  it('answers every malformed message, shows each one it stored through the API on-schema, and keeps taking mail', async () => {
    const s = await mailServer({}, dialect);
    const check = responseChecker(s.t.spec);
    const getMessage = s.t.spec.operations.find((o) => o.operationId === 'getMessage')!;
    const auth = { authorization: `Bearer ${s.t.developerKey}` };
    const problems: string[] = [];
    for (const [name, message] of malformed()) {
      const answer = await sendRaw(s.port, 'mime@example.com', [s.address], message);
      // Stored (250) or refused for good (5xx); a 4xx would have the sender retry the same bytes for days.
      if (!/^(250|5\d\d) /.test(answer)) problems.push(`${name}: ${answer}`);
      const id = /stored (msg_[0-9a-f]+)/.exec(answer)?.[1];
      if (id) {
        const res = await s.t.app.inject({ url: `/api/v1/email/${encodeURIComponent(s.address)}/messages/${id}`, headers: auth });
        const problem = check(getMessage, { status: res.statusCode, headers: res.headers, body: res.body });
        if (res.statusCode !== 200 || problem) problems.push(`${name}: getMessage ${res.statusCode} ${problem ?? ''}`);
        const raw = await s.t.app.inject({ url: `/api/v1/email/${encodeURIComponent(s.address)}/messages/${id}/raw`, headers: auth });
        if (raw.statusCode !== 200 || raw.rawPayload.length === 0) problems.push(`${name}: raw ${raw.statusCode}`);
      }
      if (name.startsWith('NUL in encoded') && id) {
        // Decoded NULs become U+FFFD on both stores (PostgreSQL refused them: the sender was told 451 for ever).
        const shown = (await s.t.app.inject({ url: `/api/v1/email/${encodeURIComponent(s.address)}/messages/${id}`, headers: auth })).json();
        expect({ subject: shown.subject, from: shown.from, text: shown.text }).toEqual({
          subject: '\ufffdabc\ufffd',
          from: { address: 'nul@example.com', name: 'a\ufffdb' },
          text: '\ufffdhello\ufffd',
        });
      }
      await s.legit();
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
