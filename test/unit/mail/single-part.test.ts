import { createRequire } from 'node:module';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import { parse, PARSE_OPTIONS } from '../../../src/mail/ingest/parse.js';
import { parseSinglePart } from '../../../src/mail/ingest/single-part.js';

/** simpleParser's answer for the fields Ephemail reads: what parseSinglePart must give whenever it reads a message. */
async function expected(raw: Buffer) {
  const m = await simpleParser(raw, PARSE_OPTIONS);
  return { subject: m.subject, from: m.from, to: m.to, cc: m.cc, text: m.text, html: m.html, attachments: m.attachments };
}

const msg = (headers: string[], body: string, eol = '\r\n') => Buffer.from(`${headers.join(eol)}${eol}${eol}${body}`, 'utf8');

// smtp-source's message (what the bench sends), as it arrives.
const smtpSource = msg(
  ['From: <sender@example.org>', 'To: <x@ephemail.test>', 'Date: Wed,  2 Dec 2026 09:22:19 +0000 (UTC)', 'Message-Id: <2abe.0003.0000@vm>'],
  Array.from({ length: 26 }, (_, i) => `${i + 1}${'X'.repeat(77)}`).join('\r\n') + '\r\n',
);

/** Single text parts it reads, each with something simpleParser does its own way. */
const read: Array<[string, Buffer]> = [
  ["smtp-source's message", smtpSource],
  ['no Content-Type', msg(['From: a@plain.test', 'To: b@ephemail.test', 'Subject: hi'], 'Hello.\r\n')],
  ['bare LF line ends', msg(['From: a@plain.test', 'To: b@ephemail.test', 'Subject: hi'], 'line 1\nline 2\n', '\n')],
  ['mixed line ends in the body', msg(['From: a@plain.test'], 'one\r\ntwo\nthree\r\n\r\nfour')],
  ['encoded words in the subject and a name', msg(['From: =?UTF-8?B?w4lxdWlwZQ==?= <team@one.test>', 'To: b@ephemail.test', 'Subject: =?utf-8?Q?Caf=C3=A9_?= =?utf-8?Q?ouvert?='], 'x')],
  ['a folded subject', msg(['From: a@plain.test', 'Subject: a long', '\tsubject over', '  three lines'], 'x')],
  ['groups, several To and Cc headers', msg(['From: "A, B" <ab@plain.test>', 'To: Team: one@x.test, two@y.test;, three@z.test', 'To: four@w.test', 'Cc: five@v.test, "Six" <six@u.test>', 'Cc: seven@t.test'], 'x')],
  ['an address with an IDN domain in punycode', msg(['From: a@xn--bcher-kva.test', 'To: b@ephemail.test'], 'x')],
  ['no From, no To, no Subject', msg(['X-Other: 1'], 'body only\r\n')],
  ['an empty subject and an empty From', msg(['From:', 'Subject:'], 'x')],
  ['two Subject headers (the last counts)', msg(['Subject: first', 'Subject: second'], 'x')],
  ['charset us-ascii, quoted', msg(['Content-Type: text/plain; charset="us-ascii"'], 'plain\r\n')],
  ['charset UTF-8 with 8bit text', msg(['Content-Type: text/plain; charset=UTF-8', 'Content-Transfer-Encoding: 8bit'], 'Grüße, 你好, код 123456\r\n')],
  ['quoted-printable with soft breaks', msg(['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable'], 'Gr=C3=BC=C3=9Fe, a long line that =\r\nwraps here, and =3D sign\r\nand a tab=09end\r\n')],
  ['quoted-printable in capitals, with a comment', msg(['Content-Transfer-Encoding: Quoted-Printable (for mail)'], 'a=3Db\r\n')],
  ['an HTML part', msg(['Content-Type: text/html; charset=utf-8', 'Subject: html'], '<p>Your code is <b>123456</b></p>\r\n<a href="https://x.test/c?a=1&amp;b=2">go</a>\r\n')],
  ['an HTML part in quoted-printable', msg(['Content-Type: text/html', 'Content-Transfer-Encoding: quoted-printable'], '<p class=3D"x">hi=\r\n there</p>\r\n')],
  ['an empty text part', msg(['Subject: nothing'], '')],
  ['an empty HTML part', msg(['Content-Type: text/html'], '')],
  ['a text part of line ends alone', msg(['Subject: blank'], '\r\n\r\n')],
  ['an inline disposition with a file name', msg(['Content-Type: text/plain', 'Content-Disposition: inline; filename="note.txt"'], 'note\r\n')],
  ['bytes that are not UTF-8', Buffer.concat([msg(['Subject: latin'], ''), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0d, 0x0a])])],
  ['a NUL byte in the body and the subject', msg(['Subject: a\u0000b'], 'x\u0000y\r\n')],
  ['an 8-bit subject in UTF-8', msg(['Subject: Grüße 你好'], 'x')],
  ['a last body line without its line end', msg(['Subject: end'], 'one\r\ntwo')],
  ['a message that starts with an empty line', Buffer.from('\r\nFrom: body@wrong.test\r\n\r\nhello\r\n')],
  ['a Content-Type in capitals with parameters', msg(['Content-Type: TEXT/PLAIN; format=fixed; charset=utf-8'], 'x\r\n')],
  ['a body with a dot line and a From line', msg(['Subject: dots'], '.\r\n..\r\nFrom someone\r\n')],
];

