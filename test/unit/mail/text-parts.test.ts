import { createRequire } from 'node:module';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import { parse, PARSE_OPTIONS } from '../../../src/mail/ingest/parse.js';
import { parseTextParts } from '../../../src/mail/ingest/text-parts.js';

/** simpleParser's answer for the fields Ephemail reads: what parseTextParts must give whenever it reads a message. */
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

/** multipart/alternative of text parts (what most applications send), each with something simpleParser does its own way. */
const alt = (parts: string[], { boundary = 'b1', preamble = '', epilogue = '', close = '--\r\n', eol = '\r\n', headers = [] as string[] } = {}) =>
  msg(
    [`Content-Type: multipart/alternative; boundary="${boundary}"`, ...headers],
    `${preamble}${parts.map((p) => `--${boundary}${eol}${p}${eol}`).join('')}--${boundary}${close}${epilogue}`,
    eol,
  );
const plain = (body: string, headers = ['Content-Type: text/plain; charset=utf-8']) => `${headers.join('\r\n')}\r\n\r\n${body}`;
const html = (body: string) => plain(body, ['Content-Type: text/html; charset=utf-8']);
const qp = (type: string, body: string) => plain(body, [`Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: quoted-printable']);

/** Text and HTML whose second delimiter line starts `at` bytes into the message (its text: 76-character lines). */
function straddling(at: number): Buffer {
  const empty = alt([plain(''), html('<p>h</p>')]);
  const head = empty.indexOf('\r\n\r\n', empty.indexOf('text/plain')) + 4;
  let text = '';
  for (let left = at - head - 2; left > 0; left = at - head - 2 - text.length) text += left > 80 ? `${'a'.repeat(76)}=\r\n` : 'a'.repeat(left);
  const raw = alt([plain(text), html('<p>h</p>')]);
  if (raw.indexOf('--b1', head) !== at) throw new Error(`the delimiter is at ${raw.indexOf('--b1', head)}, not ${at}`);
  return raw;
}

const readAlternative: Array<[string, Buffer]> = [
  ['text and HTML', alt([plain('Your code is 123456'), html('<p>Your code is <b>123456</b></p>')], { headers: ['From: Shop <s@shop.test>', 'To: u@ephemail.test', 'Subject: code'] })],
  ['text and HTML in quoted-printable', alt([qp('text/plain', 'Gr=C3=BC=C3=9Fe, a soft =\r\nbreak'), qp('text/html', '<a href=3D"https://x.test/?a=3D1">go</a>=\r\n')])],
  ['HTML before text', alt([html('<i>first</i>'), plain('second')])],
  ['HTML alone', alt([html('<p>only</p>')])],
  ['text alone', alt([plain('only')])],
  ['two text parts and two HTML parts', alt([plain('one'), html('<b>1</b>'), plain('two'), html('<b>2</b>')])],
  ['a part with no Content-Type', alt(['X-Part: 1\r\n\r\nplain by default'])],
  ['a part with no header at all', alt(['\r\nno headers'])],
  ['a part whose body ends in empty lines', alt([plain('x\r\n\r\n'), html('<p>y</p>\r\n')])],
  ['a preamble and an epilogue', alt([plain('a'), html('<p>b</p>')], { preamble: 'This is a multi-part message in MIME format.\r\n', epilogue: 'the end\r\n--not-it\r\n' })],
  ['bare LF line ends', alt(['Content-Type: text/plain\n\nline 1\nline 2', 'Content-Type: text/html\n\n<p>x</p>\n'], { eol: '\n', close: '--\n' })],
  ['a closing delimiter without its line end', alt([plain('a'), html('<p>b</p>')], { close: '--' })],
  ['a boundary of MIME\'s own characters', alt([plain('a'), html('<p>b</p>')], { boundary: "----=_Part_0_1.2'(+,-./:=?)" })],
  ['lines of dashes in a part', alt([plain('--\r\n---\r\n--b\r\n-- \r\nsig'), html('<hr>--b--')])],
  ['an inline disposition', alt(['Content-Type: text/plain\r\nContent-Disposition: inline\r\n\r\ninline text', html('<p>h</p>')])],
  ['charset us-ascii and 7bit', alt(['Content-Type: text/plain; charset=us-ascii\r\nContent-Transfer-Encoding: 7bit\r\n\r\nascii', html('<p>h</p>')])],
  ['bytes that are not UTF-8 in a part', Buffer.concat([Buffer.from('Content-Type: multipart/alternative; boundary=b1\r\n\r\n--b1\r\n\r\ncaf'), Buffer.from([0xe9]), Buffer.from('\r\n--b1--\r\n')])],
  ['a NUL byte in a part', alt([plain('x\u0000y')])],
  ['a 200 kB line of HTML', alt([plain('x'), html(`<p>${'y'.repeat(200_000)}</p>`)])],
  ['a delimiter across the 64 KiB chunks mailparser hands on', straddling(65_534)],
  ['MULTIPART/ALTERNATIVE in capitals', msg(['Content-Type: MULTIPART/Alternative; BOUNDARY=b1'], '--b1\r\n\r\nx\r\n--b1--\r\n')],
];

/** multipart/alternative that it leaves to simpleParser. */
const leftAlternative: Array<[string, Buffer]> = [
  ['multipart/mixed of text parts', msg(['Content-Type: multipart/mixed; boundary="b1"'], `--b1\r\n${plain('a')}\r\n--b1\r\n${html('<p>b</p>')}\r\n--b1--\r\n`)],
  ['a part as an attachment', alt([plain('a'), 'Content-Type: text/html\r\nContent-Disposition: attachment; filename="a.html"\r\n\r\n<p>b</p>'])],
  ['a base64 part', alt([plain('a'), 'Content-Type: text/html\r\nContent-Transfer-Encoding: base64\r\n\r\nPHA+YjwvcD4='])],
  ['a part in another charset', alt(['Content-Type: text/plain; charset=iso-8859-1\r\n\r\na'])],
  ['a format=flowed part', alt(['Content-Type: text/plain; format=flowed\r\n\r\nsoft \r\nbreak'])],
  ['a nested multipart', alt([`Content-Type: multipart/related; boundary="b2"\r\n\r\n--b2\r\n${html('<p>x</p>')}\r\n--b2--`])],
  ['an image part', alt([plain('a'), 'Content-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo='])],
  ['no closing delimiter', alt([plain('a'), html('<p>b</p>')], { close: '\r\n' })],
  ['a delimiter with white space after it', msg(['Content-Type: multipart/alternative; boundary=b1'], '--b1 \r\n\r\nx\r\n--b1--\r\n')],
  ['the boundary inside a line', alt([plain('see --b1 here'), html('<p>b</p>')])],
  ['the boundary after a lone CR', msg(['Content-Type: multipart/alternative; boundary=b1'], '--b1\r\n\r\nx\r--b1\r\n\r\ny\r\n--b1--\r\n')],
  ['the boundary in the epilogue', alt([plain('a')], { epilogue: '--b1\r\n\r\nlate\r\n' })],
  ['no delimiter at all', msg(['Content-Type: multipart/alternative; boundary=b1'], 'just text\r\n')],
  ['no boundary parameter', msg(['Content-Type: multipart/alternative'], '--b1\r\n\r\nx\r\n--b1--\r\n')],
  ['a part whose header block does not end', msg(['Content-Type: multipart/alternative; boundary=b1'], '--b1\r\nContent-Type: text/plain\r\n--b1--\r\n')],
  ['a Content-Transfer-Encoding on the multipart', alt([plain('a')], { headers: ['Content-Transfer-Encoding: quoted-printable'] })],
  // simpleParser refuses a message of more than 1 000 MIME nodes (a parse error); it decides past 500 parts.
  ['more parts than mailsplit takes', alt(Array.from({ length: 1200 }, (_, i) => plain(`part ${i}`)))],
  // mailsplit keeps a part's one line end, or not, by where the part stands: an empty part goes the long way.
  ['an empty text part beside HTML', alt([plain(''), html('<p>x</p>')])],
  ['every part empty', alt([plain(''), html('')])],
  ['a part whose header block meets the delimiter', msg(['Content-Type: multipart/alternative; boundary=b1'], '--b1\r\nContent-Type: text/plain\r\n\r\n--b1\r\nContent-Type: text/html\r\n\r\n<p>h</p>\r\n--b1--\r\n')],
];

/** Messages of one text part as nodemailer composes them (what applications send when they send only text, or only
 * HTML): 7bit for ASCII, quoted-printable for the rest of these. */
async function composed(): Promise<Buffer[]> {
  const bodies = ['Your code is 123456', 'Grüße aus Köln — код 4242', 'A'.repeat(200), 'line one\nline two\n\nhttps://x.test/verify?t=1', '<p>Your code is <b>123456</b></p>', '<a href="https://x.test/a?b=1&amp;c=2">Go</a> ☃'];
  const out: Buffer[] = [];
  for (const [i, body] of bodies.entries()) {
    const mail = { from: 'Shop <no-reply@shop.test>', to: 'u@ephemail.test, "Ünï" <v@ephemail.test>', subject: i % 2 ? 'Ünïcödé subject' : 'plain subject', ...(body.startsWith('<') ? { html: body } : { text: body }) };
    out.push(await new MailComposer(mail).compile().build());
  }
  return out;
}

/** Text-and-HTML messages as nodemailer composes them (what most applications send). */
async function composedAlternative(): Promise<Buffer[]> {
  const texts = ['Your code is 123456', 'Grüße aus Köln — код 4242\nhttps://x.test/verify?t=1', 'A'.repeat(300), ''];
  const htmls = ['<p>Your code is <b>123456</b></p>', '<a href="https://x.test/a?b=1&amp;c=2">Go</a> ☃', `<table>${'<tr><td>cell</td></tr>'.repeat(40)}</table>`, '<p>x</p>'];
  const out: Buffer[] = [];
  for (const [i, text] of texts.entries()) {
    const mail = { from: 'Shop <no-reply@shop.test>', to: 'u@ephemail.test', subject: i % 2 ? 'Ünïcödé subject' : 'plain subject', text, html: htmls[i] };
    out.push(await new MailComposer(mail).compile().build());
  }
  return out;
}

/** A seeded stream of multipart/alternative messages: part headers, bodies, line ends, a preamble and an epilogue
 * mixed, some with the boundary where only a delimiter may have it. The same corpus on every run. */
function* generatedAlternative(count: number): Generator<Buffer> {
  let seed = 51;
  const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 0x1000000;
  const pick = <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)];
  const types = ['', 'Content-Type: text/plain', 'Content-Type: text/plain; charset=utf-8', 'Content-Type: text/html; charset="UTF-8"', 'Content-Type: text/html', 'Content-Type: text/plain; charset=latin1', 'Content-Type: image/gif'];
  const encodings = ['', 'Content-Transfer-Encoding: 7bit', 'Content-Transfer-Encoding: 8bit', 'Content-Transfer-Encoding: quoted-printable', 'Content-Transfer-Encoding: base64'];
  const dispositions = ['', '', 'Content-Disposition: inline', 'Content-Disposition: attachment'];
  const lines = ['Hello.', 'Code: 987654', '<b>bold</b> &amp; more', 'soft=', '=C3=A9t=C3=A9', 'Grüße', '', '--', '--bb', '-- ', 'a=3Db', '='];
  for (let i = 0; i < count; i++) {
    const eol = next() < 0.2 ? '\n' : '\r\n';
    const boundary = pick(['bb', 'bb', '=_Part_1', 'x y']);
    const part = () => {
      const headers = [pick(types), pick(encodings), pick(dispositions)].filter(Boolean);
      const body = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(lines)).join(eol) + (next() < 0.5 ? eol : '');
      return `${headers.join(eol)}${eol}${eol}${body}`;
    };
    const parts = Array.from({ length: 1 + Math.floor(next() * 3) }, part);
    const stray = next() < 0.05 ? `${eol}--${boundary}${eol}` : '';
    const body = `${next() < 0.3 ? `preamble${eol}` : ''}${parts.map((p) => `--${boundary}${eol}${p}${eol}`).join('')}--${boundary}--${next() < 0.8 ? eol : ''}${stray}`;
    yield msg([`From: a@plain.test`, `Subject: alt ${i}`, `Content-Type: multipart/alternative; boundary="${boundary}"`], body, eol);
  }
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

describe('text parts read without simpleParser', () => {
  const multipart = (cases: Array<[string, Buffer]>) => cases.map(([name, raw]): [string, Buffer] => [`multipart/alternative, ${name}`, raw]);

  it.each([...read, ...multipart(readAlternative)])('reads %s as simpleParser does', async (_name, raw) => {
    const parsed = parseTextParts(raw);
    expect(parsed).toBeDefined();
    expect(parsed).toEqual(await expected(raw));
  });

  it.each([...left, ...multipart(leftAlternative)])('leaves %s to simpleParser', (_name, raw) => {
    expect(parseTextParts(raw)).toBeUndefined();
  });

  it.each([
    ['of one text part', composed],
    ['of text and HTML', composedAlternative],
  ])('reads the messages %s nodemailer composes as simpleParser does', async (_name, compose) => {
    for (const raw of await compose()) {
      const parsed = parseTextParts(raw);
      expect(parsed, raw.toString('utf8')).toBeDefined();
      expect(parsed, raw.toString('utf8')).toEqual(await expected(raw));
    }
  });

  // How many of each corpus this reads, at least: most of the first (mostly single text parts); 152 of the 1 000 of the
  // second (the rest have a part it leaves). Either way the comparison is not empty.
  it.each([
    ['single parts', () => generated(600), 300],
    ['multipart/alternative', () => generatedAlternative(1000), 120],
  ] as const)('answers as simpleParser does for every message of a generated corpus (%s) that it reads', async (_name, corpus, least) => {
    let readCount = 0;
    for (const raw of corpus()) {
      const parsed = parseTextParts(raw);
      if (!parsed) continue;
      readCount++;
      expect(parsed, raw.toString('utf8')).toEqual(await expected(raw));
    }
    expect(readCount).toBeGreaterThan(least);
  });

  it('reads 500 parts and still gives the parse error simpleParser gives for over 1 000, through parse()', async () => {
    const many = (n: number) => alt(Array.from({ length: n }, (_, i) => plain(`part ${i}`)), { headers: ['Subject: many'] });
    expect(parseTextParts(many(500))).toEqual(await expected(many(500)));
    const parsed = await parse(many(1200));
    expect(parsed).toMatchObject({ subject: 'many', text: null, html: null });
    expect(parsed.parseError).toMatch(/more than 1,000 MIME parts/);
  });

  it('gives the stored fields simpleParser gives, through parse()', async () => {
    const parsed = await parse(read[4][1]);
    expect(parsed).toMatchObject({ from: { address: 'team@one.test', name: 'Équipe' }, to: [{ address: 'b@ephemail.test', name: '' }], subject: 'Café ouvert', text: 'x', html: null, attachments: [] });
    expect(parsed.parseError).toBeUndefined();
  });

  it('turns every decoded NUL into U+FFFD through parse(), in nested fields too, and leaves the rest as it is', async () => {
    const raw = msg(
      ['From: =?UTF-8?Q?a=00b?= <a@plain.test>', 'To: =?UTF-8?Q?T=00o?= <b@ephemail.test>, c@ephemail.test', 'Subject: =?UTF-8?B?AGFiYwA=?=', 'Content-Type: multipart/mixed; boundary=b'],
      ['--b', 'Content-Type: text/plain; charset=utf-8', '', 'x=00y', '--b', 'Content-Type: application/octet-stream', 'Content-Disposition: attachment; filename="=?UTF-8?Q?f=00.bin?="', 'Content-Transfer-Encoding: base64', '', 'AAEC', '--b--', ''].join('\r\n'),
    );
    const parsed = await parse(raw);
    expect(parsed).toMatchObject({
      from: { address: 'a@plain.test', name: 'a\ufffdb' },
      to: [{ address: 'b@ephemail.test', name: 'T\ufffdo' }, { address: 'c@ephemail.test', name: '' }],
      subject: '\ufffdabc\ufffd',
      attachments: [{ filename: 'f\ufffd.bin', content: Buffer.from([0, 1, 2]) }],
    });
    expect(JSON.stringify(parsed)).not.toContain('\\u0000');
  });

  it('uses the copy of mailsplit that mailparser itself loads', () => {
    const ours = createRequire(import.meta.url);
    const mailparsers = createRequire(ours.resolve('mailparser'));
    expect(ours.resolve('@zone-eu/mailsplit')).toBe(mailparsers.resolve('@zone-eu/mailsplit'));
  });
});
