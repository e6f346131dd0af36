import { describe, expect, it } from 'vitest';
import { dkimAnswer } from '../../../src/mail/ingest/mail-auth.js';

/** No DNS: every name is unknown (a signature to check fails its key look-up, the same way on both paths). */
const nxdomain = async (name: string): Promise<never> => {
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

const body = 'Hello.\r\n\r\nThe code is 123456.\r\n';
const crlf = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);

// What mailauth's own DKIM check answers for each: the shortcut for mail with nothing to verify must answer the same.
const cases: Array<[string, Buffer]> = [
  ['an unsigned message', crlf(['From: News <news@plain.test>', 'To: a@ephemail.test', 'Subject: hi'])],
  ['bare LF line ends', Buffer.from(`From: news@plain.test\nTo: a@ephemail.test\nSubject: hi\n\nHello.\n`)],
  ['several From addresses, a group and an encoded name', crlf(['From: =?UTF-8?B?w4lxdWlwZQ==?= <team@one.test>, Ops: ops@two.test, x@three.test;', 'To: a@ephemail.test'])],
  ['a folded From header, its name in any case', crlf(['fROM: "A, B"', '\t<folded@plain.test>', 'To: a@ephemail.test'])],
  ['no From header', crlf(['To: a@ephemail.test', 'Subject: nobody'])],
  ['a DKIM-Signature that names no domain (skipped by the verifier)', crlf(['DKIM-Signature: v=1; a=rsa-sha256; s=s1; bh=abc=; b=def=', 'From: news@plain.test'])],
  ['a DKIM-Signature to check', crlf(['DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=plain.test; s=s1; h=from; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=AAAA', 'From: news@plain.test'])],
  ['an ARC set', crlf(['ARC-Seal: i=1; a=rsa-sha256; cv=none; d=relay.test; s=arc; b=AAAA', 'ARC-Message-Signature: i=1; a=rsa-sha256; c=relaxed/relaxed; d=relay.test; s=arc; h=from; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=AAAA', 'ARC-Authentication-Results: i=1; relay.test; spf=pass', 'From: news@plain.test'])],
  // Where the headers end decides which From counts: the first blank line, whichever line ends it uses.
  ['CRLF headers, a body with bare LF blank lines and a From line', Buffer.from('From: news@plain.test\r\nTo: a@ephemail.test\r\n\r\nFrom: body@wrong.test\n\nHello.\n')],
  ['bare LF headers, a body with CRLF blank lines and a From line', Buffer.from('To: a@ephemail.test\n\nFrom: body@wrong.test\r\n\r\nHello.\r\n')],
  ['headers and no body (no blank line)', Buffer.from('From: news@plain.test\r\nSubject: only headers\r\n')],
];

describe("the DKIM check's answer", () => {
  it.each(cases)('is what mailauth answers for %s', async (_name, raw) => {
    const { dkimVerify } = (await import('mailauth/lib/dkim/verify.js')).default as typeof import('mailauth/lib/dkim/verify.js');
    const expected = await dkimVerify(raw, { resolver: nxdomain as never, sender: 'bounce@plain.test' });
    const answer = await dkimAnswer(raw, 'bounce@plain.test', nxdomain);
    expect(answer.headerFrom).toEqual(expected.headerFrom);
    expect(answer.results).toEqual(expected.results);
  });

  it('reads the From addresses DMARC needs from an unsigned message, and says it is not signed', async () => {
    const answer = await dkimAnswer(cases[0][1], '', nxdomain);
    expect(answer.headerFrom).toEqual(['news@plain.test']);
    expect(answer.results).toMatchObject([{ status: { result: 'none', comment: 'message not signed' } }]);
  });
});