/** What it leaves to simpleParser. */
const left: Array<[string, Buffer]> = [
  ['multipart/alternative', msg(['Content-Type: multipart/alternative; boundary="b"'], '--b\r\nContent-Type: text/plain\r\n\r\nhi\r\n--b--\r\n')],
  ['an attachment', msg(['Content-Type: application/pdf', 'Content-Disposition: attachment; filename="a.pdf"'], 'JVBERi0=\r\n')],
  ['a text part as an attachment', msg(['Content-Type: text/plain', 'Content-Disposition: attachment'], 'x')],
  ['base64', msg(['Content-Transfer-Encoding: base64'], 'aGVsbG8=\r\n')],
  ['another charset', msg(['Content-Type: text/plain; charset=iso-8859-1'], 'x')],
  ['format=flowed', msg(['Content-Type: text/plain; format=flowed'], 'soft \r\nbreak\r\n')],
  ['a delivery report', msg(['Content-Type: message/delivery-status'], 'Status: 5.0.0\r\n')],
  ['an attached message', msg(['Content-Type: message/rfc822'], 'Subject: inner\r\n\r\nx')],
  ['headers and no body (no empty line)', Buffer.from('From: a@plain.test\r\nSubject: only headers\r\n')],
  ['a header block over 64 KiB', msg(['Subject: big', `X-Long: ${'a'.repeat(70_000)}`], 'x')],
];

/** Messages of one text part as nodemailer composes them (what applications send when they send only text, or only
 * HTML): 7bit for ASCII, quoted-printable for the rest of these. */
async function composed(): Promise<Buffer[]> {
  const bodies = ['Your code is 123456', 'Grüße aus Köln — код 4242', 'A'.repeat(200), 'line one\nline two\n\nhttps://x.test/verify?t=1', '<p>Your code is <b>123456</b></p>', '<a href="https://x.test/a?b=1&amp;c=2">Go</a> ☃'];
  const out: Buffer[] = [];
  for (const [i, body] of bodies.entries()) {
    const mail = { from: 'Shop <no-reply@shop.test>', to: 'u@ephemail.test, "Ünï" <v@ephemail.test>', subject: i % 2 ? 'Ünïcödé subject' : 'plain subject', ...(body.startsWith('<') ? { html: body } : { text: body }) };
    out.push(await new Promise<Buffer>((resolve, reject) => new MailComposer(mail).compile().build((err, m) => (err ? reject(err) : resolve(m)))));
  }
  return out;
}

