import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../../src/mail/ingest/quoted-printable.js';

// libqp as mailparser loads it: the decoder this one must answer exactly as.
const mailparsers = createRequire(createRequire(import.meta.url).resolve('mailparser'));
const libqp = createRequire(mailparsers.resolve('@zone-eu/mailsplit'))('libqp') as { decode: (b: Buffer) => Buffer };

const cases: Array<[string, string]> = [
  ['plain text', 'Hello, world.\r\n'],
  ['encoded bytes in both cases', 'Gr=C3=BC=c3=9Fe =3D =3d'],
  ['soft line breaks, CRLF and LF', 'a long=\r\nline and=\nanother'],
  ['an = at the very end', 'ends with ='],
  ['an = before a lone CR', 'a=\rb'],
  ['white space before line ends and the end', 'a \t \r\nb\t\nc  \rd   '],
  ['white space between an = and its line end', 'soft= \t\r\nbreak'],
  ['white space inside a line', 'a \t b'],
  ['a byte split by a soft break', '=4=\r\n1 and =\r\n41'],
  ['= followed by one hex digit, then the end', 'x=4'],
  ['= followed by what is not hex', '=ZZ =G1 =1G == ==41 =\t'],
  ['bytes over 127 as they are', 'caf\u00e9 \u00ff'],
  ['empty', ''],
  ['only white space', ' \t '],
  ['only line ends', '\r\n\n\r'],
];

describe('quoted-printable, decoded as libqp decodes it', () => {
  it.each(cases)('%s', (_name, text) => {
    const input = Buffer.from(text, 'latin1');
    expect(decodeQuotedPrintable(input)).toEqual(libqp.decode(input));
  });

  it('answers as libqp does for a seeded corpus of random input', () => {
    let seed = 51;
    const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 0x1000000;
    // Weighted towards what decoding turns on: =, hex digits, spaces, tabs, CR and LF.
    const alphabet = Buffer.from('==== \t\t\r\n\r\n0123456789abcdefABCDEFgGzZ.\u00e9\u00ff\u0000', 'latin1');
    for (let i = 0; i < 20_000; i++) {
      const input = Buffer.alloc(Math.floor(next() * 40));
      for (let k = 0; k < input.length; k++) input[k] = alphabet[Math.floor(next() * alphabet.length)];
      expect(decodeQuotedPrintable(input), input.toString('latin1')).toEqual(libqp.decode(input));
    }
  });
});
