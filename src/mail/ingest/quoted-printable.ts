/**
 * Quoted-printable decoding, byte for byte what libqp's `decode` gives (the decoder mailparser runs), in one pass over
 * bytes per step instead of three regular expressions over a string of the bytes: for the 6.4 kB text-and-HTML body of
 * the bench's message, half the time (BENCHMARKS.md, intake, session 51). test/unit/mail/quoted-printable.test.ts
 * compares the two on named edge cases and a seeded corpus of random input.
 *
 * libqp's steps, kept in order because each sees what the one before left: (1) spaces and tabs before a CR, an LF or
 * the end are dropped; (2) `=` before CRLF, LF or the end (a soft line break) is dropped with it; (3) `=` and two hex
 * digits become that byte; every other byte stays.
 */
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const EQUALS = 0x3d;

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

export function decodeQuotedPrintable(input: Uint8Array): Buffer {
  const n = input.length;
  const out = Buffer.allocUnsafe(n);
  // (1) White space at the end of a line.
  let len = 0;
  for (let i = 0; i < n; ) {
    const c = input[i];
    if (c !== SPACE && c !== TAB) {
      out[len++] = c;
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && (input[j] === SPACE || input[j] === TAB)) j++;
    if (j < n && input[j] !== CR && input[j] !== LF) while (i < j) out[len++] = input[i++];
    i = j;
  }
  // (2) Soft line breaks, in place (what is written never passes what is read).
  let w = 0;
  for (let r = 0; r < len; ) {
    if (out[r] === EQUALS) {
      if (r + 1 === len) break;
      if (out[r + 1] === LF) {
        r += 2;
        continue;
      }
      if (out[r + 1] === CR && r + 2 < len && out[r + 2] === LF) {
        r += 3;
        continue;
      }
    }
    out[w++] = out[r++];
  }
  // (3) Encoded bytes, in place.
  let o = 0;
  for (let r = 0; r < w; ) {
    const c = out[r];
    if (c === EQUALS && r + 2 < w) {
      const hi = hexValue(out[r + 1]);
      const lo = hexValue(out[r + 2]);
      if (hi >= 0 && lo >= 0) {
        out[o++] = (hi << 4) | lo;
        r += 3;
        continue;
      }
    }
    out[o++] = c;
    r++;
  }
  return out.subarray(0, o);
}