/** A seeded stream of messages mixing the pieces above: the same corpus on every run. */
function* generated(count: number): Generator<Buffer> {
  let seed = 47;
  const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 0x1000000;
  const pick = <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)];
  const froms = ['a@plain.test', '<a@plain.test>', '"Name, With Comma" <n@plain.test>', '=?UTF-8?Q?J=C3=BCrgen?= <j@de.test>', 'Team: x@y.test;', 'broken <<>>', '', 'a@xn--bcher-kva.test'];
  const subjects = ['hi', '=?UTF-8?B?8J+YgA==?= smile', '', 'Your code: 123456', 'multi\r\n word', '=?iso-8859-1?Q?caf=E9?='];
  const types = ['', 'Content-Type: text/plain', 'Content-Type: text/plain; charset=utf-8', 'Content-Type: text/html; charset="UTF-8"', 'Content-Type: text/plain; charset=ascii', 'Content-Type: text/plain; charset=latin1', 'Content-Type: text/html'];
  const encodings = ['', 'Content-Transfer-Encoding: 7bit', 'Content-Transfer-Encoding: 8bit', 'Content-Transfer-Encoding: quoted-printable', 'Content-Transfer-Encoding: binary', 'Content-Transfer-Encoding: base64'];
  const lines = ['Hello.', 'Code: 987654', '<b>bold</b> &amp; more', 'soft=\r\nbreak', '=C3=A9t=C3=A9', 'Grüße', '', 'a=3Db', '=', 'https://x.test/a?b=c.', 'trailing space ', '\ttab'];
  for (let i = 0; i < count; i++) {
    const eol = next() < 0.2 ? '\n' : '\r\n';
    const headers = [`From: ${pick(froms)}`, `To: ${pick(froms)}`, `Subject: ${pick(subjects)}`, pick(types), pick(encodings), next() < 0.3 ? `Cc: ${pick(froms)}, ${pick(froms)}` : ''].filter(Boolean);
    const body = Array.from({ length: Math.floor(next() * 6) }, () => pick(lines)).join(eol) + (next() < 0.7 ? eol : '');
    yield msg(headers, body, eol);
  }
}

describe('a single text part read without simpleParser', () => {
  it.each(read)('reads %s as simpleParser does', async (_name, raw) => {
    const single = parseSinglePart(raw);
    expect(single).toBeDefined();
    expect(single).toEqual(await expected(raw));
  });

  it.each(left)('leaves %s to simpleParser', (_name, raw) => {
    expect(parseSinglePart(raw)).toBeUndefined();
  });

  it('reads the messages of one text part nodemailer composes as simpleParser does', async () => {
    for (const raw of await composed()) {
      const single = parseSinglePart(raw);
      expect(single, raw.toString('utf8')).toBeDefined();
      expect(single, raw.toString('utf8')).toEqual(await expected(raw));
    }
  });

  it('answers as simpleParser does for every message of a generated corpus that it reads', async () => {
    let readCount = 0;
    for (const raw of generated(600)) {
      const single = parseSinglePart(raw);
      if (!single) continue;
      readCount++;
      expect(single, raw.toString('utf8')).toEqual(await expected(raw));
    }
    // The corpus is mostly single text parts: most of it goes this way (and the comparison above is not empty).
    expect(readCount).toBeGreaterThan(300);
  });

  it('gives the stored fields simpleParser gives, through parse()', async () => {
    const parsed = await parse(read[4][1]);
    expect(parsed).toMatchObject({ from: { address: 'team@one.test', name: 'Équipe' }, to: [{ address: 'b@ephemail.test', name: '' }], subject: 'Café ouvert', text: 'x', html: null, attachments: [] });
    expect(parsed.parseError).toBeUndefined();
  });

  it('uses the copies of mailsplit and libqp that mailparser itself loads', () => {
    const ours = createRequire(import.meta.url);
    const mailparsers = createRequire(ours.resolve('mailparser'));
    const mailsplits = createRequire(mailparsers.resolve('@zone-eu/mailsplit'));
    expect(ours.resolve('@zone-eu/mailsplit')).toBe(mailparsers.resolve('@zone-eu/mailsplit'));
    expect(ours.resolve('libqp')).toBe(mailsplits.resolve('libqp'));
  });
});
